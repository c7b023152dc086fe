"""One test per decision docs/rules/honga.md takes where the texts are silent."""

from __future__ import annotations

import pytest

from engine import IllegalMove


def test_tusk_returns_when_herd_empties(h):
    """Decision: a trade that empties the herd sends the tusk back to the clearing."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 1, 1))
    s["pl"]["p1"]["res"]["water"] = 1
    s["herd"] = ["p1"]
    s["placed"]["p1"] = 1
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert s["herd"] == [] and s["tusk"] is None


def test_printed_resource_first_then_swap_then_water(h):
    """Decision: the printed resource pays first, then the swapped one, then water."""
    pay = h.rules.payment(
        {"fish": 0, "berries": 1, "mushrooms": 3, "water": 4},
        {"berries": 2, "mushrooms": 1},
        swap=True,
    )
    assert pay == {"fish": 0, "berries": 1, "mushrooms": 2, "water": 0}
    pay = h.rules.payment({"fish": 0, "berries": 1, "mushrooms": 1, "water": 4}, {"berries": 2})
    assert pay == {"fish": 0, "berries": 1, "mushrooms": 0, "water": 2}


def test_trade_water_cannot_be_replaced(h):
    """Decision: water on a trade card must be paid with water."""
    assert (
        h.rules.payment({"fish": 5, "berries": 5, "mushrooms": 5, "water": 1}, {"water": 2}) is None
    )


def test_red_pile_exhausted_gives_grey(h):
    """Decision: when no red card is left anywhere, the tusk holder draws grey."""
    s = h.new()
    s["decks"]["red"] = []
    s["herd"] = ["p1"]
    s["placed"]["p1"] = 1
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p1"]["card"]]["colour"] == "grey"


def test_second_swap_not_offered(h):
    """Decision: a second swap, frugal or extra card in one turn would do nothing."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("swap"), h.bonus_id("swap")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert "bonus 2" not in h.GAME.legal(s, "p1")


def test_herd_choice_asked_only_when_it_matters(h):
    """Decision: two neighbouring own mammoths leave the same herd: no question asked."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 1, 1))
    s["pl"]["p1"]["res"]["water"] = 1
    s["herd"] = ["p1", "p1", "p2"]
    s["placed"] = {"p1": 3, "p2": 1}
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert s["phase"] == "act" and s["herd"] == ["p1", "p2"]
    assert s["tusk"] == "p1"


def test_bonus_deck_reshuffles_then_runs_dry(h):
    """Nota: an empty bonus deck is reshuffled from the discard; with both empty a forest
    hand gives nothing."""
    s = h.new()
    s["bonus_discard"] = [s["bonus_deck"].pop()]
    rest = s["bonus_deck"]
    s["bonus_deck"] = []
    s = h.lay(s, "p1", {"forest": 2, "mountain": 1, "honga": 1})
    assert len(s["pl"]["p1"]["fresh"]) == 1 and s["bonus_discard"] == []
    assert len(rest) == 24


def test_no_question_when_every_own_mammoth_is_needed(h):
    """Decision: a trade needing all your mammoths takes them without asking."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((1, 1, 1, 1, 2))
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 1, "mushrooms": 1, "water": 1}
    s["pl"]["p1"]["board"] = 1
    s["herd"] = ["p2", "p1"]
    s["placed"] = {"p1": 2, "p2": 1}
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    assert s["phase"] == "act" and s["herd"] == ["p2"] and s["pl"]["p1"]["board"] == 0
    assert s["tusk"] == "p2" and s["pl"]["p1"]["score"] == 12


def test_second_frugal_or_extra_not_offered_but_buy_again_after_three(h):
    """Decision: a second frugal or extra card in one turn would do nothing; a second buy
    points card may follow once the first one's three buys are used."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("frugal"), h.bonus_id("frugal")]
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert "bonus 2" not in h.GAME.legal(s, "p1")
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("extra_card"), h.bonus_id("extra_card")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert "bonus 2" not in h.GAME.legal(s, "p1")
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("buy_points"), h.bonus_id("buy_points")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 6}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert "bonus 2" not in h.GAME.legal(s, "p1")
    for _ in range(3):
        s = h.play(s, "p1", "buy water")
    s = h.play(s, "p1", "bonus 2")
    s = h.play(s, "p1", "buy water")
    assert s["pl"]["p1"]["score"] == 4


def test_buy_points_takes_no_mammoth(h):
    """Decision: buy points takes raw materials ("materias primas"), never a mammoth."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("buy_points")]
    s["pl"]["p1"]["board"] = 2
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert {c for c in h.GAME.legal(s, "p1") if c.startswith("buy")} == {
        "buy fish",
        "buy berries",
        "buy mushrooms",
    }
    with pytest.raises(IllegalMove):
        h.play(s, "p1", "buy mammoth")


def test_tie_break_counts_raw_materials_then_seat(h):
    """Decision: "mayor número de recursos" counts fish + berries + mushrooms + water, not
    mammoths (here on the player board); a complete tie is listed in seating order."""
    s = h.new(3)
    for p in s["players"]:
        s["pl"][p]["score"] = 35
        s["pl"][p]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    s["pl"]["p3"]["res"]["water"] = 1
    s["pl"]["p2"]["board"] = 4
    s["phase"] = "over"
    s["turn"] = None
    result = h.GAME.result(s)
    assert result["ranking"] == ["p3", "p1", "p2"]
    assert result["tiebreak"] == {"p1": 0, "p2": 0, "p3": 1}


def test_forest_gives_nothing_when_bonus_cards_run_out(h):
    """Decision: with the bonus deck and its discard both empty a forest hand gives nothing."""
    s = h.new()
    s["bonus_deck"] = []
    s = h.lay(s, "p1", {"forest": 2, "mountain": 1, "honga": 1})
    assert s["pl"]["p1"]["fresh"] == [] and s["phase"] == "act"


def test_first_listed_player_starts_and_keeps_the_fire(h):
    """Decision: the service's first seat is the start player (the rulebook picks the most
    dishevelled hair); the game ends when the round comes back to that seat."""
    s = h.new(4)
    view = h.GAME.view(s, None)
    assert view["start_player"] == "p1" and view["current"] == "p1"
    assert h.GAME.to_move(s) == ["p1"]


def test_extra_card_cards_held_face_down_for_the_others(h):
    """Decision: "Decide cuál de ellas deseas jugar en tu próximo turno" - the two cards are in
    the player's hand until then: the owner sees both, the others only their colours (the piles
    have different backs), and the one put under its pile is never shown to them."""
    s = h.new(3)
    s["pl"]["p1"]["bonus"] = [h.bonus_id("extra_card")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "done")
    mine = h.GAME.view(s, "p1")
    assert mine["own"]["second_card"]["quarters"]
    assert [p["card"] for p in mine["own"]["placements"]] == [1] * 16 + [2] * 16
    for who in (None, "p2", "p3"):
        view = h.GAME.view(s, who)
        assert view["table"][0]["card_colour"] == view["table"][0]["second_card_colour"] == "grey"
        assert "drawn_two" not in [e["type"] for e in view["log"]]
        assert view.get("own", {}).get("second_card") is None
    for p in ("p2", "p3"):
        s = h.lay(s, p, {"fish": 2, "berries": 1, "honga": 1})
        s = h.play(s, p, "done")
    s = h.play(s, "p1", "p1n c1")
    under = [e for e in h.GAME.view(s, "p2")["log"] if e["type"] == "card_under"]
    assert under == [{"n": under[0]["n"], "type": "card_under", "player": "p1", "colour": "grey"}]
