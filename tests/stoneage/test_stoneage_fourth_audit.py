"""A fourth reading of stoneage.es.txt and stoneage-mammoth-herd.pt.txt, sentence by sentence.

Rules the engine carries out as the texts say, but which no test held: the engine was changed
to break each of them and every test still passed. Each now has a test that fails if the rule
is broken.
"""

from __future__ import annotations

import pytest

from engine.contract import IllegalMove
from tests.stoneage.stoneage_helpers import GAME, at_action, new


def herd_game(n=3, tile=3, resource="clay"):
    """Tile 3: clay on the back, a tool for one, 3 points for all."""
    s = new(n, mammoth_herd=True)
    s["herd"]["tile"], s["herd"]["resource"] = tile, resource
    return s


def test_a_full_tie_gives_the_bonus_for_all_to_every_tamer_not_only_the_tied(dice):
    """'Se o empate ainda persistir, depois de comparar todos os resultados, todos os
    jogadores envolvidos recebem o bônus para "todos".' The players involved are those who
    tamed ('Todos os jogadores que moveram pessoas para a ficha de bônus rolam os dados'; with
    a winner 'todos os demais jogadores, envolvidos em domar o mamute, pegam o bônus para
    "todos"'): p1 and p2 tie on 6 and 3, p3 rolled a 5 and gets the 3 points as well."""
    s = herd_game()
    s["herd"]["on_tile"] = {"p1": 2, "p2": 2, "p3": 1}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [6, 3, 3, 6, 5]
    s = GAME.play(s, "p1", "use field")
    assert [s["p"][p]["score"] for p in ("p1", "p2", "p3")] == [3, 3, 3]
    assert all(s["p"][p]["tiles"] == [] for p in ("p1", "p2", "p3"))


def test_the_next_highest_die_decides_whoever_sits_first(dice):
    """'Quando existem dados empatados com o maior valor, os jogadores comparam o próximo maior
    valor, e assim em diante.' p1 and p2 both show a 5; p2's next die (4) beats p1's (2)."""
    s = herd_game()
    s["herd"]["on_tile"] = {"p1": 2, "p2": 2}
    s = at_action(s, {"field": {"p1": 1}})
    dice += [2, 5, 5, 4]
    s = GAME.play(s, "p1", "use field")
    assert GAME.to_move(s) == ["p2"]
    s = GAME.play(s, "p2", "bonus one")
    assert s["p"]["p2"]["tiles"] == [3] and s["p"]["p2"]["tools"] == [1]
    assert s["p"]["p1"]["score"] == 3 and s["p"]["p1"]["tiles"] == []


def test_a_deck_holding_exactly_the_missing_cards_refills_the_row():
    """'El juego termina de inmediato si no hay suficientes cartas de Civilización para llenar
    los cuatro espacios al inicio de una ronda': two slots empty and two cards left are enough,
    the next round is played."""
    s = new(2)
    s["row"] = [None, None, 5, 6]
    s["deck"] = [7, 8]
    s = at_action(s, {"field": {"p1": 1}})
    s = GAME.play(s, "p1", "use field")
    assert s["phase"] == "place" and GAME.result(s) is None
    assert s["row"] == [5, 6, 7, 8] and s["deck"] == []


def test_the_tool_maker_raises_the_lowest_tile_once_there_are_three():
    """NOTES.md [known]: 'tools: at most 3 tiles, values go 1,1,1 then up to 4 each (12
    total)': with three tiles each tool maker raises the lowest, so no tile is two above
    another (1,1,1 / 2,1,1 / 2,2,1 / 2,2,2 / 3,2,2 ...)."""
    tools: list[int] = []
    seen = []
    for _ in range(12):
        s = at_action(new(4), {"toolmaker": {"p1": 1}, "hunt": {"p2": 1}})
        s["p"]["p1"]["tools"], s["p"]["p1"]["used"] = tools, [False] * len(tools)
        s = GAME.play(s, "p1", "use toolmaker")
        tools = s["p"]["p1"]["tools"]
        seen.append(sorted(tools, reverse=True))
    assert seen == [
        [1],
        [1, 1],
        [1, 1, 1],
        [2, 1, 1],
        [2, 2, 1],
        [2, 2, 2],
        [3, 2, 2],
        [3, 3, 2],
        [3, 3, 3],
        [4, 3, 3],
        [4, 4, 3],
        [4, 4, 4],
    ]


def test_the_hut_is_closed_to_a_player_with_one_figure_left():
    """'Para usar la cabaña debes colocar exactamente dos figuras en ella al mismo tiempo': a
    player with one figure left to place cannot use it."""
    s = new(4)
    s["p"]["p1"]["figures"] = 1
    assert "place hut" not in GAME.legal(s, "p1")
    with pytest.raises(IllegalMove):
        GAME.play(s, "p1", "place hut")
    s["p"]["p1"]["figures"] = 2
    s = GAME.play(s, "p1", "place hut")
    assert s["board"]["hut"] == {"p1": 2}


def test_the_actions_begin_with_the_start_player():
    """'el jugador inicial coloca una o más figuras y el juego continúa en sentido horario'
    (placing) and, for the actions, the engine's reading in docs/rules/stoneage.md: each
    player in turn order from the start player uses all his places. Start player p2."""
    s = new(2)
    s["start"] = s["turn"] = 1
    for p in s["players"]:
        s["p"][p]["figures"] = 1
    s = GAME.play(s, "p2", "place field")
    s = GAME.play(s, "p1", "place toolmaker")
    assert s["phase"] == "action" and GAME.to_move(s) == ["p2"]
