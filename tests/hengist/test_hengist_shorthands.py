"""Shorthands never play an explorer the player did not name, and 'return c boat' is action I
(issue 9.9 and 9.10).

Board 1 (side 1A, see hengist_helpers): blue path hill + mountain, red path river + forest.
"""

from __future__ import annotations

import pytest
from hengist_helpers import fresh, play

from engine import IllegalMove
from engine.hengist import GAME


def refusal(state, typed):
    with pytest.raises(IllegalMove) as error:
        play(state, typed)
    return str(error.value)


def raider_at_the_last_bay(hand):
    """Ann's party a inland on board 1, the boat in the rightmost bay: one explorer played
    sails it past the last board, and board 1 (with the raider on it) is turned over."""
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = list(hand)
    state["boat"] = ["3", 1]
    return state


def test_a_raid_without_cards_never_plays_an_explorer():
    """Rule text: "Cuando juegas una carta de Explorador, debes elegir una de las tres acciones que ofrece
    y llevarla a cabo. Inmediatamente después, mueva el bote hacia la derecha" and, once the
    leftmost board is turned, "Todas las fichas de tesoro y los grupos de asalto que estaban en
    el tablero de la bahía antes de que se moviera deben devolverse a la caja": 'raid a blue'
    with hill + explorer as the only paying set is refused, naming the set, and nothing
    sails."""
    state = raider_at_the_last_bay(["hill", "explorer"])
    text = refusal(state, "raid a blue")
    assert "name the cards to play" in text
    assert "Your hand pays for it with: 'raid a blue hill explorer'." in text
    assert "raid a blue hill explorer" in GAME.legal(state, "ann")
    # named, the explorer is played: the boat sails on and the raider's board is turned over
    after = play(state, "raid a blue hill explorer")
    assert after["explorers"] == state["explorers"] + 1
    assert after["parties"]["ann"][0] == "box"


def test_a_raid_without_cards_takes_the_one_set_without_an_explorer():
    """Like a move without a card: the shorthand is fine when it plays no explorer."""
    state = raider_at_the_last_bay(["hill", "mountain", "explorer"])
    after = play(state, "raid a blue")
    raid = [e for e in after["log"] if e["type"] == "raid"][-1]
    assert sorted(raid["cards"]) == ["hill", "mountain"]
    assert after["explorers"] == state["explorers"] and after["hands"]["ann"] == ["explorer"]


def test_a_raid_refusal_lists_every_set_that_pays():
    state = raider_at_the_last_bay(["hill", "hill/mountain", "mountain", "explorer"])
    text = refusal(state, "raid a blue")
    listed = {c.strip("'") for c in text.split("pays for it with: ")[1].rstrip(".").split(", ")}
    legal = {c for c in GAME.legal(state, "ann") if c.startswith("raid a blue ")}
    assert listed == legal and any("explorer" in c for c in listed)
    # cards that do not fit are refused with the same list
    text = refusal(state, "raid a blue hill hill")
    assert "hill hill does not fit" in text and "'raid a blue hill mountain'" in text


def beach_party():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "box"]  # a on 1a, b on h2, c lost
    state["hands"]["ann"] = ["hill"]
    return state


@pytest.mark.parametrize(
    "typed",
    ["return a boat", "Return A to the boat", "back to the boat", "a back to boat",
     "go back to the boat", "move a back to the boat", "return a", "return boat"],
)  # fmt: skip
def test_return_to_the_boat_is_action_i(typed):
    """Rule text: "Puedes mover un grupo de asalto desde el barco a la playa adyacente (si hay espacio), o
    desde la playa de regreso al barco. Esto no cuesta ninguna tarjeta." """
    after = play(beach_party(), typed)
    assert after["parties"]["ann"] == ["boat", "h11", "box"]
    assert after["hands"]["ann"] == ["hill"]


def test_return_of_a_lost_party_is_a_reinforcement():
    """Rule text: "Si pierde uno o más Grupos de Incursión, puede jugar una carta de Explorador para
    devolver al Barco un Grupo de Incursión perdido": 'return c boat' for lost party c."""
    state = beach_party()
    state["hands"]["ann"] = ["explorer"]
    after = play(state, "return c boat")
    assert after["parties"]["ann"][2] == "boat" and after["hands"]["ann"] == []


def test_return_refusals_name_the_party_typed():
    state = beach_party()
    assert "Party b (on h2) cannot reach boat" in refusal(state, "return b boat")
    assert refusal(state, "return c boat").startswith("Party c is lost")
    assert "Party c is lost" in refusal(state, "reinforce c boat")
    assert "'return a 1b'" in refusal(state, "return a 1b")
