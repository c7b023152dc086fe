"""A second, independent reading of honga.es.txt / honga.de.txt: rules no earlier test checks
in play (player counts, the water joker with frugal mammoths, the lucky hand's quarter, the
extra draw of a tusk holder, the herd and the trade deck across turns)."""

from __future__ import annotations

import pytest

from tests.hidden_information import check_whole_games, honga_hidden_from


@pytest.mark.parametrize(("n", "threshold"), [(3, 35), (4, 30), (5, 30)])
def test_end_threshold_by_player_count(h, n, threshold):
    """FINALIZACIÓN: "2 jugadores 40 puntos, 3 jugadores 35 puntos, 4/5 jugadores 30 puntos";
    one point short the game goes on, at the threshold it ends once the round is complete."""
    for score, over in ((threshold - 1, False), (threshold, True)):
        s = h.new(n)
        s["pl"]["p2"]["score"] = score
        for p in s["players"]:
            s = h.lay(s, p, {"fish": 2, "berries": 1, "honga": 1})
            s = h.play(s, p, "done")
        assert (h.GAME.to_move(s) == []) is over
        assert (h.GAME.result(s) is not None) is over


@pytest.mark.parametrize(("n", "size"), [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_herd_size_by_player_count_in_play(h, n, size):
    """Tamaños de manadas: "para cinco jugadores, habrá un máximo de 5 mamuts; para cuatro
    jugadores, 4 mamuts y para tres y dos jugadores, 3 mamuts": the herd fills up to its size,
    the next mammoth pushes the last one onto its owner's player board."""
    s = h.new(n)
    s["pl"]["p1"]["res"] = {"fish": 9, "berries": 9, "mushrooms": 9, "water": 0}
    s["herd"] = ["p2"] * (size - 1)
    s["placed"]["p2"] = s["herd_clock"] = size - 1
    s["tusk"] = "p2"
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert len(s["herd"]) == size and s["pl"]["p2"]["board"] == 0
    s = h.play(s, "p1", "lure")
    assert len(s["herd"]) == size and s["herd"][:2] == ["p1", "p1"]
    assert s["pl"]["p2"]["board"] == 1


def test_frugal_mammoth_paid_with_two_water(h):
    """Los frugales mamuts: "Solamente una materia prima por cada mamut (un pez, una baya o una
    seta)"; 3a: "podrás cambiar siempre dos [gotas de agua] por un pez, una baya o una seta"."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("frugal")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 3}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert {"lure fish", "lure berries", "lure mushrooms"} <= set(h.GAME.legal(s, "p1"))
    s = h.play(s, "p1", "lure mushrooms")
    assert s["herd"] == ["p1"] and h.res(s, "p1")["water"] == 1
    assert not any(c.startswith("lure") for c in h.GAME.legal(s, "p1"))  # 1 water is no joker


def test_lucky_hand_on_a_quarter_without_hands(h):
    """Una mano de suerte: "añade una mano en la parte que desees de tu carta de acción": also
    on an area no hand of the card points at (here the spring of circle 3)."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("lucky_hand")]
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert "bonus 1 water" in h.GAME.legal(s, "p1")
    s = h.play(s, "p1", "bonus 1 water")
    assert h.res(s, "p1")["water"] == 1


def test_lucky_hand_comes_after_honga(h):
    """Una mano de suerte: "Importante: piensa en que primero debes prestar atención a HONGA
    antes de jugar tus cartas de bonificación": with no hand on HONGA he has come and eaten
    before any bonus card, and a lucky hand cannot be laid on his space."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("lucky_hand")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
    assert s["honga"] == "p1" and h.res(s, "p1")["fish"] == 0
    lucky = {c for c in h.GAME.legal(s, "p1") if c.startswith("bonus 1")}
    assert lucky == {"bonus 1 trade", "bonus 1 mountain", "bonus 1 berries"}


def test_extra_draw_of_a_tusk_holder_is_red(h):
    """Carta de acción extra: "coge dos cartas de acción en lugar de una"; 4.: "Si, al
    finalizar tu turno, cuentas con el colmillo de mamut, podrás coger una carta de color rojo":
    both cards of the extra draw are red for the tusk holder."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("extra_card")]
    s["herd"] = ["p1"]
    s["placed"]["p1"] = s["herd_clock"] = 1
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "done")
    me = s["pl"]["p1"]
    assert [h.data.ACTION_CARDS[c]["colour"] for c in (me["card"], me["second"])] == ["red"] * 2


def test_trade_gaps_refill_from_the_deck_after_the_turn(h):
    """Intercambiar: "Cuando haya terminado tu turno, se rellenan los huecos libres con cartas
    de intercambio de la pila para robar": two trades leave two gaps for the rest of the turn;
    at its end the top two cards of the trade deck fill them."""
    s = h.new()
    s["pl"]["p1"]["res"] = {"fish": 9, "berries": 9, "mushrooms": 9, "water": 9}
    fish, berries, mushrooms = (
        h.trade_id(c) for c in ((2, 0, 0, 0, 0), (0, 2, 0, 0, 0), (0, 0, 2, 0, 0))
    )
    s["trade_slots"] = [fish, berries, mushrooms]
    s["trade_deck"] = [c for c in s["trade_deck"] if c not in s["trade_slots"]]
    top_two = s["trade_deck"][-2:]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    s = h.play(s, "p1", "trade 3")
    assert s["trade_slots"][0] is None and s["trade_slots"][2] is None
    assert [c for c in h.GAME.legal(s, "p1") if c.startswith("trade")] == []
    s = h.play(s, "p1", "done")
    assert sorted([s["trade_slots"][0], s["trade_slots"][2]]) == sorted(top_two)
    assert sorted(s["trade_discard"]) == sorted([fish, mushrooms])


def test_mammoths_paid_in_a_trade_go_back_to_the_supply(h):
    """Intercambios de mamuts: "deberás cogerlos de tu tabla numerada y/o del lugar que
    prefieras del claro de los mamuts. Devuelves estos mamuts al tablero de depósito": with all
    six on the board none can be lured; paid in a trade, two are in the supply again and are
    lured on the next turn."""
    s = h.new()
    s["pl"]["p1"]["board"] = 6
    s["pl"]["p1"]["res"] = {"fish": 9, "berries": 9, "mushrooms": 9, "water": 9}
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 0, 2))
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert h.rules.mammoth_supply(s, "p1") == 0
    s = h.play(s, "p1", "trade 1")
    assert s["pl"]["p1"]["board"] == 4 and h.rules.mammoth_supply(s, "p1") == 2
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert s["herd"] == ["p1"] and h.rules.mammoth_supply(s, "p1") == 1


def test_what_a_player_may_not_know_changes_nothing_they_read(h):
    """Turn after turn, for the public and for each player: the same view, commands and help
    whatever the piles' order, the others' cards, the face-down bonus cards and the seed."""
    assert check_whole_games(h.GAME, ["p1", "p2", "p3"], honga_hidden_from, range(3)) > 100
