"""Pure game rules. The whole public face: ``names()``, ``load()``, ``IllegalMove``.

A game is a subpackage of ``engine`` whose ``GAME`` is a :class:`engine.contract.Game`;
registering a game means adding its package.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from engine.contract import Game, IllegalMove, Option

__all__ = ["Game", "IllegalMove", "Option", "load", "names"]


@functools.cache
def _registered() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def names() -> list[str]:
    """The registered games, sorted."""
    return list(_registered())


def load(name: str) -> Game:
    """The game called ``name``; KeyError naming the known games otherwise."""
    if name not in _registered():
        raise KeyError(f"unknown game {name!r}; known: {', '.join(names())}")
    return importlib.import_module(f"engine.{name}").GAME
