"""Setup, placement, HONGA, gathering, end of turn and end of game, from the rule texts."""

from __future__ import annotations

import pytest

from engine import IllegalMove


def test_setup_follows_preparation(h):
    """PREPARACIÓN: fish/berry/mushroom on 1, water on 0, caveman on step 1, HONGA on his
    space, 3 face-up trade cards, each player takes one grey action card."""
    for n in (2, 3, 4, 5):
        s = h.new(n)
        assert s["honga"] is None and s["herd"] == [] and s["tusk"] is None
        assert len([c for c in s["trade_slots"] if c is not None]) == 3
        assert s["herd_size"] == {2: 3, 3: 3, 4: 4, 5: 5}[n]
        assert s["end_points"] == {2: 40, 3: 35, 4: 30, 5: 30}[n]
        for p in s["players"]:
            me = s["pl"][p]
            assert me["res"] == {"fish": 1, "berries": 1, "mushrooms": 1, "water": 0}
            assert me["step"] == 1 and me["score"] == 0 and me["board"] == 0
            assert h.data.ACTION_CARDS[me["card"]]["colour"] == "grey"
            assert h.rules.mammoth_supply(s, p) == 6


def test_components_match_the_texts(h):
    """CONTENIDO: 46 action cards (28 grey with 4 hands, 18 red with 5), 25 bonus, 32 trade."""
    cards = h.data.ACTION_CARDS
    assert len(cards) == 46
    assert sum(1 for c in cards if c["colour"] == "grey" and sum(c["hands"]) == 4) == 28
    assert sum(1 for c in cards if c["colour"] == "red" and sum(c["hands"]) == 5) == 18
    assert len(h.data.BONUS_DECK) == 25 and len({k for k, _ in h.data.BONUS_DECK}) == 10
    assert len(h.data.TRADE_CARDS) == 32 and len(set(h.data.TRADE_COSTS)) == 32
    for cost, card in zip(h.data.TRADE_COSTS, h.data.TRADE_CARDS, strict=True):
        assert 2 <= sum(cost) <= 6
        assert card["points"] == sum(cost[:4]) + 3 * cost[4] + sum(cost) // 3
    # every circle touches three actions and HONGA's space
    for areas in h.data.CIRCLES.values():
        assert areas.count("honga") == 1 and len(set(areas)) == 4
    assert {a for areas in h.data.CIRCLES.values() for a in areas} == {*h.data.ACTIONS, "honga"}


def test_sixteen_placements(h):
    """1. Colocar: one of the 4 circles, hands pointing clearly at actions (4 orientations)."""
    s = h.new()
    legal = h.GAME.legal(s, "p1")
    assert len(legal) == 16 and all(c.startswith("place") for c in legal)


def test_card_covers_the_old_one(h):
    """1. Colocar: a card laid on an occupied circle is simply put on top."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    first = s["circles"]["3"]["stack"][-1]
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"water": 2, "honga": 2})
    assert s["circles"]["3"]["stack"][0] == first and len(s["circles"]["3"]["stack"]) == 2
    top = h.GAME.view(s, None)["board"][2]["top"]
    assert top["hands"] == {"water": 2, "honga": 2}


def test_honga_stays_when_a_hand_points_at_him(h):
    """2. Si al menos una de las manos señala hacia la casilla de HONGA, se queda."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert s["honga"] is None
    assert h.res(s, "p1")["fish"] == 3


def test_honga_comes_and_eats_fish_first(h):
    """2. No hand on HONGA: he comes to you and eats one unit of the topmost resource (fish)
    before the actions are done."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 2, "berries": 2})
    assert s["honga"] == "p1"
    # ate the starting fish, then the lake gave 2
    assert h.res(s, "p1") == {"fish": 2, "berries": 3, "mushrooms": 1, "water": 0}


def test_honga_eating_order(h):
    """2. Fish, then berries, mushrooms, water, then a mammoth from the board back to the
    supply; nothing only if the board is empty."""
    expected = ["fish", "berries", "mushrooms", "water", "mammoths", None]
    s = h.new()
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 1, "mushrooms": 1, "water": 1}
    s["pl"]["p1"]["board"] = 1
    eaten = []
    for _ in expected:
        s["current"] = 0
        s["honga"] = None
        h.rules.begin_turn(s)
        s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
        eaten.append([e for e in s["log"] if e["type"].startswith("honga")][-1]["eaten"])
        assert s["honga"] == "p1"
    assert eaten == expected
    assert s["pl"]["p1"]["board"] == 0 and h.rules.mammoth_supply(s, "p1") == 6


def test_honga_moves_from_another_player(h):
    """2. Another player lays a card with no hand on HONGA: the hungry tiger goes to him."""
    s = h.new()
    s["honga"] = "p1"
    s["current"] = 1
    h.rules.begin_turn(s)
    s = h.lay(s, "p2", {"trade": 2, "mountain": 2})
    assert s["honga"] == "p2"
    assert h.res(s, "p2")["fish"] == 0


def test_honga_eats_at_start_of_turn_even_if_a_hand_points_at_him(h):
    """2. While with you he eats as soon as your turn comes, even if a hand points at him."""
    s = h.new()
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})  # HONGA comes, eats the fish
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert h.res(s, "p1")["berries"] == 0  # ate at the start of p1's turn
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert s["honga"] == "p1"  # stays: only a bonus card or another player moves him
    assert h.res(s, "p1") == {"fish": 2, "berries": 1, "mushrooms": 1, "water": 0}


def test_honga_eats_once_per_turn(h):
    """2. With you at the start and no hand on him: he eats once, not twice."""
    s = h.new()
    s["honga"] = "p1"
    h.rules.begin_turn(s)
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
    assert h.res(s, "p1") == {"fish": 0, "berries": 1, "mushrooms": 1, "water": 0}
    assert len([e for e in s["log"] if e["type"] in ("honga_eats", "honga_comes")]) == 1


def test_gathering_is_automatic_per_hand(h):
    """3a. Each hand on mushrooms, berries, lake or spring gives one unit."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 2, "water": 1, "berries": 1})
    # HONGA came and ate the fish first, then the hands gathered
    assert h.res(s, "p1") == {"fish": 2, "berries": 2, "mushrooms": 1, "water": 1}
    s = h.new()
    s = h.lay(s, "p1", {"mushrooms": 2, "fish": 2, "honga": 1}, colour="red")
    assert h.res(s, "p1")["mushrooms"] == 3


def test_track_ends_at_nine(h):
    """Reconstruction: resource tracks run 0-9; a gain above 9 is lost."""
    s = h.new()
    s["pl"]["p1"]["res"]["fish"] = 8
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert h.res(s, "p1")["fish"] == 9


def test_end_of_turn_draws_grey_without_tusk(h):
    """4. Without the tusk at the end of your turn you take a grey card."""
    s = h.new()
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    assert s["pl"]["p1"]["card"] is None
    s = h.play(s, "p1", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p1"]["card"]]["colour"] == "grey"
    assert h.GAME.to_move(s) == ["p2"]


def test_unused_hands_are_lost(h):
    """3a. Hands not used are simply lost when the turn ends."""
    s = h.new()
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    assert s["turn"]["hands"]["mammoths"] == 2
    s = h.play(s, "p1", "done")
    assert s["turn"]["hands"] == {"mammoths": 0, "mountain": 0, "trade": 0}


def test_game_ends_when_the_round_is_complete(h):
    """FINALIZACIÓN: reaching the threshold ends the game once the round reaches the start
    player again; unplayed bonus cards are lost."""
    s = h.new(3)
    s["pl"]["p2"]["score"] = 35
    s["pl"]["p3"]["bonus"] = [h.bonus_id("two_points")]
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert h.GAME.to_move(s) == ["p3"]
    s = h.lay(s, "p3", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p3", "done")
    assert h.GAME.to_move(s) == []
    result = h.GAME.result(s)
    assert result["ranking"][0] == "p2" and result["scores"]["p3"] == 0
    assert s["pl"]["p3"]["bonus"] == []


def test_tie_break_most_resources(h):
    """FINALIZACIÓN: on a tie the player with most resources left wins."""
    s = h.new()
    s["pl"]["p1"]["score"] = s["pl"]["p2"]["score"] = 40
    s["pl"]["p2"]["res"]["water"] = 5
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"trade": 2, "mountain": 2})
    s = h.play(s, "p2", "done")
    result = h.GAME.result(s)
    assert result["ranking"] == ["p2", "p1"]
    assert result["tiebreak"]["p2"] > result["tiebreak"]["p1"]


def test_nothing_before_placing(h):
    """Turn order: the card is laid first; no action or bonus before HONGA is resolved."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("two_points")]
    with pytest.raises(IllegalMove, match="first lay"):
        h.play(s, "p1", "bonus 1")
    with pytest.raises(IllegalMove):
        h.play(s, "p2", "place 1 north")


def _end_tied(h, players=3):
    """A game about to end with everybody on 35 points and no resources; p1 is to move."""
    s = h.new(players)
    for p in s["players"]:
        s["pl"][p]["score"] = 35
        s["pl"][p]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    return s


def _finish_round(h, s):
    for p in s["players"]:
        s = h.lay(s, p, {"fish": 1, "berries": 1, "honga": 2})
        s = h.play(s, p, "done")
    return s


def test_full_tie_is_a_shared_place(h):
    """FINALIZACIÓN: "En caso de empate, ganará el jugador con el mayor número de recursos."
    Equal points and equal resources: the rules cannot tell the players apart, so they share
    the place, and the game-over sentence says so."""
    s = _end_tied(h)
    s["pl"]["p1"]["res"]["water"] = s["pl"]["p2"]["res"]["water"] = 1  # p3 has none
    s = _finish_round(h, s)
    result = h.GAME.result(s)
    assert result["scores"] == {"p1": 35, "p2": 35, "p3": 35}
    assert result["tiebreak"] == {"p1": 3, "p2": 3, "p3": 2}
    assert result["places"] == {"p1": 1, "p2": 1, "p3": 3}
    last = h.GAME.describe(s["log"][-1])
    assert "(fish, berries, mushrooms and water): p1 3, p2 3, p3 2." in last
    assert last.endswith(" p1, p2 share place 1.")


def test_tie_break_leaves_out_own_mammoths_in_the_herd(h):
    """Tie: "el mayor número de recursos"; the resources are the four tracks (NOTES.md
    "Resources": fish, berries, mushrooms, water), so an own mammoth in the herd, like one on
    the player board, breaks no tie (test_honga_third_audit)."""
    s = _end_tied(h, players=2)
    s["end_points"] = 35
    s["herd"] = ["p2"]
    s["placed"]["p2"] = 1
    s["tusk"] = "p2"
    s = _finish_round(h, s)
    result = h.GAME.result(s)
    assert result["tiebreak"] == {"p1": 2, "p2": 2}
    assert result["ranking"] == ["p1", "p2"] and result["places"] == {"p1": 1, "p2": 1}
