"""Whole random games, and what a player may not know dealt anew in them, for the hidden
information tests of the games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from engine.contract import Game
from engine.honga import data as honga_data


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
    their view, commands and help stay the same, and that nearly all were dealt otherwise
    indeed. Returns how many were checked."""
    sampler = random.Random(0)
    checked = dealt = 0
    for state in random_states(game, players, seeds, options):
        if sampler.random() >= 0.25:
            continue
        for viewer in (None, *players):
            other = hidden_from(state, viewer, random.Random(checked))
            dealt += other != state
            assert game.view(other, viewer) == game.view(state, viewer)
            if viewer:
                assert game.legal(other, viewer) == game.legal(state, viewer)
                assert game.help(other, viewer) == game.help(state, viewer)
            checked += 1
    assert dealt >= checked * 9 // 10, (dealt, checked)
    return checked


def hengist_hidden_from(state: dict, viewer: str | None, chooser: random.Random) -> dict:
    """``state`` with everything ``viewer`` may not know dealt anew: the face-down draw pile
    ("una pila para robar boca abajo"), the other player's hand, the road tiles ``viewer`` has
    not looked at ("las baldosas de carretera están boca abajo") and the tiles and treasures
    set aside face down ("boca abajo a un lado")."""
    copy = json.loads(json.dumps(state))
    for player in copy["players"]:
        if player == viewer:
            continue
        pool = copy["hands"][player] + copy["deck"]
        chooser.shuffle(pool)
        size = len(copy["hands"][player])
        copy["hands"][player], copy["deck"] = pool[:size], pool[size:]
    chooser.shuffle(copy["aside_treasures"])
    for board in copy["boards"]:
        face_down = len(board["seen"]) < len(copy["players"])
        if viewer not in board["seen"] and face_down and copy["aside_roads"]:
            board["road"], copy["aside_roads"][0] = copy["aside_roads"][0], board["road"]
    chooser.shuffle(copy["aside_roads"])
    return copy


def stoneage_hidden_from(state: dict, viewer: str | None, chooser: random.Random) -> dict:
    """``state`` with everything ``viewer`` may not know dealt anew: the face-down deck ("ponlas
    boca abajo"), the buildings below each stack's top ("revela la primera loseta de cada
    pila"), the herd tiles below the top one (face down; only the top one's back shows) and
    the cards the others drew from the deck, swapped with cards of the deck."""
    copy = json.loads(json.dumps(state))
    chooser.shuffle(copy["deck"])
    for stack in copy["stacks"]:
        below = stack[1:]
        chooser.shuffle(below)
        stack[1:] = below
    herd = copy["herd"]
    if herd and len(herd["pile"]) > 1:
        below = herd["pile"][1:]
        chooser.shuffle(below)
        herd["pile"][1:] = below
    if copy["phase"] == "over":
        return copy
    for player, me in copy["p"].items():
        if player == viewer:
            continue
        for k, card in enumerate(me["drawn"][: len(copy["deck"])]):
            swapped = copy["deck"][k]
            copy["deck"][k] = card
            me["drawn"][k] = swapped
            me["cards"][me["cards"].index(card)] = swapped
    return copy


def honga_hidden_from(state: dict, viewer: str | None, chooser: random.Random) -> dict:
    """``state`` with what ``viewer`` may not know of HONGA dealt anew: the order of the grey
    and red action piles and of the bonus and trade decks, the others' action cards (their
    colour shows) and usable bonus cards, and every player's bonus cards still face down."""
    copy = json.loads(json.dumps(state))
    decks = copy["decks"]
    for pile in (*decks.values(), copy["bonus_deck"], copy["trade_deck"]):
        chooser.shuffle(pile)
    for player, me in copy["pl"].items():
        for key in ("card", "second"):
            card = me[key]
            pile = decks[_colour_of(card)] if card is not None and player != viewer else []
            if pile:
                k = chooser.randrange(len(pile))
                pile[k], me[key] = card, pile[k]
        slots = [("fresh", i) for i in range(len(me["fresh"]))]
        if player != viewer:
            slots += [("bonus", i) for i, c in enumerate(me["bonus"]) if c is not None]
        for key, i in slots:
            if copy["bonus_deck"]:
                k = chooser.randrange(len(copy["bonus_deck"]))
                me[key][i], copy["bonus_deck"][k] = copy["bonus_deck"][k], me[key][i]
    copy["seed"] = chooser.randrange(10**9)
    return copy


def _colour_of(card: int | None) -> str | None:
    return None if card is None else honga_data.ACTION_CARDS[card]["colour"]


def seeded_anew(hidden_from: Callable) -> Callable:
    """``hidden_from`` that also changes the seed nobody sees: every die and shuffle still to
    come falls otherwise."""

    def hidden(state: dict, viewer: str | None, chooser: random.Random) -> dict:
        copy = hidden_from(state, viewer, chooser)
        copy["seed"] = chooser.randrange(10**9)
        return copy

    return hidden
