"""Hidden information stays hidden: hands, unseen road tiles, the draw pile, the set-aside stock."""

from __future__ import annotations

import json
import random

from hengist_helpers import fresh, play

from engine.hengist import GAME


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
