"""The ten bonus cards and their timing (3b and the appendix of the Spanish rules)."""

from __future__ import annotations

import pytest

from engine import IllegalMove


def _with_bonus(h, *cards, want=None, res=None):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [
        h.bonus_id(*c) if isinstance(c, tuple) else h.bonus_id(c) for c in cards
    ]
    if res:
        s["pl"]["p1"]["res"] = res
    return h.lay(s, "p1", want or {"trade": 2, "mountain": 1, "honga": 1})


def test_two_points(h):
    """2 puntos de victoria: two points at once; the card goes to the discard after the turn."""
    s = _with_bonus(h, "two_points")
    s = h.play(s, "p1", "bonus 1")
    assert s["pl"]["p1"]["score"] == 2 and h.GAME.view(s, "p1")["own"]["bonus"] == []
    s = h.play(s, "p1", "done")
    assert s["pl"]["p1"]["bonus"] == []
    assert s["bonus_discard"] == [h.bonus_id("two_points")]


def test_at_most_two_bonus_cards_a_turn(h):
    """3b. At most two bonus cards per turn."""
    s = _with_bonus(h, "two_points", "two_points", "two_points")
    s = h.play(s, "p1", "bonus 1")
    with pytest.raises(IllegalMove):
        h.play(s, "p1", "bonus 1")  # played already: the numbers stay during the turn
    s = h.play(s, "p1", "bonus 2")
    assert not any(c.startswith("bonus") for c in h.GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove, match="at most two"):
        h.play(s, "p1", "bonus 3")


def test_send_honga_home(h):
    """Expulsión de HONGA: HONGA leaves your board for his space (after he has eaten)."""
    s = _with_bonus(h, "honga_home", want={"trade": 2, "mountain": 2})
    assert s["honga"] == "p1" and h.res(s, "p1")["fish"] == 0
    s = h.play(s, "p1", "bonus 1 honga")
    assert s["honga"] is None


def test_honga_home_needs_honga(h):
    s = _with_bonus(h, "honga_home")
    assert "bonus 1 honga" not in h.GAME.legal(s, "p1")


def test_lucky_hand_adds_a_hand(h):
    """Una mano de suerte: one more hand on any part of your card (after HONGA)."""
    s = _with_bonus(h, "lucky_hand", "lucky_hand", want={"fish": 2, "berries": 1, "honga": 1})
    assert {c for c in h.GAME.legal(s, "p1") if c.startswith("bonus 1")} == {
        "bonus 1 berries",
        "bonus 1 fish",
        "bonus 1 water",
    }
    s = h.play(s, "p1", "bonus 1 water")
    assert h.res(s, "p1")["water"] == 1
    s = h.play(s, "p1", "b2 lake")
    assert h.res(s, "p1")["fish"] == 4


def test_lucky_hand_on_trade_gives_a_trade(h):
    s = _with_bonus(h, "lucky_hand")
    s = h.play(s, "p1", "bonus 1 trade")
    assert s["turn"]["hands"]["trade"] == 3


def test_hand_or_honga(h):
    """Una mano de suerte o el tigre HONGA: either one more hand or HONGA home."""
    s = _with_bonus(h, "hand_or_honga", want={"trade": 2, "mountain": 2})
    legal = [c for c in h.GAME.legal(s, "p1") if c.startswith("bonus")]
    assert "bonus 1 honga" in legal and "bonus 1 mountain" in legal
    s = h.play(s, "p1", "bonus 1 mountain")
    assert s["pl"]["p1"]["step"] == 4 and s["honga"] == "p1"


def test_climb_or_honga(h):
    """Hombre prehistórico o HONGA: the caveman climbs two steps, or HONGA goes home."""
    s = _with_bonus(h, "climb_or_honga", want={"trade": 2, "mountain": 2})
    s = h.play(s, "p1", "bonus 1 climb")
    assert s["pl"]["p1"]["step"] == 5
    s = _with_bonus(h, "climb_or_honga", want={"trade": 2, "mountain": 2})
    s = h.play(s, "p1", "bonus 1 honga")
    assert s["honga"] is None and s["pl"]["p1"]["step"] == 3


def test_good_trade_counts_card_resources(h):
    """Un buen intercambio: the card's resources count towards a trade; surplus lost."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((2, 0, 0, 0, 0))
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade", ("fish", "berries"))]
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 0, "mushrooms": 0, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert "trade 1" not in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "trade 1")
    assert h.res(s, "p1")["fish"] == 0 and s["pl"]["p1"]["score"] == 2
    assert s["turn"]["credit"] is None  # for one trade only; the berry was lost


def test_good_trade_needs_a_trade_hand(h):
    """It cannot be used to add to your supplies."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade", ("fish", "berries"))]
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert "bonus 1" not in h.GAME.legal(s, "p1")


def test_swap_mushrooms_and_berries(h):
    """Cambiar setas y bayas: in trades mushrooms may replace berries and vice versa."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 2, 2, 0, 0))
    s["pl"]["p1"]["bonus"] = [h.bonus_id("swap")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 4, "mushrooms": 0, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert "trade 1" not in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "trade 1")
    assert h.res(s, "p1")["berries"] == 0 and s["pl"]["p1"]["score"] == 5


def test_frugal_mammoths(h):
    """Los frugales mamuts: this turn a mammoth costs one fish, berry or mushroom."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("frugal")]
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert {"lure fish", "lure berries", "lure mushrooms"} <= set(h.GAME.legal(s, "p1"))
    assert "lure" not in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "lure fish")
    s = h.play(s, "p1", "l berries")
    assert s["herd"] == ["p1", "p1"]
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 1, "water": 0}


def test_buy_points(h):
    """Comprar puntos: give 1 to 3 resources for 1 to 3 points."""
    s = _with_bonus(h, "buy_points", res={"fish": 2, "berries": 2, "mushrooms": 0, "water": 3})
    s = h.play(s, "p1", "bonus 1")
    for r in ("water", "water", "fish"):
        s = h.play(s, "p1", f"buy {r}")
    assert s["pl"]["p1"]["score"] == 3
    assert not any(c.startswith("buy") for c in h.GAME.legal(s, "p1"))
    assert h.res(s, "p1") == {"fish": 1, "berries": 2, "mushrooms": 0, "water": 1}


def test_extra_action_card(h):
    """Carta de acción extra: "al final de este turno, coge dos cartas de acción en lugar de
    una. Decide cuál de ellas deseas jugar en tu próximo turno. Coloca la carta que no
    utilices debajo de la pila de robar correspondiente." Both cards are held until the next
    turn; the choice is made when laying a card, and only then the other goes under its pile."""
    s = _with_bonus(h, "extra_card")
    s = h.play(s, "p1", "bonus 1")
    first, second = s["decks"]["grey"][-1], s["decks"]["grey"][-2]
    s = h.play(s, "p1", "done")
    assert h.GAME.to_move(s) == ["p2"]  # nothing to choose at the end of the turn
    assert (s["pl"]["p1"]["card"], s["pl"]["p1"]["second"]) == (first, second)
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    legal = h.GAME.legal(s, "p1")
    assert len(legal) == 32 and "place 2 north card 1" in legal and "place 2 north card 2" in legal
    with pytest.raises(IllegalMove, match="say which you lay, 'place 2 north card 1' or"):
        h.play(s, "p1", "place 2 north")
    s = h.play(s, "p1", "place 2 north card 2")
    assert s["circles"]["2"]["stack"][-1] == second
    assert s["decks"]["grey"][0] == first  # under its pile, now, not at the end of last turn
    assert s["pl"]["p1"]["card"] is None and s["pl"]["p1"]["second"] is None
    s = h.play(s, "p1", "done")
    assert s["pl"]["p1"]["second"] is None and h.GAME.legal(s, "p2")[0] == "place 1 north"


def test_fresh_bonus_not_usable_same_turn(h):
    """Bonus cards drawn this turn may only be used from the owner's next turn."""
    s = h.new()
    s = h.lay(s, "p1", {"forest": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove):
        h.play(s, "p1", "bonus 1")
