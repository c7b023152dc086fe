"""A third, independent reading of honga.es.txt / honga.de.txt and NOTES.md against the
engine: the rules it found implemented otherwise than the texts say."""

from __future__ import annotations


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
