"""A simple Hengist player: raid what is worth most, head inland cheaply, keep explorers."""

from __future__ import annotations

import random

from engine.contract import State
from engine.hengist import commands, data, places
from engine.i18n import _, ngettext


def cards_cost(state: State, player: str, cards: list[str]) -> float:
    """What playing ``cards`` costs; spare explorers are cheap (hoarding them stalls the boat)."""
    spare = state["hands"][player].count(data.EXPLORER) - 1
    explorer = 2.5 - 1.5 * max(0, spare)
    return sum(explorer if c == data.EXPLORER else 1.5 if "/" in c else 1.0 for c in cards)


def _sailing_risk(state: State, player: str, explorers: int) -> float:
    """What the boat flipping the leftmost board would cost: own parties minus the opponent's."""
    board, bay = state["boat"]
    bays_to_flip = (len(state["boards"]) - places.slot_of(state, board)) * data.BAYS_PER_BOARD - bay
    if explorers < bays_to_flip:
        return 0.0
    left = places.board_id(state["boards"][0])
    balance = 0
    for owner, home in state["parties"].items():
        on_left = sum(places.on_board(place) and place[1] == left for place in home)
        balance += on_left if owner == player else -on_left
    return 12.0 * balance


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
    if verb == "done":
        return 0.0
    index = data.PARTY_LETTERS.index(words[1])
    home = state["parties"][player][index]
    if verb == "reinforce":
        return 20.0 - _sailing_risk(state, player, 1)
    if verb == "spy":
        slot = int(words[2]) - 1
        values = [v for v in state["boards"][slot]["treasures"] if v is not None]
        board = places.board_id(state["boards"][slot])
        raiders = sum(p[0] == "h" and p[1] == board for p in state["parties"][player])
        gain = 3 * (max(values) - sum(values) / len(values)) if values and raiders else 0.0
        spare = state["hands"][player].count(data.EXPLORER) - 1  # hoarding stalls the boat
        return gain - 2.0 + 2.0 * spare - _sailing_risk(state, player, 1)
    cards = words[3:]
    risk = _sailing_risk(state, player, cards.count(data.EXPLORER))
    if verb == "raid":
        return (
            50.0
            + 3 * _raid_value(state, player, home[1], words[2])
            - 2 * cards_cost(state, player, cards)
            - risk
        )
    target = places.parse(state, words[2])
    cost = (
        cards_cost(state, player, cards)
        + (1.0 if len(cards) == data.DISCARD_MOVE_CARDS else 0.0)
        + risk
    )
    here_empty = places.on_board(home) and _treasure_left(state, home[1]) == 0
    if target == places.BOAT:
        return 8.0 if here_empty else -5.0
    if home == places.BOAT:
        return 15.0 + _treasure_left(state, target[1])
    if target[0] == "h" and home[0] == "b":
        if here_empty:
            return -5.0 - cost
        return 10.0 + 3 * _treasure_left(state, target[1]) - 3 * cost
    if target[0] == "h":
        return -2.0 - cost
    return (6.0 if here_empty else -10.0) - cost


def choose(state: State, player: str, chooser: random.Random) -> str:
    """The best-liked legal command, ties broken at random."""
    scored = [
        (score(state, player, c) + chooser.random() * 0.01, c)
        for c in commands.legal(state, player)
    ]
    return max(scored)[1]


def reason_for(state: State, player: str, command: str) -> str:
    """Why :func:`choose` plays ``command``, in a few words for ``player``."""
    words = command.split()
    verb = words[0]
    if verb == "done":
        return _("no other action was worth its cards")
    party = words[1].upper()
    home = state["parties"][player][data.PARTY_LETTERS.index(words[1])]
    if verb == "reinforce":
        return _("lost party {party} back in the boat").format(party=party)
    if verb == "spy":
        return _(
            "a look at the road tile of board {board}: which path leads to which treasure"
        ).format(board=words[2])
    if verb == "raid":
        entry = state["boards"][places.slot_of(state, home[1])]
        path = places.path_name(words[2])
        if player in entry["seen"] or len(entry["seen"]) == len(state["players"]):
            return _("party {party} takes the treasure of the {path} path, worth {value}").format(
                party=party, path=path, value=_raid_value(state, player, home[1], words[2])
            )
        return _("party {party} raids the {path} path: the village has treasure left").format(
            party=party, path=path
        )
    target = places.parse(state, words[2])
    if target == places.BOAT:
        return _("party {party} back to the boat: nothing left to raid on its board").format(
            party=party
        )
    if home == places.BOAT:
        return _("party {party} lands on the beach, free").format(party=party)
    if target[0] == "h" and home[0] == "b":
        left = _treasure_left(state, target[1])
        return ngettext(
            "party {party} heads inland: {n} treasure left in the village",
            "party {party} heads inland: {n} treasures left in the village",
            left,
        ).format(party=party, n=left)
    if target[0] == "h":
        return _("party {party} moves on inland").format(party=party)
    return _("party {party} back to the beach: nothing left to raid here").format(party=party)
