"""A simple heuristic player: grow the tribe and the fields early, buy what it can afford,
gather what it lacks, never decline a purchase and feed with its cheapest resources."""

from __future__ import annotations

import random

from . import commands, data, rules


def _paid_value(command: str) -> int:
    words = command.split()
    if "pay" not in words:
        return 0
    goods = commands.parse_goods(words[words.index("pay") + 1 :], data.GOODS)
    return sum(data.VALUE[g] * n for g, n in goods.items())


def _affordable_building(state: dict, player: str, stack: int) -> bool:
    return bool(commands.building_payments(state, player, stack))


def _tools_score(state: dict, command: str) -> float:
    """The yield of a tool choice, less a little for every point of tools spent."""
    item = state["pending"][0]
    spent = sum(int(w.lstrip("c")) for w in command.split()[1:] if w != "none")
    cards = sum(1 for w in command.split()[1:] if w.startswith("c"))
    return 10 * rules.yield_of(item["good"], item["dice"], spent) - spent - 5 * cards


def _place_score(state: dict, player: str, command: str) -> float:
    me = state["p"][player]
    words = command.split()
    have = sum(me[g] for g in data.RESOURCES)
    food_need = me["figures"] - me["agriculture"] - me["food"]
    if words[1] == "hut":
        return 60 if me["figures"] < 8 else 5
    if words[1] == "field":
        return 50 if me["agriculture"] < 6 else 8
    if words[1] == "toolmaker":
        return 30 if rules.tool_total(me) < 6 else 4
    if words[1] == "building":
        return 70 if _affordable_building(state, player, int(words[2])) else -10
    if words[1] == "card":
        k = int(words[2])
        return 45 - 5 * k if have >= k else -10
    count, area = int(words[1]), words[2]
    if area == "hunt":
        return (35 if food_need > 0 else 10) + count
    base = {"forest": 20, "clay": 22, "quarry": 21, "river": 18}[area]
    return base + 2 * count


def _score(state: dict, player: str, command: str) -> float:
    me = state["p"][player]
    words = command.split()
    verb = words[0]
    if verb == "place":
        return _place_score(state, player, command)
    if verb in ("use", "tools") and words[1] in ("auto", "ask"):
        return -100
    if verb in ("use", "build", "buy"):
        base = {"use": 50, "build": 60, "buy": 55}[verb]
        value = _paid_value(command)
        # buildings: more value paid scores more; cards: pay as little as possible
        return base + (value if verb == "build" else -value)
    if verb == "skip":
        return 0
    if verb == "tools":
        return _tools_score(state, command)
    if verb == "pick":
        return {"agriculture": 6, "tool": 5, "gold": 4, "stone": 3, "clay": 2, "wood": 1}[words[1]]
    if verb == "take":
        return _paid_value(command.replace("take", "take pay", 1))
    if verb == "tame":
        return int(words[1]) * 2 - _paid_value(command) if me["food"] >= 4 else -int(words[1])
    if verb == "bonus":
        return 1 if words[1] == "one" else 0
    if verb == "pay":
        return 10 - _paid_value(command)
    if verb == "starve":
        return -12
    return 0


def choose(state: dict, player: str, chooser: random.Random) -> str:
    legal = commands.legal(state, player)
    best = max(_score(state, player, c) for c in legal)
    return chooser.choice([c for c in legal if _score(state, player, c) == best])
