"""State changes of Hengist: setup, party actions, the boat, board flips, drawing, the end.

Places inside the state are stable under board flips: ``"boat"``, ``"box"`` (a lost party),
``"b" + board + index`` for a beach space (index 0-2 left bay, 3-5 right bay) and
``"h" + board + index`` for a hinterland space, where ``board`` is the physical board digit
("1", "2", "3"). Players see positional names instead (see :mod:`places`).
"""

from __future__ import annotations

from itertools import permutations

from engine.contract import State, log, rng
from engine.hengist import data
from engine.hengist.places import BOAT, BOX, board_id, display, on_board, slot_of

# -- reading the state ------------------------------------------------------------------


def side_of(state: State, board: str) -> dict:
    """The printed side (data.SIDES entry) of physical board ``board``."""
    return data.SIDES[state["boards"][slot_of(state, board)]["side"]]


def occupants(state: State) -> dict[str, list]:
    """Occupied board places (beach and hinterland) -> [player, party index]."""
    taken = {}
    for player, places in state["parties"].items():
        for index, place in enumerate(places):
            if on_board(place):
                taken[place] = [player, index]
    return taken


def matches(card: str, terrain: str) -> bool:
    """Whether ``card`` may be played for a road of ``terrain``."""
    return card == data.EXPLORER or terrain in card.split("/")


def destinations(state: State, player: str, index: int) -> list[tuple[str, str | None]]:
    """Where a party may move now: (place, terrain it costs or None when free)."""
    place = state["parties"][player][index]
    taken = occupants(state)
    found: list[tuple[str, str | None]] = []
    boat_board, boat_bay = state["boat"]
    if place == BOAT:
        for i in range(3 * boat_bay, 3 * boat_bay + 3):
            beach = f"b{boat_board}{i}"
            if beach not in taken:
                found.append((beach, None))
    elif place == BOX:
        return found
    elif place[0] == "b":
        board, i = place[1], int(place[2])
        if board == boat_board and i // 3 == boat_bay:
            found.append((BOAT, None))
        target, terrain = side_of(state, board)["beaches"][i]
        if f"h{board}{target}" not in taken:
            found.append((f"h{board}{target}", terrain))
    elif place[0] == "h":
        board, here = place[1], int(place[2])
        side = side_of(state, board)
        for i, (target, terrain) in enumerate(side["beaches"]):
            if target == here and f"b{board}{i}" not in taken:
                found.append((f"b{board}{i}", terrain))
        for one, two, terrain in side["roads"]:
            if here in (one, two):
                other = two if here == one else one
                if f"h{board}{other}" not in taken:
                    found.append((f"h{board}{other}", terrain))
    return found


def open_paths(state: State, board: str) -> list[str]:
    """The path colours of a board's village not raided yet."""
    raided = state["boards"][slot_of(state, board)]["raided"]
    return [colour for colour in data.PATH_COLOURS if colour not in raided]


def pays_for(cards: list[str], terrains: list[str]) -> bool:
    """Whether ``cards`` can be assigned one to each of ``terrains``."""
    if len(cards) != len(terrains):
        return False
    return any(
        all(matches(c, t) for c, t in zip(order, terrains, strict=True))
        for order in permutations(cards)
    )


def spyable(state: State, player: str) -> list[int]:
    """Slots whose road tile ``player`` has not seen (spying on it teaches something)."""
    return [slot for slot, board in enumerate(state["boards"]) if player not in board["seen"]]


def actions_left(state: State) -> int:
    """How many more party actions the player to move may take this turn."""
    allowance = data.FIRST_TURN_ACTIONS if state["first_turn"] else data.PARTIES_PER_PLAYER
    return max(0, allowance - len(state["acted"]))


def current(state: State) -> str:
    return state["players"][state["turn"]]


# -- setup ------------------------------------------------------------------------------


def setup(state: State) -> None:
    """Boards, boat, parties in the boat, 3 cards each, road tiles and treasures."""
    players = state["players"]
    chooser = rng(state)
    order = list(range(data.BOARDS))
    chooser.shuffle(order)
    roads = list(data.ROAD_TILES)
    chooser.shuffle(roads)
    treasure_pool = data.treasures()
    chooser.shuffle(treasure_pool)
    boards = []
    for i in order:
        boards.append(
            {
                "side": data.BOARD_SIDES[i][chooser.randrange(2)],
                "flipped": False,
                "road": roads.pop(),
                "seen": [],
                "raided": [],
                "treasures": sorted(
                    (treasure_pool.pop() for _ in range(data.TREASURES_PER_BOARD)), reverse=True
                ),
            }
        )
    cards = data.deck()
    chooser.shuffle(cards)
    state.update(
        {
            "boards": boards,
            "boat": [board_id(boards[0]), 0],
            "parties": {p: [BOAT] * data.PARTIES_PER_PLAYER for p in players},
            "hands": {p: [] for p in players},
            "deck": cards,
            "discard": [],
            "aside_roads": roads[: data.ROAD_TILES_ASIDE],
            "aside_treasures": treasure_pool[: data.TREASURES_ASIDE],
            "taken": {p: [] for p in players},
            "turn": 0,
            "turns": 0,
            "first_turn": True,
            "acted": [],
            "explorers": 0,
            "over": False,
            "end_reason": None,
        }
    )
    log(
        state,
        "setup",
        sides=[b["side"] for b in boards],
        treasures=[b["treasures"] for b in boards],
        start=players[0],
    )
    for player in players:
        draw(state, player, data.START_HAND)


# -- cards ------------------------------------------------------------------------------


def draw(state: State, player: str, count: int) -> None:
    """``player`` draws ``count`` cards, reshuffling the discards when the pile runs out."""
    drawn = []
    for _ in range(count):
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = state["discard"]
            state["discard"] = []
            rng(state).shuffle(state["deck"])
            log(state, "reshuffle", cards=len(state["deck"]))
        drawn.append(state["deck"].pop())
    state["hands"][player] += drawn
    log(state, "draw", player=player, count=len(drawn))
    if drawn:
        public = state["log"][-1]["n"]
        log(state, "drew", player=player, to=[player], cards=drawn, details=public)


def spend(state: State, player: str, cards: list[str]) -> int:
    """Move ``cards`` from the hand to the discard pile; return how many were explorers."""
    hand = state["hands"][player]
    for card in cards:
        hand.remove(card)
        state["discard"].append(card)
    return cards.count(data.EXPLORER)


# -- road tiles -------------------------------------------------------------------------


def see_road(state: State, player: str, slot: int) -> None:
    """``player`` looks at the road tile of board ``slot``; face up once both have seen it."""
    board = state["boards"][slot]
    if player in board["seen"]:
        return
    board["seen"].append(player)
    log(state, "road_seen", player=player, to=[player], board=slot + 1, road=board["road"])
    if len(board["seen"]) == len(state["players"]):
        log(state, "road_revealed", board=slot + 1, road=board["road"])


# -- actions ----------------------------------------------------------------------------


def move(state: State, player: str, index: int, target: str, cards: list[str]) -> None:
    """Move a party (free boat<->beach, else one matching card or three discarded cards)."""
    source = state["parties"][player][index]
    explorers = spend(state, player, cards)
    state["parties"][player][index] = target
    log(state, "move", player=player, party=index, cards=cards,
        where=[display(state, source), display(state, target)])  # fmt: skip
    finish_action(state, player, index, explorers)


def raid(state: State, player: str, index: int, colour: str, cards: list[str]) -> None:
    """Raid the village of the party's board along ``colour``: look at the road, take treasure."""
    board_digit = state["parties"][player][index][1]
    slot = slot_of(state, board_digit)
    board = state["boards"][slot]
    explorers = spend(state, player, cards)
    treasure_slot = board["road"].index(colour[0].upper())
    value = board["treasures"][treasure_slot]
    board["treasures"][treasure_slot] = None
    board["raided"].append(colour)
    state["taken"][player].append(value)
    log(state, "raid", player=player, party=index, board=slot + 1, path=colour, cards=cards,
        slot=treasure_slot + 1, value=value)  # fmt: skip
    see_road(state, player, slot)
    treasure_flips(state)
    finish_action(state, player, index, explorers)


def spy(state: State, player: str, index: int, slot: int) -> None:
    """Play an explorer as a spy: look at the road tile of board ``slot``."""
    spend(state, player, [data.EXPLORER])
    log(state, "spy", player=player, party=index, board=slot + 1)
    see_road(state, player, slot)
    finish_action(state, player, index, 1)


def reinforce(state: State, player: str, index: int) -> None:
    """Play an explorer as reinforcement: a lost party comes back to the boat."""
    spend(state, player, [data.EXPLORER])
    state["parties"][player][index] = BOAT
    log(state, "reinforce", player=player, party=index)
    finish_action(state, player, index, 1)


def finish_action(state: State, player: str, index: int, explorers: int) -> None:
    """After an action: the boat sails one bay per explorer; the turn ends when used up."""
    state["acted"].append(index)
    for _ in range(explorers):
        state["explorers"] += 1
        sail(state)
        if state["over"]:
            return
    if actions_left(state) == 0:
        end_turn(state, player)


def end_turn(state: State, player: str) -> None:
    """Draw 2 cards + 1 per own party in the hinterland, then the other player moves."""
    hinterland = sum(place[0] == "h" for place in state["parties"][player])
    log(state, "end_turn", player=player)
    draw(state, player, data.BASE_DRAW + data.DRAW_PER_HINTERLAND_PARTY * hinterland)
    state["turns"] += 1
    state["first_turn"] = False
    state["acted"] = []
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    if state["turns"] >= data.MAX_TURNS:
        finish(state, "turn_limit")


# -- the boat and the boards --------------------------------------------------------------


def sail(state: State) -> None:
    """Move the boat one bay to the right, flipping the leftmost board past the last board."""
    board, bay = state["boat"]
    slot = slot_of(state, board)
    if bay + 1 < data.BAYS_PER_BOARD:
        state["boat"] = [board, bay + 1]
    elif slot + 1 < len(state["boards"]):
        state["boat"] = [board_id(state["boards"][slot + 1]), 0]
    elif state["boards"][0]["flipped"]:
        log(state, "boat", bay=None)
        finish(state, "boat")
        return
    else:
        flip_leftmost(state, "boat")
        state["boat"] = [board_id(state["boards"][-1]), 0]
        treasure_flips(state)
    log(state, "boat", bay=bay_number(state))


def bay_number(state: State) -> int:
    """The boat's bay counted 1-6 from the left."""
    board, bay = state["boat"]
    return data.BAYS_PER_BOARD * slot_of(state, board) + bay + 1


def treasure_flips(state: State) -> None:
    """Flip the leftmost board while the left and middle boards hold no treasure."""
    boards = state["boards"]
    while not boards[0]["flipped"] and all(
        value is None for board in boards[:2] for value in board["treasures"]
    ):
        flip_leftmost(state, "empty")


def flip_leftmost(state: State, reason: str) -> None:
    """Turn the leftmost board over and put it on the right, with a new road and treasures.

    Treasures and parties on it go to the box; a boat on it moves to the next board.
    """
    board = state["boards"].pop(0)
    digit = board_id(board)
    lost = []
    for player, places in state["parties"].items():
        for index, place in enumerate(places):
            if on_board(place) and place[1] == digit:
                places[index] = BOX
                lost.append([player, index])
    old_treasures = [value for value in board["treasures"] if value is not None]
    sides = data.BOARD_SIDES[int(digit) - 1]
    board["side"] = sides[1 - sides.index(board["side"])]
    board["flipped"] = True
    board["road"] = state["aside_roads"].pop()
    board["seen"] = []
    board["raided"] = []
    board["treasures"] = sorted(
        (state["aside_treasures"].pop() for _ in range(data.TREASURES_PER_BOARD)), reverse=True
    )
    state["boards"].append(board)
    if state["boat"][0] == digit:
        state["boat"] = [board_id(state["boards"][0]), 0]
    log(state, "flip", reason=reason, side=board["side"], lost=lost, treasures_lost=old_treasures,
        treasures=board["treasures"])  # fmt: skip


# -- the end ----------------------------------------------------------------------------


def finish(state: State, reason: str) -> None:
    state["over"] = True
    state["end_reason"] = reason
    log(state, "game_over", reason=reason, scores=scores(state))


def scores(state: State) -> dict[str, int]:
    return {player: sum(values) for player, values in state["taken"].items()}
