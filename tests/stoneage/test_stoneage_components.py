"""Every civilization card's top effect and every building tile, bought or built in play.

Written from /work/shared/rules/data/stoneage-civilization-cards.json and
stoneage-buildings.json (the rule data); the data module is also compared with those files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.stoneage import data
from tests.stoneage.stoneage_helpers import GAME, at_action, new

RULES = Path("/work/shared/rules/data")

# The top of each card, as printed (cards JSON, "top").
TOPS = {
    **dict.fromkeys(range(1, 11), ("dice_everyone", None)),
    11: ("food", 7), 12: ("food", 5), 13: ("food", 3), 14: ("food", 1), 15: ("food", 3),
    16: ("food", 4), 17: ("food", 2),
    18: ("stone", 2), 19: ("stone", 1), 20: ("stone", 1), 21: ("gold", 1), 22: ("clay", 1),
    23: ("roll", "gold"), 24: ("roll", "wood"), 25: ("roll", "stone"),
    26: ("points", 3), 27: ("points", 3), 28: ("points", 3),
    29: ("tool", 1), 30: ("agriculture", 1), 31: ("agriculture", 1), 32: ("extra_card", None),
    33: ("one_use", 4), 34: ("one_use", 3), 35: ("one_use", 2), 36: ("any_2", 2),
}  # fmt: skip


def _bought(card: int, n: int = 4, dice=None):
    s = at_action(new(n), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0] = card
    s["p"]["p1"].update(wood=1)
    return GAME.play(s, "p1", "buy card 1 pay 1 wood")


@pytest.mark.parametrize("card", sorted(TOPS))
def test_every_civilization_card_top(card, dice):
    """Cards JSON 'top' of each of the 36 cards; 'Cards cost 1-4 resources by slot' (NOTES.md)."""
    kind, value = TOPS[card]
    if kind == "dice_everyone":
        # 'rolls as many dice as there are players ... starting with the player who acquired the
        # card and continuing in clockwise order, each player ... takes one die'
        dice += [5, 6, 1, 4]
        s = _bought(card)
        assert s["pending"][0]["dice"] == [1, 4, 5, 6] and GAME.to_move(s) == ["p1"]
        s = GAME.play(s, "p1", "pick agriculture")
        s = GAME.play(s, "p2", "pick tool")
        s = GAME.play(s, "p3", "pick gold")  # p4 gets the last die, the 1 (wood), unasked
        assert s["p"]["p1"]["agriculture"] == 1 and s["p"]["p2"]["tools"] == [1]
        assert s["p"]["p3"]["gold"] == 1 and s["p"]["p4"]["wood"] == 1
        return
    if kind == "roll":  # 'casts two dice and gets the according number of raw materials'
        dice += [6, 5]
        s = _bought(card)
        assert s["p"]["p1"][value] == 11 // data.VALUE[value]
        return
    s = _bought(card)
    me = s["p"]["p1"]
    if kind == "food":
        assert me["food"] == data.START_FOOD + value
    elif kind in data.RESOURCES:
        assert me[kind] == value
    elif kind == "points":
        assert me["score"] == value
    elif kind == "tool":
        assert me["tools"] == [1] and me["used"] == [False]
    elif kind == "agriculture":
        assert me["agriculture"] == 1
    elif kind == "extra_card":
        top = new(4)["deck"][0]  # same seed, same deck
        assert me["cards"] == [32, top] and top not in s["deck"]
        assert me["food"] == data.START_FOOD and me["score"] == 0  # its top is not carried out
    elif kind == "one_use":
        assert me["one_use"] == [value]
    elif kind == "any_2":
        assert GAME.to_move(s) == ["p1"] and "take 1 wood 1 gold" in GAME.legal(s, "p1")
        s = GAME.play(s, "p1", "take wood gold")
        assert s["p"]["p1"]["wood"] == 1 and s["p"]["p1"]["gold"] == 1
    assert me["cards"][0] == card


def test_roll_card_takes_tools_like_a_resource_area(dice):
    """'Unused tools may be added' to the two dice of a 'roll for a resource' card."""
    s = at_action(new(4), {"card1": {"p1": 1}, "hunt": {"p2": 1}})
    s["row"][0] = 23  # 2 dice for gold
    s["p"]["p1"].update(wood=1, tools=[1], used=[False])
    dice += [6, 5]  # 11 + 1 = 12 -> 2 gold
    s = GAME.play(s, "p1", "buy card 1 pay 1 wood")
    assert s["p"]["p1"]["gold"] == 2 and s["p"]["p1"]["used"] == [True]


def test_one_use_tool_is_spent_once_and_discarded(dice):
    """NOTES.md: 'one-use tool cards are discarded after use'."""
    s = at_action(new(4), {"forest": {"p1": 1}, "quarry": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"].update(one_use=[3], auto_tools=False)
    dice += [3]
    s = GAME.play(s, "p1", "use forest")
    s = GAME.play(s, "p1", "tools c3")  # 3 + 3 = 6 -> 2 wood
    assert s["p"]["p1"]["wood"] == 2 and s["p"]["p1"]["one_use"] == []
    dice += [5]
    s = GAME.play(s, "p1", "use quarry")  # nothing left to choose: no question asked
    assert s["p"]["p1"]["stone"] == 1 and not s["pending"]


def test_tools_auto_spends_a_one_use_card_when_nothing_else_raises_the_yield(dice):
    """Issue 9: under 'tools auto' a one-use tool is used when it raises the yield to the next
    unit and nothing else does (this test expected the card kept, under the old rule)."""
    s = at_action(new(4), {"forest": {"p1": 1}, "hunt": {"p2": 1}})
    s["p"]["p1"]["one_use"] = [4]
    dice += [2]
    s = GAME.play(s, "p1", "use forest")
    assert s["p"]["p1"]["wood"] == 2 and s["p"]["p1"]["one_use"] == []


def _tiles(kind: str) -> list[int]:
    return [k for k, b in data.BUILDINGS.items() if b["kind"] == kind]


def _at_building(tile: int, **goods):
    s = at_action(new(4), {"building1": {"p1": 1}, "hunt": {"p2": 1}})
    s["stacks"][0][0] = tile
    s["p"]["p1"].update(dict.fromkeys(data.RESOURCES, 0))
    s["p"]["p1"].update(goods)
    return s


@pytest.mark.parametrize("tile", _tiles("fixed"))
def test_every_fixed_building(tile):
    """Buildings JSON: 'Fixed tiles score the printed points (= sum of resource values)'."""
    info = data.BUILDINGS[tile]
    assert info["points"] == sum(data.VALUE[g] * n for g, n in info["cost"].items())
    s = _at_building(tile, **info["cost"])
    assert GAME.legal(s, "p1") == ["build 1", "skip building 1", "tools ask"]
    s = GAME.play(s, "p1", "build 1")
    me = s["p"]["p1"]
    assert me["score"] == info["points"] and me["buildings"] == [tile]
    assert all(me[g] == 0 for g in data.RESOURCES)
    short = dict(info["cost"])
    short[next(iter(short))] -= 1
    assert GAME.legal(_at_building(tile, **short), "p1") == ["skip building 1", "tools ask"]


@pytest.mark.parametrize("tile", _tiles("exact"))
def test_every_n_resources_of_exactly_k_kinds_building(tile):
    """Buildings JSON: ''kinds' = exact number of different resource types used'; 'variable
    tiles score the sum of values of the resources actually paid'."""
    info = data.BUILDINGS[tile]
    s = _at_building(tile, wood=5, clay=5, stone=5, gold=5)
    pays = [c for c in GAME.legal(s, "p1") if c.startswith("build")]
    assert pays
    for command in pays:
        words = command.split()[3:]
        counts = [int(w) for w in words[::2]]
        assert sum(counts) == info["count"] and len(counts) == info["kinds"], command
    s = GAME.play(s, "p1", pays[-1])
    paid = dict(zip(pays[-1].split()[4::2], map(int, pays[-1].split()[3::2]), strict=True))
    assert s["p"]["p1"]["score"] == sum(data.VALUE[g] * n for g, n in paid.items())


@pytest.mark.parametrize("tile", _tiles("any"))
def test_every_one_to_seven_of_any_kind_building(tile):
    """Buildings JSON: 'count_min 1, count_max 7, kinds any' ('number (max 7) and type
    chosen')."""
    s = _at_building(tile, wood=4, clay=4, gold=1)
    pays = [c for c in GAME.legal(s, "p1") if c.startswith("build")]
    sizes = {sum(int(w) for w in c.split()[3::2]) for c in pays}
    assert sizes == set(range(1, 8))
    s = GAME.play(s, "p1", "build 1 pay 3 wood 3 clay 1 gold")
    assert s["p"]["p1"]["score"] == 9 + 12 + 6


def test_building_kinds_add_up_to_28():
    """'17 fixed + 8 (N resources of exactly K kinds) + 3 (1-7 any) = 28'."""
    assert [len(_tiles(k)) for k in ("fixed", "exact", "any")] == [17, 8, 3]


@pytest.mark.skipif(not RULES.exists(), reason="the shared rule files are not here")
def test_data_module_copies_the_shared_card_and_building_lists():
    """Every printed number lives in data.py, copied from the rule data files."""
    cards = json.loads((RULES / "stoneage-civilization-cards.json").read_text())["cards"]
    for card in cards:
        mine = data.CARDS[card["id"]]
        top = {
            k: v
            for k, v in mine["top"].items()
            if not (k == "amount" and "amount" not in card["top"])
        }
        assert top == card["top"] and mine["bottom"] == card["bottom"], card["id"]
    assert len(cards) == len(data.CARDS) == 36
    buildings = json.loads((RULES / "stoneage-buildings.json").read_text())
    fixed = {}
    for b in buildings["fixed"]:
        fixed[tuple(sorted(b["cost"].items()))] = (b["points"], b["copies"])
    mine: dict = {}
    for b in data.BUILDINGS.values():
        if b["kind"] == "fixed":
            key = tuple(sorted(b["cost"].items()))
            points, copies = mine.get(key, (b["points"], 0))
            mine[key] = (points, copies + 1)
    assert mine == fixed
    exact = sorted(
        (b["count"], b["kinds"]) for b in data.BUILDINGS.values() if b["kind"] == "exact"
    )
    assert exact == sorted(
        (v["count"], v["kinds"]) for v in buildings["variable"] if v.get("kinds") != "any"
    )
