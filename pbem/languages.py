"""A player's language: guessed once from their first mail, chosen with ``language es``.

``Player.locale`` is ``""`` until the first mail of a player tells (:func:`learn`, from
:mod:`pbem.mail.language`); the answer to it says what was guessed and how to change it. Until
then, and for players who never wrote, mails are English (``Player.language``).
"""

from __future__ import annotations

from email.message import Message

from engine.i18n import _, language
from engine.lexicon import LANGUAGES, fold
from pbem.mail import commands
from pbem.mail import language as mail_language
from pbem.models import Player

#: Each language's own name for itself, as a player reads it in a list.
NAMES = {"en": "English", "es": "español", "de": "Deutsch", "pt": "português"}

#: What players call a language (folded), in any of ours: "spanish", "alemán", "deutsch".
_CALLED = {
    "en": ("en", "english", "ingles", "englisch", "inglese"),
    "es": ("es", "espanol", "spanish", "castellano", "spanisch", "espanhol"),
    "de": ("de", "deutsch", "german", "aleman", "alemao", "germany"),
    "pt": ("pt", "portugues", "portuguese", "portugiesisch", "brasileiro", "pt-br", "pt_br"),
}
_LANGUAGE_CALLED = {word: code for code, words in _CALLED.items() for word in words}


class LanguageError(ValueError):
    """A language we do not write; the message is for the player."""


def named(argument: str) -> str | None:
    """The language code ``argument`` names ("Español", "de", "pt-BR"), or None."""
    return _LANGUAGE_CALLED.get(fold(argument.strip()))


def learn(player: Player, message: Message, text: str) -> bool:
    """Guess ``player``'s language from ``message`` if it is not known yet; True if guessed now
    (the answer then says so, :func:`guessed_note`)."""
    if player.locale:
        return False
    player.locale = mail_language.guess(message, text)
    return True


def choices() -> str:
    """How to write each language's command, "language en (English), ...", with the command
    word of the reader's language ("idioma es (español)")."""
    word = commands.word("language", language())
    return ", ".join(f"{word} {code} ({NAMES[code]})" for code in LANGUAGES)


def guessed_note(player: Player) -> str:
    """What the first answer says of the guess (write it in the guessed language)."""
    return _(
        "We write to you in {language}, the language your mail reads in. To read another "
        "language, reply with one of: {choices}."
    ).format(language=NAMES.get(player.language, player.language), choices=choices())


def choose(player: Player, argument: str) -> str:
    """``language ARGUMENT``: set the player's language; the confirmation, in it (call it in
    the new language's catalogue). Raises :class:`LanguageError` for one we do not write."""
    code = named(argument)
    if code is None:
        raise LanguageError(
            _(
                "We write English, Spanish, German and Portuguese; reply with one of: {choices}."
            ).format(choices=choices())
        )
    player.locale = code
    return describe(player)


def describe(player: Player) -> str:
    """The player's language and how to change it (``status`` lists it)."""
    return _("Your language: {language}. To change it, reply with one of: {choices}.").format(
        language=NAMES.get(player.language, player.language), choices=choices()
    )
