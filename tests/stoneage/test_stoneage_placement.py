"""Placement phase (stoneage.es.txt: 'Cada ronda tiene tres fases', placement answers, NOTES.md)."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.stoneage import rules
from tests.stoneage.stoneage_helpers import GAME, new


def test_start_player_places_first_then_clockwise():
    """'el jugador inicial coloca una o más figuras y el juego continúa en sentido horario'."""
    s = new(3)
    assert GAME.to_move(s) == ["p1"]
    s = GAME.play(s, "p1", "place 3 forest")
    assert GAME.to_move(s) == ["p2"]
    s = GAME.play(s, "p2", "place 2 hunt")
    assert GAME.to_move(s) == ["p3"]
    assert s["board"] == {"forest": {"p1": 3}, "hunt": {"p2": 2}}


def test_no_passing_while_figures_remain():
    """'No, no puedes pasar si aún tienes figuras sin colocar.'"""
    s = new(2)
    assert not any(c.startswith("pass") for c in GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove):
        GAME.play(s, "p1", "pass")


def test_never_a_second_time_on_a_place_you_occupy():
    """NOTES.md: 'A player never adds figures to a place already holding his own figures.'"""
    s = new(4)
    s = GAME.play(s, "p1", "place 2 hunt")
    for p in ("p2", "p3", "p4"):
        s = GAME.play(s, p, "place 1 river")
    assert not any(c.endswith("hunt") for c in GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove):
        GAME.play(s, "p1", "place 1 hunt")


def test_players_without_figures_are_skipped_and_actions_follow():
    s = new(2)
    s = GAME.play(s, "p1", "place 5 hunt")
    s = GAME.play(s, "p2", "place 1 forest")
    assert GAME.to_move(s) == ["p2"]  # p1 has no figures left
    s = GAME.play(s, "p2", "place 4 hunt")
    assert s["phase"] == "action" and GAME.to_move(s) == ["p1"]


def test_hunting_grounds_are_unlimited():
    """NOTES.md: 'hunting unlimited'."""
    s = new(4)
    for p in ("p1", "p2", "p3", "p4"):
        s = GAME.play(s, p, "place 5 hunt")
    assert sum(s["board"]["hunt"].values()) == 20


def test_resource_area_holds_seven_figures():
    """NOTES.md: 'forest / clay pit / quarry / river 7 each'."""
    s = new(4)
    s = GAME.play(s, "p1", "place 5 forest")
    assert "place 2 forest" in GAME.legal(s, "p2")
    assert "place 3 forest" not in GAME.legal(s, "p2")
    s = GAME.play(s, "p2", "place 2 forest")
    assert not any(c.endswith("forest") for c in GAME.legal(s, "p3"))


def test_hut_takes_exactly_two_figures_of_one_player():
    """'Para usar la cabaña debes colocar exactamente dos figuras en ella al mismo tiempo.'"""
    s = new(4)
    s = GAME.play(s, "p1", "place hut")
    assert s["board"]["hut"] == {"p1": 2}
    assert "place hut" not in GAME.legal(s, "p2")
    with pytest.raises(IllegalMove):
        GAME.play(s, "p1", "place 1 hut")


def test_field_and_tool_maker_take_one_figure():
    s = new(4)
    s = GAME.play(s, "p1", "place field")
    s = GAME.play(s, "p2", "place toolmaker")
    assert s["board"] == {"field": {"p1": 1}, "toolmaker": {"p2": 1}}
    assert "place field" not in GAME.legal(s, "p3")
    assert "place toolmaker" not in GAME.legal(s, "p3")


def test_four_players_may_fill_all_three_village_places():
    s = new(4)
    s = GAME.play(s, "p1", "place field")
    s = GAME.play(s, "p2", "place toolmaker")
    assert "place hut" in GAME.legal(s, "p3")


@pytest.mark.parametrize("n", [2, 3])
def test_two_or_three_players_only_two_village_places(n):
    """'En una partida con 2 o 3 jugadores, solo pueden estar ocupados como máximo dos de los
    tres lugares'."""
    s = new(n)
    s = GAME.play(s, "p1", "place field")
    s = GAME.play(s, "p2", "place hut")
    nxt = GAME.to_move(s)[0]
    assert "place toolmaker" not in GAME.legal(s, nxt)


def test_three_players_at_most_two_players_per_resource_area():
    """'En una partida de 3 jugadores, como máximo 2 jugadores ... en cada uno de estos lugares'."""
    s = new(3)
    s = GAME.play(s, "p1", "place 1 quarry")
    s = GAME.play(s, "p2", "place 1 quarry")
    assert not any(c.endswith("quarry") for c in GAME.legal(s, "p3"))
    assert "place 1 hunt" in GAME.legal(s, "p3")


def test_two_players_one_player_per_resource_area():
    """'En una partida de 2 jugadores, el límite es de 1 jugador por lugar.'"""
    s = new(2)
    s = GAME.play(s, "p1", "place 1 river")
    assert not any(c.endswith("river") for c in GAME.legal(s, "p2"))


def test_each_card_and_building_space_holds_one_figure():
    s = new(4)
    s = GAME.play(s, "p1", "place card 2")
    s = GAME.play(s, "p2", "place building 1")
    legal = GAME.legal(s, "p3")
    assert "place card 2" not in legal and "place building 1" not in legal
    assert "place card 1" in legal and "place building 2" in legal


def test_natural_forms_are_accepted():
    s = new(4)
    s = GAME.play(s, "p1", "Place 3 figures on the forest")
    s = GAME.play(s, "p2", "put the tool maker")
    s = GAME.play(s, "p3", "card 4")
    s = GAME.play(s, "p4", "hunt 2")
    assert s["board"] == {
        "forest": {"p1": 3},
        "toolmaker": {"p2": 1},
        "card4": {"p3": 1},
        "hunt": {"p4": 2},
    }


def test_player_with_no_place_left_keeps_figures_home():
    """Engine decision: figures that have no legal place stay home this round."""
    s = new(2)
    board = {k: {"p1": 1} for k in ("forest", "clay", "quarry", "river", "field", "toolmaker")}
    board.update({f"card{k}": {"p1": 1} for k in range(1, 5)})
    board.update({f"building{k}": {"p1": 1} for k in range(1, 3)})
    board["hunt"] = {"p2": 1}
    s["board"] = board
    s["p"]["p1"]["figures"] = 12
    s["placed"] = {"p1": 12, "p2": 1}
    rules.next_placer(s)
    assert s["log"][-1]["type"] == "stuck" and s["log"][-1]["count"] == 4
    assert s["phase"] == "action"


def test_never_a_second_time_on_a_resource_area():
    """NOTES.md: 'A player never adds figures to a place already holding his own figures.'"""
    s = new(4)
    s = GAME.play(s, "p1", "place 2 forest")
    for p in ("p2", "p3", "p4"):
        s = GAME.play(s, p, "place 1 hunt")
    assert not any(c.endswith(" forest") for c in GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove, match="already have figures there"):
        GAME.play(s, "p1", "place 1 forest")


def test_village_places_may_be_blocked_even_when_they_give_nothing():
    """Engine decision (docs): the hut, field and tool maker may be occupied when they cannot
    give anything; the action gives nothing."""
    s = new(4)
    s["p"]["p1"].update(figures=10, agriculture=10, tools=[4, 4, 4], used=[False] * 3)
    legal = GAME.legal(s, "p1")
    assert {"place hut", "place field", "place toolmaker"} <= set(legal)
