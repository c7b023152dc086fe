"""Audit against the rule texts: scenarios for what the first version got wrong or left
untested, commands as typed on a phone, and hidden information under any hidden change."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from engine import IllegalMove

# -- bonus cards ---------------------------------------------------------------------------


def test_good_trade_resources_count_with_swap(h):
    """Un buen intercambio: "las materias primas de la carta se suman a tu tabla numerada";
    Cambiar setas y bayas: "en el intercambio, puedes reemplazar setas por bayas y
    viceversa" - so the card's berry may pay a mushroom when both are played."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 2, 0, 0))
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade", ("fish", "berries")), h.bonus_id("swap")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 0, "mushrooms": 1, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    assert "trade 1" not in h.GAME.legal(s, "p1")  # the berry alone does not pay a mushroom
    s = h.play(s, "p1", "bonus 2")
    s = h.play(s, "p1", "trade 1")
    assert h.res(s, "p1")["mushrooms"] == 0 and s["pl"]["p1"]["score"] == 2


def test_good_trade_own_kind_first(h):
    """Un buen intercambio: a card resource pays its own kind first; the rest is lost."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((1, 1, 0, 0, 0))
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade", ("berries", "mushrooms"))]
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 0, "mushrooms": 3, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "trade 1")
    assert h.res(s, "p1") == {"fish": 0, "berries": 0, "mushrooms": 3, "water": 0}


def test_good_trade_needs_a_face_up_card(h):
    """Un buen intercambio only helps in a trade ("no se puede utilizar para aumentar tu
    aprovisionamiento"): with every face-up card gone this turn it is not offered."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("good_trade", ("fish", "berries"))]
    s["trade_slots"] = [None, None, None]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert "bonus 1" not in h.GAME.legal(s, "p1")
    with pytest.raises(IllegalMove, match="needs a trade hand left and a face-up trade card"):
        h.play(s, "p1", "bonus 1")


def test_buy_points_needs_something_to_give(h):
    """Comprar puntos: "entregar de 1 a 3 materias primas" - with none, the card is not
    offered (it would be wasted)."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("buy_points")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 0, "mushrooms": 0, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert "bonus 1" not in h.GAME.legal(s, "p1")
    with pytest.raises(IllegalMove, match="needs a resource to give"):
        h.play(s, "p1", "bonus 1")


def test_buy_points_stops_when_resources_run_out(h):
    """Comprar puntos: 1 to 3 resources; with one resource only one point is bought."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("buy_points")]
    s["pl"]["p1"]["res"] = {"fish": 0, "berries": 0, "mushrooms": 1, "water": 0}
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "buy mushroom")
    assert s["pl"]["p1"]["score"] == 1
    assert not any(c.startswith("buy") for c in h.GAME.legal(s, "p1"))
    with pytest.raises(IllegalMove, match="you have no fish"):
        h.play(s, "p1", "buy fish")


def test_honga_sent_home_eats_no_more(h):
    """¿Cómo consigues que HONGA se vaya?: he stays "hasta que juegues la carta de
    bonificación correspondiente"; once home he no longer eats at your turn's start."""
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("honga_home")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 2})
    assert s["honga"] == "p1"
    s = h.play(s, "p1", "bonus 1 honga")
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    before = h.res(s, "p1")
    s = h.play(s, "p2", "done")
    assert s["honga"] is None and h.res(s, "p1") == before


def test_bonus_honga_home_with_another_players_tiger_refused(h):
    """Expulsión de HONGA: "expulsa a HONGA de tu tabla numerada" - only your own tiger."""
    s = h.new()
    s["honga"] = "p2"
    s["pl"]["p1"]["bonus"] = [h.bonus_id("honga_home")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match="only while he is with you"):
        h.play(s, "p1", "bonus 1 honga")


# -- mammoths, tusk, trade -----------------------------------------------------------------


def test_tusk_lost_during_own_turn_draws_grey(h):
    """4. "Si, al finalizar tu turno, cuentas con el colmillo ... roja; de lo contrario ...
    gris": a tusk traded away during the turn means a grey card."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 1, 1))
    s["pl"]["p1"]["res"]["water"] = 1
    s["herd"] = ["p1"]
    s["placed"]["p1"] = 1
    s["herd_clock"] = 1
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "trade 1")
    s = h.play(s, "p1", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p1"]["card"]]["colour"] == "grey"


def test_tusk_won_during_own_turn_draws_red_for_the_holder_only(h):
    """El colmillo: the player with most mammoths in the herd draws red; the one who lost
    it draws grey again at the end of their next turn."""
    s = h.new()
    s["herd"] = ["p2"]
    s["placed"]["p2"] = 1
    s["herd_clock"] = 1
    s["tusk"] = "p2"
    s["pl"]["p1"]["res"] = {"fish": 2, "berries": 2, "mushrooms": 2, "water": 0}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    s = h.play(s, "p1", "lure")
    assert s["tusk"] == "p1"
    s = h.play(s, "p1", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p1"]["card"]]["colour"] == "red"
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert h.data.ACTION_CARDS[s["pl"]["p2"]["card"]]["colour"] == "grey"


def test_herd_closes_up_after_a_trade(h):
    """Decision: a mammoth paid from the herd leaves no gap; the next one lured pushes the
    herd on from the first place as usual ("desplazará a los mamuts mayores un lugar")."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 1, 1))
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 1, "mushrooms": 1, "water": 1}
    s["herd"] = ["p1", "p2", "p2"]
    s["placed"] = {"p1": 3, "p2": 2}
    s["herd_clock"] = 3
    s["tusk"] = "p2"
    s = h.lay(s, "p1", {"trade": 1, "mountain": 2, "berries": 1})
    s = h.play(s, "p1", "trade 1")
    assert s["herd"] == ["p2", "p2"]
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    s["pl"]["p1"]["res"] = {"fish": 1, "berries": 1, "mushrooms": 1, "water": 0}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    s = h.play(s, "p1", "lure")
    assert s["herd"] == ["p1", "p2", "p2"] and s["pl"]["p2"]["board"] == 0


def test_trade_uses_own_mammoths_only(h):
    """Decision: "debes entregar mamuts ... de tu tabla numerada y/o del lugar que prefieras
    del claro" - your own mammoths, from any place; another colour never pays."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 0, 2))
    s["herd"] = ["p2", "p2", "p1"]
    s["placed"] = {"p1": 1, "p2": 3}
    s["herd_clock"] = 3
    s["tusk"] = "p2"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert "trade 1" not in h.GAME.legal(s, "p1")
    with pytest.raises(IllegalMove, match="1 mammoth"):
        h.play(s, "p1", "trade 1")


def test_trade_deck_has_every_resource_mix(h):
    """Reconstruction (NOTES.md): 32 trade cards of 2-6 units, every mix of fish, berries,
    mushrooms, water and mammoths represented, no two alike."""
    costs = h.data.TRADE_COSTS
    mixes = {tuple(i for i, n in enumerate(c) if n) for c in costs}
    every = {m for k in range(1, 6) for m in combinations(range(5), k)}
    assert mixes == every and len(costs) == 32 == len(set(costs))
    assert all(2 <= sum(c) <= 6 for c in costs)


def test_game_ends_at_exactly_the_threshold_with_two(h):
    """FINALIZACIÓN: "haya alcanzado o superado" 40 points with 2 players; the round is
    completed by the second player."""
    s = h.new(2)
    s["pl"]["p1"]["score"] = 38
    s["pl"]["p1"]["bonus"] = [h.bonus_id("two_points")]
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1")
    s = h.play(s, "p1", "done")
    assert h.GAME.to_move(s) == ["p2"]
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert h.GAME.result(s)["ranking"] == ["p1", "p2"]


def test_game_goes_on_below_threshold(h):
    s = h.new(2)
    s["pl"]["p1"]["score"] = 39
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "done")
    s = h.lay(s, "p2", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p2", "done")
    assert h.GAME.to_move(s) == ["p1"]


def test_bonus_climb_to_the_top_scores_the_others(h):
    """Hombre prehistórico: two steps up; reaching the top by the bonus scores like a hand
    ("recibirás de inmediato cinco puntos ... el resto de jugadores ... su peldaño")."""
    s = h.new(3)
    s["pl"]["p1"]["bonus"] = [h.bonus_id("climb_or_honga")]
    s["pl"]["p1"]["step"] = 4
    s["pl"]["p2"]["step"] = 5
    s = h.lay(s, "p1", {"fish": 2, "berries": 1, "honga": 1})
    s = h.play(s, "p1", "bonus 1 climb")
    assert {p: s["pl"][p]["score"] for p in s["players"]} == {"p1": 5, "p2": 3, "p3": 0}
    assert all(s["pl"][p]["step"] == 1 for p in s["players"])


# -- commands as typed on a phone ----------------------------------------------------------


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("place card 2 facing north", "place 2 north"),
        ("  Play 2   N ", "place 2 north"),
        ("north 2", "place 2 north"),
        ("2N", "place 2 north"),
    ],
)
def test_more_place_forms(h, typed, canonical):
    s = h.new()
    assert h.play(s, "p1", typed) == h.play(s, "p1", canonical)


@pytest.mark.parametrize(
    "typed", ["bonus 2", "b2", "B 2", "use bonus 2", "play bonus 2", "bonus two", "use card 2"]
)
def test_bonus_forms(h, typed):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("lucky_hand"), h.bonus_id("two_points")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    assert h.play(s, "p1", typed) == h.play(s, "p1", "bonus 2")


def test_lone_b_is_the_board_only_while_paying(h):
    """'b' pays a trade's mammoth from the board; elsewhere it asks which bonus card."""
    s = h.new()
    s["trade_slots"][0] = h.trade_id((0, 0, 0, 1, 1))
    s["pl"]["p1"]["res"]["water"] = 1
    s["pl"]["p1"]["board"] = 1
    s["herd"] = ["p1"]
    s["placed"]["p1"] = 1
    s["herd_clock"] = 1
    s["tusk"] = "p1"
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match=r"I cannot read 'b': say which bonus card"):
        h.play(s, "p1", "b")
    s = h.play(s, "p1", "trade 1")
    assert s["phase"] == "pay"
    assert h.play(s, "p1", "b") == h.play(s, "p1", "pay board")
    assert h.play(s, "p1", "pay h 1") == h.play(s, "p1", "pay herd 1")
    with pytest.raises(IllegalMove, match="say which place of the herd"):
        h.play(s, "p1", "pay herd")


def test_refusals_quote_what_was_typed(h):
    """Every refusal quotes the typed text, says why, and shows legal examples."""
    s = h.new()
    with pytest.raises(IllegalMove, match=r"'p 5 n' \(read as 'place 5 north'\).*circles 1 to 4"):
        h.play(s, "p1", "p 5 n")
    with pytest.raises(IllegalMove, match=r"'place 2'.*direction.*place 1 north"):
        h.play(s, "p1", "place 2")
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match=r"'trade'.*'trade 1' to 'trade 3'"):
        h.play(s, "p1", "trade")
    with pytest.raises(IllegalMove, match=r"'t7' \(read as 'trade 7'\).*only trade cards 1 to 3"):
        h.play(s, "p1", "t7")
    with pytest.raises(IllegalMove, match=r"'k1'.*extra action card"):
        h.play(s, "p1", "k1")
    with pytest.raises(IllegalMove, match=r"'pay board'.*not paying for a trade"):
        h.play(s, "p1", "pay board")


def test_trade_refusal_names_the_cost(h):
    s = h.new()
    s["trade_slots"][0] = h.trade_id((3, 3, 0, 0, 0))
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match=r"trade card 1 asks for 3 fish, 3 berries; you have"):
        h.play(s, "p1", "trade 1")


def test_lure_with_a_count_is_refused_whole(h):
    """One decision per line: 'lure 2' is refused (not half done) with the way to say it."""
    s = h.new()
    s["pl"]["p1"]["res"] = {"fish": 5, "berries": 5, "mushrooms": 5, "water": 0}
    s = h.lay(s, "p1", {"mammoths": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match="one mammoth per line"):
        h.play(s, "p1", "lure 2")
    assert h.play(s, "p1", "lure 1") == h.play(s, "p1", "lure")
    assert h.play(s, "p1", "lure one mammoth") == h.play(s, "p1", "lure")


def test_lucky_hand_refusal_lists_the_ways(h):
    s = h.new()
    s["pl"]["p1"]["bonus"] = [h.bonus_id("lucky_hand")]
    s = h.lay(s, "p1", {"trade": 2, "mountain": 1, "honga": 1})
    with pytest.raises(IllegalMove, match=r"lucky hand\) is played as: bonus 1 trade"):
        h.play(s, "p1", "b1")
    assert h.play(s, "p1", "b1 trade") == h.play(s, "p1", "bonus 1 trade")


@pytest.mark.parametrize(
    "typed",
    [
        "p2n c1",
        "2n c1",
        "place 2 north card 1",
        "place card 1 on 2 north",
        "play card 1 on circle 2 facing north",
        "Place 2 N card one",
        "p2n card1",
    ],
)
def test_two_card_place_forms(h, typed):
    """With two action cards in hand a placement names its card, 'card K' or 'cK'."""
    s = h.holding_two()
    assert h.play(s, "p1", typed) == h.play(s, "p1", "place 2 north card 1")


def test_two_card_refusals(h):
    s = h.holding_two()
    with pytest.raises(IllegalMove, match=r"'p2n' \(read as 'place 2 north'\).*say which you lay"):
        h.play(s, "p1", "p2n")
    with pytest.raises(IllegalMove, match="you hold two action cards, card 1 and card 2"):
        h.play(s, "p1", "p2n c3")
    with pytest.raises(IllegalMove, match=r"'keep 1'.*say which you lay when you lay it"):
        h.play(s, "p1", "keep 1")
    one = h.new()
    assert h.play(one, "p1", "p2n c1") == h.play(one, "p1", "place 2 north")
    with pytest.raises(IllegalMove, match="you hold one action card: write 'place 2 north'"):
        h.play(one, "p1", "p2n c2")


def test_no_legal_command_is_end(h):
    """'end' stops the mail layer's reading, so it is never a HONGA command, in any phase."""
    for seed in range(3):
        s = h.new(3, seed=seed)
        chooser = random.Random(seed)
        while h.GAME.to_move(s):
            p = h.GAME.to_move(s)[0]
            legal = h.GAME.legal(s, p)
            assert not any(c == "end" or c.startswith("end ") for c in legal)
            with pytest.raises(IllegalMove):
                h.play(s, p, "end")
            s = h.play(s, p, chooser.choice(legal))


# -- hidden information --------------------------------------------------------------------


def _hide_differently(h, s, owner, chooser):
    """The same game with ``owner``'s hidden cards and every pile order changed."""
    t = json.loads(json.dumps(s))
    me = t["pl"][owner]
    others = list(range(len(h.data.BONUS_DECK)))
    me["fresh"] = [chooser.choice(others) for _ in me["fresh"]]
    for held in ("card", "second"):
        if t["phase"] == "place" and me[held] is not None:
            colour = h.data.ACTION_CARDS[me[held]]["colour"]
            same = [i for i, c in enumerate(h.data.ACTION_CARDS) if c["colour"] == colour]
            me[held] = chooser.choice(same)
    for pile in ("grey", "red"):
        chooser.shuffle(t["decks"][pile])
    chooser.shuffle(t["bonus_deck"])
    chooser.shuffle(t["trade_deck"])
    return t


def test_views_do_not_depend_on_what_a_player_may_not_see(h):
    """Hidden: pile orders (for all), face-down bonus cards (even for the owner: "boca abajo
    y sin mirarla"), the usable bonus cards and card in hand of the others. Changing them
    leaves every view that may not see them unchanged."""
    chooser = random.Random(3)
    checked = 0
    for seed in range(4):
        s = h.new(3, seed=seed)
        play = random.Random(seed)
        while h.GAME.to_move(s):
            if play.random() < 0.2:
                owner = play.choice(s["players"])
                t = _hide_differently(h, s, owner, chooser)
                for who in [None, *s["players"]]:
                    if who == owner and t["phase"] == "place":
                        continue  # the owner sees their own cards
                    assert h.GAME.view(t, who) == h.GAME.view(s, who), (owner, who)
                # the others' usable bonus cards: swap them, only the owner notices
                if any(c is not None for c in s["pl"][owner]["bonus"]):
                    t = json.loads(json.dumps(s))
                    t["pl"][owner]["bonus"] = [
                        None if c is None else (c + 1) % len(h.data.BONUS_DECK)
                        for c in t["pl"][owner]["bonus"]
                    ]
                    for who in [None, *s["players"]]:
                        if who != owner:
                            assert h.GAME.view(t, who) == h.GAME.view(s, who)
                checked += 1
            p = h.GAME.to_move(s)[0]
            s = h.play(s, p, play.choice(h.GAME.legal(s, p)))
    assert checked > 50


def test_private_events_are_addressed(h):
    """Every event naming cards someone may not see is sent to its owner only."""
    drawn = 0
    for seed in range(6):
        s = h.new(4, seed=seed)
        for p in s["players"]:
            s["pl"][p]["bonus"] = [h.bonus_id("extra_card")]
        play = random.Random(seed)
        while h.GAME.to_move(s):
            p = h.GAME.to_move(s)[0]
            s = h.play(s, p, play.choice(h.GAME.legal(s, p)))
        for event in s["log"]:
            if "cards" in event:
                assert event["to"] == [event["player"]]
                drawn += 1
        public = json.dumps(h.GAME.view(s, None)["log"])
        assert "drawn_two" not in public
    assert drawn


# -- NOTES.md [known] components ---------------------------------------------------------


def test_board_facts_known_from_notes(h):
    """NOTES [known]: 3x3 board, HONGA in the centre; one circle touches berries, the sacred
    mountain and trade; trade is in a top corner."""
    board = h.data.BOARD
    assert board[1][1] == "honga" and len({a for row in board for a in row}) == 9
    assert "trade" in (board[0][0], board[0][2])
    assert any({"berries", "mountain", "trade", "honga"} == set(a) for a in h.data.CIRCLES.values())
    # each circle's areas are the 2x2 block around its crossing point, clockwise from NW
    for circle, areas in h.data.CIRCLES.items():
        r, c = divmod(circle - 1, 2)
        block = (board[r][c], board[r][c + 1], board[r + 1][c + 1], board[r + 1][c])
        assert areas == block


def test_card_layouts_known_from_notes(h):
    """NOTES [known]: hands sit in 2 or 3 of the 4 quarters; grey layouts 2-1-1-0, 2-2, 3-1;
    so every card can be laid with a hand on HONGA, and without."""
    for info in h.data.ACTION_CARDS:
        used = [n for n in info["hands"] if n]
        assert len(used) in (2, 3)
        if info["colour"] == "grey":
            assert sorted(used, reverse=True) in ([2, 1, 1], [2, 2], [3, 1])
    for card in range(len(h.data.ACTION_CARDS)):
        on = [h.rules.hands_of(card, 1, rot).get("honga", 0) for rot in range(4)]
        assert 0 in on and any(on)
