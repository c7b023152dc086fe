"""Hidden information stays hidden: hands, unseen road tiles, the draw pile, the set-aside stock."""

from __future__ import annotations

import json
import random

import pytest
from hengist_helpers import fresh, play

from engine import IllegalMove
from engine.hengist import GAME
from tests.hidden_information import random_states as states_of


def view_text(state, who):
    return json.dumps(GAME.view(state, who))


def test_a_hand_is_seen_only_by_its_owner():
    """Your hand is yours; the opponent and the public see only its size."""
    state = fresh()
    state["hands"]["ann"] = ["hill/forest", "hill/forest"]
    state["hands"]["bob"] = ["river/mountain"]
    assert "hill/forest" in view_text(state, "ann")
    assert "hill/forest" not in view_text(state, "bob")
    assert "hill/forest" not in view_text(state, None)
    assert "river/mountain" not in view_text(state, "ann")
    assert GAME.view(state, "bob")["hand_sizes"]["ann"] == 2
    assert GAME.view(state, None)["hand"] is None


def test_drawn_cards_are_private_events():
    state = fresh()
    state["deck"] = ["river/mountain"] * 5
    state = play(state, "done")
    assert "river/mountain" in view_text(state, "ann")
    assert "river/mountain" not in view_text(state, "bob")
    assert "river/mountain" not in view_text(state, None)
    public = [e for e in GAME.view(state, "bob")["log"] if e["type"] == "draw"]
    assert public[-1]["count"] == 2


def test_a_road_tile_is_seen_only_by_who_looked_until_both_have():
    """Road tiles lie face down; a raid or a spy shows one to the raider / spy only; once both
    players have seen it, it lies face up for everybody."""
    state = fresh()
    tiles = [b["road"] for b in state["boards"]]
    for who in (None, "ann", "bob"):
        text = view_text(state, who)
        assert not any(tile in text for tile in tiles)
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 3")
    assert tiles[2] in view_text(state, "ann")
    assert tiles[2] not in view_text(state, "bob")
    assert tiles[2] not in view_text(state, None)
    assert not any(t in view_text(state, "ann") for t in tiles[:2])
    state = play(state, "done")
    state["parties"]["bob"] = ["h32", "boat", "boat"]
    state["hands"]["bob"] = ["hill", "river", "forest"]
    state = play(state, "raid a white hill river forest", player="bob")
    for who in (None, "ann", "bob"):
        assert tiles[2] in view_text(state, who)


def test_a_raid_shows_the_road_tile_only_to_the_raider():
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "mountain"]
    state = play(state, "raid a blue hill mountain")
    assert "WGBR" in view_text(state, "ann")
    assert "WGBR" not in view_text(state, "bob")
    assert "WGBR" not in view_text(state, None)


def test_draw_pile_and_set_aside_stock_are_nobodys():
    """Face-down draw pile, spare road tiles and set-aside treasures: only their counts show."""
    state = fresh()
    state["deck"] = ["mountain/forest"] * 3
    state["aside_roads"] = ["RGWB", "BGRW", "RWBG"]
    state["aside_treasures"] = [77, 66, 55, 44]
    for who in (None, "ann", "bob"):
        text = view_text(state, who)
        assert "mountain/forest" not in text
        assert not any(tile in text for tile in state["aside_roads"])
        assert not any(str(v) in text for v in state["aside_treasures"])
        view = GAME.view(state, who)
        assert view["draw_pile"] == 3 and view["set_aside"] == {"roads": 3, "treasures": 4}


def test_random_games_never_show_unseen_road_tiles_or_other_hands():
    """Through whole random games: every view holds only the road tiles its owner saw."""
    for seed in range(5):
        state = GAME.new(["ann", "bob"], seed=seed)
        chooser = random.Random(seed)
        while GAME.to_move(state):
            player = GAME.to_move(state)[0]
            for who in (None, "ann", "bob"):
                view = GAME.view(state, who)
                for board, shown in zip(state["boards"], view["boards"], strict=True):
                    known = len(board["seen"]) == 2 or who in board["seen"]
                    assert (shown["road"] == board["road"]) if known else shown["road"] is None
                for event in view["log"]:
                    if "road" in event and event["type"] == "road_seen":
                        assert event["to"] == [who]
                assert (view["hand"] is None) == (who is None)
            state = GAME.play(state, player, chooser.choice(GAME.legal(state, player)))


def random_states(seeds=range(6)):
    """Every state of a few random games (bot and random moves mixed)."""
    return states_of(GAME, ["ann", "bob"], seeds)


def test_public_events_never_carry_hidden_data():
    """Public events: no road tile except once both players have seen it ('colócala boca
    arriba'); no drawn cards (only their count); cards only when played, face up."""
    state = list(random_states())[-1]
    for event in state["log"]:
        if "to" in event:
            assert event["type"] in ("drew", "road_seen") and len(event["to"]) == 1
            assert event["to"] == [event["player"]]
            continue
        assert event["type"] not in ("drew", "road_seen")
        if event["type"] != "road_revealed":
            assert "road" not in event and "roads" not in event
        if event["type"] == "reshuffle":
            assert isinstance(event["cards"], int)  # how many, not which
        elif "cards" in event:
            assert event["type"] in ("move", "raid")  # played cards lie face up


def test_a_flipped_board_gets_a_new_face_down_road_tile():
    """'Coloca una nueva baldosa de camino ... como hiciste durante la configuración': the new
    tile is face down for everybody and nobody's shield is on it, even if the old tile lay face
    up; the set-aside tile was never shown."""
    state = fresh()
    state["boat"] = ["3", 1]
    state["boards"][0]["seen"] = ["ann", "bob"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 2")
    flipped = GAME.view(state, None)["boards"][2]
    assert flipped["road"] is None and flipped["seen_by"] == [] and not flipped["road_face_up"]
    for who in (None, "ann", "bob"):
        assert GAME.view(state, who)["boards"][2]["road"] is None
        assert "GRBW" not in view_text(state, who)


def test_the_bot_decides_on_what_its_player_may_know():
    """The bot's choice does not change when the hidden part of the state changes: the other
    hand, the draw pile's order, unseen road tiles, the set-aside stock."""
    checked = 0
    for n, state in enumerate(random_states(range(4))):
        if not GAME.to_move(state) or n % 3:
            continue
        player = GAME.to_move(state)[0]
        other = "bob" if player == "ann" else "ann"
        twin = json.loads(json.dumps(state))
        twin["hands"][other] = ["explorer"] * len(twin["hands"][other])
        twin["deck"] = sorted(twin["deck"], reverse=True)
        twin["aside_roads"] = list(reversed(twin["aside_roads"]))
        twin["aside_treasures"] = sorted(twin["aside_treasures"])
        for board in twin["boards"]:
            if player not in board["seen"]:
                board["road"] = board["road"][::-1]
        assert GAME.view(twin, player) == GAME.view(state, player)
        assert GAME.bot(state, player, random.Random(n)) == GAME.bot(twin, player, random.Random(n))
        checked += 1
    assert checked > 20


def test_help_and_refusals_show_only_your_own_cards():
    """Help and error messages go to one player: they may name that player's hand, never the
    other's."""
    state = fresh()
    state["hands"]["ann"] = ["hill"]
    state["hands"]["bob"] = ["mountain/forest"]
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    assert "mountain/forest" not in GAME.help(state, "ann")
    assert "mountain/forest" not in GAME.help(state, "bob")
    with pytest.raises(IllegalMove) as error:
        play(state, "move a h1 river")
    assert "mountain/forest" not in str(error.value)
    with pytest.raises(IllegalMove) as error:
        play(state, "move a h1 hill hill hill")
    assert "hill" in str(error.value) and "mountain/forest" not in str(error.value)
