"""Whole random games, and what a player may not know dealt anew in them, for the hidden
information tests of the games."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine.contract import Game


def random_states(game: Game, players: list[str], seeds, options=None) -> Iterator[dict]:
    """Every state of a few random games (bot and random commands mixed), the last included."""
    for seed in seeds:
        state = game.new(players, seed=seed, options=options)
        chooser = random.Random(seed)
        while game.to_move(state):
            yield state
            player = chooser.choice(game.to_move(state))
            if chooser.random() < 0.5:
                command = game.bot(state, player, chooser)
            else:
                command = chooser.choice(game.legal(state, player))
            state = game.play(state, player, command)
        yield state


def check_whole_games(
    game: Game, players: list[str], hidden_from: Callable, seeds, options=None
) -> int:
    """At about one state in four of :func:`random_states`, deal anew for the public and for
    each player what they may not know (``hidden_from(state, viewer, chooser)``) and assert
    their view, commands and help stay the same. Returns how many were checked."""
    sampler = random.Random(0)
    checked = 0
    for state in random_states(game, players, seeds, options):
        if sampler.random() >= 0.25:
            continue
        for viewer in (None, *players):
            other = hidden_from(state, viewer, random.Random(checked))
            assert game.view(other, viewer) == game.view(state, viewer)
            if viewer:
                assert game.legal(other, viewer) == game.legal(state, viewer)
                assert game.help(other, viewer) == game.help(state, viewer)
            checked += 1
    return checked
