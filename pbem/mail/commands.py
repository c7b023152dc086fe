"""A reply's new text as commands: one per line, service commands apart from game lines.

Service commands (``new``, ``join``, ``decline``, ``status``, ``help``, ``rules``, ``games``,
``resign``, ``say``, ``unsubscribe``) are the service's; every other line is a game line,
kept as typed for the game engine. An optional ``#N`` guard names the turn the player
answers, so a late reply to an old mail is not played on a newer turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.i18n import _

#: Words a player may type for each service command (the first word, any case).
SERVICE_WORDS = {
    "new": "new",
    "start": "new",
    "join": "join",
    "accept": "join",
    "decline": "decline",
    "refuse": "decline",
    "status": "status",
    "help": "help",
    "rules": "rules",
    "rule": "rules",
    "games": "games",
    "resign": "resign",
    "concede": "resign",
    "surrender": "resign",
    "say": "say",
    "tell": "say",
    "unsubscribe": "unsubscribe",
    "unsub": "unsubscribe",
}

_GUARD_LINE = re.compile(r"^#\s?(\d{1,9})[.:!]?$")
_GUARD_PREFIX = re.compile(r"^#\s?(\d{1,9})[.:]?\s+(?=\S)")
_BULLET = re.compile(r"^([-*+•·–—]|\d{1,3}[.)])\s+")
_FIRST_WORD_PUNCTUATION = ".,:;!?"
_ADDRESS = re.compile(r"^[^@\s<>(),;:\"'\[\]]+@[\w-]+(\.[\w-]+)*$")
_OPTION_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
_FILLER_WORDS = {"with", "and", "&", "game"}
_INTEGER = re.compile(r"^-?[0-9]+$")
_TRUE = {"yes", "on", "true"}
_FALSE = {"no", "off", "false"}


class CommandError(ValueError):
    """A command the player typed wrongly. The message is written for the player."""


@dataclass(frozen=True)
class Line:
    """One command line.

    ``text`` is the command as typed, case kept, without the list marker or ``#N`` guard
    in front and with single spaces: what a game line hands the engine, and what an answer
    quotes back to the player. ``argument`` is the rest after a service command's name
    (``say``: verbatim, spaces kept); a game line's argument is its whole ``text``.
    """

    number: int
    text: str
    kind: Literal["service", "game"]
    name: str
    argument: str


@dataclass(frozen=True)
class Parsed:
    """The turn guard (``#N``), if any, and the command lines in order."""

    guard: int | None
    lines: list[Line]


@dataclass(frozen=True)
class NewGame:
    """What ``new GAME with ADDRESSES [name=value ...]`` asks for."""

    game: str
    addresses: list[str]
    options: dict[str, bool | int | str]


def parse(text: str) -> Parsed:
    """The commands of ``text`` (a reply's new text), numbered by line from 1.

    Blank lines and lines of punctuation only are skipped. Raises :class:`CommandError`
    when the text names two different turn guards.
    """
    guard: int | None = None
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = _BULLET.sub("", raw.strip())
        if not any(character.isalnum() for character in content):
            continue
        found = _GUARD_LINE.match(content) or (not lines and _GUARD_PREFIX.match(content))
        if found:
            guard = _merge_guard(guard, int(found[1]))
            content = content[found.end() :]
            if not content:
                continue
        lines.append(_line(number, content))
    return Parsed(guard=guard, lines=lines)


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
    first, *rest = content.split(None, 1)
    name = SERVICE_WORDS.get(first.lower().rstrip(_FIRST_WORD_PUNCTUATION))
    if name is None:
        return Line(number, text, "game", "", text)
    argument = "".join(rest).rstrip()
    if name != "say":
        argument = _single_spaces(argument)
    return Line(number, text, "service", name, argument)


def _single_spaces(text: str) -> str:
    return " ".join(text.split())


def parse_new_game(argument: str) -> NewGame:
    """``"honga with ann@x.org, bob@y.org size=5"`` as a :class:`NewGame`.

    Addresses may be separated by spaces, commas, semicolons or "and"; options are
    ``name=value`` with yes/no, on/off, true/false (a bool), digits (an int) or a word.
    """
    words = re.sub(r"\s*=\s*", "=", argument).replace(",", " ").replace(";", " ").split()
    if words and words[0].lower() == "game" and len(words) > 1:
        words = words[1:]
    if not words or words[0].lower() in _FILLER_WORDS or not _GAME_NAME.match(words[0].lower()):
        raise CommandError(
            _("Please name the game to start, for example: new honga with ann@example.org")
        )
    game = words[0].lower()
    addresses: list[str] = []
    options: dict[str, bool | int | str] = {}
    for word in words[1:]:
        if word.lower() in _FILLER_WORDS:
            continue
        if "=" in word:
            name, value = option(word)
            if name in options:
                raise CommandError(_("Option {name} is given twice.").format(name=name))
            options[name] = value
        else:
            address = _address(word)
            if address.lower() not in {known.lower() for known in addresses}:
                addresses.append(address)
    if not addresses:
        raise CommandError(
            _(
                "Please list the players to invite, for example: new {game} with ann@example.org"
            ).format(game=game)
        )
    return NewGame(game=game, addresses=addresses, options=options)


def _address(word: str) -> str:
    address = word.strip("<>").rstrip(".")
    if address.lower().startswith("mailto:"):
        address = address[len("mailto:") :]
    if not _ADDRESS.match(address):
        if "@" in address:
            raise CommandError(_("{address} is not a mail address.").format(address=word))
        raise CommandError(
            _("{word} is neither a mail address nor an option like name=value.").format(word=word)
        )
    return address


def option(word: str) -> tuple[str, bool | int | str]:
    """``name=value`` as (name, value): yes/no/on/off/true/false a bool, digits an int."""
    name, _equals, value = word.partition("=")
    name = name.lower()
    if not _OPTION_NAME.match(name) or not value or "=" in value:
        raise CommandError(
            _("{option} is not an option: write name=value, for example size=5.").format(
                option=word
            )
        )
    if value.lower() in _TRUE:
        return name, True
    if value.lower() in _FALSE:
        return name, False
    if _INTEGER.match(value):
        return name, int(value)
    return name, value
