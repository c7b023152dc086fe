"""One test per decision docs/rules/honga.md takes where the texts are silent."""

from __future__ import annotations


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
