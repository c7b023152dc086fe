"""A simple greedy player: a placement that keeps HONGA away and scores now (holding the two
cards of an extra draw, the best placement of either), then the best trades, mammoths while
affordable, bonus cards that help at once (the caveman's +2 before or after the mountain
hands, whichever leaves it higher), and done (which climbs the mountain hands left)."""

from __future__ import annotations

import random

from engine.contract import copy_state

from . import commands, data, rules


def choose(state: dict, player: str, chooser: random.Random) -> str:
    allowed = commands.legal(state, player)
    phase = state["phase"]
    if phase == "place":
        return max(allowed, key=lambda c: (_placement_value(state, player, c), chooser.random()))
    if phase != "act":
        return allowed[0]
    trades = [c for c in allowed if c.startswith("trade")]
    if trades:
        return max(trades, key=lambda c: _trade_points(state, c))
    for command in allowed:
        if command.startswith("bonus") and _good_bonus(state, player, command):
            if command.endswith(" climb") and "climb" in allowed:
                return _climb_order(state, player, command)
            return command
    for command in allowed:
        if command.startswith("lure") or command.startswith("buy"):
            return command
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


def _placement_value(state: dict, player: str, command: str) -> float:
    """Points and resources after laying the card this way and trading greedily."""
    trial = copy_state(state)
    commands.execute(trial, player, command)
    if trial["turn"]["hands"]["mountain"]:
        commands.execute(trial, player, "climb")
    for _ in range(8):
        trades = rules.trade_options(trial, player)
        if not trades:
            break
        slot = max(trades, key=lambda s: data.TRADE_CARDS[trial["trade_slots"][s]]["points"])
        rules.start_trade(trial, player, slot)
        while trial["phase"] == "pay":
            rules.pay_mammoth(trial, player, rules.mammoth_sources(trial, player)[0])
    me = trial["pl"][player]
    value = me["score"] + 0.3 * sum(me["res"].values()) + 0.15 * me["step"]
    if trial["honga"] == player:
        value -= 1.0
    return value
