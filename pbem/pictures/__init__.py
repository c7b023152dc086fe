"""The board as a picture, drawn by our code from one recipient's view of the game.

A game's picture is its presentation, like its board templates: the module
``pbem/pictures/<game>.py``, found by the game's name, with two functions:

- ``scene(view) -> dict``: everything the picture shows, JSON-able, taken from ``view``
  alone (the recipient's engine view, never the full state), with its words already in the
  recipient's language;
- ``draw(scene) -> Canvas``: the drawing (:mod:`pbem.pictures.canvas` is the toolkit).

A new game adds its file and nothing else. Pictures are cached by their scene: the same
board seen by several recipients (or several mails of one position) is drawn once.
"""

from __future__ import annotations

import hashlib
import importlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from types import ModuleType

import orjson

from pbem.pictures.canvas import hex_colour, seat_colour

CACHE_SIZE = 128


@dataclass(frozen=True)
class Picture:
    """A rendered board: PNG bytes, their size in pixels, and the digest of its scene."""

    png: bytes
    width: int
    height: int
    digest: str


_cache: OrderedDict[str, Picture] = OrderedDict()
_lock = threading.Lock()


def clear() -> None:
    """Forget the pictures drawn (for measuring)."""
    with _lock:
        _cache.clear()


def seat_colours(players: list[str]) -> dict[str, str]:
    """Each player's colour in the pictures, for the tables and pages beside them."""
    return {name: hex_colour(seat_colour(players, name)) for name in players}


def renderer(game: str) -> ModuleType | None:
    """The module drawing ``game``'s board, or None when the game has no picture."""
    if not game.isidentifier():
        return None
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game}":
            raise
        return None


def scene(game: str, view: dict) -> dict | None:
    """What ``game``'s picture of ``view`` shows (its input data), or None without a picture."""
    module = renderer(game)
    return None if module is None else module.scene(view)


def picture(game: str, view: dict) -> Picture | None:
    """The picture of ``view``, drawn once per distinct scene."""
    module = renderer(game)
    if module is None:
        return None
    data = orjson.dumps({"game": game, "scene": module.scene(view)}, option=orjson.OPT_SORT_KEYS)
    digest = hashlib.sha256(data).hexdigest()[:24]
    with _lock:
        found = _cache.get(digest)
        if found is not None:
            _cache.move_to_end(digest)
            return found
    canvas = module.draw(orjson.loads(data)["scene"])
    found = Picture(canvas.png(), canvas.width, canvas.height, digest)
    with _lock:
        _cache[digest] = found
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return found
