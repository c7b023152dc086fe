"""Dice and draws cannot be probed (issue 9.5): a draw once made is binding, as at the table.

A mail's lines are played in order. When a line is refused after an earlier line made a random
draw (dice, a shuffle, a card or tile from a face-down pile), the lines up to and including the
last one that drew stay applied, and the failing line and all after it are refused; with no
draw before it, nothing is applied. A refusal therefore never tells the outcome of a draw that
is not applied, and sending the same lines again in another order brings no other dice.
"""

from __future__ import annotations

import random

import pytest

import engine
from pbem.games import Refused, play_lines

STONEAGE = engine.load("stoneage")
HONGA = engine.load("honga")
HENGIST = engine.load("hengist")


def at_action(state: dict, board: dict) -> dict:
    """A Stone Age game jumped to p1's action turn with ``board`` ({place: {player: n}})."""
    state["board"] = board
    state["placed"] = {p: sum(b.get(p, 0) for b in board.values()) for p in state["players"]}
    state.update(phase="action", start=0, turn=0, acted=0)
    return state


def rolls(state: dict, place: str) -> list[dict]:
    return [e for e in state["log"] if "dice" in e and e.get("place") == place]


# -- Stone Age: the dice at a resource place ---------------------------------------------------


def stoneage_forest_hunt() -> dict:
    state = STONEAGE.new(["p1", "p2"], seed=4)
    return at_action(state, {"forest": {"p1": 1}, "hunt": {"p1": 1}, "card4": {"p1": 1}})


def test_stoneage_the_forest_roll_stays_applied_when_the_purchase_after_it_fails():
    """Rule text: "Durante la fase de acciones, los jugadores usan sus figuras para obtener recursos ...
    en el orden que elijan": the order is the player's, the dice are not. One figure in the
    forest yields at most 2 wood, so 'buy card 4 pay 4 wood' after it always fails."""
    before = stoneage_forest_hunt()
    played = play_lines(STONEAGE, before, "p1", ["use forest", "buy card 4 pay 4 wood"])
    assert played.lines == ["use forest"]
    assert played.refused.line == "buy card 4 pay 4 wood" and played.refused.set_aside == []
    assert "wood" in played.refused.reason
    # exactly the roll an honest 'use forest' gets: nothing to choose
    assert played.state == STONEAGE.play(before, "p1", "use forest")
    forest = rolls(played.state, "forest")
    assert len(forest) == 1
    # sending the lines again in another order cannot roll the forest again
    again = play_lines(STONEAGE, played.state, "p1", ["use hunt", "use forest"])
    assert again.lines == ["use hunt"] and again.refused.line == "use forest"
    assert rolls(again.state, "forest") == forest


def test_stoneage_with_no_roll_before_the_failing_line_nothing_is_applied():
    before = stoneage_forest_hunt()
    with pytest.raises(Refused) as refused:
        play_lines(STONEAGE, before, "p1", ["buy card 4 pay 4 wood", "use forest"])
    assert refused.value.line == "buy card 4 pay 4 wood"
    assert refused.value.set_aside == ["use forest"]


def test_stoneage_lines_between_the_roll_and_the_failing_line_are_set_aside():
    before = stoneage_forest_hunt()
    played = play_lines(STONEAGE, before, "p1", ["use forest", "skip card 4", "fly away", "x"])
    assert played.lines == ["use forest"]
    assert played.refused.line == "fly away" and played.refused.set_aside == ["skip card 4", "x"]


# -- HONGA: the bonus deck ---------------------------------------------------------------------


def honga_forest_placement() -> tuple[dict, str]:
    state = HONGA.new(["ann", "bob"], seed=3)
    for command in HONGA.legal(state, "ann"):
        after = HONGA.play(state, "ann", command)
        if len(after["bonus_deck"]) < len(state["bonus_deck"]):
            return state, command
    raise AssertionError("no placement with a hand on the forest")


def test_honga_a_bonus_card_taken_from_the_deck_stays_taken():
    """Rule text: "Talar el espeso bosque: por cada mano que señale hacia el bosque, podrás coger una
    carta de bonificación. Coloca la carta boca abajo y sin mirarla": the card comes off the
    face-down deck when the card is laid, and a later refused line does not put it back."""
    before, place = honga_forest_placement()
    played = play_lines(HONGA, before, "ann", [place, "fly to the moon"])
    assert played.lines == [place] and played.refused.line == "fly to the moon"
    assert played.state == HONGA.play(before, "ann", place)
    fresh = played.state["pl"]["ann"]["fresh"]
    assert fresh and fresh == before["bonus_deck"][::-1][: len(fresh)]  # the top of the deck


def test_honga_a_placement_that_draws_nothing_is_refused_with_the_line_after_it():
    before = HONGA.new(["ann", "bob"], seed=3)
    quiet = next(
        c
        for c in HONGA.legal(before, "ann")
        if HONGA.draws(HONGA.play(before, "ann", c)) == HONGA.draws(before)
    )
    with pytest.raises(Refused) as refused:
        play_lines(HONGA, before, "ann", [quiet, "fly to the moon"])
    assert refused.value.line == "fly to the moon"


# -- Hengist: the draw pile --------------------------------------------------------------------


def test_hengist_the_cards_drawn_at_the_end_of_the_turn_stay_drawn():
    """Rule text: "En su primer turno, el jugador inicial puede realizar 2 acciones como máximo" and
    "B. Sacar cartas: Roba 2 cartas": the second action ends the first turn and draws from the
    face-down pile, so a third line is refused and the two moves and the draw stay applied."""
    before = HENGIST.new(["ann", "bob"], seed=3)
    lines = ["move a 1a", "move b 1b", "move c 1c"]
    played = play_lines(HENGIST, before, "ann", lines)
    assert played.lines == ["move a 1a", "move b 1b"]
    assert played.refused.line == "move c 1c"
    assert "Your turn was over after the line before (move b 1b)" in played.refused.reason
    assert len(played.state["hands"]["ann"]) == len(before["hands"]["ann"]) + 2
    assert HENGIST.to_move(played.state) == ["bob"]


def test_hengist_a_look_at_a_road_tile_counts_as_a_draw():
    """Rule text: "Puedes espiar con un grupo de asalto jugando una carta de Explorador. Si lo hace, mire
    el otro lado de una loseta de carretera": once looked at, it stays looked at."""
    state = HENGIST.new(["ann", "bob"], seed=3)
    state["hands"]["ann"].append("explorer")
    played = play_lines(HENGIST, state, "ann", ["spy a 2", "raid a white"])
    assert played.lines == ["spy a 2"] and "ann" in played.state["boards"][1]["seen"]


# -- the property: no pair of refused mails reveals more than applied mails would -------------


def _position(game, seed: int, steps: int) -> dict:
    players = [f"p{i}" for i in range(1, game.min_players + 1)]
    state, chooser = game.new(players, seed=seed), random.Random(seed)
    for _ in range(steps):
        waiting = game.to_move(state)
        if not waiting:
            break
        state = game.play(state, waiting[0], game.bot(state, waiting[0], chooser))
    return state


def _mail(game, state: dict, player: str, chooser: random.Random) -> list[str]:
    """Lines a player might write blind: legal-looking commands of this position, in any
    order, and a line that cannot work."""
    legal = game.legal(state, player) or ["done"]
    lines = [chooser.choice(legal) for _ in range(chooser.randint(1, 4))]
    lines.insert(chooser.randint(0, len(lines)), chooser.choice(["fly to the moon", *legal]))
    return lines


def _answer(game, state: dict, player: str, lines: list[str]) -> tuple[dict, list, Refused | None]:
    """The attacker's view of one mail: the stored state after it, the lines applied, and the
    refusal it was told."""
    try:
        played = play_lines(game, state, player, lines)
    except Refused as refused:
        return state, [], refused
    return played.state, played.lines, played.refused


@pytest.mark.parametrize("name", engine.names())
def test_no_pair_of_refused_mails_reveals_more_than_the_applied_lines(name):
    """For many positions and orders: whatever two mails, refused or applied in part, told
    the player (the stored position after each, the refused line and why) an honest player
    learns from the applied lines sent alone, and from a mail of the unapplied lines that is
    refused whole. So every die and card the player saw is one of the game's applied log."""
    game = engine.load(name)
    partly = 0
    for seed in range(40):
        chooser = random.Random(seed)
        start = _position(game, seed, chooser.randint(0, 30))
        if not game.to_move(start):
            continue
        player = game.to_move(start)[0]
        state, applied = start, []
        for _ in range(2):
            if player not in game.to_move(state):
                break
            lines = _mail(game, state, player, chooser)
            after, kept, refused = _answer(game, state, player, lines)
            if refused is None:
                assert kept == lines
            else:
                partly += bool(kept)
                # the applied lines end with the last line that drew
                if kept:
                    last = play_lines(game, state, player, kept[:-1]).state if kept[1:] else state
                    assert game.draws(after) != game.draws(last)
                # the refusal is what the rest of the mail, sent after the applied lines, gets
                # refused whole: it drew nothing that is not applied
                if player in game.to_move(after):
                    with pytest.raises(Refused) as honest:
                        play_lines(game, after, player, lines[len(kept) :])
                    assert (honest.value.line, honest.value.reason) == (
                        refused.line,
                        refused.reason,
                    )
                else:
                    assert refused.reason.startswith("Your turn was over after the line before")
            applied += kept
            state = after
        # the applied lines sent as one honest mail give the very same position and draws
        if applied:
            honest = play_lines(game, start, player, applied)
            assert honest.refused is None and honest.state == state
    assert partly, "no mail was applied in part: the test exercised nothing"


@pytest.mark.parametrize("join", [", ", "; ", " and then "])
def test_commands_joined_on_one_line_bind_a_draw_as_lines_do(join):
    """'use forest, buy card 4 pay 4 wood' on one line: whether the line is cut must not hang
    on the roll (cut only when the roll allowed the purchase, the refusal would tell the roll
    was short, and nothing being applied, the player could roll the forest after other dice).
    It is played as the two lines are: the roll stays applied, the purchase is refused."""
    before = stoneage_forest_hunt()
    lines = ["use forest", "buy card 4 pay 4 wood"]
    joined = play_lines(STONEAGE, before, "p1", [join.join(lines)])
    apart = play_lines(STONEAGE, before, "p1", lines)
    assert joined.lines == apart.lines == ["use forest"]
    assert joined.state == apart.state and joined.refused.line == "buy card 4 pay 4 wood"
