"""Feeding, round end, the end of the game and final scoring (stoneage.es.txt, NOTES.md)."""

from __future__ import annotations

import pytest

from engine.stoneage import data, rules
from pbem.i18n import render
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def _feed(s):
    """Finish the action phase of a state where nobody has places left."""
    s = at_action(s, {"field": {"p1": 1}})
    return GAME.play(s, "p1", "use field")


def test_feeding_agriculture_first_then_food():
    """'cada figura requiere una unidad de comida, que se obtiene primero del nivel de
    agricultura y luego de las fichas de comida'."""
    s = new(2)
    s["p"]["p1"].update(agriculture=2, food=10)  # 5 figures; the field makes agriculture 3
    s = _feed(s)
    assert s["p"]["p1"]["food"] == 8 and s["p"]["p2"]["food"] == 7


def test_agriculture_food_is_taken_first_and_the_surplus_stays():
    """NOTES.md: 'Feeding: food from agriculture first, then 1 food per figure'; the rulebook
    (issue 9): each player first takes one food per agriculture level, then pays one food per
    figure, and what is left stays. Agriculture 8, 5 figures, 0 food: 3 food left."""
    s = new(2)
    s["p"]["p1"].update(agriculture=7, food=0)  # the field makes agriculture 8
    s["p"]["p2"].update(agriculture=2, food=1)  # 1 + 2 = 3 food for 5 figures: 2 short
    s = _feed(s)
    assert s["p"]["p1"]["food"] == 3 and s["p"]["p1"]["score"] == 0
    assert s["p"]["p2"]["food"] == 0 and s["p"]["p2"]["score"] == -10
    fed = next(e for e in s["log"] if e["type"] == "fed")
    assert fed["harvest"] == {"p1": 8, "p2": 2} and fed["fed"] == {"p1": 5}
    assert GAME.describe(fed) == "The tribes ate: p1 5 food (8 from agriculture)."


def test_short_of_food_spend_all_food_then_resources_one_for_one():
    """'Primero debes usar todas las fichas de comida ... puedes gastar recursos ... a razón de
    1 recurso por 1 unidad de comida'."""
    s = new(2)
    s["p"]["p1"].update(food=2, wood=1, gold=4)
    s = _feed(s)  # 5 figures, agriculture 1: 4 needed, 2 food, 2 short
    assert s["p"]["p1"]["food"] == 0 and GAME.to_move(s) == ["p1"]
    assert "pay 1 wood 1 gold" in GAME.legal(s, "p1") and "starve" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "pay wood gold")
    assert s["p"]["p1"]["wood"] == 0 and s["p"]["p1"]["gold"] == 3 and s["p"]["p1"]["score"] == 0


def test_not_paying_loses_exactly_ten_points_and_scores_go_negative():
    """'pierdes exactamente 10 puntos de victoria, independientemente de cuántas figuras'."""
    s = new(2)
    s["p"]["p1"].update(food=0, wood=9)
    s = _feed(s)
    s = GAME.play(s, "p1", "starve")
    assert s["p"]["p1"]["score"] == -10 and s["p"]["p1"]["wood"] == 9


def test_without_enough_resources_the_loss_is_automatic():
    s = new(2)
    s["p"]["p1"].update(food=1, wood=1)
    s = _feed(s)
    assert s["p"]["p1"]["score"] == -10 and s["p"]["p1"]["wood"] == 1
    assert s["phase"] == "place"


def test_round_end_passes_start_player_and_slides_cards_right():
    """'deslizas las cartas de Civilización que quedan hacia la derecha ... Luego revelas nuevas
    cartas del mazo'."""
    s = new(3)
    a, b, c, d = s["row"]
    s["row"] = [None, b, None, d]  # two bought this round
    top = s["deck"][:2]
    s = _feed(s)
    assert s["round"] == 2 and s["start"] == 1 and GAME.to_move(s) == ["p2"]
    assert s["row"] == [b, d, *top]


def test_game_ends_at_once_when_the_deck_cannot_refill_the_row():
    """'El juego termina de inmediato si no hay suficientes cartas ... al inicio de una ronda.'"""
    s = new(2)
    s["row"] = [None, None, 5, 6]
    s["deck"] = [7]
    s = _feed(s)
    assert s["phase"] == "over" and GAME.to_move(s) == [] and GAME.result(s) is not None
    assert s["log"][-2]["type"] == "deck_empty"


def test_empty_building_stack_ends_the_game_after_feeding(dice):
    """'Si se agota una pila ... se termina la ronda actual, incluyendo la fase de alimentación'."""
    s = at_action(new(2), {"building1": {"p1": 1}, "hunt": {"p2": 2}})
    s["stacks"][0] = [1]
    s["p"]["p1"].update(wood=2, clay=1)
    s = GAME.play(s, "p1", "build 1")
    assert s["phase"] == "action" and GAME.to_move(s) == ["p2"]
    dice += [1, 1]
    s = GAME.play(s, "p2", "use hunt")
    assert s["phase"] == "over"
    assert any(e["type"] == "fed" for e in s["log"][-4:])


def test_green_cards_score_distinct_symbols_squared_per_set():
    """NOTES.md: 'green cards (distinct symbols)^2 per set'."""
    # pottery x2, writing, sundial -> set {pottery, writing, sundial} = 9, set {pottery} = 1
    assert rules.green_points([1, 11, 2, 3]) == 10
    assert rules.green_points([]) == 0


def test_sand_cards_multiply():
    """'farmers x agriculture, toolmakers x tool total, builders x buildings, shamans x figures'."""
    me = rules.new_player()
    me.update(agriculture=4, tools=[3, 2], buildings=[1, 2, 3], figures=7)
    me["cards"] = [6, 9, 28, 20]  # 2 farmers, 2 toolmakers, 3 builders, 1 shaman
    assert rules.sand_points(me) == 2 * 4 + 2 * 5 + 3 * 3 + 1 * 7


def test_final_score_adds_leftover_resources_not_food():
    """'Cada recurso que no sea comida y que te quede al final del juego vale 1 punto'."""
    s = new(2)
    s["p"]["p1"].update(score=20, wood=2, gold=1, food=30)
    rules.finish(s)
    assert GAME.result(s)["scores"]["p1"] == 23


def test_tie_break_agriculture_plus_tools_plus_figures():
    """'comparan la suma de tres valores: ... agricultura, ... herramienta y ... figuras'."""
    s = new(2)
    s["p"]["p1"].update(score=20, figures=5)
    s["p"]["p2"].update(score=20, figures=5, agriculture=1)
    rules.finish(s)
    result = GAME.result(s)
    assert result["ranking"] == ["p2", "p1"] and result["tiebreak"] == {"p1": 5, "p2": 6}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    """Setup: 12 food, 5 figures, one stack of 7 buildings per player, four cards shown."""
    s = new(n)
    assert len(s["stacks"]) == n and all(len(st) == data.STACK_SIZE for st in s["stacks"])
    assert len(s["row"]) == 4 and len(s["deck"]) == 32
    assert all(me["food"] == 12 and me["figures"] == 5 for me in s["p"].values())
    assert len(data.CARDS) == 36 and len(data.BUILDINGS) == 28


def test_setup_supply_and_tracks_at_zero():
    """'28 madera en el bosque, 18 arcilla ..., 12 piedra ... y 10 oro'; 'sitúa sus marcadores en
    la posición 0 de las pistas de agricultura y puntuación'; 'Las 5 figuras restantes ... forman
    el suministro general' (cap 10)."""
    s = new(4, resource_limit=True)
    assert s["supply"] == {"wood": 28, "clay": 18, "stone": 12, "gold": 10}
    assert all(me["agriculture"] == 0 and me["score"] == 0 for me in s["p"].values())
    assert data.START_FIGURES + 5 == data.MAX_FIGURES


def test_players_short_of_food_decide_at_the_same_time():
    """Engine decision (docs): players short of food decide at the same time."""
    s = new(3)
    for p in ("p1", "p2"):
        s["p"][p].update(food=0, wood=5)
    s = _feed(s)
    assert GAME.to_move(s) == ["p1", "p2"]
    s = GAME.play(s, "p2", "starve")
    s = GAME.play(s, "p1", "pay 4 wood")  # 5 figures, agriculture 1 from the field
    assert s["p"]["p2"]["score"] == -10 and s["p"]["p1"]["wood"] == 1 and s["round"] == 2


def test_a_full_tie_on_points_and_tie_break_is_a_shared_place():
    """'En caso de empate, los jugadores empatados comparan la suma de tres valores: su nivel en
    la pista de agricultura, el valor total de todas sus losetas de herramienta y el número de
    figuras que tienen en su tablero de jugador. Gana quien tenga la suma más alta.' When the
    sums are equal too, nothing tells the players apart: they share the place (issue 9)."""
    s = new(4)
    for p in s["players"]:
        s["p"][p].update(score=20, figures=5)
    s["p"]["p1"].update(agriculture=2, tools=[1], used=[False])  # 2 + 1 + 5 = 8
    s["p"]["p2"].update(agriculture=1, tools=[1, 1], used=[False, False])  # 1 + 2 + 5 = 8
    s["p"]["p3"].update(agriculture=3, one_use=[4])  # 3 + 5 = 8: one-use cards are no tiles
    s["p"]["p4"].update(score=21)  # more points: first, whatever the tie-break
    rules.finish(s)
    result = GAME.result(s)
    assert result["tiebreak"] == {"p1": 8, "p2": 8, "p3": 8, "p4": 5}
    assert result["places"] == {"p4": 1, "p1": 2, "p2": 2, "p3": 2}
    over = s["log"][-1]
    assert GAME.describe(over) == (
        "The game is over. Scores: p1 20, p2 20, p3 20, p4 21. Winner: p4. "
        "p1, p2, p3 share place 2."
    )


def test_a_full_tie_for_first_names_every_winner():
    """'Gana quien tenga la suma más alta': with equal points and equal sums, all of them win."""
    s = new(2)
    for p in s["players"]:
        s["p"][p].update(score=9)
    rules.finish(s)
    assert GAME.result(s)["places"] == {"p1": 1, "p2": 1}
    assert GAME.describe(s["log"][-1]) == (
        "The game is over. Scores: p1 9, p2 9. Winners: p1, p2 (a full tie)."
    )
    lines = render("mail/stoneage/board.txt", "en", view=GAME.view(s, "p2")).splitlines()
    assert "  1. p1: 9" in lines and "  1. p2: 9" in lines


def test_a_full_tie_keeps_seating_order():
    """Engine decision (docs): a tie after the tie-break keeps seating order."""
    s = new(3)
    for p in s["players"]:
        s["p"][p].update(score=7)
    rules.finish(s)
    assert GAME.result(s)["ranking"] == ["p1", "p2", "p3"]


def test_the_extra_card_can_bring_the_end_earlier(dice):
    """'El juego termina de inmediato si no hay suficientes cartas ... al inicio de una ronda':
    a card drawn as a bonus shortens the deck."""
    s = at_action(new(2), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0] = 32
    s["deck"] = s["deck"][:1]
    s["p"]["p1"].update(wood=1)
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["deck"] == []
    dice += [1]
    s = GAME.play(s, "p2", "use hunt")
    assert s["phase"] == "over"
