"""Helpers for HONGA scenario tests: build a game, then set fields directly."""

from __future__ import annotations

import types

import pytest

import engine
from engine.honga import data, rules

GAME = engine.load("honga")


def new(n=2, seed=1):
    """A fresh game for p1..pn; p1 is to place."""
    return GAME.new([f"p{i}" for i in range(1, n + 1)], seed=seed)


def card_for(want: dict, colour: str | None = None):
    """(card id, canonical place command) whose hands point exactly as ``want`` says."""
    want = {a: n for a, n in want.items() if n}
    for card, info in enumerate(data.ACTION_CARDS):
        if colour and info["colour"] != colour:
            continue
        for circle in data.CIRCLES:
            for rot, name in enumerate(data.ORIENTATIONS):
                if rules.hands_of(card, circle, rot) == want:
                    return card, f"place {circle} {name}"
    raise AssertionError(f"no card points like {want}")


def lay(state, player, want, colour=None):
    """Give ``player`` a card pointing as ``want`` and place it; returns the new state."""
    card, command = card_for(want, colour)
    state["pl"][player]["card"] = card
    return GAME.play(state, player, command)


def holding_two():
    """A 2-player game with p1 to place, holding the two cards of an extra draw."""
    s = new()
    s["pl"]["p1"]["bonus"] = [bonus_id("extra_card")]
    s = lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = GAME.play(s, "p1", "bonus 1")
    s = GAME.play(s, "p1", "done")
    s = lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    return GAME.play(s, "p2", "done")


def bonus_id(kind, resources=None):
    for i, (k, res) in enumerate(data.BONUS_DECK):
        if k == kind and (resources is None or tuple(resources) == res):
            return i
    raise AssertionError(kind)


def trade_id(cost):
    return data.TRADE_COSTS.index(tuple(cost))


def res(state, player):
    return dict(state["pl"][player]["res"])


@pytest.fixture
def h():
    return types.SimpleNamespace(
        GAME=GAME,
        new=new,
        card_for=card_for,
        lay=lay,
        bonus_id=bonus_id,
        holding_two=holding_two,
        trade_id=trade_id,
        res=res,
        play=GAME.play,
        data=data,
        rules=rules,
    )
