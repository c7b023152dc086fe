"""The sacred mountain as a choice: with the top in reach, hands on it wait for the player,
who orders climbing among the other actions and bonus cards, and may climb fewer or none."""

from __future__ import annotations

import pytest

from engine import IllegalMove


def _on_the_mountain(h, steps, hands, bonus=(), others=(5, 5)):
    """3 players; p1 on ``steps`` lays a card with ``hands`` on the mountain and one on trade
    (HONGA comes: p1 has food to feed him); p2 and p3 stand on ``others``."""
    s = h.new(3)
    s["pl"]["p1"]["step"] = steps
    s["pl"]["p2"]["step"], s["pl"]["p3"]["step"] = others
    s["pl"]["p1"]["bonus"] = [h.bonus_id(kind) for kind in bonus]
    colour = "red" if hands + 1 == 5 else "grey"
    return h.lay(s, "p1", {"mountain": hands, "trade": 1}, colour=colour)


def _scores(s):
    return {p: s["pl"][p]["score"] for p in s["players"]}


def test_mountain_hands_wait_for_the_player(h):
    """Venerar: "por cada mano que señale hacia la montaña sagrada, tu hombre prehistórico
    podrá subir un peldaño" - with the top in reach, laying the card climbs nothing yet; the
    hands wait, and the commands say how to use them. Out of reach, no order and no holding
    back changes anything (a higher caveman only scores more): they climb at once."""
    s = _on_the_mountain(h, steps=3, hands=3)
    assert s["pl"]["p1"]["step"] == 3 and s["turn"]["hands"]["mountain"] == 3
    legal = h.GAME.legal(s, "p1")
    assert {"climb", "climb 1", "climb 2", "stay"} <= set(legal)
    assert "climb 3" not in legal  # all of them is written 'climb'
    assert "'climb'" in h.GAME.help(s, "p1") and "'stay'" in h.GAME.help(s, "p1")
    low = _on_the_mountain(h, steps=2, hands=3)
    assert low["pl"]["p1"]["step"] == 5 and low["turn"]["hands"]["mountain"] == 0
    assert not [c for c in h.GAME.legal(low, "p1") if "climb" in c or c == "stay"]
    with pytest.raises(IllegalMove, match="no hand of yours is left on the sacred mountain"):
        h.play(low, "p1", "stay")
    caveman = _on_the_mountain(h, steps=2, hands=3, bonus=["climb_or_honga"])
    assert caveman["pl"]["p1"]["step"] == 2  # with the +2 the top is in reach: they wait
    assert "climb 1" in h.GAME.legal(caveman, "p1")


def test_declining_the_step_to_the_top(h):
    """Venerar: the caveman "podrá subir" (DE: "so oft dürft ihr sie nutzen"); the German tip
    "Steige ihn also am besten dann komplett, wenn die anderen weit unten stehen": with the
    others high up a player may stop below the top and keep them from scoring."""
    s = _on_the_mountain(h, steps=4, hands=3, others=(5, 5))
    s = h.play(s, "p1", "climb 1")
    assert s["pl"]["p1"]["step"] == 5 and s["turn"]["hands"]["mountain"] == 2
    s = h.play(s, "p1", "stay")
    s = h.play(s, "p1", "done")
    assert _scores(s) == {"p1": 0, "p2": 0, "p3": 0}
    assert s["pl"]["p1"]["step"] == 5 and s["pl"]["p2"]["step"] == 5
    said = [h.GAME.describe(e) for e in s["log"] if e["type"] == "stay"]
    assert said == ["p1 did not climb with 2 mountain hands: the caveman stays on step 5."]


def test_caveman_bonus_before_or_after_the_hands(h):
    """3b: "podrás realizar las acciones y jugar las cartas de bonificación al mismo tiempo"
    (DE: "im Verlauf eurer Aktionen"); Hombre prehistórico: "tu hombre prehistórico sube dos
    peldaños"; Venerar: "los pasos sobrantes no se cuentan". On step 4 with 3 hands, the +2
    first reaches the top and the hands then climb from step 1; the hands first reach the top,
    losing 2 steps, and the +2 then climbs from step 1."""
    s = _on_the_mountain(h, steps=4, hands=3, bonus=["climb_or_honga"])
    bonus_first = h.play(h.play(s, "p1", "bonus 1 climb"), "p1", "climb")
    assert _scores(bonus_first) == {"p1": 5, "p2": 3, "p3": 3}
    assert bonus_first["pl"]["p1"]["step"] == 4
    hands_first = h.play(h.play(s, "p1", "climb"), "p1", "bonus 1 climb")
    assert _scores(hands_first) == {"p1": 5, "p2": 3, "p3": 3}
    assert hands_first["pl"]["p1"]["step"] == 3


def test_two_summits_in_one_turn_when_the_bonus_comes_first(h):
    """The order can matter for points: on step 4, the +2 reaches the top; then a red card's
    5 mountain hands (4 + a lucky hand) climb from step 1 to the top again."""
    s = _on_the_mountain(h, steps=4, hands=4, bonus=["climb_or_honga", "lucky_hand"])
    s = h.play(s, "p1", "bonus 1 climb")
    s = h.play(s, "p1", "bonus 2 mountain")
    assert s["turn"]["hands"]["mountain"] == 5
    s = h.play(s, "p1", "climb")
    assert _scores(s) == {"p1": 10, "p2": 3, "p3": 3}


def test_the_top_loses_the_hands_left(h):
    """Venerar: "Cuando haya alcanzado el último peldaño (los pasos sobrantes no se cuentan)":
    once the card's hands reach the top, its other mountain hands are lost."""
    s = _on_the_mountain(h, steps=5, hands=3)
    s = h.play(s, "p1", "climb 1")
    assert _scores(s)["p1"] == 5 and s["turn"]["hands"]["mountain"] == 0
    assert s["pl"]["p1"]["step"] == 1
    assert not any(c.startswith("climb") or c == "stay" for c in h.GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove, match="no hand of yours is left on the sacred mountain"):
        h.play(s, "p1", "climb")


def test_hands_not_climbed_climb_at_done(h):
    """A mail that says nothing about the mountain climbs as before: waiting hands climb when
    the turn ends, before the next card is drawn."""
    s = _on_the_mountain(h, steps=2, hands=3)
    s = h.play(s, "p1", "done")
    assert s["pl"]["p1"]["step"] == 5 and _scores(s)["p1"] == 0
    kinds = [e["type"] for e in s["log"]]
    assert kinds.index("climb") < kinds.index("draw")


def test_a_whole_turn_in_one_mail(h):
    """Commands in the order written, one per line: one hand, the +2 to the top (its surplus
    step lost), the two hands left from step 1, a trade."""
    s = _on_the_mountain(h, steps=4, hands=3, bonus=["climb_or_honga"])
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 0, 2))
    s["pl"]["p1"]["board"] = 2
    for line in ("climb 1", "bonus 1 climb", "climb", "trade 1", "done"):
        s = h.play(s, "p1", line)
    assert s["pl"]["p1"]["step"] == 3 and _scores(s)["p1"] == 5 + 6
    assert h.GAME.to_move(s) == ["p2"]


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("climb 3", "climb"),
        ("climb all", "climb"),
        ("Climb the mountain", "climb"),
        ("climb 2 steps", "climb 2"),
        ("climb two", "climb 2"),
        ("climb 0", "stay"),
    ],
)
def test_climb_forms(h, typed, canonical):
    s = _on_the_mountain(h, steps=3, hands=3)
    assert h.play(s, "p1", typed) == h.play(s, "p1", canonical)


def test_climb_refusals(h):
    s = _on_the_mountain(h, steps=3, hands=3)
    with pytest.raises(IllegalMove, match="you have 3 mountain hands left: write 'climb' for all"):
        h.play(s, "p1", "climb 4")
    with pytest.raises(IllegalMove, match="first lay your action card"):
        h.play(h.new(), "p1", "climb")
