"""The engine contract, checked on every registered game and every player count.

A game passes by being registered. Random games are played to the end from seeds; at each
step the suite checks the contract: legal strings accepted, garbage refused with the state
unchanged, determinism, dump/restore, JSON views, hidden log events kept private.
"""

from __future__ import annotations

import gettext
import json
import random

import pytest

import engine
from engine.contract import copy_state, normalize
from engine.frozen import FrozenDict, FrozenList
from engine.i18n import use

GARBAGE = [
    "",
    "   ",
    "xyzzy",
    "place card on the moon",
    "42",
    "-1",
    "🦣",
    "trade 999",
    "play play play",
    "\x00",
    "a" * 500,
]

# (game, players, options): every registered game at every player count, and every option set
# a game wants covered (CONFORMANCE_OPTIONS on the Game).
CASES = [
    (name, n, options)
    for name in engine.names()
    for n in range(engine.load(name).min_players, engine.load(name).max_players + 1)
    for options in getattr(engine.load(name), "conformance_options", [{}])
]


def case_id(case):
    name, n, options = case
    extra = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}-{n}p" + (f"-{extra}" if extra else "")


def players(n):
    return [f"p{i}" for i in range(1, n + 1)]


def random_game(game, n, seed, options, check=None, max_steps=20000):
    """Play random legal commands to the end; call ``check(state, player, command)`` each step."""
    state = game.new(players(n), seed=seed, options=options)
    chooser = random.Random(seed)
    trail = []
    for _ in range(max_steps):
        waiting = game.to_move(state)
        if not waiting:
            return state, trail
        player = chooser.choice(waiting)
        legal = game.legal(state, player)
        assert legal, f"{player} must move but has no legal command"
        command = chooser.choice(legal)
        if check:
            check(state, player, command)
        state = game.play(state, player, command)
        trail.append((player, command))
    raise AssertionError(f"game did not end within {max_steps} commands")


def check_result(game, state, n):
    result = game.result(state)
    assert result is not None
    assert set(result["scores"]) == set(players(n))
    assert sorted(result["ranking"]) == sorted(players(n))
    scores = result["scores"]
    assert all(isinstance(v, int) for v in scores.values())
    # the ranking never puts a lower score before a higher one
    ordered = [scores[p] for p in result["ranking"]]
    assert ordered == sorted(ordered, reverse=True)
    # places: 1 for the first, shared by players the rules cannot tell apart, never better
    # for a lower score
    places = [result["places"][p] for p in result["ranking"]]
    assert places[0] == 1 and places == sorted(places)
    assert all(place in (index + 1, places[index - 1]) for index, place in enumerate(places))
    json.dumps(result)


def changeable(value) -> list:
    """Every list and dict in ``value`` that can still be changed (frozen ones cannot)."""
    if isinstance(value, dict):
        items = value.values()
    elif isinstance(value, list):
        items = value
    else:
        return []
    own = [] if isinstance(value, (FrozenDict, FrozenList)) else [value]
    return own + [part for item in items for part in changeable(item)]


def random_count(game):
    return getattr(game, "conformance_games", 20)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_end_with_a_sane_result(case):
    name, n, options = case
    game = engine.load(name)
    for seed in range(random_count(game)):
        state, _ = random_game(game, n, seed, options)
        check_result(game, state, n)
        assert game.to_move(state) == []
        for p in players(n):
            assert game.legal(state, p) == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_step_keeps_the_contract(case):
    name, n, options = case
    game = engine.load(name)
    garbage = random.Random(7)

    def check(state, player, command):
        before = json.dumps(game.dump(state), sort_keys=True)
        # dump/restore round trip, through JSON text
        again = game.restore(json.loads(before))
        assert json.dumps(game.dump(again), sort_keys=True) == before
        # views: JSON-able, and the public one holds no private events
        for who in [None, *state["players"]]:
            view = game.view(state, who)
            json.dumps(view)
            for event in view["log"]:
                assert "to" not in event or who in event["to"]
        # every legal string is accepted (spot-check a few), garbage is refused
        legal = game.legal(state, player)
        for other in garbage.sample(legal, min(3, len(legal))):
            game.play(state, player, other)
        junk = garbage.choice(GARBAGE)
        if junk.strip().lower() not in legal:
            with pytest.raises(engine.IllegalMove):
                game.play(state, player, junk)
        # a refused command draws nothing first (a refusal must not tell a draw's outcome)
        for refused in (f"{command} xyzzy", f"{command} 99", junk):
            scratch = copy_state(state)
            try:
                game.apply(scratch, player, normalize(refused))
            except engine.IllegalMove:
                assert game.draws(scratch) == game.draws(state), refused
        # a player who may not move is refused
        idle = [p for p in state["players"] if p not in game.to_move(state)]
        if idle:
            with pytest.raises(engine.IllegalMove):
                game.play(state, idle[0], command)
        # nothing above changed the state
        assert json.dumps(game.dump(state), sort_keys=True) == before
        # the move gives the same state whether the game stayed in memory or was stored
        # as JSON and loaded again (as the service does between two mails)
        kept = game.play(state, player, command)
        reloaded = game.play(game.restore(json.loads(before)), player, command)
        # no list or dict that can change is shared between two states (the log's frozen
        # events are shared)
        assert not {id(part) for part in changeable(state)} & {
            id(part) for part in changeable(kept)
        }
        assert json.dumps(game.dump(kept), sort_keys=True) == json.dumps(
            game.dump(reloaded), sort_keys=True
        )
        # the help text is there for whoever is to move
        assert game.help(state, player).strip()

    random_game(game, n, 1000, options, check=check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_nothing_a_player_reads_depends_on_the_seed(case):
    """The seed decides every future die and shuffle: no view, legal list or help may show
    it, so the same position with another seed reads the same to everybody."""
    name, n, options = case
    game = engine.load(name)

    def readable(state):
        return [
            (
                json.dumps(game.view(state, who), sort_keys=True),
                game.legal(state, who) if who else [],
                game.help(state, who),
            )
            for who in [None, *state["players"]]
        ]

    steps = []

    def check(state, player, command):
        steps.append(command)
        if len(steps) % 5 == 1:
            assert readable({**state, "seed": state["seed"] + 1}) == readable(state)

    random_game(game, n, 2000, options, check=check)
    assert len(steps) > 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_same_game(case):
    name, n, options = case
    game = engine.load(name)
    first, trail = random_game(game, n, 99, options)
    replay = game.new(players(n), seed=99, options=options)
    for player, command in trail:
        replay = game.play(replay, player, command)
    assert json.dumps(game.dump(replay), sort_keys=True) == json.dumps(
        game.dump(first), sort_keys=True
    )
    for who in [None, *players(n)]:
        assert json.dumps(game.view(replay, who), sort_keys=True) == json.dumps(
            game.view(first, who), sort_keys=True
        )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bots_finish_games_and_beat_random(case):
    name, n, options = case
    game = engine.load(name)
    wins = 0
    rounds = getattr(game, "conformance_bot_games", 10)
    for seed in range(rounds):
        state = game.new(players(n), seed=seed, options=options)
        chooser = random.Random(seed)
        for _ in range(20000):
            waiting = game.to_move(state)
            if not waiting:
                break
            player = chooser.choice(waiting)
            if player == "p1":
                command = game.bot(state, player, chooser)
            else:
                command = chooser.choice(game.legal(state, player))
            state = game.play(state, player, command)
        result = game.result(state)
        assert result is not None
        if result["ranking"][0] == "p1":
            wins += 1
    # a bot seated first among random players wins clearly more than its fair share
    assert wins / rounds > 1.5 / n, f"bot won {wins} of {rounds}"


@pytest.mark.parametrize("name", engine.names())
def test_game_describes_itself(name):
    game = engine.load(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    with pytest.raises(ValueError):
        game.new(players(game.max_players + 1), seed=1)
    with pytest.raises(ValueError):
        game.new(players(game.min_players), seed=1, options={"no_such_option": True})
    state = game.new(players(game.min_players), seed=1)
    assert game.result(state) is None
    assert game.to_move(state)
    for event in game.view(state, None)["log"]:
        assert game.describe(event).strip()


class _Marking(gettext.NullTranslations):
    """A catalogue that marks every sentence it translates."""

    def gettext(self, message):
        return "«" + message

    def ngettext(self, singular, plural, n):
        return "«" + (singular if n == 1 else plural)


@pytest.mark.parametrize("name", engine.names())
def test_game_has_a_rules_summary_in_the_players_language(name):
    """The ``rules`` answer: a few paragraphs, every one through gettext."""
    game = engine.load(name)
    english = game.summary()
    assert len(english) >= 3 and all(isinstance(p, str) and p.strip() for p in english)
    assert game.title in english[0]
    with use(_Marking()):
        marked = game.summary()
    assert len(marked) == len(english)
    assert all(paragraph.startswith("«") for paragraph in marked)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError) as error:
        engine.load("chess")
    for name in engine.names():
        assert name in str(error.value)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bot_says_why_it_plays_each_command_in_the_readers_language(case):
    """The autopilot's mail says why the bot played a move: a short phrase for every command
    the bot chooses, one line, through gettext, and the state left as it was."""
    name, n, options = case
    game = engine.load(name)
    state = game.new(players(n), seed=3, options=options)
    chooser = random.Random(3)
    while waiting := game.to_move(state):
        player = waiting[0]
        command = game.bot(state, player, chooser)
        before = json.dumps(game.dump(state), sort_keys=True)
        reason = game.reason_for(state, player, command)
        assert json.dumps(game.dump(state), sort_keys=True) == before
        assert isinstance(reason, str) and reason.strip(), command
        assert "\n" not in reason, (command, reason)
        with use(_Marking()):
            assert game.reason_for(state, player, command).startswith("«"), command
        state = game.play(state, player, command)
