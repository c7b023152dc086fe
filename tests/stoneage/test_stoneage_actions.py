"""Action phase: dice, tools, village, cards, buildings (stoneage.es.txt, NOTES.md, data JSON)."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.stoneage import data
from tests.stoneage.stoneage_helpers import GAME, at_action, new


@pytest.mark.parametrize(
    "area,good,rolled,expected",
    [("hunt", "food", [6, 5, 2], 6), ("forest", "wood", [6, 5, 2], 4),
     ("clay", "clay", [6, 5, 2], 3), ("quarry", "stone", [6, 5, 2], 2),
     ("river", "gold", [6, 5, 2], 2)],
)  # fmt: skip
def test_yield_is_dice_sum_divided_and_rounded_down(dice, area, good, rolled, expected):
    """NOTES.md: 'dice sum plus tools, divided by 2 (food) 3 (wood) 4 (clay) 5 (stone) 6 (gold),
    rounded down'."""
    s = at_action(new(4), {area: {"p1": 3}, "field": {"p2": 1}})
    before = s["p"]["p1"][good]
    dice += rolled
    s = GAME.play(s, "p1", f"use {area}")
    assert s["p"]["p1"][good] == before + expected


def test_actions_in_the_order_the_player_chooses_then_next_player(dice):
    """'los jugadores usan sus figuras ... en el orden que elijan'."""
    s = at_action(new(4), {"forest": {"p1": 1}, "field": {"p1": 1}, "hunt": {"p2": 1}})
    assert set(GAME.legal(s, "p1")) == {"use forest", "use field", "tools ask"}
    s = GAME.play(s, "p1", "use field")
    assert GAME.to_move(s) == ["p1"]
    dice += [3]
    s = GAME.play(s, "p1", "use forest")
    assert GAME.to_move(s) == ["p2"]


def test_tools_auto_uses_least_tools_that_raise_the_yield(dice):
    """Engine decision: 'tools auto' spends tiles only where they raise the yield."""
    s = at_action(new(4), {"forest": {"p1": 2}, "field": {"p2": 1}})
    me = s["p"]["p1"]
    me["tools"], me["used"] = [2, 1], [False, False]
    dice += [4, 4]  # 8 -> 2 wood; +1 -> 9 -> 3 wood; +2 or +3 gives no more
    s = GAME.play(s, "p1", "use forest")
    me = s["p"]["p1"]
    assert (
        me["wood"] == 3 and me["used"].count(True) == 1 and me["tools"][me["used"].index(True)] == 1
    )


def _forest(dice, rolled, tools=(), one_use=()):
    s = at_action(new(4), {"forest": {"p1": len(rolled)}, "field": {"p2": 1}})
    s["p"]["p1"].update(tools=list(tools), used=[False] * len(tools), one_use=list(one_use))
    dice += rolled
    return GAME.play(s, "p1", "use forest")


def test_tools_auto_spends_a_one_use_card_that_alone_reaches_the_next_unit(dice):
    """NOTES.md: 'one-use tool cards are discarded after use'; issue 9: under 'tools auto' a
    one-use tool is used when it raises the yield to the next unit and nothing else does, and
    the event says it was used."""
    s = _forest(dice, [5], one_use=[3])  # 5 -> 1 wood; 5 + 3 = 8 -> 2 wood
    assert s["p"]["p1"]["wood"] == 2 and s["p"]["p1"]["one_use"] == []
    event = next(e for e in reversed(s["log"]) if e["type"] == "yield")
    assert event["cards"] == [3] and event["tools"] == 3
    assert GAME.describe(event) == (
        "p1 rolled 5 at the forest, added tools worth 3 (the one-use tool card 3, now spent) "
        "and got 2 wood."
    )


@pytest.mark.parametrize(
    "rolled,tools,one_use,wood,used,left",
    [([5], [1], [3], 2, [True], [3]),  # the tile reaches 6 -> 2 wood: the card is kept
     ([6], [], [2], 2, [], [2]),  # 6 + 2 = 8 is still 2 wood: no use
     ([4], [], [4, 2], 2, [], [4]),  # the smallest card that reaches 6
     ([3], [1], [2], 2, [True], []),  # tile alone 4, card alone 5: both make 6
     ([1], [], [2], 1, [], []),  # 1 + 2 = 3 -> 1 wood instead of none
     ([2, 1], [], [4, 3], 2, [], [4])],  # 3 -> 1; +3 -> 6 = 2 wood, the 3 is enough
)  # fmt: skip
def test_tools_auto_uses_one_use_cards_only_where_nothing_else_raises_the_yield(
    dice, rolled, tools, one_use, wood, used, left
):
    """Issue 9: 'use a one-use tool when it raises the yield to the next unit and nothing else
    (the permanent tools) does': tiles first; a card only where the tiles cannot raise the
    yield, the smallest card (with the fewest tiles) that reaches the next unit."""
    s = _forest(dice, rolled, tools, one_use)
    me = s["p"]["p1"]
    assert me["wood"] == wood and me["used"] == used and me["one_use"] == left


def test_a_one_use_card_bought_during_the_actions_is_used_later_that_round(dice):
    """Issue 9: 'tools ask/auto' may be set at any time, so a one-use tool card bought during
    the actions can be chosen on a later roll of the same round (NOTES.md: 'one-use tool
    cards are discarded after use')."""
    s = at_action(new(4), {"card1": {"p1": 1}, "forest": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0] = 34  # one-use tool 3
    s["p"]["p1"].update(wood=1)
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert "tools ask" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "tools ask")
    assert s["p"]["p1"]["auto_tools"] is False and GAME.to_move(s) == ["p1"]
    dice += [4]
    s = GAME.play(s, "p1", "use forest")
    assert GAME.legal(s, "p1")[:2] == ["tools none", "tools c3"]
    s = GAME.play(s, "p1", "tools c3")  # 4 + 3 = 7 -> 2 wood
    assert s["p"]["p1"]["wood"] == 2 and s["p"]["p1"]["one_use"] == []


def test_tools_auto_while_a_tools_decision_waits_decides_it(dice):
    """Issue 9: 'tools auto' may be set at any time; set while the engine asks about a roll, it
    answers that roll the automatic way."""
    s = at_action(new(4), {"forest": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(one_use=[3], auto_tools=False)
    dice += [5]
    s = GAME.play(s, "p1", "use forest")
    assert s["pending"][0]["kind"] == "tools" and "tools auto" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "tools auto")
    assert not s["pending"] and s["p"]["p1"]["wood"] == 2 and s["p"]["p1"]["auto_tools"]


def test_the_tools_setting_is_there_in_every_decision():
    """Issue 9: 'let tools ask/auto be set at any time', whenever the player has something to
    decide: placing, acting, feeding, or a waiting decision."""
    s = new(2)
    assert "tools ask" in GAME.legal(s, "p1")
    s = at_action(new(2), {"forest": {"p1": 1}, "hunt": {"p2": 1}})
    assert "tools ask" in GAME.legal(s, "p1") and GAME.legal(s, "p2") == []
    s["phase"], s["feeding"] = "feed", {"p2": 2}
    s["p"]["p2"].update(wood=2)
    assert "tools ask" in GAME.legal(s, "p2") and GAME.legal(s, "p1") == []
    s = GAME.play(s, "p2", "tools ask")
    assert (
        s["phase"] == "feed" and GAME.to_move(s) == ["p2"] and "tools auto" in GAME.legal(s, "p2")
    )


def test_tools_ask_decides_after_seeing_the_roll(dice):
    """A player decides on tools after seeing the roll; each tile is used whole, once a round."""
    s = at_action(new(4), {"quarry": {"p1": 2}, "river": {"p1": 1}})
    me = s["p"]["p1"]
    me["tools"], me["used"], me["one_use"], me["auto_tools"] = [3, 2], [False, False], [4], False
    dice += [5, 3]
    s = GAME.play(s, "p1", "use quarry")
    assert s["pending"][0]["dice"] == [5, 3]
    assert "tools 3 2" in GAME.legal(s, "p1") and "tools 2 c4" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "tools 2")  # 8 + 2 = 10 -> 2 stone
    assert s["p"]["p1"]["stone"] == 2 and s["p"]["p1"]["used"] == [False, True]
    dice += [5]
    s = GAME.play(s, "p1", "use river")
    assert "tools 2" not in GAME.legal(s, "p1")  # the 2 is spent this round
    s = GAME.play(s, "p1", "tools 3 c4")  # 5 + 3 + 4 = 12 -> 2 gold; the card is discarded
    assert s["p"]["p1"]["gold"] == 2 and s["p"]["p1"]["one_use"] == []


def test_tool_tiles_are_ready_again_next_round():
    """'Se vuelve a disponer al inicio de la siguiente ronda.'"""
    s = new(2)
    s["p"]["p1"]["tools"], s["p"]["p1"]["used"] = [1], [True]
    from engine.stoneage import rules

    rules.begin_round(s)
    assert s["p"]["p1"]["used"] == [False]


def test_hut_gives_a_figure_up_to_ten():
    """'tomas una figura del suministro general'; NOTES.md: 'figure cap 10'."""
    s = at_action(new(4), {"hut": {"p1": 2}, "hunt": {"p2": 1}})
    s = GAME.play(s, "p1", "use hut")
    assert s["p"]["p1"]["figures"] == 6
    s = at_action(new(4), {"hut": {"p1": 2}, "hunt": {"p2": 1}})
    s["p"]["p1"]["figures"] = 10
    s = GAME.play(s, "p1", "use hut")
    assert s["p"]["p1"]["figures"] == 10


def test_field_raises_agriculture_up_to_ten():
    s = at_action(new(4), {"field": {"p1": 1}, "hunt": {"p2": 1}})
    s = GAME.play(s, "p1", "use field")
    assert s["p"]["p1"]["agriculture"] == 1
    s = at_action(new(4), {"field": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"]["agriculture"] = 10
    s = GAME.play(s, "p1", "use field")
    assert s["p"]["p1"]["agriculture"] == 10


def test_tool_maker_tiles_go_one_one_one_then_up_to_four():
    """NOTES.md: 'at most 3 tiles, values go 1,1,1 then up to 4 each (12 total)'."""
    values = []
    tools: list[int] = []
    for _ in range(13):
        s = at_action(new(4), {"toolmaker": {"p1": 1}, "hunt": {"p2": 1}})
        s["p"]["p1"]["tools"], s["p"]["p1"]["used"] = tools, [False] * len(tools)
        s = GAME.play(s, "p1", "use toolmaker")
        tools = s["p"]["p1"]["tools"]
        values.append(sorted(tools))
    assert values[:4] == [[1], [1, 1], [1, 1, 1], [1, 1, 2]]
    assert values[-1] == [4, 4, 4] and values[-2] == [4, 4, 4]


def test_card_costs_its_slot_and_food_never_pays():
    """NOTES.md: 'Cards cost 1-4 resources by slot (rightmost cheapest), food never pays.'"""
    s = at_action(new(4), {"card3": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][2] = 26  # 3 points
    s["p"]["p1"].update(wood=2, clay=1)
    assert "buy card 3 pay 2 wood 1 clay" in GAME.legal(s, "p1")
    with pytest.raises(IllegalMove):
        GAME.play(s, "p1", "buy card 3 pay 1 wood 2 food")
    s = GAME.play(s, "p1", "buy card 3 with clay, 2 wood")
    me = s["p"]["p1"]
    assert me["cards"] == [26] and me["wood"] == 0 and me["clay"] == 0 and me["score"] == 3
    assert s["row"][2] is None


def test_declining_a_card_returns_the_figure_and_leaves_the_card():
    """'recuperas tu figura y dejas la carta o loseta en su sitio'."""
    s = at_action(new(4), {"card1": {"p1": 1}, "building1": {"p1": 1}, "hunt": {"p2": 1}})
    card, tile = s["row"][0], s["stacks"][0][0]
    s = GAME.play(s, "p1", "skip card 1")
    s = GAME.play(s, "p1", "skip building 1")
    assert s["row"][0] == card and s["stacks"][0][0] == tile and s["p"]["p1"]["cards"] == []


def _buy(s, card, slot=1, player="p1"):
    s["row"][slot - 1] = card
    s["p"][player].update(wood=5, clay=5, stone=5, gold=5)
    return s


def test_card_dice_for_everyone(dice):
    """'dice for everyone': one die per player; pick in order starting with the buyer."""
    s = _buy(at_action(new(3), {"card1": {"p2": 1}, "hunt": {"p3": 1}}, turn=1), 1, player="p2")
    dice += [6, 1, 5]
    s = GAME.play(s, "p2", "buy card 1 pay 1 wood")
    assert GAME.to_move(s) == ["p2"] and s["pending"][0]["dice"] == [1, 5, 6]
    s = GAME.play(s, "p2", "pick agriculture")
    assert s["p"]["p2"]["agriculture"] == 1 and GAME.to_move(s) == ["p3"]
    s = GAME.play(s, "p3", "pick tool")
    assert s["p"]["p3"]["tools"] == [1]
    assert s["p"]["p1"]["wood"] == 1  # the last die went to p1 without asking


@pytest.mark.parametrize("card,amount", [(11, 7), (12, 5), (13, 3), (14, 1), (16, 4), (17, 2)])
def test_card_food(card, amount):
    s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), card)
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["p"]["p1"]["food"] == data.START_FOOD + amount


def test_card_resources():
    s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), 18)
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["p"]["p1"]["stone"] == 7


def test_card_roll_two_dice_for_a_resource(dice):
    s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), 23)
    dice += [6, 6]
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["p"]["p1"]["gold"] == 7


def test_card_points_tool_agriculture_one_use_tool():
    for card, check in [
        (27, lambda me: me["score"] == 3),
        (29, lambda me: me["tools"] == [1]),
        (30, lambda me: me["agriculture"] == 1),
        (33, lambda me: me["one_use"] == [4]),
    ]:
        s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), card)
        s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
        assert check(s["p"]["p1"]), card


def test_card_extra_card_counts_only_its_bottom():
    s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), 32)
    top = s["deck"][0]
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["p"]["p1"]["cards"] == [32, top] and s["deck"][0] != top


def test_card_any_two_resources_taken_at_once():
    """NOTES.md [decide]: the any-2-resources card is taken at once."""
    s = _buy(at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}}), 36)
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert "take 2 gold" in GAME.legal(s, "p1")
    s = GAME.play(s, "p1", "take gold stone")
    assert s["p"]["p1"]["gold"] == 6 and s["p"]["p1"]["stone"] == 6


def _building(s, tile, **goods):
    s["stacks"][0][0] = tile
    s["p"]["p1"].update(wood=0, clay=0, stone=0, gold=0)
    s["p"]["p1"].update(goods)
    return s


def test_fixed_building_costs_its_resources_and_scores_its_points():
    s = _building(at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}}), 1, wood=3, clay=1)
    size = len(s["stacks"][0])
    assert GAME.legal(s, "p1") == ["build 1", "skip building 1", "tools ask"]
    s = GAME.play(s, "p1", "build 1")
    me = s["p"]["p1"]
    assert me["score"] == 10 and me["wood"] == 1 and me["clay"] == 0 and me["buildings"] == [1]
    assert len(s["stacks"][0]) == size - 1


def test_fixed_building_needs_its_exact_cost():
    s = _building(at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}}), 1, wood=1, clay=5)
    assert GAME.legal(s, "p1") == ["skip building 1", "tools ask"]


def test_building_n_resources_of_exactly_k_kinds():
    """buildings JSON: '4 or 5 of exactly N kinds'; variable tiles score the value paid."""
    tile = next(
        k for k, b in data.BUILDINGS.items() if b == {"kind": "exact", "count": 4, "kinds": 2}
    )
    s = _building(at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}}), tile,
                  wood=3, gold=2, clay=1)  # fmt: skip
    legal = GAME.legal(s, "p1")
    assert "build 1 pay 2 wood 2 gold" in legal
    assert "build 1 pay 1 wood 1 clay 2 gold" not in legal  # three kinds
    s = GAME.play(s, "p1", "build 1 pay 2 gold 2 wood")
    assert s["p"]["p1"]["score"] == 2 * 3 + 2 * 6


def test_building_one_to_seven_of_any_kinds():
    tile = next(k for k, b in data.BUILDINGS.items() if b["kind"] == "any")
    s = _building(at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}}), tile,
                  wood=8, gold=1)  # fmt: skip
    legal = GAME.legal(s, "p1")
    assert "build 1 pay 1 wood" in legal and "build 1 pay 7 wood" in legal
    assert "build 1 pay 8 wood" not in legal
    s = GAME.play(s, "p1", "build 1 pay 6 wood 1 gold")
    assert s["p"]["p1"]["score"] == 6 * 3 + 6


def test_resource_limit_option_caps_yields(dice):
    """Option resource_limit: the supply of 10 gold is a hard limit."""
    s = at_action(new(4, resource_limit=True), {"river": {"p1": 7}, "field": {"p2": 1}})
    s["supply"]["gold"] = 1
    dice += [6] * 7
    s = GAME.play(s, "p1", "use river")
    assert s["p"]["p1"]["gold"] == 1 and s["supply"]["gold"] == 0


def test_without_resource_limit_supply_is_not_a_limit(dice):
    s = at_action(new(4), {"river": {"p1": 7}, "field": {"p2": 1}})
    s["supply"]["gold"] = 1
    dice += [6] * 7
    s = GAME.play(s, "p1", "use river")
    assert s["p"]["p1"]["gold"] == 7


def test_a_whole_action_phase_in_one_mail(dice):
    """Engine decision: with 'tools auto' no line depends on the dice, so one mail can hold
    every action of a player."""
    s = at_action(new(2), {"forest": {"p1": 2}, "hut": {"p1": 2}, "card1": {"p1": 1},
                           "hunt": {"p2": 1}})  # fmt: skip
    s["row"][0] = 26
    s["p"]["p1"]["tools"], s["p"]["p1"]["used"] = [1], [False]
    dice += [3, 5]
    for line in ["use forest", "use hut", "buy card 1 pay 1 wood"]:
        s = GAME.play(s, "p1", line)
    me = s["p"]["p1"]
    assert me["wood"] == 2 and me["figures"] == 6 and me["cards"] == [26]
    assert GAME.to_move(s) == ["p2"]


def test_fixed_building_accepts_its_cost_written_out():
    s = _building(at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}}), 1, wood=2, clay=1)
    s = GAME.play(s, "p1", "build building 1 pay 2 wood and a clay")
    assert s["p"]["p1"]["buildings"] == [1]


def test_an_upgraded_tile_keeps_its_used_state():
    """Engine decision (docs): after three tiles the lowest goes up; an upgraded tile keeps its
    used/unused state for the round."""
    s = at_action(new(4), {"toolmaker": {"p1": 1}, "hunt": {"p2": 1}})
    me = s["p"]["p1"]
    me["tools"], me["used"] = [1, 1, 1], [True, False, False]
    s = GAME.play(s, "p1", "use toolmaker")
    assert s["p"]["p1"]["tools"] == [2, 1, 1] and s["p"]["p1"]["used"] == [True, False, False]
