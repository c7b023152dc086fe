"""A simple heuristic player: grow the tribe and the fields early, buy what it can afford,
gather what it lacks, never decline a purchase and feed with its cheapest resources."""

from __future__ import annotations

import random

from engine.i18n import N_, _, ngettext

from . import commands, data, rules, text


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


def _village_full(me: dict, place: str) -> bool:
    """Whether the hut, the field or the tool maker would give ``me`` nothing: the tribe, the
    agriculture or every tool tile is at its highest."""
    if place == "hut":
        return me["figures"] >= data.MAX_FIGURES
    if place == "field":
        return me["agriculture"] >= data.MAX_AGRICULTURE
    full = len(me["tools"]) == data.MAX_TOOL_TILES
    return full and min(me["tools"]) >= data.MAX_TOOL_VALUE


def _place_score(state: dict, player: str, command: str) -> float:
    me = state["p"][player]
    words = command.split()
    have = sum(me[g] for g in data.RESOURCES)
    food_need = me["figures"] - me["agriculture"] - me["food"]
    if words[1] in ("hut", "field", "toolmaker") and _village_full(me, words[1]):
        return -20  # gives nothing any more
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


#: What a village place gives, as the bot's reason to use it.
_VILLAGE_GIVES = {
    "hut": N_("a new figure for the tribe"),
    "field": N_("one more agriculture level: food every round"),
    "toolmaker": N_("one more tool for the dice"),
}


def _paid_goods(words: list[str]) -> dict:
    """The goods a command names after 'pay' (or 'take')."""
    for key in ("pay", "take"):
        if key in words:
            return commands.parse_goods(words[words.index(key) + 1 :], data.GOODS)
    return {}


def _place_reason(state: dict, player: str, words: list[str]) -> str:
    me = state["p"][player]
    if words[1].isdigit():
        count, area = int(words[1]), words[2]
        if area != "hunt":
            return ngettext("{n} figure gathers {good}", "{n} figures gather {good}", count).format(
                n=count, good=text.good(data.AREAS[area])
            )
        if me["figures"] > me["agriculture"] + me["food"]:
            return ngettext(
                "{n} figure hunts: food for the coming feeding",
                "{n} figures hunt: food for the coming feeding",
                count,
            ).format(n=count)
        return ngettext(
            "{n} figure hunts: food to spare", "{n} figures hunt: food to spare", count
        ).format(n=count)
    place = words[1] if words[1] in data.VILLAGE else words[1] + words[2]
    if _place_score(state, player, " ".join(words)) < 0:
        return _("{place}: nothing better was open").format(place=text.place_name(place))
    if words[1] in data.VILLAGE:
        return _(_VILLAGE_GIVES[words[1]])
    return _("{place}, which you can pay for").format(place=text.place_name(place))


def reason_for(state: dict, player: str, command: str) -> str:
    """Why :func:`choose` plays ``command``, in a few words for ``player``."""
    words = command.split()
    verb = words[0]
    paid = _paid_goods(words)
    if verb == "place":
        return _place_reason(state, player, words)
    if verb == "use" and words[1] in data.AREAS:
        return _("a roll for {good} with {figures}").format(
            good=text.good(data.AREAS[words[1]]),
            figures=text.figures(state["board"][words[1]][player]),
        )
    if verb == "use":
        return _(_VILLAGE_GIVES[words[1]])
    if verb == "buy":
        return _("the card, paid with what is worth least: {goods}").format(goods=text.goods(paid))
    if verb == "build":
        info = data.BUILDINGS[state["stacks"][int(words[1]) - 1][0]]
        points = info["points"] if info["kind"] == "fixed" else _paid_value(command)
        return _("a building for {points}").format(points=text.points(points))
    if verb == "skip":
        return _("nothing to pay for it with")
    if verb == "tools":
        item = state["pending"][0]
        spent = sum(int(w.lstrip("c")) for w in words[1:] if w != "none")
        got = rules.yield_of(item["good"], item["dice"], spent)
        if not spent:
            return _("no tool would raise the yield: {n} {good}").format(
                n=got, good=text.good(item["good"])
            )
        return _("just the tools that raise the yield to {n} {good}").format(
            n=got, good=text.good(item["good"])
        )
    if verb == "pick":
        return _("the most useful die left")
    if verb == "take":
        return _("the most valuable resources: {goods}").format(goods=text.goods(paid))
    if verb == "tame":
        count = int(words[1])
        if not count:
            return _("no figure to the mammoth herd: too little food to spare")
        return ngettext(
            "{n} figure to the mammoth herd, food to spare",
            "{n} figures to the mammoth herd, food to spare",
            count,
        ).format(n=count)
    if verb == "bonus":
        return _("the bonus worth more to you")
    if verb == "pay":
        return _(
            "the tribe fed with the resources worth least ({goods}) rather than losing {points}"
        ).format(goods=text.goods(paid), points=text.points(data.STARVING_PENALTY))
    if verb == "starve":
        return _("nothing left to feed the tribe with")
    return ""  # the bot never switches how tools are used
