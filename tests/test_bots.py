"""The bots the autopilot plays with: they beat random players, and they never throw a turn
away (no resigning, no ending or passing while a useful command is legal, no resources given
for nothing)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bench_bots import measure
from engine.hengist import data as hengist_data
from engine.hengist import places as hengist_places
from engine.honga import data as honga_data
from engine.honga import rules as honga_rules
from engine.stoneage import data as stoneage_data
from engine.stoneage import rules as stoneage_rules

GAMES = 20


@pytest.mark.parametrize("name, players", [("hengist", 2), ("honga", 4), ("stoneage", 3)])
def test_bot_beats_random_players_in_most_games(name, players):
    # the bench (python -m engine.bench_bots) measures 200 games per count; 20 are enough to
    # tell a bot that plays from one that does not (one seat among random ones)
    measured = measure(engine.load(name), players, GAMES)
    assert measured["wins"] >= 17, f"the bot won {measured['wins']} of {GAMES}"


def bot_decisions(name: str, players: int, games: int = 10, ask_tools: bool = False):
    """(state, player, command, legal) for every command the bot chooses in seeded games
    against random players (the bot in a turning seat); ``ask_tools``: Stone Age players
    choose their tools for each roll."""
    game = engine.load(name)
    for seed in range(games):
        names = [f"p{i}" for i in range(1, players + 1)]
        bot = names[seed % players]
        state = game.new(names, seed=seed)
        if ask_tools:
            state["p"][bot]["auto_tools"] = False
        bot_chooser, random_chooser = random.Random(seed), random.Random(-seed)
        while waiting := game.to_move(state):
            player = waiting[0]
            legal = game.legal(state, player)
            if player == bot:
                command = game.bot(state, player, bot_chooser)
                yield state, player, command, legal
            else:
                command = random_chooser.choice(legal)
            state = game.play(state, player, command)


@pytest.mark.parametrize("name, players", [("hengist", 2), ("honga", 3), ("stoneage", 3)])
def test_the_bot_never_resigns_and_only_plays_legal_commands(name, players):
    for _state, _player, command, legal in bot_decisions(name, players, games=5):
        assert command in legal and not command.startswith("resign"), command


def test_honga_bot_never_ends_its_turn_with_points_left_on_the_table():
    """No 'done' while a trade, a point bought or a two-point bonus card is there to take,
    and it never gives up the caveman's steps."""
    for state, player, command, legal in bot_decisions("honga", 3):
        assert command != "stay"
        if command != "done":
            continue
        assert not [c for c in legal if c.startswith(("trade", "buy"))], legal
        hand = state["pl"][player]["bonus"]
        two_points = [
            c
            for c in legal
            if c.startswith("bonus ")
            and honga_rules.bonus_kind(hand[int(c.split()[1]) - 1]) == "two_points"
        ]
        assert not two_points, legal


def test_honga_bot_lays_its_card_where_the_hands_still_give_something():
    """With every resource track full, hands on fish, berries, mushrooms or water give
    nothing: the bot lays its card so that as few hands as possible go there."""
    game = engine.load("honga")
    for seed in range(5):
        state = game.new(["ana", "bob"], seed=seed)
        state["pl"]["ana"]["res"] = dict.fromkeys(honga_data.RESOURCES, honga_data.TRACK_MAX)

        card = state["pl"]["ana"]["card"]

        def wasted(command, card=card):
            words = command.split()
            circle, rot = int(words[1]), honga_data.ORIENTATIONS.index(words[2])
            hands = honga_rules.hands_of(card, circle, rot)
            return sum(n for area, n in hands.items() if area in honga_data.GATHER)

        command = game.bot(state, "ana", random.Random(seed))
        assert wasted(command) == min(map(wasted, game.legal(state, "ana"))), command


def test_stoneage_bot_never_declines_what_it_can_pay_for_nor_starves_when_it_can_pay():
    for _state, _player, command, legal in bot_decisions("stoneage", 3):
        words = command.split()
        if words[0] == "skip":
            kind, k = words[1], words[2]
            buying = f"buy card {k}" if kind == "card" else f"build {k}"
            assert not [c for c in legal if c.startswith(buying)], (command, legal)
        if command == "starve":
            assert not [c for c in legal if c.startswith("pay")], legal
        assert words[:2] not in (["tools", "auto"], ["tools", "ask"])


def test_stoneage_bot_spends_no_tool_that_does_not_raise_the_yield():
    """Asked which tools to use for a roll ('tools ask'), every tool it plays raises the
    yield."""
    decided = 0
    for state, _player, command, _legal in bot_decisions("stoneage", 3, ask_tools=True):
        if not command.startswith("tools"):
            continue
        item = state["pending"][0]
        used = [int(w.lstrip("c")) for w in command.split()[1:] if w != "none"]
        got = stoneage_rules.yield_of(item["good"], item["dice"], sum(used))
        for one in used:
            assert stoneage_rules.yield_of(item["good"], item["dice"], sum(used) - one) < got
        decided += 1
    assert decided


def test_stoneage_bot_places_no_figure_where_it_gets_nothing():
    """The hut with ten figures, the field at agriculture 10 and the tool maker with every
    tool at 4 give nothing: the bot goes to the hunting grounds instead."""
    game = engine.load("stoneage")
    state = game.new(["ana", "bob"], seed=2)
    me = state["p"][state["players"][state["turn"]]]
    player = state["players"][state["turn"]]
    me["figures"] = stoneage_data.MAX_FIGURES
    me["agriculture"] = stoneage_data.MAX_AGRICULTURE
    me["tools"] = [stoneage_data.MAX_TOOL_VALUE] * stoneage_data.MAX_TOOL_TILES
    me["used"] = [False] * stoneage_data.MAX_TOOL_TILES
    wasted = ("place hut", "place field", "place toolmaker")
    assert set(wasted) <= set(game.legal(state, player))
    command = game.bot(state, player, random.Random(1))
    assert command not in wasted


def test_hengist_bot_never_ends_its_turn_while_a_raid_or_a_free_landing_is_there():
    for state, player, command, legal in bot_decisions("hengist", 2):
        if command != "done":
            continue
        assert not [c for c in legal if c.startswith("raid")], legal
        in_boat = [
            c
            for c in legal
            if c.startswith("move ")
            and len(c.split()) == 3
            and state["parties"][player][hengist_data.PARTY_LETTERS.index(c.split()[1])]
            == hengist_places.BOAT
        ]
        assert not in_boat, legal


def test_hengist_bot_never_pays_three_cards_for_a_road_one_terrain_card_pays():
    for _state, _player, command, legal in bot_decisions("hengist", 2):
        words = command.split()
        if words[0] != "move" or len(words) != 3 + hengist_data.DISCARD_MOVE_CARDS:
            continue
        single = [
            c
            for c in legal
            if c.split()[:3] == words[:3] and len(c.split()) == 4 and c.split()[3] != "explorer"
        ]
        assert not single, (command, single)
