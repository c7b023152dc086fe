"""Which of our languages a player's mail is written in: a guess, made once from their first
mail (they change it with ``language es``).

Four things tell, each counted for a language: the mail's ``Content-Language`` (its client
says what it writes), the line the client wrote above the quote ("El lun, 2 abr, Ann
escribió:", "Am Montag schrieb Ann:", "Em seg, Ann escreveu:", "On Monday Ann wrote:") or
above a forwarded message ("Mensagem encaminhada"), the labels of a quoted header block
(Asunto:, Betreff:, Assunto:), and the words of the new text: common words ("hola", "danke",
"obrigado") and the command words of each language ("unirse", "mitmachen", "colocar 2
norte"; not the English ones, which our mails teach every player). A word that several
languages share counts for each in part. No library: a few words tell a language well
enough, and a wrong guess is one ``language`` command away.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from email.message import Message

import engine
from engine.lexicon import LANGUAGES, fold
from pbem.mail import commands, header_labels
from pbem.mail.extract import READ_AT_MOST, body_text

#: How much each kind of sign weighs against one word of the text.
HEADER_WEIGHT = 3
QUOTE_WEIGHT = 2

#: Common words of each language (folded), as people write them around their commands.
COMMON_WORDS = {
    "en": """the and you to is it of for my me hi hello hey thanks thank please we our this that
        with cheers regards best dear good morning evening see will are be not have just let's
        all everyone game turn your sorry as always again yes okay now i'm it's""",
    "es": """el la los las que y en un una es por para con hola gracias saludos saludo abrazo
        abrazos buenos buenas dias tardes noches hasta luego pero muy yo mi te tu su al del lo
        le esta estoy vamos juego jugar partida si tambien favor todos besos nos vemos""",
    "de": """der die das und ich du ist nicht mit zu ein eine auf fur es sie wir hallo danke
        grusse gruss viele liebe guten morgen abend tag bis bald bitte schon spiel mal auch noch
        aber dann moin servus tschuss lg vg zusammen""",
    "pt": """o os as que e em um uma nao com para por na do da ola oi obrigado obrigada abraco
        abracos beijos bom boa dia tarde noite ate logo mais voce eu meu minha jogo tambem sim
        pessoal tudo bem valeu""",
}

#: The verb of the attribution line above a quote, in each language.
_ATTRIBUTION = {
    "en": re.compile(r"\bwrote\s*:\s*$", re.IGNORECASE | re.MULTILINE),
    "es": re.compile(r"\bescribi[oó]\s*:\s*$", re.IGNORECASE | re.MULTILINE),
    "de": re.compile(r"\bschrieb\b.{0,300}:\s*$", re.IGNORECASE | re.MULTILINE),
    "pt": re.compile(r"\bescreveu\s*:\s*$", re.IGNORECASE | re.MULTILINE),
}
#: The line a client writes above a forwarded or original message, in each language (Gmail
#: writes it in the reader's language, its labels below it in English: "Date:", "Subject:").
_SEPARATOR = {
    language: re.compile(rf"^-{{2,}}\s*({words})\s*-{{2,}}\s*$", re.IGNORECASE | re.MULTILINE)
    for language, words in {
        "en": "original message|forwarded message",
        "es": "mensaje original|mensaje reenviado",
        "de": "ursprüngliche nachricht|weitergeleitete nachricht|ursprüngliche mail",
        "pt": "mensagem original|mensagem encaminhada",
    }.items()
}
#: The labels of a quoted header block that only one language writes.
_HEADER_LABELS = {
    language: re.compile(
        rf"^\W*({header_labels.alternatives(header_labels.own(language))})\s*:",
        re.IGNORECASE | re.MULTILINE,
    )
    for language in LANGUAGES
}
#: A word standing alone: the letters of "p2e" or "s1e" are no words ("e" is Portuguese "and")
_WORD = re.compile(r"(?<![\w'])[^\W\d_]+(?:'[^\W\d_]+)?(?![\w'])")
#: Addresses and links: their parts are no words of the writer's ("a@y.test" is no Spanish y).
_ADDRESS = re.compile(r"\S+@\S+|\w+://\S+")


@functools.cache
def _words() -> dict[str, Counter]:
    """Each word (folded) and how much it counts for each language: 1 split among the
    languages that have it."""
    having: dict[str, set[str]] = {}

    def add(language: str, word: str) -> None:
        having.setdefault(fold(word), set()).add(language)

    for language, words in COMMON_WORDS.items():
        for word in words.split():
            add(language, word)
    # English command words tell nothing: our mails, English until we know, teach them
    english = {fold(word) for command in commands.SERVICE_COMMANDS for word in command.words["en"]}
    games = [engine.load(name) for name in engine.names()]
    english.update(word for game in games for word in game.lexicon.english_words)
    for command in commands.SERVICE_COMMANDS:
        for language, words in command.words.items():
            for word in words:
                if language != "en" and fold(word) not in english:
                    add(language, word)
    for game in games:
        for language in LANGUAGES[1:]:
            for word in game.lexicon.words(language):
                if len(word) > 2 and word not in english:
                    add(language, word)
    return {
        word: Counter({language: 1 / len(languages) for language in languages})
        for word, languages in having.items()
    }


def language_of(content_language: str | None) -> str | None:
    """The first of our languages a ``Content-Language`` value names ("de-DE, en" is de)."""
    for tag in (content_language or "").split(","):
        primary = tag.strip().split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return None


def scores(message: Message, new_text: str) -> Counter:
    """How much the mail tells for each language."""
    found: Counter = Counter()
    header = language_of(str(message.get("Content-Language") or ""))
    if header:
        found[header] += HEADER_WEIGHT
    body = body_text(message)[:READ_AT_MOST]
    for language in LANGUAGES:
        for signs in (_ATTRIBUTION, _HEADER_LABELS, _SEPARATOR):
            if signs[language].search(body):
                found[language] += QUOTE_WEIGHT
    words = _words()
    for word in _WORD.findall(fold(_ADDRESS.sub(" ", new_text))):
        found.update(words.get(word, {}))
    return found


def guess(message: Message, new_text: str) -> str:
    """The language ``message`` is most likely written in; English when nothing tells."""
    ranked = scores(message, new_text).most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return "en"
    return ranked[0][0]
