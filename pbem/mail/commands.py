"""A reply's new text as commands: service commands, game lines, and lines set aside.

People write more than commands: "Hi all," above them, "Thanks, Bob" below. :func:`parse`
reads a reply as a person meant it. A line that *is* a service command (its word, then an
argument of the expected shape) is one; every other line is a game line for the engine. At
the start and at the end of the text, lines that do not look like a command (no command
word, no near miss of one, no name of the game: the ``resembles`` test the caller hands in)
are a greeting or a sign-off and are set aside; between commands every line counts, so a
line nobody understands still refuses the mail. An optional ``#N`` guard names the position
the player answers, so a late reply is not played on a newer one.

The service commands are a table (:data:`SERVICE_COMMANDS`): words per language (English,
Spanish, German, Portuguese; a player may use any, accents and case never matter), the shape
of the argument, a usage line (translated like any sentence). More languages' words and more
commands are rows there; each kind of mail holds a handler per command name (pbem.seat_commands,
pbem.player_commands, pbem.service_commands).
"""

from __future__ import annotations

import difflib
import functools
import itertools
import operator
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

import engine
from engine import resemble
from engine.i18n import N_, _
from engine.lexicon import Lexicon, fold, spellings
from pbem import deadlines
from pbem.mail import address as mail_address
from pbem.mail.html_text import INVISIBLE


@dataclass(frozen=True)
class ServiceCommand:
    """One service command: its words in each language, what may follow them, how to write it.

    ``fits`` is given the argument (single spaces, trailing ``.!?`` dropped) and says whether
    the line is the command; a line with the command's word that does not fit is a mistyped
    command, or chat when prose follows the word ("Surrender? Never! Good game so far.").
    ``usage`` is marked for translation: each language writes it with its own words.
    ``shared`` words are game words too (Hengist's "back to the boat"): a line that does not
    fit is a game line. ``reads`` turns the typed argument into the one ``fits`` and the
    handler read (the settings' words in English: ``semanal lunes`` is ``weekly monday``).
    """

    name: str
    words: Mapping[str, tuple[str, ...]]
    fits: Callable[[str], bool]
    usage: str
    shared: bool = False
    reads: Callable[[str], str] | None = None  # the argument as the handler reads it


def _nothing(argument: str) -> bool:
    return not argument


def _confirmation(argument: str) -> bool:
    return fold(argument) in ("", *CONFIRMATIONS)


def _some_text(argument: str) -> bool:
    return bool(argument)


def _topic(argument: str) -> bool:
    return len(argument.split()) <= 2


def _game_request(argument: str) -> bool:
    return "@" in argument


def _plan_request(argument: str) -> bool:
    return fold(argument) in ("", *PLAN_CLEAR)


def _language_name(argument: str) -> bool:
    return len(argument.split()) <= 1


def _one_word(argument: str) -> bool:
    return len(argument.split()) == 1


def _mail_level(argument: str) -> bool:
    return argument in ("every", "turns", "digest")


def _digest_schedule(argument: str) -> bool:
    words = argument.split()
    return 1 <= len(words) <= 3 and words[0] in ("weekly", "daily", "off")


_AWAY = re.compile(r"^(until\s+)?\d{1,4}[-./]\d{1,2}([-./]\d{0,4})?$")


def _away_date(argument: str) -> bool:
    return bool(_AWAY.match(argument))


def _zone_name(argument: str) -> bool:
    return len(argument.split()) == 1


#: The words of the settings' arguments in Spanish, German and Portuguese, each with the
#: English word the settings read (``resumen semanal lunes 18:00`` is ``digest weekly monday
#: 18:00``, ``abwesend bis 24.12.2026`` is ``away until 24.12.2026``).
SETTING_WORDS = Lexicon(
    words={
        "es": {
            "todo": "every", "todos": "every", "todas": "every",
            "turnos": "turns", "turno": "turns", "resumen": "digest",
            "semanal": "weekly", "semanalmente": "weekly",
            "diario": "daily", "diaria": "daily", "diariamente": "daily",
            "no": "off", "nunca": "off", "desactivado": "off",
            "lunes": "monday", "martes": "tuesday", "miércoles": "wednesday",
            "jueves": "thursday", "viernes": "friday", "sábado": "saturday",
            "domingo": "sunday", "hasta": "until",
        },
        "de": {
            "alles": "every", "alle": "every", "immer": "every",
            "züge": "turns", "zuege": "turns", "zug": "turns",
            "zusammenfassung": "digest", "übersicht": "digest",
            "wöchentlich": "weekly", "woechentlich": "weekly",
            "täglich": "daily", "taeglich": "daily",
            "aus": "off", "nie": "off", "keine": "off",
            "montag": "monday", "dienstag": "tuesday", "mittwoch": "wednesday",
            "donnerstag": "thursday", "freitag": "friday", "samstag": "saturday",
            "sonnabend": "saturday", "sonntag": "sunday", "bis": "until",
        },
        "pt": {
            "tudo": "every", "todos": "every", "todas": "every",
            "turnos": "turns", "turno": "turns", "vez": "turns", "resumo": "digest",
            "semanal": "weekly", "semanalmente": "weekly",
            "diário": "daily", "diária": "daily", "diariamente": "daily",
            "não": "off", "nunca": "off", "desligado": "off",
            "segunda": "monday", "terça": "tuesday", "quarta": "wednesday",
            "quinta": "thursday", "sexta": "friday", "sábado": "saturday",
            "domingo": "sunday", "até": "until",
        },
    },
    phrases={
        "pt": {
            "segunda-feira": "monday", "terça-feira": "tuesday", "quarta-feira": "wednesday",
            "quinta-feira": "thursday", "sexta-feira": "friday",
        },
    },
    fillers={
        "es": ("el", "los", "la", "las", "a", "cada", "de"),
        "de": ("am", "um", "uhr", "jeden", "jede", "an"),
        "pt": ("na", "no", "às", "as", "a", "de", "toda", "cada"),
    },
    english_words=lambda: (
        "every", "turns", "digest", "weekly", "daily", "off", "until",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ),
)  # fmt: skip


def _setting_words(argument: str) -> str:
    """A setting's argument with its words in English, in lower case (in the reader's
    language first, as a game's words are)."""
    return SETTING_WORDS.english(argument)


#: What may stand between a time zone's command word and its name: "zona horaria Europe/Madrid".
_ZONE_FILLERS = {"horaria", "horario"}


def _zone_argument(argument: str) -> str:
    first, _space, rest = argument.partition(" ")
    return rest if rest and fold(first) in _ZONE_FILLERS else argument


#: Words after ``plan`` that drop the plan, in every language (folded).
PLAN_CLEAR = (
    "clear", "cancel", "borrar", "cancelar", "loschen", "loeschen", "abbrechen", "apagar",
)  # fmt: skip

#: Words that confirm a command asking for it (``resign yes``), in every language (folded).
CONFIRMATIONS = (
    "yes", "confirm", "si", "confirmo", "confirmar", "ja", "bestatigen", "bestaetigen", "sim",
)  # fmt: skip

SERVICE_COMMANDS: tuple[ServiceCommand, ...] = (
    ServiceCommand(
        "new",
        {
            "en": ("new", "start"),
            "es": ("nuevo", "nueva", "empezar", "iniciar"),
            "de": ("neu", "neues", "starten"),
            "pt": ("novo", "nova", "começar", "iniciar"),
        },
        _game_request,
        N_("new GAME with ADDRESSES"),
    ),
    ServiceCommand(
        "join",
        {
            "en": (
                "join",
                "accept",
                "count me in",
                "i'm in",
                "i’m in",
                "im in",
                "i am in",
                "i accept",
                "accepted",
            ),  # fmt: skip
            "es": (
                "unirse",
                "unirme",
                "aceptar",
                "acepto",
                "entrar",
                "me apunto",
                "cuenta conmigo",
                "estoy dentro",
                "aceptado",
            ),
            "de": (
                "mitmachen",
                "beitreten",
                "annehmen",
                "dabei",
                "ich bin dabei",
                "bin dabei",
                "ich mache mit",
                "ich mach mit",
                "ich nehme an",
                "gerne dabei",
                "angenommen",
            ),
            "pt": (
                "entrar",
                "aceitar",
                "aceito",
                "participar",
                "estou dentro",
                "tô dentro",
                "conta comigo",
                "aceito o convite",
            ),
        },
        _nothing,
        N_("join"),
    ),
    ServiceCommand(
        "decline",
        {
            "en": ("decline", "refuse"),
            "es": ("rechazar", "rechazo", "declinar"),
            "de": ("ablehnen",),
            "pt": ("recusar", "recuso", "declinar"),
        },
        _nothing,
        N_("decline"),
    ),
    ServiceCommand(
        "status",
        {"en": ("status",), "es": ("estado",), "de": ("stand",), "pt": ("situação", "estado")},
        _nothing,
        N_("status"),
    ),
    ServiceCommand(
        "help",
        {"en": ("help",), "es": ("ayuda",), "de": ("hilfe",), "pt": ("ajuda",)},
        _topic,
        N_("help [TOPIC]"),
    ),
    ServiceCommand(
        "rules",
        {
            "en": ("rules", "rule"),
            "es": ("reglas", "regla"),
            "de": ("regeln", "regel", "spielregeln"),
            "pt": ("regras", "regra"),
        },
        _topic,
        N_("rules [GAME]"),
    ),
    ServiceCommand(
        "games",
        {"en": ("games",), "es": ("partidas",), "de": ("partien",), "pt": ("jogos", "partidas")},
        _nothing,
        N_("games"),
    ),
    ServiceCommand(
        "resign",
        {
            "en": ("resign", "concede", "surrender"),
            "es": ("abandonar", "rendirse", "rendirme", "retirarse"),
            "de": ("aufgeben", "aussteigen"),
            "pt": ("desistir", "abandonar", "render-se"),
        },
        _confirmation,
        N_("resign yes"),
    ),
    ServiceCommand(
        "say",
        {"en": ("say",), "es": ("decir", "di"), "de": ("sagen", "sag"), "pt": ("dizer", "diga")},
        _some_text,
        N_("say TEXT"),
    ),
    ServiceCommand(
        "unsubscribe",
        {
            "en": ("unsubscribe", "unsub"),
            "es": ("baja", "desuscribir", "desuscribirse"),
            "de": ("abmelden", "abbestellen"),
            "pt": ("descadastrar", "desinscrever"),
        },
        _nothing,
        N_("unsubscribe"),
    ),
    ServiceCommand(
        "rematch",
        {"en": ("rematch",), "es": ("revancha",), "de": ("revanche",), "pt": ("revanche",)},
        _nothing,
        N_("rematch"),
    ),
    ServiceCommand(
        "language",
        {
            "en": ("language",),
            "es": ("idioma", "lengua"),
            "de": ("sprache",),
            "pt": ("idioma", "língua"),
        },
        _language_name,
        N_("language es"),
    ),
    ServiceCommand(
        "later",
        {
            "en": ("later", "then later", "next turns"),
            "es": ("después", "más tarde"),
            "de": ("später", "nächste züge"),
            "pt": ("depois", "mais tarde"),
        },
        _nothing,
        N_("later"),
    ),
    ServiceCommand(
        "plan",
        {"en": ("plan",), "es": ("plan",), "de": ("plan",), "pt": ("plano",)},
        _plan_request,
        N_("plan | plan clear"),
    ),
    ServiceCommand(
        "mail",
        {
            "en": ("mail",),
            "es": ("correo", "correos"),
            "de": ("post", "mails"),
            "pt": ("correio", "emails"),
        },
        _mail_level,
        N_("mail every|turns|digest"),
        reads=_setting_words,
    ),
    ServiceCommand(
        "mute",
        {
            "en": ("mute",),
            "es": ("silenciar",),
            "de": ("stumm", "stummschalten"),
            "pt": ("silenciar",),
        },
        _nothing,
        N_("mute"),
    ),
    ServiceCommand(
        "unmute",
        {
            "en": ("unmute",),
            "es": ("reactivar", "desilenciar"),
            "de": ("entstummen",),
            "pt": ("reativar", "dessilenciar"),
        },
        _nothing,
        N_("unmute"),
    ),
    ServiceCommand(
        "name", {"en": ("name",), "es": ("nombre",), "pt": ("nome",)}, _one_word, N_("name NAME")
    ),
    ServiceCommand(
        "digest",
        {
            "en": ("digest",),
            "es": ("resumen",),
            "de": ("zusammenfassung", "übersicht"),
            "pt": ("resumo",),
        },
        _digest_schedule,
        N_("digest weekly monday 18:00 | digest daily 7:30 | digest off"),
        reads=_setting_words,
    ),
    ServiceCommand(
        "timezone",
        {
            "en": ("timezone", "tz"),
            "es": ("zona", "huso"),
            "de": ("zeitzone",),
            "pt": ("fuso", "zona"),
        },
        _zone_name,
        N_("timezone Europe/Madrid"),
        reads=_zone_argument,
    ),
    ServiceCommand(
        "away",
        {"en": ("away",), "es": ("ausente",), "de": ("abwesend",), "pt": ("ausente",)},
        _away_date,
        N_("away until 2026-12-24"),
        reads=_setting_words,
    ),
    ServiceCommand(
        "back",
        {
            "en": ("back",),
            "es": ("vuelvo", "volví", "regresé"),
            "de": ("zurück",),
            "pt": ("voltei", "volto"),
        },
        _nothing,
        N_("back"),
        shared=True,
    ),
)


def _spellings(command: ServiceCommand):
    """Every word of ``command`` (folded), the German ones with their umlauts spelt out too
    ("zurueck" for zurück, as a keyboard without umlauts writes it)."""
    for language, words in command.words.items():
        for word in spellings(language, words):
            yield fold(word)


#: Every word of every service command (folded), in any language, and the command it names.
SERVICE_WORDS: dict[str, ServiceCommand] = {
    word: command for command in SERVICE_COMMANDS for word in _spellings(command) if " " not in word
}
#: Commands written as several words ("then later", "más tarde"): the whole line is the command.
SERVICE_PHRASES: dict[str, ServiceCommand] = {
    word: command for command in SERVICE_COMMANDS for word in _spellings(command) if " " in word
}

#: Words whose slips are words people sign with ("Regards" is two slips from "regras").
_NO_NEAR_MISS = {"regras"}

#: The service's words, for telling a mistyped service command from a greeting.
SERVICE_VOCABULARY = resemble.vocabulary(verbs=set(SERVICE_WORDS) - _NO_NEAR_MISS)

_GUARD_LINE = re.compile(r"^#\s?(\d{1,9})[.:!]?$")
_GUARD_PREFIX = re.compile(r"^#\s?(\d{1,9})[.:]?\s+(?=\S)")
#: The guard named in words, on a line of its own: as the mail names its position ("position
#: #12", "Stellung #12", "posición #12", "posição #12") or as people call a move ("Zug 12",
#: "jugada 12", "jogada 12").
_GUARD_WORDS = re.compile(
    r"^(?:position|pos|posici[oó]n|stellung|zug|jugada|posi[cç][aã]o|jogada)\.?:?\s*#?\s?"
    r"(\d{1,9})[.:!]?$",
    re.IGNORECASE,
)
#: A list's marker before a line: a dash or arrow ("--", "->", "=>"), a bullet, a letter
#: ("a)"), a tick or an emoji that points.
_BULLET = re.compile(
    r"^(([-*+•·–—▪▫◦‣⁃∙●○■□►▸→⇒➔➜]|--|-+>|=>|[a-z]\))\ufe0f?\s+|[✓✔☐☑✅👉➡]\ufe0f?\s*)",
    re.IGNORECASE,
)
#: A number that numbers a list ("1. p2n", "2) lure", the Spanish "1.- p2n", "1: p2n",
#: "2 - lure"): a marker only before a verb (:func:`_unmarked`), for "3) forest" or "3: forest"
#: may be three people to the forest, and is never read as the forest's one.
_NUMBERED = re.compile(r"^\d{1,3}(\.-|[.):]| ?[-–—])\s+")
_FIRST_WORD_PUNCTUATION = ".,:;!?…"
_TRAILING_PUNCTUATION = ".!?…"
#: Opening quote marks and the closing marks that may end what they open.
_QUOTES = {
    '"': '"', "'": "'", "`": "`", "“": "”", "”": "”", "„": "“”", "‚": "‘’", "‘": "’",
    "«": "»", "»": "«", "‹": "›", "「": "」",
}  # fmt: skip
#: A whole line in bold or italics as a client writes it in plain text ("*place 2 north*").
_EMPHASIS = re.compile(r"^(\*{1,2}|_{1,2})(?=\S)(.+?)(?<=\S)\1([.,;:!?…]*)$")
#: What may end a game line without being part of the command ("place 3 forest,").
_GAME_LINE_END = ".,;!…"
#: The first words (folded) of the lines people sign off with, above their name.
_SIGN_OFF_WORDS = frozenset({
    "cheers", "thanks", "thank", "regards", "best", "kind", "warm", "yours", "sincerely",
    "love", "bye", "greetings", "saludos", "saludo", "un", "abrazos", "abrazo", "gracias",
    "atentamente", "cordialmente", "besos", "hasta", "grusse", "gruss", "viele", "liebe",
    "beste", "herzliche", "herzlichen", "mfg", "lg", "vg", "bg", "danke", "tschuss", "ciao",
    "bis", "mit", "schone", "schonen", "abracos", "abraco", "um", "obrigado", "obrigada",
    "beijos", "atenciosamente", "cumprimentos", "att", "valeu", "ate", "saudacoes",
})  # fmt: skip
#: Words of thanks, sign-offs and wishes of luck (folded) that may follow a command on its
#: line ("done, thanks!", "hecho. Saludos", "fertig, vielen Dank", "pronto, boa sorte!"): no
#: game's word.
_THANKS = frozenset({
    "thanks", "thank", "thx", "ty", "cheers", "regards", "greetings", "bye", "saludos",
    "saludo", "gracias", "abrazos", "abrazo", "besos", "grusse", "gruss", "danke", "dank",
    "tschuss", "ciao", "lg", "vg", "mfg", "obrigado", "obrigada", "abracos", "abraco",
    "beijos", "valeu", "cumprimentos", "saudacoes", "atentamente", "cordialmente",
    "atenciosamente", "best", "wishes", "care", "hugs", "xoxo", "grussle", "servus",
    "dankeschon", "vemos", "cuidate", "abs", "bjs", "beijo", "bj",
    "luck", "suerte", "gluck", "glueck", "sorte",
})  # fmt: skip
#: The marks that end a clause at the end of a word: where a greeting ends before a command on
#: the same line ("Hi! place 2 north"), or a command before thanks ("done, thanks!").
_CLAUSE_MARKS = ",;:!.…?"
#: How many ends of clauses of a line are tried, at the most: a bound on a hostile line's cost.
_CLAUSES = 4
#: The first words (folded) of greetings ("Hallo Herr Berg,", "Bom dia do norte!"); not
#: "good", "buena", "boa" or "viel", which wish luck too ("Good luck in the forest" is read).
_GREETING_WORDS = frozenset({
    "hi", "hello", "hey", "dear", "morning", "hallo", "moin", "servus", "lieber", "sehr",
    "guten", "hola", "buenos", "buenas", "estimado", "estimada", "querido", "querida", "ola",
    "oi", "bom", "prezado", "prezada", "caro", "cara",
})  # fmt: skip
#: A name of a game this long stands alone ("gold"; "n" is north only inside a command).
_NAME_ALONE = 3
#: A name below a sign-off has at most this many words.
_NAME_WORDS = 4
#: What stands between the fields of a one-line signature (a name, an address, a phone).
_CONTACT_FIELDS = re.compile(r"\s+[|·•]\s+")
#: A signature has at most this many lines (a name, a club or a title, a phone number, an
#: address, a link), below a rule or name first below a sign-off (:func:`signature`).
SIGNATURE_LINES = 6
#: Smileys people put after a command ("done :)").
_EMOTICONS = {":)", ":-)", ";)", ";-)", ":d", ":-d", ":p", ":-p", "=)", "xd", "<3", "^^", ":("}
#: Commands whose argument runs on: a client that wraps plain text (Outlook at 76 characters,
#: Gmail at 78, mutt at 72) breaks a long one, and its next line is the argument's tail.
_RUNS_ON = ("say", "new")
#: The narrowest width clients wrap at: a line longer than this, less its next word, was broken.
_WRAP_WIDTH = 72
#: Prose after a command's word: more words than any command's argument holds.
_PROSE_WORDS = 4
#: Words that make what follows a command's word a sentence, in every language (folded):
#: negations, pronouns, "is" ("Concede nothing!", "Join me next time", "Aufgeben ist keine
#: Option", "Desistir jamais"). No command's argument holds one.
_PROSE_MARKERS = frozenset({
    "not", "never", "nothing", "me", "you", "i", "is", "it", "yet",  # en ("no" is off in settings)
    "nunca", "jamas", "nada", "te", "es",  # es (and me)
    "nicht", "nie", "niemals", "nichts", "kein", "keine", "ist", "ich", "mich", "dich", "wir",
    "uns",  # de
    "nao", "jamais", "e",  # pt (and nunca, nada, me, te)
})  # fmt: skip
_ADDRESS = re.compile(r"^[^@\s<>(),;:\"'\[\]]+@[\w-]+(\.[\w-]+)*$")
_OPTION_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
#: Words of ``new GAME with ADDRESSES`` that name neither (in every language, folded).
_GAME_WORDS = {"game", "juego", "partida", "spiel", "partie", "jogo"}
_FILLER_WORDS = {"with", "and", "&", "con", "y", "mit", "und", "com", "e", *_GAME_WORDS}
_INTEGER = re.compile(r"^-?[0-9]+$")
_TRUE = {"yes", "on", "true", "si", "ja", "sim"}
_FALSE = {"no", "off", "false", "nein", "nao"}


class CommandError(ValueError):
    """A command the player typed wrongly. The message is written for the player."""


@dataclass(frozen=True)
class Line:
    """One line read as (meant as) a command.

    ``text`` is the line as typed, case kept, without list marker, quotes or ``#N`` guard in
    front and with single spaces: what a game line hands the engine, and what an answer
    quotes back. ``argument`` is the rest after a service command's word (``say``: verbatim,
    spaces kept); a game line's argument is its whole ``text``. ``kind``: ``service`` (the
    command ``name``), ``game``, ``mistyped`` (a service word whose argument does not fit,
    "resign now") or ``chat`` (prose after a service word between commands).
    """

    number: int
    text: str
    kind: Literal["service", "game", "mistyped", "chat"]
    name: str
    argument: str

    @property
    def word(self) -> str:
        """The command's word as the player typed it ("unirse" for join)."""
        return self.text.split()[0].rstrip(_FIRST_WORD_PUNCTUATION) if self.text else ""


@dataclass(frozen=True)
class Parsed:
    """The turn guard (``#N``), if any, the command lines in order, and the lines set aside
    (greetings and sign-offs, as typed)."""

    guard: int | None
    lines: list[Line]
    set_aside: list[str] = field(default_factory=list)

    @property
    def read(self) -> list[str]:
        """The command lines as the player typed them: what the answer says was read."""
        return [line.text for line in self.lines]


@dataclass(frozen=True)
class NewGame:
    """What ``new GAME with ADDRESSES [name=value ...]`` asks for."""

    game: str
    addresses: list[str]
    options: dict[str, bool | int | str]


def _always(line: str) -> bool:
    return True


def parse(
    text: str,
    resembles: Callable[[str], bool] = _always,
    alone: Callable[[str], bool] | None = None,
) -> Parsed:
    """The commands of ``text`` (a reply's new text), numbered by line from 1.

    ``resembles(line)`` tells whether a line that is no service command looks like a game
    command; leading and trailing lines for which it is false are set aside. When none does,
    ``alone(line)`` may tell again by the line's shape alone (a reader who knows the position
    sets "Move a muscle" aside beside moves; alone in a mail it is answered as a try at a
    command, quoted). Blank lines and lines of punctuation only are skipped. Raises
    :class:`CommandError` when the text names two different turn guards.
    """
    guard: int | None = None
    entries: list[
        tuple[Line, bool, str]
    ] = []  # each line, whether it looks like a command, as typed
    looked_like = False  # whether a line above looks like a command
    courtesies: dict[int, list[str]] = {}  # an entry's greeting and thanks around its command
    previous = ""  # the line above, as typed
    last_kept = 0  # the number of the last line an entry holds
    raws = INVISIBLE.sub("", text).splitlines()
    listed = _hash_numbered(raws)
    items = _numbered_items(raws)
    for number, raw in enumerate(raws, start=1):
        above, previous = previous, raw
        content = _unquoted(_unmarked(raw.strip(), number in items))
        numbered = _GUARD_PREFIX.match(content) if number in listed else None
        if numbered:
            content = content[numbered.end() :]
        if not any(character.isalnum() for character in content):
            continue
        if entries and _runs_on(entries[-1][0], last_kept, number, above, content, resembles):
            line, like, typed = entries[-1]
            entries[-1] = (_run_on(line, content), like, f"{typed} {_single_spaces(content)}")
            last_kept = number
            continue
        found = _GUARD_LINE.match(content) or _GUARD_WORDS.match(content)
        if not found:
            prefix = _GUARD_PREFIX.match(content)
            # before the commands, or the same guard again before each ("#12 done")
            if prefix and (not looked_like or int(prefix[1]) == guard):
                found = prefix
        if found:
            guard = _merge_guard(guard, int(found[1]))
            content = content[found.end() :]
            if not content:
                continue
        greeting, command, thanks = _courtesies(content, resembles)
        if greeting or thanks:  # the command as it stands alone: “place 2 north”, • done
            command = _unquoted(_unmarked(command.strip()))
        line = _line(number, command)
        like = _looks_like(line, resembles)
        looked_like = looked_like or like or bool(found)
        entries.append((line, like or bool(found), _single_spaces(content)))
        if greeting or thanks:
            courtesies[len(entries) - 1] = [_single_spaces(p) for p in (greeting, thanks) if p]
        last_kept = number
    signed = _signed_at(entries, resembles)
    marked = [index for index, (_line, like, _typed) in enumerate(entries[:signed]) if like]
    if not marked and alone is not None:
        marked = [index for index, (line, _, _) in enumerate(entries[:signed]) if alone(line.text)]
    if not marked:
        return Parsed(guard, [], [typed for _line, _like, typed in entries])
    first, last = marked[0], marked[-1]
    set_aside: list[str] = []
    for index, (_entry, _like, typed) in enumerate(entries):
        if first <= index <= last:
            set_aside.extend(courtesies.get(index, ()))
        else:
            set_aside.append(typed)
    return Parsed(
        guard=guard,
        lines=[line for line, _like, _typed in entries[first : last + 1]],
        set_aside=set_aside,
    )


def _unmarked(text: str, item: bool = False) -> str:
    """``text`` without the list's marker before it (:data:`_BULLET`), or the number that
    numbers it ("1. p2n", "2) lure fish") when a verb of a game or the service follows or the
    line is an ``item`` of a numbered list (:func:`_numbered_items`); else the number stays,
    the command's ("3) forest" alone is three people to the forest, not the forest's one)."""
    text = _BULLET.sub("", text)
    numbered = _NUMBERED.match(text)
    if numbered and (item or _verb_or_slip_first(_line(0, text[numbered.end() :]))):
        return text[numbered.end() :]
    return text


def _numbered_items(raws: list[str]) -> set[int]:
    """The numbers (from 1) of the lines of ``raws`` that number a list ("1) forest", "2) clay
    pit"; :data:`_NUMBERED`)."""
    return _listed(raws, lambda raw: _NUMBERED.match(_BULLET.sub("", raw)))


def _hash_numbered(raws: list[str]) -> set[int]:
    """The numbers (from 1) of the lines of ``raws`` numbered as a list with hashes ("#1 p2n",
    "#2 lure", "#3 done"): such numbers guard nothing."""
    return _listed(raws, lambda raw: _GUARD_PREFIX.match(_unmarked(raw)))


def _listed(raws: list[str], marker: Callable[[str], re.Match | None]) -> set[int]:
    """The numbers (from 1) of the lines of ``raws`` that a list numbers: at least two lines
    (stripped) begin with a ``marker`` holding a number, and the numbers go 1, 2, 3 in order.
    Empty otherwise."""
    found = []
    for number, raw in enumerate(raws, start=1):
        marked = marker(raw.strip())
        if marked:
            found.append((number, int(re.search(r"\d+", marked[0])[0])))
    if len(found) < 2 or [n for _line, n in found] != list(range(1, len(found) + 1)):
        return set()
    return {number for number, _n in found}


def _looks_like(line: Line, resembles: Callable[[str], bool]) -> bool:
    """Whether ``line`` looks like a command: a service command (or a try at one), a game
    line that resembles one of the game or of the service, or a try at ending a turn with
    "end" (:func:`_ends_with_end`)."""
    return line.kind in ("service", "mistyped") or (
        line.kind == "game"
        and (
            resemble.resembles(SERVICE_VOCABULARY, line.text)
            or resembles(line.text)
            or _ends_with_end(line)
        )
        and not _greets_or_signs_off(line)
        and not _postscript(line)
    )


#: The words after "end" in a try at ending a turn ("end turn", "end of my turn").
_END_OF_TURN = frozenset({"turn", "my", "of", "the", "this", "round", "move", "moves"})


def _ends_with_end(line: Line) -> bool:
    """Whether ``line`` tries to end a turn with "end" ("end turn", "End my turn."): no command
    of any game (a line "end" alone ends a mail), yet meant as one; the game refuses it and
    says what ends a turn, where a sign-off would have left the turn open unsaid."""
    words = resemble.tokens(line.text)
    return (
        len(words) > 1
        and words[0] == "end"
        and "turn" in words
        and _END_OF_TURN.issuperset(words[1:])
    )


def _greets_or_signs_off(line: Line) -> bool:
    """Whether ``line`` is a greeting or a sign-off that holds a game's word ("Viele Grüße aus
    dem Norden", "Thanks for the fish", "Hallo Herr Berg,", "Buenos días desde el norte"): it
    begins with a sign-off or greeting word, no number in it, and neither that word nor the
    next is a verb or a name of any game or of the service (Stone Age's "love hut" is a
    command), unless a small word of a language too ("Abraços do sul": Stone Age's "do").
    "Good" is no such word: "Good luck in the forest" is read."""
    words = resemble.tokens(line.text)
    return (
        len(words) > 1
        and (words[0] in _SIGN_OFF_WORDS or words[0] in _GREETING_WORDS)
        and not any(word.isdigit() for word in words)
        and command_words().isdisjoint(set(words[:2]) - _filler_verbs())
    )


#: The mark of a postscript, before its text: "PS:", "P.S.", "PPS", the Spanish "PD:".
_POSTSCRIPT = re.compile(r"^(p\.?\s?){1,2}[sd]\b[.:,-]*\s*", re.IGNORECASE)


def _postscript(line: Line) -> bool:
    """Whether ``line`` is a postscript that holds a game's word ("P.S. nice mammoth move!",
    "PD: qué suerte con el mamut"): its mark, then words without a number whose first is no
    verb of a game or the service, nor a slip of one ("PS: lure fish" is a command)."""
    mark = _POSTSCRIPT.match(line.text)
    if mark is None or not resemble.tokens(line.text[mark.end() :]):
        return False
    rest = _line(line.number, line.text[mark.end() :])
    return (
        rest.kind == "game"
        and not any(word.isdigit() for word in resemble.tokens(rest.text))
        and not _verb_or_slip_first(rest)
    )


def _courtesies(content: str, resembles: Callable[[str], bool]) -> tuple[str, str, str]:
    """``content`` as a greeting before a command on its line, the command, and thanks after
    it ("Hi! place 2 north", "done, thanks!", "¡Hola! Acepto, gracias."); "" where there is
    none. Thanks are the words after the end of a clause (:func:`_clause_ends`) when they
    hold a word of thanks or a sign-off, no number, and look like no command; a greeting the
    words before one when they look like no command and those after it begin as a command
    does ("Danke, fertig" below the moves too; "Oi, tudo bem? colocar 2 norte", "Hi 👋 p2n").
    After a game command of one clause, chat is set aside as thanks are ("done, see you!").
    What is left must be plainly a command (:func:`_plainly_a_command`); a line that is a
    service command as it stands ("say hi, thanks") is kept whole, and so is a command that
    asks ("place 2 north? thanks"). At most :data:`_CLAUSES` ends of a line are tried."""
    if _line(0, content).kind == "service":
        return "", content, ""
    ends = list(itertools.islice(_clause_ends(content), _CLAUSES))
    for index, (end, after, asks) in enumerate(ends):
        tail = content[after:]
        thanks = _thanks(tail, resembles)
        if asks or not (thanks or _chat(tail, resembles)):
            continue
        start = _greeting_end(content, ends, end, resembles)
        command = content[start:end]
        one_game_clause = (
            (index == 0 or ends[index - 1][1] <= start)
            and bool(command.strip())  # ", thanks": a mark, no command before it
            and _line(0, command).kind == "game"
        )
        if (thanks or one_game_clause) and _plainly_a_command(command, resembles):
            return content[:start].strip(), command.strip(), tail.strip()
    start = _greeting_end(content, ends, None, resembles)
    return content[:start].strip(), content[start:], ""


def _clause_ends(content: str):
    """Where clauses of ``content`` end, in order, each as (the end of its text, the start of
    what follows, whether it asks): a mark with text after it ("Hi! ", "done, "), a word
    that only decorates (a smiley, an emoji, a dash: "Hi 👋 ", "Hi :) ", "done - "), or the
    space before a comment in brackets closed on the line ("p2n (as always)", "done (finally)
    👍", "place 3 forest [again], thanks"; it asks if a "?" follows), or the space before a
    word of thanks ("done thanks")."""
    before = None  # the word before
    closed_at = max(content.rfind(")"), content.rfind("]"))  # brackets open before it close
    for word in re.finditer(r"\S+", content):
        text = word.group()
        if before is not None and word.start() < closed_at and text.startswith(("(", "[")):
            closed_at = -1  # the first bracket opens the comment: later ones are in it
            yield before.end(), word.start(), "?" in content[word.start() :]
        elif before is not None and _THANKS.intersection(resemble.tokens(text)[:1]):
            yield before.end(), word.start(), before.group().endswith("?")
        before = word
        if word.end() == len(content):
            return
        if _decoration(text):
            yield word.start(), word.end(), False
        else:
            marks = len(text) - len(text.rstrip(_CLAUSE_MARKS))
            if marks:
                yield word.end() - marks, word.end(), "?" in text[-marks:]


def _greeting_end(
    content: str,
    ends: list[tuple[int, int, bool]],
    end: int | None,
    resembles: Callable[[str], bool],
) -> int:
    """Where a greeting before a command on its line ends (0: there is none), the command
    ending at ``end`` (None: with the line)."""
    for at, after, _asks in ends:
        if end is not None and at >= end:
            break
        if _greets(content[:at], resembles) and _begins_a_command_line(
            content[after:end], resembles
        ):
            return after
    return 0


def _greets(head: str, resembles: Callable[[str], bool]) -> bool:
    """Whether ``head``, the words before a command on its line, greet: words without a
    number that look like no command ("Hi", "Hola Ana", "Moin")."""
    return (
        any(character.isalpha() for character in head)
        and not any(character.isdigit() for character in head)
        and not _looks_like(_line(0, head), resembles)
    )


def _begins_a_command_line(text: str, resembles: Callable[[str], bool]) -> bool:
    """Whether ``text`` begins as a command does, plainly one (:func:`_plainly_a_command`):
    a service command ("Tô dentro"), or a game line that begins with a verb, a slip of one
    or a number ("2 north")."""
    words = resemble.tokens(text)
    if not words:
        return False
    line = _line(0, text)
    return (line.kind == "service" or words[0].isdigit() or _verb_or_slip_first(line)) and (
        _plainly_a_command(text, resembles)
    )


def _plainly_a_command(text: str, resembles: Callable[[str], bool]) -> bool:
    """Whether ``text`` is plainly a command, with words around it on its line: a service
    command of its shape, or a game line that looks like a command and holds a number
    ("place 2 north"), is a word that ends the turn ("done"), or is words of a game only,
    one a name ("pick gold"). Chat of a command's words ("spiele weiter", "look at my
    board") is none."""
    if not text.split():
        return False
    line = _line(0, text)
    if line.kind != "game":
        return line.kind == "service"
    words, games = resemble.tokens(text), games_vocabulary()
    return _looks_like(line, resembles) and (
        any(word.isdigit() for word in words)
        or (len(words) == 1 and words[0] in games.ends_turn)
        or (
            all(word in games.every_word for word in words)
            and any(len(word) >= _NAME_ALONE and word in games.names for word in words)
        )
    )


def _thanks(tail: str, resembles: Callable[[str], bool]) -> bool:
    """Whether ``tail``, the words after a command on its line, thank or sign off ("thanks!",
    "un saludo", "vielen Dank"): a word of thanks, no command's verb nor number, and no look
    of a command."""
    words = resemble.tokens(tail)
    return (
        not _THANKS.isdisjoint(words)
        and command_verbs()[0].isdisjoint(words)
        and not any(word.isdigit() for word in words)
        and not _looks_like(_line(0, tail), resembles)
    )


def _chat(tail: str, resembles: Callable[[str], bool]) -> bool:
    """Whether ``tail``, the words after a command and the end of its clause on its line, are
    chat ("see you next week", "te toca, Juan", "mal sehen"): no number, no verb of a game or
    the service ("then d"), nor a name of :data:`_NAME_ALONE` letters or more, but for a small
    word of a language ("por fin"), no slip of a verb first, and no look of a command."""
    words = set(resemble.tokens(tail)) - _filler_verbs()
    if not words or any(word.isdigit() for word in words):
        return False
    line = _line(0, tail)
    return (
        command_verbs()[0].isdisjoint(words)
        and command_words().isdisjoint(word for word in words if len(word) >= _NAME_ALONE)
        and not _verb_or_slip_first(line)
        and not _looks_like(line, resembles)
    )


def _signed_at(entries: list[tuple[Line, bool, str]], resembles: Callable[[str], bool]) -> int:
    """Where the writer's signature begins, else the number of entries: a name (or a
    :func:`_contact_line`) below a sign-off ("Saludos,\nPilar", "Viele Grüße\nPeter Berg") or
    right below the commands ("Ann Miller\nNorth Games Ltd."), when it looks like no command
    itself or its first word alone looks like none ("Jürgen Berg"), and the lines below it, a
    :func:`signature` (a club, a phone number), set aside even when they hold a game's
    word."""
    for start in range(max(len(entries) - SIGNATURE_LINES, 1), len(entries)):
        _line, like, above = entries[start - 1]
        words = resemble.tokens(above)
        signs = not like and _sign_off(words)
        name, name_like, _typed = entries[start]
        below_commands = (
            like
            and (not name_like or _first_word_no_command(name, resembles))
            and _first_word(name) not in _SIGN_OFF_WORDS
            and not any(_verb_or_slip_first(line) for line, _, _ in entries[start + 1 :])
        )
        if (
            (_name_line(name) or _contact_line(name))
            and (signs or below_commands)
            and signature([typed for _line, _like, typed in entries[start:]])
        ):
            return start
    return len(entries)


def _sign_off(words: list[str]) -> bool:
    """Whether a line of ``words`` (folded) signs off: its first word is a sign-off word, or
    it is a few words holding a word of thanks or a sign-off ("Muito obrigado", "Many
    thanks", "All the best", "Take care")."""
    return bool(words) and (
        words[0] in _SIGN_OFF_WORDS or (len(words) <= _NAME_WORDS and not _THANKS.isdisjoint(words))
    )


def _first_word_no_command(line: Line, resembles: Callable[[str], bool]) -> bool:
    """Whether ``line`` has words after its first and its first alone looks like no command
    of the game or the service: a given name before a game's word ("Jürgen Berg")."""
    first, *rest = line.text.split()
    return bool(rest) and not (resemble.resembles(SERVICE_VOCABULARY, first) or resembles(first))


def _contact_line(line: Line) -> bool:
    """A one-line signature: a :func:`_name_line` and an address, a phone or a club after it,
    apart by ``|``, ``·`` or ``•`` ("Ann Miller | North Street 5 | Berlin")."""
    fields = _CONTACT_FIELDS.split(line.text)
    return len(fields) > 1 and _name_line(_line(line.number, fields[0]))


def _verb_or_slip_first(line: Line) -> bool:
    """Whether ``line`` begins with a verb of a game or the service, or a slip of one
    ("plce 1 nrth"): a mistyped command below a name is no signature."""
    first, (verbs, _ends_turn) = _first_word(line), command_verbs()
    return (
        first in verbs or resemble.near_miss(first, verbs) or resemble.unlisted_slip(first, verbs)
    )


def signature(lines: list[str]) -> bool:
    """Whether ``lines`` (a text's last lines, blank ones left out) are its writer's signature:
    at most :data:`SIGNATURE_LINES`, none a command nor beginning with a command's word. Where
    one may begin is the caller's: below a rule (:mod:`pbem.mail.extract`), or a name below a
    sign-off (:func:`parse`)."""
    return len(lines) <= SIGNATURE_LINES and not any(map(_begins_a_command, lines))


def _begins_a_command(text: str) -> bool:
    line = _line(0, text)
    return line.kind != "game" or _first_word(line) in command_verbs()[0]


def _first_word(line: Line) -> str:
    """The first word of ``line``, folded ("" when it holds none)."""
    return next(iter(resemble.tokens(line.text)), "")


def _name_line(line: Line) -> bool:
    """A line that reads as a person's name: a few capitalised words, no digit, and no
    command's word first ("Done" below "Thanks" is a command), nor a slip of a word that ends
    a turn ("Doen"). A slip of another verb is a name: "Pilar" is one from Portuguese "pular"
    (Stone Age), and below a sign-off it signs."""
    words = line.text.split()
    first = _first_word(line)
    verbs, ends_turn = command_verbs()
    return (
        line.kind == "game"
        and len(words) <= _NAME_WORDS
        and all(word[0].isupper() and not any(c.isdigit() for c in word) for word in words)
        and bool(first)
        and first not in verbs
        and not resemble.near_miss(first, ends_turn)
    )


@functools.cache
def games_vocabulary() -> resemble.Vocabulary:
    """The words of every game's commands together."""
    return functools.reduce(operator.or_, (engine.load(name).vocabulary for name in engine.names()))


@functools.cache
def command_words() -> frozenset[str]:
    """The verbs and names of every game and the service's words (folded): a word that may
    make a command."""
    return games_vocabulary().known | frozenset(SERVICE_WORDS)


@functools.cache
def _filler_verbs() -> frozenset[str]:
    """The verbs of a game that are small words of a language too, no name of any game: the
    Portuguese "do" (of the), Stone Age's "do"."""
    games = games_vocabulary()
    return (games.verbs & games.fillers) - games.names


@functools.cache
def command_verbs() -> tuple[frozenset[str], frozenset[str]]:
    """The verbs of every game and of the service (a word that begins a command), and the
    games' words that end a turn, folded."""
    games = games_vocabulary()
    return games.verbs | frozenset(SERVICE_WORDS), games.ends_turn


def _runs_on(
    line: Line,
    last: int,
    number: int,
    above: str,
    content: str,
    resembles: Callable[[str], bool],
) -> bool:
    """Whether ``content`` (line ``number``) is the tail of ``line``, whose last line
    (``last``, a long ``say`` wraps over several) stands right above it, that a client
    wrapped: it runs on, the line above is as long as a wrapped one, and the tail is no
    command of its own."""
    return (
        line.kind == "service"
        and line.name in _RUNS_ON
        and last == number - 1
        and len(above.rstrip()) + 1 + len(content.split()[0]) > _WRAP_WIDTH
        and _line(number, content).kind == "game"
        and not resemble.resembles(SERVICE_VOCABULARY, content)
        and not resembles(content)
    )


def _run_on(line: Line, tail: str) -> Line:
    """``line`` with the wrapped ``tail`` put back at its end."""
    return Line(
        line.number,
        f"{line.text} {_single_spaces(tail)}",
        line.kind,
        line.name,
        f"{line.argument} {tail.strip() if line.name == 'say' else _single_spaces(tail)}",
    )


def _unquoted(content: str) -> str:
    """``content`` without the quote marks around it (“place 2 north”, «p2n», 'done') or the
    marks of a line in bold or italics (``*done*``, ``_done_``)."""
    emphasis = _EMPHASIS.match(content)
    if emphasis:
        content = emphasis[2].strip() + emphasis[3]
    if len(content) < 3 or content[0] not in _QUOTES:
        return content
    body = content.rstrip(_TRAILING_PUNCTUATION + ",;")
    if len(body) > 2 and body[-1] in _QUOTES[content[0]]:
        inner = body[1:-1].strip()
        if inner and not any(mark in inner for mark in (content[0], body[-1])):
            return inner
    return content


def _merge_guard(current: int | None, new: int) -> int:
    if current is not None and current != new:
        raise CommandError(
            _("Your mail names two turns, #{first} and #{second}: please name one.").format(
                first=current, second=new
            )
        )
    return new


def _line(number: int, content: str) -> Line:
    text = _single_spaces(content)
    bare = _undecorated(text) or text
    phrase = SERVICE_PHRASES.get(fold(bare).rstrip(_TRAILING_PUNCTUATION + ":"))
    if phrase is not None:
        return Line(number, text, "service", phrase.name, "")
    first, *rest = content.split(None, 1)
    command = SERVICE_WORDS.get(_bare_word(fold(first)))
    if command is None:
        return _game_line(number, text)
    argument = "".join(rest).rstrip()
    if command.name != "say":
        argument = _undecorated(_single_spaces(argument)).rstrip(_TRAILING_PUNCTUATION).rstrip()
    if command.reads is not None:
        argument = command.reads(argument)
    if command.fits(argument):
        return Line(number, text, "service", command.name, argument)
    if command.shared:
        return _game_line(number, text)
    prose = bool(argument) and (
        first[-1] in _FIRST_WORD_PUNCTUATION
        or len(argument.split()) >= _PROSE_WORDS
        or not _PROSE_MARKERS.isdisjoint(resemble.tokens(argument))
    )
    return Line(number, text, "chat" if prose else "mistyped", command.name, argument)


def _game_line(number: int, text: str) -> Line:
    """A game line, without the punctuation, emoji and smileys that may end it."""
    words = text.split(" ")
    while len(words) > 1 and _decoration(words[-1]):
        words.pop()
    last = words[-1]
    end = len(last)
    while end > 1 and (last[end - 1] in _GAME_LINE_END or _symbol(last[end - 1])):
        end -= 1
    command = " ".join([*words[:-1], last[:end]])
    return Line(number, command, "game", "", command)


def _undecorated(text: str) -> str:
    """``text`` (single spaces) without the emoji, smileys and marks that end it ("join 👍",
    "count me in :)"); "" when it holds nothing else."""
    words = text.split(" ") if text else []
    while words and _decoration(words[-1]):
        words.pop()
    if words:
        words[-1] = _bare_word(words[-1])
    return " ".join(words)


def _bare_word(word: str) -> str:
    """``word`` without the marks and emoji that end it ("join👍", "Join!")."""
    end = len(word)
    while end > 1 and (word[end - 1] in _FIRST_WORD_PUNCTUATION or _symbol(word[end - 1])):
        end -= 1
    return word[:end]


def _decoration(word: str) -> bool:
    """Whether ``word`` only decorates a line: a smiley, emoji, punctuation."""
    return word.lower() in _EMOTICONS or (
        "?" not in word  # "place 2 north ?" asks
        and all(_symbol(c) or unicodedata.category(c)[0] == "P" for c in word)
    )


def _symbol(character: str) -> bool:
    """An emoji or another symbol ("👍", "✅"; the variation selector that colours one)."""
    return unicodedata.category(character) in ("So", "Sk") or character == "\ufe0f"


def _single_spaces(text: str) -> str:
    return " ".join(text.split())


def word(name: str, language: str) -> str:
    """The first word of the service command ``name`` in ``language`` (English if it has none)."""
    command = next(command for command in SERVICE_COMMANDS if command.name == name)
    return (command.words.get(language) or command.words["en"])[0]


def usage(name: str) -> str:
    """How the service command ``name`` is written, in the reader's language."""
    return _(next(command.usage for command in SERVICE_COMMANDS if command.name == name))


def _squeezed(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _game_named(words: list[str]) -> tuple[str, int]:
    """The game the first words name and how many words name it: its name or title in any
    case and spacing ("Stone Age", "HONGA"); a misspelt one is refused with a suggestion."""
    known = {_squeezed(n): n for n in engine.names()}
    known.update({_squeezed(engine.load(n).title): n for n in engine.names()})
    for count in (2, 1):
        if len(words) >= count and _squeezed("".join(words[:count])) in known:
            return known[_squeezed("".join(words[:count]))], count
    typed = _squeezed(words[0])
    close = difflib.get_close_matches(typed, known, n=1, cutoff=0.6)
    if close:
        raise CommandError(
            _("There is no game called {name}. Did you mean {meant}? We have: {names}.").format(
                name=words[0], meant=known[close[0]], names=", ".join(engine.names())
            )
        )
    raise CommandError(
        _("There is no game called {name}; we have: {names} (help new lists them).").format(
            name=words[0], names=", ".join(engine.names())
        )
    )


def parse_new_game(argument: str) -> NewGame:
    """``"honga with ann@x.org, bob@y.org size=5"`` as a :class:`NewGame`.

    Addresses may be separated by spaces, commas, semicolons or "and"; options are
    ``name=value`` with yes/no, on/off, true/false (a bool), digits (an int) or a word.
    """
    words = re.sub(r"\s*=\s*", "=", argument).replace(",", " ").replace(";", " ").split()
    if words and fold(words[0]) in _GAME_WORDS and len(words) > 1:
        words = words[1:]
    if not words or fold(words[0]) in _FILLER_WORDS or not _GAME_NAME.match(words[0].lower()):
        raise CommandError(
            _("Please name the game to start, for example: new honga with ann@example.org")
        )
    game, named_by = _game_named(words)
    words = [game, *words[named_by:]]
    addresses: list[str] = []
    options: dict[str, bool | int | str] = {}
    previous = ""
    for word in words[1:]:
        before, previous = previous, word
        if fold(word) in _FILLER_WORDS:
            continue
        if word.startswith("<") and "@" in before:
            raise CommandError(
                _(
                    '"{name} {address}" is ambiguous: which of the two is the address? Please '
                    "write each address alone."
                ).format(name=before, address=word)
            )
        if "=" in word:
            name, value = option(word, game)
            if name in options:
                raise CommandError(_("Option {name} is given twice.").format(name=name))
            options[name] = value
        else:
            address = _address(word)
            if address not in addresses:
                addresses.append(address)
    if not addresses:
        raise CommandError(
            _(
                "Please list the players to invite, for example: new {game} with ann@example.org"
            ).format(game=game)
        )
    return NewGame(game=game, addresses=addresses, options=options)


def _address(word: str) -> str:
    """The canonical address a word of ``new ... with`` names, read strictly."""
    address = word.strip("<>").rstrip(".")
    if address.lower().startswith("mailto:"):
        address = address[len("mailto:") :]
    if not (_ADDRESS.match(address) and mail_address.is_address(address)):
        if "@" in address:
            raise CommandError(_("{address} is not a mail address.").format(address=word))
        raise CommandError(
            _("{word} is neither a mail address nor an option like name=value.").format(word=word)
        )
    return mail_address.canonical(address)


def option(word: str, game: str) -> tuple[str, bool | int | str]:
    """``name=value`` of a new ``game`` as (name, value) in English: yes/no/on/off/true/false
    a bool, digits an int; names and values in any language ("plazo=no", "manada=sí",
    "Verspätung=warten": :data:`pbem.deadlines.OPTION_WORDS` and the game's option words)."""
    name, _equals, value = word.partition("=")
    name = _option_word(fold(name), game)
    if not _OPTION_NAME.match(name) or not value or "=" in value:
        raise CommandError(
            _("{option} is not an option: write name=value, for example size=5.").format(
                option=word
            )
        )
    value = _option_word(fold(value), game)
    if value in _TRUE:
        return name, True
    if value in _FALSE:
        return name, False
    if _INTEGER.match(value):
        return name, int(value)
    return name, value


def _option_word(typed: str, game: str) -> str:
    """An option's name or value (folded) in English: the service's words, then the game's."""
    english = deadlines.OPTION_WORDS.word(typed)
    return english if english != typed else engine.load(game).option_words.word(typed)
