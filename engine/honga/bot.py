"""A simple greedy player: it lays its card the way that leaves it best off once the turn is
played out (points, and what the resources, mammoths, bonus cards, the caveman's step and the
tusk are worth later; HONGA at its fire costs), then trades for the most points, plays the
bonus cards that help at once (the caveman's +2 before or after the mountain hands, whichever
leaves it higher), lures mammoths while they are worth their food, gives resources for points
while the buy bonus runs, and ends with done (which climbs the mountain hands left)."""

from __future__ import annotations

import random

from engine.contract import copy_state

from . import commands, data, rules

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
    for _ in range(20):
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
