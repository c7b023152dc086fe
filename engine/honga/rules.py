"""HONGA's rules as changes to plain state. Commands are parsed elsewhere (commands.py).

State, besides the contract's keys:
  phase       "place" | "act" | "pay" (mammoths for a trade) | "over"
  current     seat index of the player to move; seat 0 is the start player (the fire)
  players_    per player: res {fish, berries, mushrooms, water}, board (mammoths on the player
              board), score, step (mountain), card (action card in hand), second (the other
              card of an extra draw, held until the next card is laid, else None), bonus (usable
              bonus cards, seen by the owner), fresh (bonus cards drawn, face down, not yet usable)
  circles     per circle (1-4 as str): stack of action cards (bottom first) and rot of the top
  decks       grey / red action card piles (next card last), bonus deck + discard, trade deck +
              discard, trade slots (3 face-up trade cards or None)
  honga       None (on his space) or the player he sits with
  herd        owners of the mammoths in the herd, first place first; tusk: holder or None
  placed      per player, when they last put a mammoth into the herd (for tusk ties)
  turn        what the current turn has left: hands for mammoths, mountain and trade, bonus cards
              played, active bonus effects, a trade being paid
"""

from __future__ import annotations

from engine.contract import log, places, rng

from . import data

# -- geometry ---------------------------------------------------------------------------------


def _hands_table() -> dict:
    """Hands per area for every card, circle and rotation, computed once."""
    table = {}
    for card_id, card in enumerate(data.ACTION_CARDS):
        for circle, areas in data.CIRCLES.items():
            for rot in range(4):
                hands: dict[str, int] = {}
                for quarter, count in enumerate(card["hands"]):
                    if count:
                        area = areas[(quarter + rot) % 4]
                        hands[area] = hands.get(area, 0) + count
                table[card_id, circle, rot] = hands
    return table


HANDS = _hands_table()


def hands_of(card_id: int, circle: int, rot: int) -> dict[str, int]:
    """Which areas the hands of ``card_id`` point at, laid on ``circle`` turned ``rot``."""
    return HANDS[card_id, circle, rot]


# -- setup ----------------------------------------------------------------------------------


def setup(state: dict) -> None:
    players = state["players"]
    n = len(players)
    grey = [i for i, c in enumerate(data.ACTION_CARDS) if c["colour"] == "grey"]
    red = [i for i, c in enumerate(data.ACTION_CARDS) if c["colour"] == "red"]
    rng(state).shuffle(grey)
    rng(state).shuffle(red)
    bonus = list(range(len(data.BONUS_DECK)))
    rng(state).shuffle(bonus)
    trade = list(range(len(data.TRADE_CARDS)))
    rng(state).shuffle(trade)
    state.update(
        {
            "phase": "place",
            "current": 0,
            "herd_size": data.HERD_SIZE[n],
            "end_points": data.END_POINTS[n],
            "pl": {
                p: {
                    "res": dict(data.START_RESOURCES),
                    "board": 0,
                    "score": 0,
                    "step": 1,
                    "card": None,
                    "second": None,
                    "bonus": [],
                    "fresh": [],
                }
                for p in players
            },
            "circles": {str(c): {"stack": [], "rot": 0} for c in data.CIRCLES},
            "decks": {"grey": grey, "red": red},
            "bonus_deck": bonus,
            "bonus_discard": [],
            "trade_deck": trade,
            "trade_discard": [],
            "trade_slots": [None] * data.FACE_UP_TRADES,
            "honga": None,
            "herd": [],
            "tusk": None,
            "placed": {p: 0 for p in players},
            "herd_clock": 0,
            "turn": None,
        }
    )
    refill_trades(state)
    for p in players:
        state["pl"][p]["card"] = draw_action_card(state, "grey")
    begin_turn(state)


def current_player(state: dict) -> str:
    return state["players"][state["current"]]


# -- the turn -----------------------------------------------------------------------------------


def begin_turn(state: dict) -> None:
    """Start the current player's turn: bonus cards drawn earlier become usable, and HONGA,
    if he sits with this player, eats at once."""
    player = current_player(state)
    me = state["pl"][player]
    me["bonus"].extend(me["fresh"])
    me["fresh"] = []
    state["phase"] = "place"
    state["turn"] = {
        "player": player,
        "circle": None,
        "hands": {"mammoths": 0, "mountain": 0, "trade": 0},
        "played": [],
        "frugal": False,
        "swap": False,
        "credit": None,
        "buy": 0,
        "extra": False,
        "pending": None,
        "honga_ate": False,
    }
    if state["honga"] == player:
        honga_eats(state, player)


def place(state: dict, player: str, circle: int, rot: int, which: int = 0) -> None:
    """Lay a card in hand on ``circle`` turned ``rot``, mind HONGA, do the automatic actions.

    ``which`` (0 or 1) picks one of the two cards of an extra draw; the other goes under the
    pile of its colour ("Coloca la carta que no utilices debajo de la pila de robar")."""
    me = state["pl"][player]
    held = [me["card"], me["second"]]
    card = held.pop(which)
    me["card"] = me["second"] = None
    other = held[0]
    if other is not None:
        colour = data.ACTION_CARDS[other]["colour"]
        state["decks"][colour].insert(0, other)
        log(state, "card_under", player, colour=colour)
    spot = state["circles"][str(circle)]
    spot["stack"].append(card)
    spot["rot"] = rot
    hands = hands_of(card, circle, rot)
    turn = state["turn"]
    turn["circle"] = circle
    log(state, "place", player, card=card, circle=circle, rot=rot)
    if not hands.get("honga") and not turn["honga_ate"]:
        # he comes to you (if he sat with you he already ate at the start of the turn)
        came_from = state["honga"]
        state["honga"] = player
        honga_eats(state, player, came_from)
    state["phase"] = "act"
    got = {}
    for area, count in hands.items():
        if area != "honga":
            got.update(add_hands(state, player, area, count))
    if got:
        log(state, "gather", player, got=got)
    settle_mountain(state, player)


def add_hands(state: dict, player: str, area: str, count: int) -> dict[str, int]:
    """Hands on ``area``: gathering and forest at once; mammoths, mountain and trade wait for
    the player's decisions. Returns what was gathered or drawn at once."""
    if area in data.GATHER:
        return {area: gain(state, player, area, count)}
    if area == "forest":
        return {area: sum(draw_bonus(state, player) for _ in range(count))}
    state["turn"]["hands"][area] += count
    return {}


def honga_eats(state: dict, player: str, came_from: str | None | bool = False) -> None:
    """HONGA eats one unit: fish, berries, mushrooms, water, then a mammoth from the board.
    ``came_from``: where he just came from (None: his space; False: he did not move)."""
    state["turn"]["honga_ate"] = True
    me = state["pl"][player]
    eaten = None
    for resource in data.RESOURCES:
        if me["res"][resource]:
            me["res"][resource] -= 1
            eaten = resource
            break
    else:
        if me["board"]:
            me["board"] -= 1
            eaten = "mammoths"
    if came_from is False:
        log(state, "honga_eats", player, eaten=eaten)
    else:
        log(state, "honga_comes", player, came_from=came_from, eaten=eaten)


def gain(state: dict, player: str, resource: str, count: int) -> int:
    """Add ``count`` to a track, up to its end; returns what was really gained."""
    res = state["pl"][player]["res"]
    before = res[resource]
    res[resource] = min(data.TRACK_MAX, before + count)
    return res[resource] - before


def draw_bonus(state: dict, player: str) -> int:
    """Draw one bonus card face down (1), or nothing if deck and discard are empty (0)."""
    if not state["bonus_deck"]:
        state["bonus_deck"] = state["bonus_discard"]
        state["bonus_discard"] = []
        rng(state).shuffle(state["bonus_deck"])
    if not state["bonus_deck"]:
        return 0
    state["pl"][player]["fresh"].append(state["bonus_deck"].pop())
    return 1


def settle_mountain(state: dict, player: str) -> None:
    """When the card is laid, its mountain hands climb at once if the top is out of reach this
    turn (with them and the climbing bonus cards playable): then no order, and no holding
    back, changes anything, so nothing is asked. Hands that wait, wait until 'climb', 'stay'
    or 'done', whatever is played in between (a mail written ahead is never refused for it)."""
    waiting = state["turn"]["hands"]["mountain"]
    if waiting and not top_in_reach(state, player, bonus_options(state, player)):
        climb_hands(state, player, waiting)


def climb_hands(state: dict, player: str, steps: int) -> None:
    """Climb ``steps`` of the card's waiting mountain hands; the others keep waiting, unless
    the top is reached: "los pasos sobrantes no se cuentan", the hands left are lost."""
    hands = state["turn"]["hands"]
    hands["mountain"] -= steps
    if climb(state, player, steps, lost=hands["mountain"]):
        hands["mountain"] = 0


def top_in_reach(state: dict, player: str, bonus: list[tuple[int, str | None]]) -> bool:
    """Whether the waiting mountain hands, with the climbing bonus plays in ``bonus`` (caveman
    +2, a lucky hand on the mountain), could reach the top this turn: only then does climbing
    fewer steps, none, or in parts around a bonus card change anything."""
    steps: dict[int, int] = {}
    for index, option in bonus:
        if option in ("climb", "mountain"):
            gain = data.BONUS_CLIMB if option == "climb" else 1
            steps[index] = max(steps.get(index, 0), gain)
    reach = state["pl"][player]["step"] + state["turn"]["hands"]["mountain"] + sum(steps.values())
    return reach >= data.MOUNTAIN_STEPS


def stay(state: dict, player: str) -> None:
    """Give up the waiting mountain hands: the caveman "podrá subir", he need not."""
    hands = state["turn"]["hands"]
    log(state, "stay", player, hands=hands["mountain"], step=state["pl"][player]["step"])
    hands["mountain"] = 0


def climb(state: dict, player: str, steps: int, lost: int = 0) -> bool:
    """Climb the sacred mountain; at the top score and send everybody back to the bottom.
    Returns whether the top was reached; steps beyond it (and ``lost`` more) are lost."""
    me = state["pl"][player]
    before = me["step"]
    me["step"] = min(data.MOUNTAIN_STEPS, before + steps)
    climbed = me["step"] - before
    top = me["step"] == data.MOUNTAIN_STEPS
    lost = steps - climbed + lost if top else 0
    log(state, "climb", player, steps=climbed, step=me["step"], **({"lost": lost} if lost else {}))
    if not top:
        return False
    scored = {}
    for p in state["players"]:
        other = state["pl"][p]
        points = (
            data.MOUNTAIN_TOP_POINTS
            if p == player
            else data.MOUNTAIN_STEP_POINTS[other["step"] - 1]
        )
        other["score"] += points
        other["step"] = 1
        scored[p] = points
    log(state, "summit", player, scored=scored)
    return True


# -- paying -------------------------------------------------------------------------------------


def payment(res: dict, cost: dict, swap: bool = False) -> dict | None:
    """What to take from ``res`` for ``cost`` (fish, berries, mushrooms, water), or None.

    The printed resource is paid first; with the swap bonus a missing berry may be a spare
    mushroom and the other way round; two water stand in for each unit still missing.
    """
    pay = {r: min(res[r], cost.get(r, 0)) for r in data.RESOURCES}
    if pay["water"] < cost.get("water", 0):
        return None
    missing = {r: cost.get(r, 0) - pay[r] for r in data.JOKER_FOR}
    if swap:
        for want, other in (("berries", "mushrooms"), ("mushrooms", "berries")):
            spare = res[other] - pay[other]
            use = min(spare, missing[want])
            pay[other] += use
            missing[want] -= use
    water_needed = data.WATER_PER_JOKER * sum(missing.values())
    if res["water"] - pay["water"] < water_needed:
        return None
    pay["water"] += water_needed
    return pay


def take(state: dict, player: str, pay: dict) -> None:
    res = state["pl"][player]["res"]
    for r, n in pay.items():
        res[r] -= n


def mammoth_supply(state: dict, player: str) -> int:
    """The player's mammoths still in the supply (neither in the herd nor on their board)."""
    in_herd = state["herd"].count(player)
    return data.MAMMOTHS_PER_PLAYER - in_herd - state["pl"][player]["board"]


# -- mammoths -------------------------------------------------------------------------------


def lure_cost(resource: str | None) -> dict:
    """A mammoth costs fish + berry + mushroom, or one of them with the frugal bonus."""
    if resource is None:
        return {r: 1 for r in data.JOKER_FOR}
    return {resource: 1}


def lure_options(state: dict, player: str) -> list[str | None]:
    """How the player may lure a mammoth now: [None] (full price), frugal resources, or []."""
    turn = state["turn"]
    if state["phase"] != "act" or not turn["hands"]["mammoths"]:
        return []
    if not mammoth_supply(state, player):
        return []
    res = state["pl"][player]["res"]
    choices = list(data.JOKER_FOR) if turn["frugal"] else [None]
    return [c for c in choices if payment(res, lure_cost(c)) is not None]


def lure(state: dict, player: str, resource: str | None) -> None:
    """Pay, and put one of the player's mammoths on the first place of the herd."""
    pay = payment(state["pl"][player]["res"], lure_cost(resource))
    take(state, player, pay)
    state["turn"]["hands"]["mammoths"] -= 1
    state["herd"].insert(0, player)
    state["herd_clock"] += 1
    state["placed"][player] = state["herd_clock"]
    pushed = None
    if len(state["herd"]) > state["herd_size"]:
        pushed = state["herd"].pop()
        state["pl"][pushed]["board"] += 1
    log(state, "lure", player, paid=_nonzero(pay), pushed=pushed)
    check_tusk(state)


def check_tusk(state: dict) -> None:
    """The tusk goes to the most mammoths in the herd; ties to the latest to place there."""
    counts: dict[str, int] = {}
    for owner in state["herd"]:
        counts[owner] = counts.get(owner, 0) + 1
    holder = None
    if counts:
        holder = max(counts, key=lambda p: (counts[p], state["placed"][p]))
    if holder != state["tusk"]:
        state["tusk"] = holder
        log(state, "tusk", holder)


# -- trade --------------------------------------------------------------------------------------


#: With the swap bonus, what a berry or a mushroom may stand in for in a trade.
SWAP = {"berries": "mushrooms", "mushrooms": "berries"}


def trade_cost(state: dict, slot: int) -> dict:
    """The cost of the face-up card in ``slot``, less a good-trade credit.

    Good trade: the card's resources are added to the player's for this one trade; each pays
    a unit of its own kind, else (with the swap bonus) a berry pays a mushroom or the other
    way round; what pays nothing is lost.
    """
    cost = dict(data.TRADE_CARDS[state["trade_slots"][slot]]["cost"])
    credit = state["turn"]["credit"]
    if credit:
        leftover = []
        for r in credit:
            if cost[r]:
                cost[r] -= 1
            else:
                leftover.append(r)
        if state["turn"]["swap"]:
            for r in leftover:
                other = SWAP.get(r)
                if other and cost[other]:
                    cost[other] -= 1
    return cost


def trade_options(state: dict, player: str) -> list[int]:
    """Slots (0-based) of the face-up trade cards the player can fulfil now."""
    if state["phase"] != "act" or not state["turn"]["hands"]["trade"]:
        return []
    me = state["pl"][player]
    own_mammoths = me["board"] + state["herd"].count(player)
    slots = []
    for slot, card in enumerate(state["trade_slots"]):
        if card is None:
            continue
        cost = trade_cost(state, slot)
        if cost["mammoths"] > own_mammoths:
            continue
        if payment(me["res"], cost, state["turn"]["swap"]) is not None:
            slots.append(slot)
    return slots


def swap_berries(state: dict, player: str, slot: int) -> list[int]:
    """With the swap bonus ("puedes reemplazar setas por bayas y viceversa"): how many berries
    the player may give for the berries and mushrooms of the face-up card in ``slot`` together,
    the rest in mushrooms; water pays only what the two cannot. [] without the bonus."""
    cost = trade_cost(state, slot)
    units = cost["berries"] + cost["mushrooms"]
    if not state["turn"]["swap"] or not units:
        return []
    res = state["pl"][player]["res"]
    used = min(units, res["berries"] + res["mushrooms"])
    return list(range(max(0, used - res["mushrooms"]), min(res["berries"], used) + 1))


def trade_payment(state: dict, player: str, slot: int, berries: int | None = None) -> dict | None:
    """What the player gives for the card in ``slot``: the printed kinds first (``berries``
    None), or, with the swap bonus, ``berries`` berries and the rest of its berries and
    mushrooms in mushrooms (one of :func:`swap_berries`)."""
    cost = trade_cost(state, slot)
    res = state["pl"][player]["res"]
    if berries is None:
        return payment(res, cost, state["turn"]["swap"])
    units = cost["berries"] + cost["mushrooms"]
    return payment(res, {**cost, "berries": berries, "mushrooms": units - berries})


def start_trade(state: dict, player: str, slot: int, berries: int | None = None) -> None:
    """Pay the resources of a trade card; mammoths follow (chosen where there is a choice)."""
    turn = state["turn"]
    cost = trade_cost(state, slot)
    pay = trade_payment(state, player, slot, berries)
    take(state, player, pay)
    turn["hands"]["trade"] -= 1
    turn["credit"] = None
    turn["pending"] = {"slot": slot, "mammoths": cost["mammoths"], "paid": _nonzero(pay)}
    state["phase"] = "pay"
    settle_mammoths(state, player)


def mammoth_sources(state: dict, player: str) -> list[str | int]:
    """Where the next mammoth of a trade can come from: "board" and/or herd places (0-based)."""
    sources: list[str | int] = ["board"] if state["pl"][player]["board"] else []
    sources.extend(i for i, owner in enumerate(state["herd"]) if owner == player)
    return sources


def settle_mammoths(state: dict, player: str) -> None:
    """Pay the trade's mammoths automatically while there is no real choice, then finish it."""
    pending = state["turn"]["pending"]
    me = state["pl"][player]
    while pending["mammoths"]:
        sources = mammoth_sources(state, player)
        places = [s for s in sources if s != "board"]
        if places and me["board"] and me["board"] + len(places) > pending["mammoths"]:
            return  # board or herd: the player chooses
        if len(places) > pending["mammoths"] and len(set(_herd_choice_effect(state, places))) > 1:
            return  # which herd place: the player chooses
        pay_mammoth(state, player, sources[0], settle=False)
    finish_trade(state, player)


def _herd_choice_effect(state: dict, places: list[int]) -> list[tuple]:
    """The herd each choice of place would leave (identical results are no real choice)."""
    return [tuple(state["herd"][:i] + state["herd"][i + 1 :]) for i in places]


def pay_mammoth(state: dict, player: str, source: str | int, settle: bool = True) -> None:
    """Return one of the player's mammoths to the supply, from the board or a herd place."""
    pending = state["turn"]["pending"]
    if source == "board":
        state["pl"][player]["board"] -= 1
    else:
        del state["herd"][source]
    pending["mammoths"] -= 1
    pending.setdefault("from", []).append(source if source == "board" else source + 1)
    if settle:
        settle_mammoths(state, player)


def finish_trade(state: dict, player: str) -> None:
    pending = state["turn"]["pending"]
    slot = pending["slot"]
    card = state["trade_slots"][slot]
    state["trade_slots"][slot] = None
    state["trade_discard"].append(card)
    points = data.TRADE_CARDS[card]["points"]
    state["pl"][player]["score"] += points
    log(
        state,
        "trade",
        player,
        card=card,
        points=points,
        paid=pending["paid"],
        mammoths=pending.get("from", []),
    )
    if any(source != "board" for source in pending.get("from", [])):
        check_tusk(state)  # told after the trade: the herd lost a mammoth
    state["turn"]["pending"] = None
    state["phase"] = "act"


def refill_trades(state: dict) -> None:
    for slot, card in enumerate(state["trade_slots"]):
        if card is not None:
            continue
        if not state["trade_deck"]:
            state["trade_deck"] = state["trade_discard"]
            state["trade_discard"] = []
            rng(state).shuffle(state["trade_deck"])
        if state["trade_deck"]:
            state["trade_slots"][slot] = state["trade_deck"].pop()


# -- bonus cards ----------------------------------------------------------------------------


def bonus_kind(card: int) -> str:
    return data.BONUS_DECK[card][0]


def bonus_options(state: dict, player: str) -> list[tuple[int, str | None]]:
    """(index in the player's usable bonus cards, option) for every bonus card play now."""
    turn = state["turn"]
    if state["phase"] != "act" or len(turn["played"]) >= data.BONUS_PER_TURN:
        return []
    circle_areas = [a for a in data.CIRCLES[turn["circle"]] if a != "honga"]
    honga_here = state["honga"] == player
    has_raw = any(state["pl"][player]["res"].values())
    options: list[tuple[int, str | None]] = []
    for index, card in enumerate(state["pl"][player]["bonus"]):
        if card is None:
            continue  # played this turn; the numbers of the others stay until the turn ends
        kind = bonus_kind(card)
        if kind in ("lucky_hand", "hand_or_honga"):
            options.extend((index, area) for area in circle_areas)
        if kind in ("honga_home", "hand_or_honga", "climb_or_honga") and honga_here:
            options.append((index, "honga"))
        if kind == "climb_or_honga":
            options.append((index, "climb"))
        if (
            kind == "good_trade"
            and turn["hands"]["trade"]
            and turn["credit"] is None
            and any(c is not None for c in state["trade_slots"])
        ):
            options.append((index, None))
        if kind == "buy_points" and not turn["buy"] and has_raw:
            options.append((index, None))
        if (
            kind == "two_points"
            or (kind == "extra_card" and not turn["extra"])
            or (kind in ("swap", "frugal") and not turn[_FLAG[kind]])
        ):
            options.append((index, None))
    return options


_FLAG = {"swap": "swap", "frugal": "frugal", "buy_points": "buy"}


def play_bonus(state: dict, player: str, index: int, option: str | None) -> None:
    me = state["pl"][player]
    card = me["bonus"][index]
    me["bonus"][index] = None
    kind = bonus_kind(card)
    turn = state["turn"]
    turn["played"].append(card)
    log(state, "bonus", player, card=card, bonus=kind, option=option)
    if option == "honga":
        state["honga"] = None
        log(state, "honga_home", player)
    elif option == "climb":
        climb(state, player, data.BONUS_CLIMB)
    elif option is not None:
        waiting = turn["hands"]["mountain"]
        got = add_hands(state, player, option, 1)
        if got:
            log(state, "gather", player, got=got)
        if option == "mountain" and not waiting:
            settle_mountain(state, player)  # a hand laid now, as the card's were
    elif kind == "two_points":
        me["score"] += data.BONUS_POINTS
    elif kind == "extra_card":
        turn["extra"] = True
    elif kind == "good_trade":
        turn["credit"] = list(data.BONUS_DECK[card][1])
    elif kind == "buy_points":
        turn["buy"] = data.BUY_POINTS_MAX
    else:
        turn[_FLAG[kind]] = True


def buy_options(state: dict, player: str) -> list[str]:
    if state["phase"] != "act" or not state["turn"]["buy"]:
        return []
    res = state["pl"][player]["res"]
    return [r for r in data.RESOURCES if res[r]]


def buy(state: dict, player: str, resource: str) -> None:
    state["pl"][player]["res"][resource] -= 1
    state["pl"][player]["score"] += 1
    state["turn"]["buy"] -= 1
    log(state, "buy", player, resource=resource)


# -- end of turn ----------------------------------------------------------------------------


def draw_action_card(state: dict, colour: str) -> int | None:
    """The top card of a pile; an empty pile is rebuilt from that colour's covered cards on
    the board (the top cards stay); if it stays empty, the other pile is used."""
    for pile in (colour, "grey" if colour == "red" else "red"):
        deck = state["decks"][pile]
        if not deck:
            for spot in state["circles"].values():
                keep = spot["stack"][-1:]
                deck.extend(c for c in spot["stack"][:-1] if data.ACTION_CARDS[c]["colour"] == pile)
                spot["stack"] = [
                    c for c in spot["stack"][:-1] if data.ACTION_CARDS[c]["colour"] != pile
                ] + keep
            rng(state).shuffle(deck)
        if deck:
            return deck.pop()
    return None


def end_turn(state: dict, player: str) -> None:
    """`done`: mountain hands still waiting climb (what a mail without 'climb' means), then
    draw the next action card and pass on. With the extra card bonus two are drawn and both
    held: the choice is made when laying a card next turn."""
    waiting = state["turn"]["hands"]["mountain"]
    if waiting:
        climb_hands(state, player, waiting)
    me = state["pl"][player]
    colour = "red" if state["tusk"] == player else "grey"
    me["card"] = draw_action_card(state, colour)
    if state["turn"]["extra"]:
        me["second"] = draw_action_card(state, colour)
    if me["second"] is None:
        card = me["card"]
        log(
            state,
            "draw",
            player,
            colour=data.ACTION_CARDS[card]["colour"] if card is not None else None,
        )
    else:
        colours = [data.ACTION_CARDS[c]["colour"] for c in (me["card"], me["second"])]
        log(state, "draw_two", player, colours=colours)
        public = state["log"][-1]["n"]
        cards = [me["card"], me["second"]]
        log(state, "drawn_two", player, to=[player], cards=cards, details=public)
    finish_turn(state, player)


def finish_turn(state: dict, player: str) -> None:
    """Refill trades, discard played bonus cards, end the game or start the next turn."""
    refill_trades(state)
    state["bonus_discard"].extend(state["turn"]["played"])
    me = state["pl"][player]
    me["bonus"] = [c for c in me["bonus"] if c is not None]
    n = len(state["players"])
    state["current"] = (state["current"] + 1) % n
    if state["current"] == 0 and any(
        state["pl"][p]["score"] >= state["end_points"] for p in state["players"]
    ):
        state["phase"] = "over"
        state["turn"] = None
        for p in state["players"]:
            state["pl"][p]["bonus"] = []
            state["pl"][p]["fresh"] = []
        final = result(state)
        log(
            state,
            "game_over",
            scores=final["scores"],
            left=final["tiebreak"],
            places=final["places"],
        )
        return
    begin_turn(state)


# -- result ---------------------------------------------------------------------------------


def scores(state: dict) -> dict[str, int]:
    return {p: state["pl"][p]["score"] for p in state["players"]}


def resources_left(state: dict, player: str) -> int:
    """Tie-break, "el mayor número de recursos": the units left on the four resource tracks
    (fish, berries, mushrooms, water; NOTES.md "Resources"); mammoths are no resource."""
    return sum(state["pl"][player]["res"].values())


def result(state: dict) -> dict | None:
    if state["phase"] != "over":
        return None
    points = scores(state)
    left = {p: resources_left(state, p) for p in state["players"]}
    ranking = sorted(state["players"], key=lambda p: (-points[p], -left[p]))
    return {
        "scores": points,
        "ranking": ranking,
        "places": places(ranking, lambda p: (points[p], left[p])),
        "tiebreak": left,
    }


def _nonzero(pay: dict) -> dict:
    return {r: n for r, n in pay.items() if n}
