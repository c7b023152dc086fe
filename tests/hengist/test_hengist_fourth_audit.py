"""A fourth reading of hengist.es.txt, sentence by sentence, against the engine.

The rules below were implemented as the text says, but no test failed when the engine was
changed to break them (a double card paying any terrain, a party moving between hinterland
spaces onto another party): each now has a test that fails if the rule is broken.
"""

from __future__ import annotations

import pytest
from hengist_helpers import fresh, play

from engine import IllegalMove
from engine.hengist import GAME


@pytest.mark.parametrize(
    ("start", "blocked", "card", "target", "where"),
    [
        # 'Lo mismo se aplica si desea mudarse a un Hinterland adyacente': h1-h2 mountain road
        ("h10", "h11", "mountain", "h2", "h11"),
        # 'Para volver a la playa, debes volver a jugar una carta de Terreno adecuada':
        # h1 back to beach 1a by the hill road
        ("h10", "b10", "hill", "1a", "b10"),
    ],
)
def test_a_party_cannot_move_onto_a_space_another_party_holds(start, blocked, card, target, where):
    """NOTES.md: 'one figure per space', for the roads from the hinterland too (board 1 is 1A);
    Bob's party stands where Ann's wants to go, then leaves."""
    state = fresh()
    state["parties"]["ann"] = [start, "boat", "boat"]
    state["parties"]["bob"] = [blocked, "boat", "boat"]
    state["hands"]["ann"] = [card, "river"]
    assert not any(c.startswith(f"move a {target} ") for c in GAME.legal(state, "ann"))
    with pytest.raises(IllegalMove):
        play(state, f"move a {target} {card}")
    state["parties"]["bob"] = ["boat", "boat", "boat"]
    state = play(state, f"move a {target} {card}")
    assert state["parties"]["ann"][0] == where


def test_a_double_card_pays_only_the_terrains_it_shows():
    """'Las cartas de Doble Terreno muestran dos tipos de Terreno diferentes. Cuando juegas una
    carta así, puedes elegir uno de los tipos de Terreno representados': beach 1a leads to h1
    by a hill road; a river/mountain card shows no hill."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["river/mountain", "mountain"]
    assert not any(c.startswith("move a h1") for c in GAME.legal(state, "ann"))
    with pytest.raises(IllegalMove):
        play(state, "move a h1 river/mountain")
    state["hands"]["ann"] = ["hill/forest"]
    state = play(state, "move a h1 hill/forest")
    assert state["parties"]["ann"][0] == "h10"


def test_a_single_card_pays_only_its_own_terrain():
    """'Las cartas de terreno único permiten que un grupo de asalto se mueva a través del tipo
    de terreno representado': a mountain card does not pay the hill road from 1a."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["mountain"]
    with pytest.raises(IllegalMove):
        play(state, "move a h1 mountain")


def test_a_raid_needs_different_terrains_not_the_same_one_twice():
    """'jugar las cartas de terreno apropiadas (3 diferentes cada una para blanco y verde,
    2 diferentes cada una para azul y rojo)': blue on 1A needs hill and mountain."""
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "hill", "hill/river"]
    assert not any(c.startswith("raid a blue") for c in GAME.legal(state, "ann"))
    with pytest.raises(IllegalMove):
        play(state, "raid a blue hill hill")
    with pytest.raises(IllegalMove):
        play(state, "raid a blue hill hill/river")
