"""Positions of every game for the picture and page tests, played by the engines' bots."""

from __future__ import annotations

import random

import engine

#: game -> (players, options) of its largest table
LARGEST = {
    "honga": (5, {}),
    "stoneage": (4, {"mammoth_herd": True}),
    "hengist": (2, {}),
}
NAMES = ["ann", "bartholomew1", "cy", "dan", "eve"]  # as long as a seat name is


def players(kind: str) -> list[str]:
    return NAMES[: LARGEST[kind][0]]


def positions(kind: str, seed: int = 3, every: int = 1) -> list[dict]:
    """The states of one whole bot game of ``kind`` at its largest table, from new to over."""
    game = engine.load(kind)
    state = game.new(players(kind), seed=seed, options=LARGEST[kind][1])
    chooser, states = random.Random(seed), [state]
    while game.to_move(state):
        name = game.to_move(state)[0]
        state = game.play(state, name, game.bot(state, name, chooser))
        states.append(state)
    return states[::every] + ([] if (len(states) - 1) % every == 0 else [states[-1]])


def late(kind: str, seed: int = 3) -> dict:
    """The last position before the game ends: the most on the board."""
    return [s for s in positions(kind, seed) if engine.load(kind).to_move(s)][-1]
