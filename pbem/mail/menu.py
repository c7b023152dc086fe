"""The legal commands as a menu to tap: grouped by their first word, in rows of one shape.

Commands that differ in one number only make a row: "place 1 north" ... "place 4 north" is
the row "place … north" with the choices 1 2 3 4, so HONGA's sixteen placements are a 4x4
grid; where two numbers vary, the rows are cut along the one that makes fewer of them
("place … north card 1", "place … north card 2"). Other commands stand on their own. A group
longer than a phone's screen (Hengist's card combinations, Stone Age's ways to pay) shows the
first command of each kind and how many more there are of it. Nothing here knows a game: only
the words of the commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import quote

GAP = "…"
LINES_PER_GROUP = 12  # lines of one group shown before it shows one of each kind


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
    """Commands of one shape that differ in numbers become rows along one of them (the one
    that makes the fewest rows); a command alone of its shape stands on its own."""
    shapes: dict[tuple[str, ...], list[list[str]]] = {}
    for command in commands:
        shapes.setdefault(_shape(command), []).append(command.split())
    rows, single = [], []
    for shape, same in shapes.items():
        varying = [i for i in range(len(shape)) if len({w[i] for w in same}) > 1]
        if not varying:
            single += [" ".join(w) for w in same]
            continue
        cuts = [_cut(same, at) for at in varying]
        rows += min(cuts, key=len)
    if single:
        rows.append(Row("", [(c, c) for c in single]))
    return rows


def _cut(same: list[list[str]], at: int) -> list[Row]:
    """``same`` (commands of one shape, as words) as rows whose choices are the word ``at``."""
    by_label: dict[str, list[tuple[str, str]]] = {}
    for words in same:
        label = " ".join(GAP if i == at else word for i, word in enumerate(words))
        by_label.setdefault(label, []).append((words[at], " ".join(words)))
    return [
        Row(label, choices) if len(choices) > 1 else Row("", [(choices[0][1], choices[0][1])])
        for label, choices in by_label.items()
    ]


def _lines(rows: list[Row]) -> int:
    """Lines ``rows`` take in a mail's text: a row with a label one, others one a command."""
    return sum(1 if row.label else len(row.choices) for row in rows)


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
        if _lines(rows) > LINES_PER_GROUP:
            rows = _kinds(same)
        out.append(Group(word, rows, len(same)))
    return out


def mailto(address: str, subject: str, version: int | None, command: str) -> str:
    """A link that opens a mail to ``address`` saying ``#version`` (when known) and ``command``."""
    guard = "" if version is None else _quoted(f"#{version}\r\n")
    return f"mailto:{address}?subject={_quoted(subject)}&body={guard}{_quoted(command)}"


@lru_cache(maxsize=1024)
def _quoted(text: str) -> str:
    """``text`` quoted for a link, each character on its own, so the pieces of a body quoted
    apart join into the body quoted (cached: every button of a mail has the game's subject,
    and the same commands come back in every mail of a game)."""
    return quote(text)
