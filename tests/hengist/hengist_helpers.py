"""A known Hengist position for scenario tests.

Boards 1A, 2A, 3A from the left (see engine/hengist/data.py). On board 1 (side 1A):
beaches 1a->h1 hill, 1b->h1 river, 1c->h2 forest, 2a->h2 mountain, 2b->h3 hill, 2c->h3 river;
roads h1-h2 mountain, h2-h3 forest, h1-h3 river; paths white hill+river+forest,
green river+mountain+forest, blue hill+mountain, red river+forest.
"""

from __future__ import annotations

from engine.hengist import GAME

PLAYERS = ["ann", "bob"]


def board(side, road, treasures):
    return {
        "side": side,
        "flipped": False,
        "road": road,
        "seen": [],
        "raided": [],
        "treasures": treasures,
    }


def fresh(first_turn=False):
    """Ann to move, 3 actions, empty hands, a draw pile of forests, boat at bay 1."""
    state = GAME.new(PLAYERS, seed=5)
    state["boards"] = [
        board("1A", "WGBR", [10, 9, 8, 7]),
        board("2A", "GWRB", [9, 8, 6, 5]),
        board("3A", "BRWG", [10, 7, 6, 5]),
    ]
    state["aside_roads"] = ["RBGW", "WBRG", "GRBW"]
    state["aside_treasures"] = [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
    state["boat"] = ["1", 0]
    state["hands"] = {"ann": [], "bob": []}
    state["deck"] = ["forest"] * 40
    state["discard"] = []
    state["first_turn"] = first_turn
    state["log"] = []
    return state


def play(state, *commands, player="ann"):
    for command in commands:
        state = GAME.play(state, player, command)
    return state
