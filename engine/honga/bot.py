"""A simple greedy player: it lays its card the way that leaves it best off once the turn is
played out (points, and what the resources, mammoths, bonus cards, the caveman's step and the
tusk are worth later; HONGA at its fire costs), then trades for the most points, plays the
bonus cards that help at once (the caveman's +2 before or after the mountain hands, whichever
leaves it higher), lures mammoths while they are worth their food, gives resources for points
while the buy bonus runs, and ends with done (which climbs the mountain hands left)."""

from __future__ import annotations

import random

from engine.contract import copy_state
from engine.i18n import _, ngettext

from . import commands, data, rules
from .words import amount

#: What one unit is worth later, in points: a trade card pays about a point per unit (water
#: stands in for others two for one), a mammoth 3 in a trade; the tusk brings a fifth hand.
RESOURCE_WORTH = {"fish": 0.6, "berries": 0.6, "mushrooms": 0.6, "water": 0.4}
MAMMOTH_WORTH = 1.6
TUSK_WORTH = 2.5
BONUS_CARD_WORTH = 1.0
STEP_WORTH = 0.7  # per step above the first: the points the others' summit pays, and the top
HONGA_COST = 1.5  # he eats a unit at the start of each turn he stays


def choose(state: dict, player: str, chooser: random.Random) -> str:
    allowed = commands.legal(state, player)
    phase = state["phase"]
    if phase == "place":
        return max(allowed, key=lambda c: (_placement_value(state, player, c), chooser.random()))
    if phase != "act":
        return allowed[0]  # a trade's mammoth: the board's before the herd's (the tusk)
    return _action(state, player, allowed)


def _action(state: dict, player: str, allowed: list[str]) -> str:
    """The act phase's next command, by the order above."""
    trades = [c for c in allowed if c.startswith("trade")]
    if trades:
        return max(trades, key=lambda c: _trade_points(state, c))
    for command in allowed:
        if command.startswith("bonus") and _good_bonus(state, player, command):
            if command.endswith(" climb") and "climb" in allowed:
                return _climb_order(state, player, command)
            return command
    for command in allowed:
        if command.startswith("lure") and _worth_luring(state, player, command):
            return command
    buys = [c for c in allowed if c.startswith("buy")]
    if buys:
        return _cheapest_buy(state, player, buys)
    return "done"


def _climb_order(state: dict, player: str, bonus: str) -> str:
    """'climb' (the hands first) or the caveman bonus first, whichever scores more, then
    leaves the caveman higher."""

    def outcome(first: str, then: str) -> tuple[int, int]:
        trial = copy_state(state)
        commands.execute(trial, player, first)
        if then in commands.legal(trial, player):
            commands.execute(trial, player, then)
        me = trial["pl"][player]
        return me["score"], me["step"]

    return "climb" if outcome("climb", bonus) > outcome(bonus, "climb") else bonus


def _trade_points(state: dict, command: str) -> int:
    return data.TRADE_CARDS[state["trade_slots"][int(command.split()[1]) - 1]]["points"]


def _good_bonus(state: dict, player: str, command: str) -> bool:
    words = command.split()
    kind = rules.bonus_kind(state["pl"][player]["bonus"][int(words[1]) - 1])
    if len(words) > 2:
        return words[2] in ("honga", "trade", "climb") or kind == "lucky_hand"
    return kind in ("two_points", "buy_points", "good_trade", "swap")


def _worth_luring(state: dict, player: str, command: str) -> bool:
    """Whether the mammoth is worth more than the food it costs."""
    trial = copy_state(state)
    commands.execute(trial, player, command)
    return worth(trial, player) > worth(state, player)


def _cheapest_buy(state: dict, player: str, buys: list[str]) -> str:
    """The buy that gives away the least useful resource: water before the others, then the
    one held most of."""
    res = state["pl"][player]["res"]
    return min(buys, key=lambda c: (RESOURCE_WORTH[c.split()[1]], -res[c.split()[1]]))


def worth(state: dict, player: str) -> float:
    """What ``player``'s position is worth in points: the score and what the rest is worth
    later."""
    me = state["pl"][player]
    value = me["score"] + sum(RESOURCE_WORTH[r] * n for r, n in me["res"].items())
    value += MAMMOTH_WORTH * (me["board"] + state["herd"].count(player))
    value += TUSK_WORTH * (state["tusk"] == player)
    value += BONUS_CARD_WORTH * (len(me["fresh"]) + sum(c is not None for c in me["bonus"]))
    value += STEP_WORTH * (me["step"] - 1)
    return value - HONGA_COST * (state["honga"] == player)


def played_out(state: dict, player: str) -> dict:
    """A copy of ``state`` with the current turn's actions played by this bot, up to 'done'
    (not drawn: the next card is unknown), the mountain hands left climbed."""
    trial = copy_state(state)
    for _step in range(20):
        if trial["phase"] == "pay":
            commands.execute(trial, player, commands.legal(trial, player)[0])
            continue
        command = _action(trial, player, commands.legal(trial, player))
        if command == "done":
            break
        commands.execute(trial, player, command)
    waiting = trial["turn"]["hands"]["mountain"]
    if waiting:
        rules.climb_hands(trial, player, waiting)
    return trial


def _placement_value(state: dict, player: str, command: str) -> float:
    """What the position is worth after laying the card this way and playing the turn out."""
    trial = copy_state(state)
    commands.execute(trial, player, command)
    return worth(played_out(trial, player), player)


def reason_for(state: dict, player: str, command: str) -> str:
    """Why :func:`choose` plays ``command``, in a few words for ``player``."""
    words = command.split()
    verb = words[0]
    turn = state["turn"]
    if verb == "place":
        me = state["pl"][player]
        card = me["second"] if words[3:] == ["card", "2"] else me["card"]
        hands = rules.hands_of(card, int(words[1]), data.ORIENTATIONS.index(words[2]))
        actions = ", ".join(
            f"{_(data.ACTION_NAMES[a])} {n}" for a, n in hands.items() if a != "honga"
        )
        if hands.get("honga") or state["honga"] == player:
            return _("hands on {actions}: the best this card gives this turn").format(
                actions=actions
            )
        return _("hands on {actions}: worth more this turn than keeping HONGA away").format(
            actions=actions
        )
    if verb == "trade":
        points = _trade_points(state, command)
        return ngettext("a trade card for {n} point", "a trade card for {n} points", points).format(
            n=points
        )
    if verb == "lure":
        trial = copy_state(state)
        commands.execute(trial, player, command)
        if trial["tusk"] == player and state["tusk"] != player:
            return _("a mammoth into the herd, and the tusk: a red card of five hands next")
        return _("a mammoth into the herd, for trades and the tusk")
    if verb == "climb" or words[1:] and words[-1] == "climb":
        return _climb_reason(state, player, command)
    if verb == "stay":
        return _("the caveman waits: climbing now would not help")
    if verb == "bonus":
        kind = rules.bonus_kind(state["pl"][player]["bonus"][int(words[1]) - 1])
        if words[2:] == ["honga"]:
            return _("a bonus card sends HONGA back to his space")
        if words[2:]:
            return _("a bonus card: one more hand on {action}").format(
                action=_(data.ACTION_NAMES[words[2]])
            )
        return _("a bonus card: {effect}").format(effect=_(data.BONUS_HELP[kind]))
    if verb == "buy":
        return _("{what} given for a point").format(what=amount(1, words[1]))
    if verb == "pay":
        if words[1] == "board":
            return _("the trade's mammoth from your board: the herd keeps yours")
        return _("the trade's mammoth from the herd")
    if turn["hands"]["mountain"]:
        return _("nothing more worth doing; the mountain hands left climb")
    return _("nothing more worth doing this turn")


def _climb_reason(state: dict, player: str, command: str) -> str:
    """What climbing (with the hands or the caveman bonus) brings."""
    trial = copy_state(state)
    before = trial["pl"][player]["score"]
    commands.execute(trial, player, command)
    me = trial["pl"][player]
    if me["score"] > before and me["step"] == 1:
        return _("the caveman reaches the top of the sacred mountain: {n} points").format(
            n=data.MOUNTAIN_TOP_POINTS
        )
    return _("the caveman climbs to step {step}").format(step=me["step"])
