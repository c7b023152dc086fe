"""A refused line tells nothing hidden: whether a line is refused, and the reason given, are
the same in every position its player cannot tell apart (the other players' cards, the
face-down piles and their order, the seed that rolls the next dice dealt anew)."""

from __future__ import annotations

import random

import pytest

import engine
from engine import IllegalMove
from tests.hidden_information import (
    hengist_hidden_from,
    honga_hidden_from,
    random_states,
    seeded_anew,
    stoneage_hidden_from,
)

GAMES = {
    "honga": (["p1", "p2", "p3"], honga_hidden_from, None),
    "stoneage": (["p1", "p2", "p3"], seeded_anew(stoneage_hidden_from), {"mammoth_herd": True}),
    "hengist": (["ann", "bob"], seeded_anew(hengist_hidden_from), None),
}


def _lines_seen(game, players, options) -> list[str]:
    """Every command legal somewhere in a few games, and lines no position takes."""
    seen = {
        command
        for state in random_states(game, players, range(100, 102), options)
        for player in game.to_move(state)
        for command in game.legal(state, player)
    }
    return sorted(seen) + ["fly to the moon", "place 9 north", "move z h9", "done done"]


def _answer(game, state: dict, player: str, line: str):
    """What playing ``line`` tells its player: the reason it is refused, or that it was
    applied and whether it drew (and if it drew nothing, the position after it)."""
    try:
        after = game.play(state, player, line)
    except IllegalMove as refused:
        return ("refused", str(refused))
    if game.draws(after) != game.draws(state):
        return ("drew",)
    return ("applied", game.view(after, player))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_refusal_is_the_same_whatever_the_player_cannot_see(name):
    """For positions of whole random games and lines from anywhere in the game (cards the
    player does not hold, places taken, words of other phases): the same answer, refusal
    and reason, when everything the mover may not know is dealt anew."""
    game = engine.load(name)
    players, hidden_from, options = GAMES[name]
    pool = _lines_seen(game, players, options)
    sampler, checked, refused, dealt, movers = random.Random(1), 0, 0, 0, 0
    states = list(random_states(game, players, range(2), options))
    for state in sampler.sample(states, 40):
        for player in game.to_move(state):
            other = hidden_from(state, player, random.Random(checked))
            dealt += other != state
            movers += 1
            lines = sampler.sample(pool, 40) + game.legal(state, player)[:10]
            for line in lines:
                answer = _answer(game, state, player, line)
                assert _answer(game, other, player, line) == answer, (line, answer)
                refused += answer[0] == "refused"
                checked += 1
    assert checked > 1000 and refused > 500 and movers > 20
    assert dealt >= movers * 9 // 10, (dealt, movers)  # nearly all dealt otherwise indeed
