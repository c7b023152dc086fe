"""Helpers for Stone Age scenarios: a fresh game and a ready action phase. A module of its
own, imported by its package path (``tests.stoneage.stoneage_helpers``): a bare ``conftest``
is another directory's when several are collected in one run."""

from __future__ import annotations

import engine

GAME = engine.load("stoneage")


def new(n: int = 4, **options) -> dict:
    return GAME.new([f"p{i}" for i in range(1, n + 1)], seed=1, options=options)


def at_action(state: dict, board: dict, turn: int = 0) -> dict:
    """Jump to the action phase with ``board`` ({place: {player: figures}}) placed."""
    state["board"] = board
    state["placed"] = {p: sum(b.get(p, 0) for b in board.values()) for p in state["players"]}
    state["phase"] = "action"
    state["start"] = turn
    state["turn"] = turn
    state["acted"] = 0
    return state
