"""One scenario per Hengist rule, written from hengist.es.txt and NOTES.md (Hengist)."""

from __future__ import annotations

from collections import Counter

import pytest
from hengist_helpers import PLAYERS, fresh, play

from engine import IllegalMove
from engine.hengist import GAME, data


def test_setup_follows_preparar():
    """Preparar 1-6: boat in the leftmost bay with all 6 parties, 3 cards each, a face-down road
    tile on each board and 3 aside, 4 treasures per board in descending order and 12 aside."""
    state = GAME.new(PLAYERS, seed=3)
    assert state["boat"] == [state["boards"][0]["side"][0], 0]
    assert all(places == ["boat"] * 3 for places in state["parties"].values())
    assert all(len(hand) == 3 for hand in state["hands"].values())
    assert len(state["deck"]) == 60 - 6
    assert all(board["seen"] == [] for board in state["boards"])
    assert len(state["aside_roads"]) == 3 and len(state["aside_treasures"]) == 12
    for board in state["boards"]:
        assert board["treasures"] == sorted(board["treasures"], reverse=True)
        assert len(board["treasures"]) == 4
    assert Counter(data.deck())["explorer"] == 12 and len(data.deck()) == 60
    assert len(set(data.ROAD_TILES)) == 12 and len(data.treasures()) == 30


def test_youngest_starts_with_at_most_two_actions():
    """'Empieza el jugador más joven' (first listed); 'En su primer turno, el jugador inicial
    puede realizar 2 acciones como máximo': after 2 actions the turn ends by itself."""
    state = fresh(first_turn=True)
    assert GAME.to_move(state) == ["ann"]
    state = play(state, "move a 1a", "move b 1b")
    assert GAME.to_move(state) == ["bob"]
    assert state["parties"]["ann"] == ["b10", "b11", "boat"]
    # bob (not on his first turn) may act with all three parties
    state = play(state, "move a 1c", player="bob")
    assert GAME.to_move(state) == ["bob"]
    assert GAME.view(state, "bob")["actions_left"] == 2


def test_exactly_one_action_per_party_and_a_party_may_do_nothing():
    """'puedes realizar exactamente 1 acción (I-VI) con cada uno de tus Grupos': a party acts
    at most once; 'puedes' lets a party stand still, and 'done' finishes the turn."""
    state = fresh()
    state = play(state, "move a 1a")
    with pytest.raises(IllegalMove, match="already acted"):
        play(state, "move a boat")
    assert all(not c.startswith(("move a", "spy a")) for c in GAME.legal(state, "ann"))
    state = play(state, "done")
    assert GAME.to_move(state) == ["bob"]
    assert state["parties"]["ann"] == ["b10", "boat", "boat"]


def test_third_action_ends_the_turn_and_draws():
    """B. Sacar cartas follows the party actions: after the third action ann draws 2."""
    state = fresh()
    state = play(state, "move a 1a", "move b 1b", "move c 1c")
    assert GAME.to_move(state) == ["bob"]
    assert len(state["hands"]["ann"]) == 2


def test_boat_to_beach_and_back_is_free_if_space_is_free():
    """Acción I: boat <-> adjacent beach costs no card, only if the space is free; one party per
    space; the way back to the boat is only from the beach beside the boat."""
    state = fresh()
    state["parties"]["bob"] = ["b10", "boat", "b13"]
    with pytest.raises(IllegalMove, match="taken"):
        play(state, "move a 1a")
    with pytest.raises(IllegalMove, match="cannot reach"):
        play(state, "move a 2b")  # bay 2: not beside the boat
    state = play(state, "move a 1b")
    assert state["parties"]["ann"][0] == "b11" and state["hands"]["ann"] == []
    state["parties"]["ann"][1] = "b14"  # a beach of bay 2, the boat is in bay 1
    with pytest.raises(IllegalMove, match="cannot reach"):
        play(state, "move b boat")
    state = play(state, "move c 1c", "done")
    assert "move b boat" not in GAME.legal(state, "ann")


def test_free_move_takes_no_card():
    state = fresh()
    state["hands"]["ann"] = ["hill"]
    with pytest.raises(IllegalMove, match="free"):
        play(state, "move a 1a hill")


def test_beach_to_hinterland_needs_a_matching_terrain_card():
    """Acción III: 'debes jugar una carta que muestre el terreno apropiado' and discard it."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # 1a: hill road to h1
    state["hands"]["ann"] = ["river", "hill"]
    with pytest.raises(IllegalMove, match="hill"):
        play(state, "move a h1 river")
    state = play(state, "move a h1 hill")
    assert state["parties"]["ann"][0] == "h10"
    assert state["hands"]["ann"] == ["river"] and state["discard"] == ["hill"]


def test_hinterland_moves_to_beach_or_adjacent_hinterland_with_a_card():
    """Acción IV: back to the beach, or to an adjacent hinterland, with a matching card."""
    state = fresh()
    state["parties"]["ann"] = ["h10", "h11", "boat"]
    state["hands"]["ann"] = ["river", "mountain/forest"]
    state = play(state, "move a 1b river")  # h1 -> 1b is a river road
    assert state["parties"]["ann"][0] == "b11"
    state = play(state, "move b h3 forest/mountain")  # h2 -> h3 is a forest road
    assert state["parties"]["ann"][1] == "h12"
    assert state["hands"]["ann"] == []


def test_hinterland_space_holds_one_party():
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["parties"]["bob"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["hill"]
    with pytest.raises(IllegalMove, match="taken"):
        play(state, "move a h1 hill")


def test_double_card_pays_one_terrain_never_both():
    """'puedes elegir uno de los tipos de Terreno representados, ¡pero no ambos!'"""
    state = fresh()
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["hill/mountain", "hill/mountain"]
    with pytest.raises(IllegalMove, match="one card for each"):
        play(state, "raid a blue hill/mountain")
    state = play(state, "raid a blue hill/mountain hill/mountain")
    assert state["taken"]["ann"] == [8]  # road WGBR: blue ends at treasure 3


def test_explorer_is_a_wild_terrain_and_moves_the_boat():
    """Explorer use 1 'como carta de terreno de cualquier tipo'; then the boat sails one bay."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "move a h1 x")
    assert state["parties"]["ann"][0] == "h10"
    assert state["boat"] == ["1", 1]
    assert state["explorers"] == 1


def test_three_card_discard_moves_regardless_of_terrain():
    """'puedes descartar 3 cartas, una o dos cartas, para mover un grupo de asalto
    independientemente del terreno': three single/double cards, explorers excluded."""
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]  # the road to h1 is hill
    state["hands"]["ann"] = ["river", "forest", "river/forest", "explorer"]
    with pytest.raises(IllegalMove, match="three"):
        play(state, "move a h1 river forest explorer")
    assert "move a h1 river forest river/forest" in GAME.legal(state, "ann")
    assert play(state, "discard a h1 river forest river/forest")["parties"]["ann"][0] == "h10"
    with pytest.raises(IllegalMove, match="three"):
        play(state, "discard a h1 river")
    state = play(state, "move a h1 forest river river/forest")
    assert state["parties"]["ann"][0] == "h10"
    assert state["hands"]["ann"] == ["explorer"]
    assert state["boat"] == ["1", 0]


def test_two_cards_are_not_a_move():
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "hill"]
    with pytest.raises(IllegalMove):
        play(state, "move a h1 hill hill")


def test_raid_white_takes_the_treasure_the_road_tile_leads_to():
    """Acción V: choose a path, play 3 different terrains for white (all at once), look at the
    road tile, take the treasure at the end of the path, the party stays in the hinterland."""
    state = fresh()
    state["parties"]["ann"] = ["h11", "boat", "boat"]
    state["boards"][0]["road"] = "GRWB"  # white ends at treasure 3
    state["hands"]["ann"] = ["forest", "hill", "river", "river"]
    with pytest.raises(IllegalMove):
        play(state, "raid a white hill river")  # not all terrains: no stopping half way
    state = play(state, "raid a white hill river forest")
    assert state["taken"]["ann"] == [8]
    assert state["boards"][0]["treasures"] == [10, 9, None, 7]
    assert state["parties"]["ann"][0] == "h11"
    assert state["hands"]["ann"] == ["river"]
    assert state["boards"][0]["seen"] == ["ann"]
    private = [e for e in state["log"] if e["type"] == "road_seen"]
    assert private and private[0]["to"] == ["ann"] and private[0]["road"] == "GRWB"
    public = [e for e in state["log"] if e["type"] == "raid"][0]
    assert "to" not in public and "road" not in public


def test_raided_path_is_closed():
    """'Solo hay un tesoro al final de cada camino': a raided path cannot be raided again."""
    state = fresh()
    state["parties"]["ann"] = ["h11", "h10", "boat"]
    state["hands"]["ann"] = ["river", "forest", "river", "forest"]
    state = play(state, "raid a red river forest")
    with pytest.raises(IllegalMove, match="raided already"):
        play(state, "raid b red river forest")
    assert not any(c.startswith("raid b red") for c in GAME.legal(state, "ann"))


def test_raid_blue_and_red_need_two_different_terrains():
    state = fresh()
    state["parties"]["ann"] = ["h12", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "mountain"]
    assert GAME.legal(state, "ann").count("raid a blue hill mountain") == 1
    state = play(state, "raid a blue mountain hill")
    assert state["taken"]["ann"] == [8]


def test_only_a_party_in_the_hinterland_raids():
    state = fresh()
    state["parties"]["ann"] = ["b10", "boat", "boat"]
    state["hands"]["ann"] = ["hill", "mountain"]
    with pytest.raises(IllegalMove, match="hinterland"):
        play(state, "raid a blue hill mountain")


def test_spy_looks_at_a_road_tile_and_places_a_shield():
    """Acción VI / explorer use 2: look at a road tile of your choice; the shield marker shows you
    may look again at any time. Once the other player has seen it too it lies face up."""
    state = fresh()
    state["hands"]["ann"] = ["explorer", "explorer"]
    state = play(state, "spy a 2")
    assert state["boards"][1]["seen"] == ["ann"]
    assert state["boat"] == ["1", 1]
    seen = [e for e in state["log"] if e["type"] == "road_seen"][-1]
    assert seen["to"] == ["ann"] and seen["road"] == "GWRB"
    assert GAME.view(state, "ann")["boards"][1]["road"] == "GWRB"
    assert GAME.view(state, "bob")["boards"][1]["road"] is None
    with pytest.raises(IllegalMove, match="already seen"):
        play(state, "spy b 2")
    state = play(state, "done")
    state["hands"]["bob"] = ["explorer"]
    state = play(state, "spy c 2", player="bob")
    assert [e for e in state["log"] if e["type"] == "road_revealed"][-1]["road"] == "GWRB"
    assert GAME.view(state, None)["boards"][1]["road"] == "GWRB"
    assert GAME.view(state, None)["boards"][1]["road_face_up"] is True


def test_reinforcement_brings_a_lost_party_back_to_the_boat():
    """Acción II / explorer use 3: a lost party returns to the boat; a party off the board can
    only take action II."""
    state = fresh()
    state["parties"]["ann"] = ["box", "boat", "boat"]
    state["hands"]["ann"] = ["hill"]
    assert not any(c.endswith(" a") or " a " in c for c in GAME.legal(state, "ann"))
    with pytest.raises(IllegalMove, match="explorer"):
        play(state, "reinforce a")
    with pytest.raises(IllegalMove, match="lost"):
        play(state, "move a 1a")
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "reinforce")
    assert state["parties"]["ann"][0] == "boat"
    assert state["boat"] == ["1", 1]


def test_draw_two_plus_one_per_party_in_the_hinterland():
    """B: 'Roba 2 cartas. Por cada grupo de asalto que tengas en el interior (no en la playa),
    robas una carta adicional' (so at most 5)."""
    state = fresh()
    state["parties"]["ann"] = ["h10", "h12", "b11"]
    state = play(state, "done")
    assert len(state["hands"]["ann"]) == 4
    drew = [e for e in state["log"] if e["type"] == "drew"][-1]
    assert drew["to"] == ["ann"] and drew["cards"] == ["forest"] * 4
    state["parties"]["bob"] = ["h20", "h21", "h22"]
    state = play(state, "done", player="bob")
    assert len(state["hands"]["bob"]) == 5


def test_empty_draw_pile_is_reshuffled_from_the_discards():
    """NOTES proposal: an empty draw pile is reshuffled from the discards."""
    state = fresh()
    state["deck"] = ["hill"]
    state["discard"] = ["river", "river", "river"]
    state = play(state, "done")
    assert sorted(state["hands"]["ann"]) == ["hill", "river"]
    assert state["discard"] == [] and len(state["deck"]) == 2
    assert any(e["type"] == "reshuffle" for e in state["log"])


def test_boat_sails_one_bay_per_explorer_whatever_its_use():
    """'Cuando juegas una carta de Explorador ... mueva el bote hacia la derecha': a raid paying
    with two explorers moves the boat two bays, onto the next board."""
    state = fresh()
    state["boat"] = ["1", 1]
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["hands"]["ann"] = ["explorer", "explorer"]
    state = play(state, "raid a blue explorer explorer")
    assert state["boat"] == ["2", 1]
    assert [e["bay"] for e in state["log"] if e["type"] == "boat"] == [3, 4]


def test_leaving_the_rightmost_board_flips_the_leftmost():
    """The boat at the rightmost bay sails on: the leftmost board is turned over and laid on the
    right with a new road tile and 4 new treasures in descending order; the treasures and
    parties on it go to the box; the boat moves to its first bay."""
    state = fresh()
    state["boat"] = ["3", 1]
    state["parties"]["ann"] = ["h10", "b11", "boat"]
    state["parties"]["bob"] = ["h20", "boat", "boat"]
    state["boards"][0]["seen"] = ["ann"]
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy c 3")
    sides = [b["side"] for b in state["boards"]]
    assert sides == ["2A", "3A", "1B"]
    flipped = state["boards"][2]
    assert flipped["flipped"] and flipped["road"] == "GRBW" and flipped["seen"] == []
    assert flipped["treasures"] == [10, 10, 9, 9]
    assert state["parties"]["ann"] == ["box", "box", "boat"]
    assert state["parties"]["bob"][0] == "h20"
    assert state["boat"] == ["1", 0]
    assert GAME.view(state, None)["boat_bay"] == 5
    flip = [e for e in state["log"] if e["type"] == "flip"][0]
    assert flip["lost"] == [["ann", 0], ["ann", 1]] and flip["treasures_lost"] == [10, 9, 8, 7]


def test_two_empty_left_boards_flip_the_leftmost():
    """'Lo mismo se aplica cuando tanto el tablero de la bahía de la izquierda como el del medio
    no tienen más mosaicos de tesoro'; a boat on it moves to the first bay of the next board."""
    state = fresh()
    state["boat"] = ["1", 1]
    state["boards"][0]["treasures"] = [None, None, None, 7]
    state["boards"][0]["raided"] = ["white", "green", "blue"]
    state["boards"][1]["treasures"] = [None, None, None, None]
    state["parties"]["ann"] = ["h10", "boat", "boat"]
    state["parties"]["bob"] = ["h21", "boat", "boat"]
    state["hands"]["ann"] = ["river", "forest"]
    state = play(state, "raid a red river forest")
    assert state["taken"]["ann"] == [7]
    assert [b["side"] for b in state["boards"]] == ["2A", "3A", "1B"]
    assert state["parties"]["ann"][0] == "box"
    assert state["parties"]["bob"][0] == "h21"
    assert state["boat"] == ["2", 0]
    assert [e for e in state["log"] if e["type"] == "flip"][0]["reason"] == "empty"


def test_game_ends_when_the_boat_sails_off_the_last_bay():
    """NOTES [known]: 12 bays; the game ends when the boat sails off the last bay (after the
    12th explorer); most treasure points wins."""
    state = fresh()
    for board, side in zip(state["boards"], ["1B", "2B", "3B"], strict=True):
        board["side"], board["flipped"] = side, True
    state["boat"] = ["3", 1]
    state["taken"] = {"ann": [5], "bob": [10]}
    state["hands"]["ann"] = ["explorer"]
    state = play(state, "spy a 1")
    assert GAME.to_move(state) == []
    assert GAME.legal(state, "ann") == [] and GAME.legal(state, "bob") == []
    result = GAME.result(state)
    assert result["scores"] == {"ann": 5, "bob": 10} and result["ranking"] == ["bob", "ann"]
    with pytest.raises(IllegalMove, match="over"):
        play(state, "done")


def test_random_game_ends_with_twelve_bays_at_most():
    """From setup the boat can visit 12 bays: 11 explorers reach the last, the 12th ends."""
    state = fresh()
    state["hands"]["ann"] = ["explorer"] * 12
    state["boards"][0]["seen"] = []
    for _ in range(11):
        state["acted"] = []
        state["boards"] = [dict(b, seen=[]) for b in state["boards"]]
        state = play(state, "spy a 1")
        assert GAME.to_move(state) == ["ann"]
    state["acted"] = []
    state["boards"] = [dict(b, seen=[]) for b in state["boards"]]
    state = play(state, "spy a 1")
    assert GAME.to_move(state) == [] and state["explorers"] == 12


def test_tie_on_points_goes_to_more_treasure_tiles_else_shared():
    """NOTES proposal: tie broken by more treasure tiles, else the victory is shared."""
    state = fresh()
    state["over"] = True
    state["taken"] = {"ann": [10], "bob": [5, 5]}
    result = GAME.result(state)
    assert result["ranking"] == ["bob", "ann"] and result["shared"] is False
    assert result["places"] == {"bob": 1, "ann": 2}
    state["taken"] = {"ann": [10, 5], "bob": [7, 8]}
    result = GAME.result(state)
    assert result["shared"] is True and result["winners"] == ["ann", "bob"]
    assert result["places"] == {"ann": 1, "bob": 1}  # a shared first place, as the mail says


def test_turn_limit_ends_a_game_nobody_finishes():
    """Engine safeguard (not a rule): after data.MAX_TURNS turns the game is scored."""
    state = fresh()
    state["turns"] = data.MAX_TURNS - 1
    state = play(state, "done")
    assert GAME.to_move(state) == [] and state["end_reason"] == "turn_limit"


def test_commands_accept_short_and_reordered_forms():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "boat"]
    state["hands"]["ann"] = ["hill", "river", "mountain", "forest"]
    assert play(state, "move the party a to h1 with the hill card")["parties"]["ann"][0] == "h10"
    assert play(state, "m h1 a h")["parties"]["ann"][0] == "h10"
    assert play(state, "raid b white h r f")["taken"]["ann"] == [10]
    assert play(state, "move 1b")["parties"]["ann"][2] == "b11"  # only c can go there
    with pytest.raises(IllegalMove, match="Several parties"):
        play(state, "move 1c")  # c from the boat, or b from h2 with a forest card
    with pytest.raises(IllegalMove, match="not a card"):
        play(state, "move a h1 hills")


def test_done_ends_the_turn_and_end_is_refused():
    """A mail line that is just 'end' stops the mail, so the turn ends with 'done' (or 'pass');
    'end' is no command and changes nothing."""
    state = fresh()
    assert "done" in GAME.legal(state, "ann") and "end" not in GAME.legal(state, "ann")
    for typed in ("end", "END", "e"):
        with pytest.raises(IllegalMove, match="Unknown command"):
            play(state, typed)
    assert GAME.to_move(state) == ["ann"]
    assert GAME.to_move(play(state, "pass")) == ["bob"]
    assert GAME.to_move(play(state, "done")) == ["bob"]
    with pytest.raises(IllegalMove, match="'done' takes nothing"):
        play(state, "done now")


def test_every_legal_command_is_accepted_in_a_busy_position():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "box"]
    state["hands"]["ann"] = ["hill", "river/forest", "mountain", "explorer", "forest", "hill/river"]
    legal = GAME.legal(state, "ann")
    assert len(legal) == len(set(legal))
    for command in legal:
        GAME.play(state, "ann", command)


def test_stalling_players_cannot_play_for_ever():
    """Random or stubborn play must end: players who only write 'done' (hoarding every card, so
    the boat never sails) reach the turn limit; every turn is at most 4 commands."""
    state = GAME.new(PLAYERS, seed=8)
    for _ in range(data.MAX_TURNS):
        if not GAME.to_move(state):
            break
        state = GAME.play(state, GAME.to_move(state)[0], "done")
    assert GAME.to_move(state) == [] and GAME.result(state)["scores"] == {"ann": 0, "bob": 0}
    assert sum(len(hand) for hand in state["hands"].values()) == 60  # the piles ran dry


def test_every_event_of_random_games_is_described():
    import random

    for seed in range(5):
        state = GAME.new(PLAYERS, seed=seed)
        chooser = random.Random(seed)
        while GAME.to_move(state):
            player = GAME.to_move(state)[0]
            state = GAME.play(state, player, chooser.choice(GAME.legal(state, player)))
        kinds = set()
        for event in state["log"]:
            text = GAME.describe(event)
            assert text.strip() and "Something happened" not in text
            kinds.add(event["type"])
        assert {"setup", "draw", "drew", "move", "boat", "game_over"} <= kinds


def test_help_shows_examples_from_the_legal_commands():
    state = fresh()
    state["parties"]["ann"] = ["b10", "h11", "box"]
    state["hands"]["ann"] = ["hill", "mountain", "forest", "explorer", "river"]
    text = GAME.help(state, "ann")
    legal = GAME.legal(state, "ann")
    for line in text.splitlines():
        if line.startswith("  "):
            assert line.split("  ")[1].strip() in legal
    assert "reinforce c" in text and "raid b" in text
    # the reconstruction note is in the rules summary, not in every turn's help (issue 9.11)
    assert "reconstruction" not in text
    assert "reconstruction" in "\n".join(GAME.summary())
