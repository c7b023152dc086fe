"""The eight actions: forest, mammoths and the tusk, the sacred mountain, trade."""

from __future__ import annotations

import json

import pytest

from engine import IllegalMove


def test_forest_cards_face_down_and_usable_next_turn(h):
    """Talar: per hand one bonus card, face down and unseen, usable from the next round."""
    s = h.new()
    s = h.lay(s, "p1", {"forest": 2, "mountain": 1, "honga": 1})
    me = s["pl"]["p1"]
    assert len(me["fresh"]) == 2 and me["bonus"] == []
    assert not any(c.startswith("bonus") for c in h.GAME.legal(s, "p1"))
    own = h.GAME.view(s, "p1")
    assert own["own"]["bonus"] == [] and own["table"][0]["bonus_face_down"] == 2
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert len(s["pl"]["p1"]["bonus"]) == 2 and s["pl"]["p1"]["fresh"] == []
    assert len(h.GAME.view(s, "p1")["own"]["bonus"]) == 2


def test_lure_pays_and_enters_first_place(h):
    """Atraer: per hand one mammoth for 1 fish + 1 berry + 1 mushroom, into the first place;
    the others move one place on."""
    s = h.new()
    s["herd"] = ["p2"]
    s["placed"]["p2"] = 1
    s["herd_clock"] = 1
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    assert "lure" in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "lure")
    assert s["herd"] == ["p1", "p2"]
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    # nothing left to pay a second one
    assert "lure" not in h.GAME.legal(s, "p1")
    with pytest.raises(IllegalMove, match="costs 1 fish"):
        h.play(s, "p1", "lure")


def test_lure_with_water_joker(h):
    """Agua: two water drops always stand in for a fish, a berry or a mushroom."""
    s = h.new()
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 1, "mushrooms": 1, "water": 2}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    assert s["herd"] == ["p1"]


def test_pushed_past_last_place_goes_to_owner_board(h):
    """Manada: a mammoth pushed past the last place goes to its owner's player board;
    the herd holds 3 mammoths with two players."""
    s = h.new()
    s["herd"] = ["p2", "p2", "p2"]
    s["placed"]["p2"] = 3
    s["herd_clock"] = 3
    s["tusk"] = "p2"
    s["pl"]["p1"]["res"] = {"fish": 5, "berries": 5, "mushrooms": 5, "water": 0}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert s["herd"] == ["p1", "p2", "p2"] and s["pl"]["p2"]["board"] == 1
    s = h.play(s, "p1", "lure")
    assert s["herd"] == ["p1", "p1", "p2"] and s["pl"]["p2"]["board"] == 2
    assert s["tusk"] == "p1"


def test_no_mammoth_left_in_supply(h):
    """Each player has 6 mammoths; with none in the supply there is nothing to lure."""
    s = h.new()
    s["pl"]["p1"]["board"] = 6
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    assert "lure" not in h.GAME.legal(s, "p1")


def test_tusk_tie_goes_to_latest(h):
    """Colmillo: most mammoths in the herd; on a tie the player who placed there last."""
    s = h.new()
    s["herd"] = ["p2"]
    s["placed"]["p2"] = 1
    s["herd_clock"] = 1
    s["tusk"] = "p2"
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert s["tusk"] == "p1"


def test_tusk_holder_draws_red(h):
    """4. Holding the tusk at the end of your turn you take a red card."""
    s = h.new()
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    s = h.play(s, "p1", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p1"]["card"]]["colour"] == "red"
    assert h.GAME.view(s, None)["table"][0]["card_colour"] == "red"


def test_mountain_top_scores_and_resets(h):
    """Venerar: one step per hand; the top scores 5, the others score their step, then all
    figures go back to the first step; steps past the top are lost."""
    s = h.new(3)
    s["pl"]["p1"]["step"] = 4
    s["pl"]["p2"]["step"] = 5
    s["pl"]["p3"]["step"] = 2
    s = h.lay(s, "p1", {"mountain": 3, "trade": 1}, colour="grey")
    s = h.play(s, "p1", "climb")
    assert {p: s["pl"][p]["score"] for p in s["players"]} == {"p1": 5, "p2": 3, "p3": 1}
    assert all(s["pl"][p]["step"] == 1 for p in s["players"])
    assert s["turn"]["hands"]["mountain"] == 0 and s["log"][-2]["lost"] == 1


def test_mountain_climb_below_top(h):
    s = h.new()
    s = h.lay(s, "p1", {"mountain": 2, "forest": 1, "honga": 1})
    assert s["pl"]["p1"]["step"] == 3 and s["pl"]["p1"]["score"] == 0


def _trade_setup(h, cost, res, slot=0):
    s = h.new()
    s["trade_slots"][slot] = h.trade_id(cost)
    s["pl"]["p1"]["res"] = res
    return s


def test_trade_pays_scores_and_refills_after_turn(h):
    """Intercambiar: per hand one face-up card: pay, score at once, card to the discard;
    gaps refill only after the turn."""
    s = _trade_setup(h, (1, 1, 1, 0, 0), {"fish": 2, "berries": 1, "mushrooms": 1, "water": 0})
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    card = s["trade_slots"][0]
    s = h.play(s, "p1", "trade 1")
    assert s["pl"]["p1"]["score"] == 4
    assert h.res(s, "p1") == {"fish": 1, "berries": 0, "mushrooms": 0, "water": 0}
    assert s["trade_slots"][0] is None and s["trade_discard"] == [card]
    assert "trade 1" not in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "done")
    assert s["trade_slots"][0] is not None


def test_trade_needs_a_payable_card(h):
    s = _trade_setup(h, (3, 3, 0, 0, 0), {"fish": 1, "berries": 1, "mushrooms": 1, "water": 0})
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove):
        h.play(s, "p1", "trade 1")


def test_trade_water_joker(h):
    """Agua: two water pay a missing fish, berry or mushroom in a trade."""
    s = _trade_setup(h, (2, 0, 0, 0, 0), {"fish": 1, "berries": 0, "mushrooms": 0, "water": 3})
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 0, "water": 1}


def test_trade_deck_reshuffles_discard(h):
    """Nota: an empty draw pile is rebuilt by shuffling the used cards."""
    s = _trade_setup(h, (1, 1, 0, 0, 0), {"fish": 2, "berries": 2, "mushrooms": 1, "water": 0})
    s["trade_discard"] = s["trade_deck"]
    s["trade_deck"] = []
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    s = h.play(s, "p1", "done")
    assert None not in s["trade_slots"]
    assert len(s["trade_deck"]) + len(s["trade_discard"]) == 29


def test_trade_mammoths_from_board_or_herd(h):
    """Intercambios de mamuts: from your board and/or any place in the herd, back to the
    supply; the tusk is checked again."""
    s = _trade_setup(h, (0, 0, 0, 1, 1), {"fish": 0, "berries": 0, "mushrooms": 0, "water": 1})
    s["pl"]["p1"]["board"] = 1
    s["herd"] = ["p2", "p1"]
    s["placed"] = {"p1": 2, "p2": 1}
    s["herd_clock"] = 2
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert s["phase"] == "pay"
    assert h.GAME.legal(s, "p1") == ["pay board", "pay herd 2"]
    s = h.play(s, "p1", "herd 2")
    assert s["herd"] == ["p2"] and s["tusk"] == "p2"
    assert s["pl"]["p1"]["score"] == 4 and s["phase"] == "act"
    assert h.rules.mammoth_supply(s, "p1") == 5


def test_trade_mammoth_without_choice_is_automatic(h):
    s = _trade_setup(h, (0, 0, 0, 1, 1), {"fish": 0, "berries": 0, "mushrooms": 0, "water": 1})
    s["pl"]["p1"]["board"] = 2
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "t1")
    assert s["phase"] == "act" and s["pl"]["p1"]["board"] == 1


def test_action_deck_reshuffles_from_board(h):
    """Nota: an empty action pile is rebuilt from the covered cards of its colour."""
    s = h.new()
    covered = s["decks"]["grey"][:3]
    s["decks"]["grey"] = []
    s["circles"]["1"]["stack"] = covered
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    assert s["pl"]["p1"]["card"] in covered[:2]
    assert s["circles"]["1"]["stack"] == covered[2:]
    json.dumps(s)
