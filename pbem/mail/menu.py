"""The legal commands as a menu to tap: grouped by their first word, in rows of one shape.

Commands that differ in one number only make a row: "place 1 north" ... "place 4 north" is
the row "place … north" with the choices 1 2 3 4, so HONGA's sixteen placements are a 4x4
grid. Other commands stand on their own. A group too long to show whole (Hengist's card
combinations) shows the first command of each kind and how many more there are of it.
Nothing here knows a game: only the words of the commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import quote

GAP = "…"
SHOWN_PER_GROUP = 100  # commands shown in one group before it shows one of each kind


@dataclass
class Row:
    """One line of the menu: a label and its choices ``(text shown, command)``."""

    label: str
    choices: list[tuple[str, str]]
    more: int = 0  # commands of this kind not shown


@dataclass
class Group:
    """The commands beginning with one word."""

    word: str
    rows: list[Row] = field(default_factory=list)
    count: int = 0


def _shape(command: str) -> tuple[str, ...]:
    return tuple("#" if word.isdigit() else word for word in command.split())


def _rows(commands: list[str]) -> list[Row]:
    """Commands of one shape that differ in one number become one row; others, one each."""
    shapes: dict[tuple[str, ...], list[str]] = {}
    for command in commands:
        shapes.setdefault(_shape(command), []).append(command)
    rows, single = [], []
    for shape, same in shapes.items():
        words = [command.split() for command in same]
        varying = [i for i in range(len(shape)) if len({w[i] for w in words}) > 1]
        if len(same) > 1 and len(varying) == 1:
            at = varying[0]
            label = " ".join(GAP if i == at else word for i, word in enumerate(words[0]))
            rows.append(Row(label, [(w[at], c) for w, c in zip(words, same, strict=True)]))
        else:
            single += same
    if single:
        rows.append(Row("", [(c, c) for c in single]))
    return rows


def _kinds(commands: list[str]) -> list[Row]:
    """One command of each kind (its first three words), with how many more there are."""
    kinds: dict[str, list[str]] = {}
    for command in commands:
        kinds.setdefault(" ".join(command.split()[:3]), []).append(command)
    return [Row("", [(same[0], same[0])], more=len(same) - 1) for same in kinds.values()]


def menu(commands: list[str]) -> list[Group]:
    """``commands`` grouped by their first word, in their order."""
    groups: dict[str, list[str]] = {}
    for command in commands:
        groups.setdefault(command.split()[0] if command.split() else command, []).append(command)
    out = []
    for word, same in groups.items():
        rows = _rows(same)
        if sum(len(row.choices) for row in rows) > SHOWN_PER_GROUP:
            rows = _kinds(same)
        out.append(Group(word, rows, len(same)))
    return out


def mailto(address: str, subject: str, version: int | None, command: str) -> str:
    """A link that opens a mail to ``address`` saying ``#version`` (when known) and ``command``."""
    body = command if version is None else f"#{version}\r\n{command}"
    return f"mailto:{address}?subject={_quoted(subject)}&body={quote(body)}"


@lru_cache(maxsize=256)
def _quoted(subject: str) -> str:
    """``subject`` quoted for a link (cached: every button of a mail has the game's subject)."""
    return quote(subject)
