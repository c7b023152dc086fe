"""Names of places as players read and type them.

Boards are numbered 1-3 from the left, bays 1-6 from the left (two per board), beach spaces
are a bay number and a letter (``1a`` ``1b`` ``1c`` ... ``6c``), hinterland spaces ``h1``-``h9``
(``h1``-``h3`` on board 1, ...), and ``boat``. Names are positional: when a board is flipped to
the right, everything is renumbered. Inside the state places are stable (see :mod:`rules`).
"""

from __future__ import annotations

import re

from engine.contract import State
from engine.hengist import data
from engine.i18n import pgettext

BOX = "box"
BOAT = "boat"
BEACH_LETTERS = "abc"
_BEACH = re.compile(r"^([1-6])([abc])$")
_HINTERLAND = re.compile(r"^h([1-9])$")


def board_id(board: dict) -> str:
    """The physical board digit of a board entry."""
    return board["side"][0]


def slot_of(state: State, board: str) -> int:
    """Position (0 = leftmost) of physical board ``board``."""
    for slot, entry in enumerate(state["boards"]):
        if board_id(entry) == board:
            return slot
    raise KeyError(board)


def on_board(place: str) -> bool:
    """Whether an internal place is a beach or hinterland space (not boat, not box)."""
    return place not in (BOAT, BOX)


def display(state: State, place: str) -> str:
    """The name players type for an internal place."""
    if place in (BOAT, BOX):
        return place
    slot = slot_of(state, place[1])
    index = int(place[2])
    if place[0] == "b":
        bay = data.BAYS_PER_BOARD * slot + index // 3 + 1
        return f"{bay}{BEACH_LETTERS[index % 3]}"
    return f"h{3 * slot + index + 1}"


def parse(state: State, token: str) -> str | None:
    """The internal place a typed name means, or None if it names no place."""
    if token == BOAT:
        return BOAT
    beach = _BEACH.match(token)
    if beach:
        bay = int(beach.group(1)) - 1
        board = board_id(state["boards"][bay // data.BAYS_PER_BOARD])
        index = 3 * (bay % data.BAYS_PER_BOARD) + BEACH_LETTERS.index(beach.group(2))
        return f"b{board}{index}"
    inland = _HINTERLAND.match(token)
    if inland:
        number = int(inland.group(1)) - 1
        return f"h{board_id(state['boards'][number // 3])}{number % 3}"
    return None


def is_place(token: str) -> bool:
    """Whether ``token`` looks like a place name."""
    return token == BOAT or bool(_BEACH.match(token) or _HINTERLAND.match(token))


def path_name(colour: str) -> str:
    """A village path's colour in the reader's language, as said of the path ("red": "rojo",
    "vermelho"; a HONGA card is "roja")."""
    names = {
        "white": pgettext("path", "white"),
        "green": pgettext("path", "green"),
        "blue": pgettext("path", "blue"),
        "red": pgettext("path", "red"),
    }
    return names[colour]
