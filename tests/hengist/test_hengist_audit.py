"""Audit scenarios: rule statements and decisions that had no test of their own.

Written from hengist.es.txt (quoted in Spanish) and the Hengist section of NOTES.md.
"""

from __future__ import annotations

import pytest
from hengist_helpers import PLAYERS, fresh, play

from engine import IllegalMove
from engine.hengist import GAME, data


def all_flipped(state):
    for board, side in zip(state["boards"], ["1B", "2B", "3B"], strict=True):
        board["side"], board["flipped"] = side, True
    state["aside_roads"], state["aside_treasures"] = [], []
    return state


def test_setup_puts_the_rest_of_the_road_tiles_and_treasures_in_the_box():
    """Preparar 4-5: one road tile per board, 'otras tres ... a un lado y el resto de nuevo en la
    caja'; 4 treasures per board, 'otras 12 ... a un lado y el resto de nuevo en la caja'."""
    state = GAME.new(PLAYERS, seed=4)
    on_boards = [board["road"] for board in state["boards"]]
    assert len(set(on_boards + state["aside_roads"])) == 6  # 6 of the 12 stay in the box
    treasures = [v for board in state["boards"] for v in board["treasures"]]
    assert len(treasures) == 12 and len(state["aside_treasures"]) == 12  # 6 in the box


def test_board_sides_and_order_are_random_at_setup():
    """Preparar 1: 'con cualquier lado hacia arriba' (decision: order and sides at random)."""
    layouts = {tuple(b["side"] for b in GAME.new(PLAYERS, seed=s)["boards"]) for s in range(40)}
    assert len(layouts) > 10
    assert {side for layout in layouts for side in layout} == set(data.SIDES)


def test_parties_in_the_boat_sail_with_it():
    """The boat carries its parties: after it sails they land on the beach of the new bay."""
    state = fresh()
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 2")  # the boat sails to bay 2
    with pytest.raises(IllegalMove, match="cannot reach"):
        play(state, "move b 1a")
    assert play(state, "move b 2a")["parties"]["ann"][1] == "b13"


def test_there_are_no_roads_between_boards():
    """Decision: hinterland roads join the three spaces of one board only."""
    state = fresh()
    state["parties"]["ann"] = ["h12", "boat", "boat"]  # h3, right edge of board 1
    state["hands"]["ann"] = ["hill", "river", "mountain", "forest", "explorer"]
    legal = GAME.legal(state, "ann")
    assert not any(c.startswith(("move a h4", "move a 3")) for c in legal)
    with pytest.raises(IllegalMove, match="cannot reach h4"):
        play(state, "move a h4 hill")


def test_three_card_discard_never_pays_for_a_raid():
    """'descartar 3 cartas ... para mover un grupo de asalto': a move, not a raid; a raid needs
    'las cartas de terreno apropiadas'."""
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]  # red on 1A: river + forest
    state["hands"]["ann"] = ["hill", "hill", "hill", "forest"]
    assert not any(c.startswith("raid a red") for c in GAME.legal(state, "ann"))
    with pytest.raises(IllegalMove, match="one card for each"):
        play(state, "raid a red hill hill hill forest")


def test_a_lost_party_can_only_take_action_ii():
    """'Si un grupo de asalto está fuera del tablero de juego, solo puede realizar la acción II'."""
    state = fresh()
    state["parties"]["ann"] = ["box", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "hill"]
    with pytest.raises(IllegalMove, match="lost"):
        play(state, "spy a 2")
    assert [c for c in GAME.legal(state, "ann") if c.split()[1:2] == ["a"]] == ["reinforce a"]


def test_only_the_lost_party_itself_is_reinforced_and_it_then_has_acted():
    """Decision: action II is the lost party's own action (a party off the board 'solo puede
    realizar la acción II'); afterwards it waits in the boat until the next turn."""
    state = fresh()
    state["parties"]["ann"] = ["box", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "explorer"]
    with pytest.raises(IllegalMove, match="not lost"):
        play(state, "reinforce b")
    state = play(state, "reinforce")
    assert state["parties"]["ann"][0] == "boat" and state["acted"] == [0]
    assert not any(c.startswith(("move a", "spy a")) for c in GAME.legal(state, "ann"))


def test_a_party_lost_this_turn_may_still_be_reinforced_this_turn():
    """'No importa si un grupo de asalto está en el barco, en el tablero de juego o fuera': a
    party that has not acted yet may take action II right after its board was flipped away."""
    state = fresh()
    state["boat"] = ["3", 1]
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "explorer"]
    state = play(state, "spy c 2")  # the boat leaves board 3: board 1 is flipped, a is lost
    assert state["parties"]["ann"][0] == "box"
    state = play(state, "reinforce a")
    assert state["parties"]["ann"][0] == "boat" and GAME.to_move(state) == ["ann"]


def test_empty_boards_flip_before_the_raids_explorer_sails_the_boat():
    """Decision: the empty-board flip ('cuando tanto el tablero ... de la izquierda como el del
    medio no tienen más mosaicos de tesoro') happens as the treasure is taken; the boat, if it
    was on that board, goes 'a la primera bahía del siguiente tablero', and only then sails
    one bay for the explorer played in the raid."""
    state = fresh()
    state["boat"] = ["1", 0]
    state["boards"][0]["treasures"] = [None, None, None, 7]
    state["boards"][0]["raided"] = ["white", "green", "blue"]
    state["boards"][1]["treasures"] = [None] * 4
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "forest"]
    state = play(state, "raid a red explorer forest")
    assert [b["side"] for b in state["boards"]] == ["2A", "3A", "1B"]
    assert state["boat"] == ["2", 1] and GAME.view(state, None)["boat_bay"] == 2
    assert state["parties"]["ann"] == ["box", "boat", "boat"]  # the boat carried b and c


def test_a_boat_flip_can_be_followed_by_an_empty_board_flip():
    """After the boat flip the new left and middle boards may both be empty: 'Lo mismo se
    aplica', so the next leftmost board is flipped too, with its parties."""
    state = fresh()
    state["boat"] = ["3", 1]
    state["boards"][1]["treasures"] = [None] * 4
    state["boards"][1]["raided"] = list(data.PATH_COLOURS)
    state["boards"][2]["treasures"] = [None] * 4
    state["boards"][2]["raided"] = list(data.PATH_COLOURS)
    state["parties"]["bob"] = ["h20", "boat", "boat"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 1")
    assert [b["side"] for b in state["boards"]] == ["3A", "1B", "2B"]
    assert state["boat"] == ["1", 0] and GAME.view(state, None)["boat_bay"] == 3
    assert state["parties"]["bob"][0] == "box"
    assert [e["reason"] for e in state["log"] if e["type"] == "flip"] == ["boat", "empty"]
    assert state["aside_roads"] == ["RBGW"] and state["aside_treasures"] == [5, 5, 6, 6]


def test_no_empty_board_flip_once_every_board_is_flipped():
    """Decision: each board has two sides (12 bays, 3 spare road tiles, 12 spare treasures);
    with no side left the empty-board flip does not happen."""
    state = all_flipped(fresh())
    state["boards"][0]["treasures"] = [None, None, None, 7]
    state["boards"][0]["raided"] = ["white", "green", "blue"]
    state["boards"][1]["treasures"] = [None] * 4
    state["parties"]["ann"] = ["h10", "boat", "boat"]  # 1B red: hill + mountain
    state["hands"]["ann"] = ["hill", "mountain"]
    state = play(state, "raid a red hill mountain")
    assert state["taken"]["ann"] == [7]
    assert [b["side"] for b in state["boards"]] == ["1B", "2B", "3B"]
    assert not any(e["type"] == "flip" for e in state["log"]) and GAME.to_move(state)


def test_game_ends_inside_a_raid_the_treasure_counts_and_nobody_draws():
    """NOTES [known]: the game ends when the boat sails off the last bay. An explorer paying
    for a raid sails the boat after the raid ('Inmediatamente después'), so the treasure is
    taken first; the game then ends at once, without part B (no draw)."""
    state = all_flipped(fresh())
    state["boat"] = ["3", 1]
    state["parties"]["ann"] = ["h31", "boat", "boat"]  # 3B blue: hill + river
    state["hands"]["ann"] = ["explorer", "river", "hill"]
    state["taken"] = {"ann": [5], "bob": [10]}
    state = play(state, "raid a blue explorer river")
    assert state["taken"]["ann"] == [5, 10] and state["end_reason"] == "boat"  # BRWG: blue -> 1
    assert state["hands"]["ann"] == ["hill"] and GAME.to_move(state) == []
    assert GAME.result(state)["scores"] == {"ann": 15, "bob": 10}


def test_places_are_renumbered_after_a_flip():
    """Decision: names are positional; after the leftmost board moves to the right, the old
    board 2 is board 1 (its hinterland h4 becomes h1, its beaches 3a-4c become 1a-2c)."""
    state = fresh()
    state["boat"] = ["3", 1]
    state["parties"]["bob"] = ["h20", "boat", "boat"]
    state["hands"]["ann"] = ["explorer"]
    assert GAME.view(state, "bob")["parties"]["bob"]["a"] == "h4"
    state = play(state, "spy a 1", "done")
    assert GAME.view(state, "bob")["parties"]["bob"]["a"] == "h1"
    state["hands"]["bob"] = ["river"]
    state = play(state, "move a 1a river", player="bob")  # 2A: beach 0 -> h0 is a river road
    assert state["parties"]["bob"][0] == "b20"


def test_spy_on_a_tile_only_the_other_player_has_seen():
    """Explorer use 2: 'mirar el otro lado de una baldosa de carretera boca abajo'; a tile with
    the other player's shield is still face down for you; once you look it lies face up."""
    state = fresh()
    state["boards"][0]["seen"] = ["bob"]
    state["hands"]["ann"] = ["explorer"]
    assert "spy a 1" in GAME.legal(state, "ann")
    state = play(state, "spy a 1")
    assert GAME.view(state, None)["boards"][0]["road_face_up"] is True


def test_a_marked_road_tile_stays_visible_turn_after_turn():
    """'Puede ver un mosaico de carretera que marcó en cualquier momento.'"""
    state = fresh()
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 3", "done")
    state = play(state, "done", player="bob")
    state = play(state, "done")
    assert GAME.view(state, "ann")["boards"][2]["road"] == "BRWG"
    assert GAME.view(state, "bob")["boards"][2]["road"] is None


def test_start_player_may_stop_after_one_action_on_the_first_turn():
    """'2 acciones como máximo': fewer is allowed; the next turn has the full three."""
    state = fresh(first_turn=True)
    assert GAME.view(state, "ann")["actions_left"] == 2
    state = play(state, "move a 1a", "done")
    state = play(state, "done", player="bob")
    assert GAME.view(state, "ann")["actions_left"] == 3


def test_a_party_moved_inland_this_turn_counts_for_the_draw():
    """B: the draw counts parties 'en el interior (no en la playa)' when the cards are drawn,
    after the actions; lost parties and parties in the boat do not count."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "box", "boat"]
    state["hands"]["ann"] = ["hill"]
    state = play(state, "move a h1 hill", "done")
    assert len(state["hands"]["ann"]) == 3


def test_component_data_matches_the_text_and_the_notes_proposal():
    """Componentes: 60 cartas, 12 baldosas de carretera, 30 fichas de tesoro; 'Doble Terreno
    muestran dos tipos de Terreno diferentes'; paths '3 diferentes cada una para blanco y verde,
    2 diferentes cada una para azul y rojo'. Reconstruction (NOTES): 4 terrains, 12 explorers,
    6 single per terrain, 4 per double pair, treasures 5 each of 5-10, road tiles distinct
    permutations, 3 beach spaces per bay, 3 hinterland spaces per board."""
    from collections import Counter

    cards = Counter(data.deck())
    assert sum(cards.values()) == 60 and cards["explorer"] == 12
    assert all(cards[t] == 6 for t in data.TERRAINS)
    doubles = [c for c in cards if "/" in c]
    assert len(doubles) == 6 and all(cards[c] == 4 for c in doubles)
    assert all(len(set(c.split("/"))) == 2 for c in doubles)
    assert Counter(data.treasures()) == {v: 5 for v in range(5, 11)}
    assert len(set(data.ROAD_TILES)) == 12
    assert all(sorted(tile) == sorted("WGBR") for tile in data.ROAD_TILES)
    for name, side in data.SIDES.items():
        assert len(side["beaches"]) == 3 * data.BAYS_PER_BOARD, name
        assert Counter(target for target, _ in side["beaches"]) == {0: 2, 1: 2, 2: 2}, name
        assert sorted((a, b) for a, b, _ in side["roads"]) == [(0, 1), (0, 2), (1, 2)], name
        for colour, need in zip(data.PATH_COLOURS, (3, 3, 2, 2), strict=True):
            terrains = side["paths"][colour]
            assert len(terrains) == len(set(terrains)) == need, (name, colour)
            assert set(terrains) <= set(data.TERRAINS)
    assert sorted(s for pair in data.BOARD_SIDES for s in pair) == sorted(data.SIDES)
