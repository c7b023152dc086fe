"""A third, independent reading of honga.es.txt / honga.de.txt and NOTES.md against the
engine: the rules it found implemented otherwise than the texts say."""

from __future__ import annotations

import gettext

import pytest

from engine.contract import IllegalMove
from engine.honga import commands
from engine.i18n import use


class Reader(gettext.NullTranslations):
    """No catalogue, but the reader's language, as the service sets it."""

    def __init__(self, language: str):
        super().__init__()
        self._info = {"language": language}


def _last_turns(h, s):
    """Play the round to its end: every player lays a card that gathers nothing and minds
    HONGA, then 'done'."""
    for p in s["players"]:
        s = h.lay(s, p, {"trade": 2, "mountain": 1, "honga": 1})
        s = h.play(s, p, "done")
    return s


def _tied_on_points(h, n=2):
    s = h.new(n)
    for p in s["players"]:
        s["pl"][p]["score"] = s["end_points"]
        s["pl"][p]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    return s


def test_tie_break_counts_the_raw_materials_not_the_mammoths(h):
    """FINALIZACIÓN: "En caso de empate, ganará el jugador con el mayor número de recursos."
    NOTES.md names the resources: "Resources [known]: start fish 1, berries 1, mushrooms 1,
    water 0" (mammoths are a heading of their own), as the German text calls fish, berries,
    mushrooms and water the Rohstoffe and the mammoth something else ("Sind diese Vorräte
    sämtlich aufgebraucht, verschlingt er ein Mammut"). Mammoths on the player board or in
    the herd are no resources left."""
    s = _tied_on_points(h)
    s["pl"]["p1"]["res"]["water"] = 2
    s["pl"]["p2"]["res"]["fish"] = 1
    s["pl"]["p2"]["board"] = 3
    s["herd"] = ["p2", "p2"]
    s["placed"]["p2"] = s["herd_clock"] = 2
    s["tusk"] = "p2"
    s = _last_turns(h, s)
    result = h.GAME.result(s)
    assert result["tiebreak"] == {"p1": 2, "p2": 1}
    assert result["ranking"] == ["p1", "p2"]
    assert result["places"] == {"p1": 1, "p2": 2}
    last = h.GAME.describe(s["log"][-1])
    assert "(fish, berries, mushrooms and water): p1 2, p2 1." in last


def test_equal_raw_materials_share_the_place_whatever_the_mammoths(h):
    """A tie on points and on fish + berries + mushrooms + water is a shared place, even if
    one player has more mammoths."""
    s = _tied_on_points(h, 3)
    s["pl"]["p1"]["res"]["berries"] = 1
    s["pl"]["p2"]["res"]["mushrooms"] = 1
    s["pl"]["p2"]["board"] = 2
    s = _last_turns(h, s)
    result = h.GAME.result(s)
    assert result["tiebreak"] == {"p1": 1, "p2": 1, "p3": 0}
    assert result["places"] == {"p1": 1, "p2": 1, "p3": 3}


def _swap_trade(h, berries=2, mushrooms=2, card=(0, 2, 0, 0, 0), swap=True):
    """p1 with the swap bonus played (if ``swap``), a trade hand and ``card`` face up first."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("swap")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": berries, "mushrooms": mushrooms, "water": 0}
    s["trade_slots"][0] = h.trade_id(card)
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    return h.play(s, "p1", "bonus 1") if swap else s


def test_swap_lets_the_player_choose_berries_or_mushrooms(h):
    """Cambiar setas y bayas: "en el intercambio, puedes reemplazar setas por bayas y
    viceversa": a permission, not only a stand-in for what is missing. Holding 2 berries and
    2 mushrooms, a card asking 2 berries may be paid 2 berries (the printed kind, 'trade 1'),
    1 and 1, or 2 mushrooms; what is left matters next turn (a mammoth wants one of each)."""
    s = _swap_trade(h)
    legal = h.GAME.legal(s, "p1")
    assert {"trade 1", "trade 1 berries 0", "trade 1 berries 1"} <= set(legal)
    assert "trade 1 berries 2" not in legal  # that is 'trade 1'
    after = h.play(s, "p1", "trade 1 berries 1")
    assert h.res(after, "p1") == {"fish": 0, "berries": 1, "mushrooms": 1, "water": 0}
    assert (
        after["pl"]["p1"]["score"]
        == s["pl"]["p1"]["score"] + h.data.TRADE_CARDS[s["trade_slots"][0]]["points"]
    )
    after = h.play(s, "p1", "t1 mushrooms 2")
    assert h.res(after, "p1") == {"fish": 0, "berries": 2, "mushrooms": 0, "water": 0}
    after = h.play(s, "p1", "trade 1 berries 2")
    assert h.res(after, "p1") == {"fish": 0, "berries": 0, "mushrooms": 2, "water": 0}
    assert after["log"][-1]["type"] == "trade"


def test_swap_choice_keeps_water_for_what_the_two_cannot_pay(h):
    """Water stands in only for the berries and mushrooms the player lacks: with 1 berry and
    no mushroom a card asking 2 mushrooms takes the berry and 2 water, whatever is written."""
    s = _swap_trade(h, berries=1, mushrooms=0, card=(0, 0, 2, 0, 0))
    s["pl"]["p1"]["res"]["water"] = 2
    assert [c for c in h.GAME.legal(s, "p1") if c.startswith("trade 1")] == ["trade 1"]
    after = h.play(s, "p1", "trade 1")
    assert h.res(after, "p1") == {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}


def test_choosing_berries_needs_the_swap_bonus(h):
    """Without the swap bonus a card's berries are berries: 'trade 1 berries 1' is refused
    with the reason, and the range is given when the number is out of it."""
    s = _swap_trade(h, swap=False)
    assert [c for c in h.GAME.legal(s, "p1") if c.startswith("trade 1")] == ["trade 1"]
    with pytest.raises(IllegalMove, match="only with the 'swap mushrooms and berries' bonus"):
        h.play(s, "p1", "trade 1 berries 1")
    s = _swap_trade(h, berries=1, mushrooms=3)
    with pytest.raises(IllegalMove, match="you can give 0 to 1 berries"):
        h.play(s, "p1", "trade 1 berries 2")


def test_swap_choice_in_spanish_and_in_the_help(h):
    """The choice reads and shows in the reader's language; the help explains it while it
    is possible."""
    s = _swap_trade(h)
    with use(Reader("es")):
        shown = commands.shown("trade 1 berries 1")
        assert shown == "intercambiar 1 baya 1"
        after = h.play(s, "p1", shown)
    assert h.res(after, "p1")["berries"] == 1
    assert "'trade N berries K'" in h.GAME.help(s, "p1")
    assert "'trade N berries K'" not in h.GAME.help(_swap_trade(h, swap=False), "p1")


def test_a_hand_on_honga_leaves_him_with_the_player_he_sits_with(h):
    """2. "Si al menos una de las manos de tu carta señala hacia la casilla de HONGA, el tigre
    dientes de sable se quedará dónde está": sitting with p1, he stays with p1 when p2 minds
    him, eats nothing of p2, and eats again when p1's turn comes ("comerá de inmediato una
    materia prima tan pronto como llegue tu turno")."""
    s = h.new()
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})  # no hand on him: he comes, eats a fish
    s = h.play(s, "p1", "done")
    before = h.res(s, "p2")
    s = h.lay(s, "p2", {"trade": 2, "mountain": 1, "honga": 1})
    assert s["honga"] == "p1" and h.res(s, "p2") == before
    s = h.play(s, "p2", "done")
    assert s["honga"] == "p1"
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 1, "water": 0}
