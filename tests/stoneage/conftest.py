"""Helpers for Stone Age scenarios: a fresh game, loaded dice, and a ready action phase."""

from __future__ import annotations

import pytest

import engine
from engine.stoneage import rules

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


@pytest.fixture
def dice(monkeypatch):
    """A list: append the dice the next rolls must show, in order."""
    queue: list[int] = []

    def loaded(state, n):
        assert len(queue) >= n, "test forgot to load dice"
        out = queue[:n]
        del queue[:n]
        return out

    monkeypatch.setattr(rules, "roll", loaded)
    return queue
