"""A simple Hengist player: raid what is worth most, head inland cheaply, keep explorers."""

from __future__ import annotations

import random

from engine.contract import State
from engine.hengist import commands, data, places


def card_cost(card: str) -> float:
    if card == data.EXPLORER:
        return 4.0
    return 1.5 if "/" in card else 1.0


def _treasure_left(state: State, board: str) -> int:
    treasures = state["boards"][places.slot_of(state, board)]["treasures"]
    return sum(value is not None for value in treasures)


def _raid_value(state: State, player: str, board: str, colour: str) -> float:
    entry = state["boards"][places.slot_of(state, board)]
    if player in entry["seen"] or len(entry["seen"]) == len(state["players"]):
        return entry["treasures"][entry["road"].index(colour[0].upper())]
    values = [v for v in entry["treasures"] if v is not None]
    return sum(values) / len(values)


def score(state: State, player: str, command: str) -> float:
    """How much the bot likes ``command`` (higher is better)."""
    words = command.split()
    verb = words[0]
    if verb == "end":
        return 0.0
    index = data.PARTY_LETTERS.index(words[1])
    home = state["parties"][player][index]
    if verb == "reinforce":
        return 20.0
    if verb == "spy":
        return -2.0
    if verb == "raid":
        cards = words[3:]
        return 50.0 + 3 * _raid_value(state, player, home[1], words[2]) - 2 * sum(map(card_cost, cards))
    target = places.parse(state, words[2])
    cards = words[3:]
    cost = sum(map(card_cost, cards)) + (1.0 if len(cards) == data.DISCARD_MOVE_CARDS else 0.0)
    if target == places.BOAT:
        return -5.0
    if home == places.BOAT:
        return 15.0 + _treasure_left(state, target[1])
    if target[0] == "h" and home[0] == "b":
        return 10.0 + 3 * _treasure_left(state, target[1]) - 3 * cost
    if target[0] == "h":
        return -2.0 - cost
    return -10.0 - cost


def choose(state: State, player: str, chooser: random.Random) -> str:
    """The best-liked legal command, ties broken at random."""
    scored = [(score(state, player, c) + chooser.random() * 0.01, c) for c in commands.legal(state, player)]
    return max(scored)[1]
