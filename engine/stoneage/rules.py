"""State changes of Stone Age and The Mammoth Herd: setup, the three phases, the end.

The state moves through phases: ``place`` (figures in turn order), ``action`` (each player
in turn order uses all his places), ``feed`` (players short of food decide) and ``over``.
Decisions that interrupt a phase (tools after a roll, picks from "dice for everyone", resources
of choice, taming a mammoth, the herd winner's bonus) wait in ``state["pending"]``, first first.
``advance`` runs everything automatic until somebody must decide.
"""

from __future__ import annotations

from engine.contract import log, places, rng

from . import data

# -- setup -------------------------------------------------------------------------------


def new_player() -> dict:
    return {
        "food": data.START_FOOD,
        **dict.fromkeys(data.RESOURCES, 0),
        "figures": data.START_FIGURES,
        "agriculture": 0,
        "tools": [],
        "used": [],
        "one_use": [],
        "cards": [],
        "drawn": [],  # cards drawn face down from the deck: the others do not know them
        "buildings": [],
        "score": 0,
        "tiles": [],
        "auto_tools": True,
    }


def setup(state: dict) -> None:
    players = state["players"]
    r = rng(state)
    deck = list(data.CARDS)
    r.shuffle(deck)
    tiles = list(data.BUILDINGS)
    r.shuffle(tiles)
    n = len(players)
    state["stacks"] = [tiles[i * data.STACK_SIZE : (i + 1) * data.STACK_SIZE] for i in range(n)]
    state["row"] = deck[: data.CARD_SLOTS]
    state["deck"] = deck[data.CARD_SLOTS :]
    state["supply"] = dict(data.SUPPLY)
    state["p"] = {p: new_player() for p in players}
    state["round"] = 0
    state["start"] = 0
    state["herd"] = None
    if state["options"]["mammoth_herd"]:
        pile = list(data.HERD_TILES)
        r.shuffle(pile)
        state["herd"] = {"pile": pile, "tile": None, "resource": None, "on_tile": {}}
    state["pending"] = []
    state["feeding"] = {}
    state["final"] = None
    begin_round(state, first=True)
    advance(state)


# -- small helpers -----------------------------------------------------------------------


def order_from(state: dict, index: int) -> list[str]:
    players = state["players"]
    return players[index:] + players[:index]


def limited(state: dict) -> bool:
    return state["options"]["resource_limit"]


def gain(state: dict, player: str, good: str, amount: int) -> int:
    """Give ``amount`` of ``good``; with the resource limit, at most what the supply holds."""
    if good in data.RESOURCES and limited(state):
        amount = min(amount, state["supply"][good])
        state["supply"][good] -= amount
    state["p"][player][good] += amount
    return amount


def pay(state: dict, player: str, goods: dict) -> None:
    me = state["p"][player]
    for good, n in goods.items():
        me[good] -= n
        if good in data.RESOURCES and limited(state):
            state["supply"][good] += n


def tool_total(me: dict) -> int:
    return sum(me["tools"])


def add_tool(me: dict) -> None:
    """A new tile of value 1 while there are fewer than three, else the lowest tile goes up."""
    if len(me["tools"]) < data.MAX_TOOL_TILES:
        me["tools"].append(1)
        me["used"].append(False)
        return
    low = min(range(len(me["tools"])), key=lambda i: me["tools"][i])
    if me["tools"][low] < data.MAX_TOOL_VALUE:
        me["tools"][low] += 1


def add_agriculture(me: dict) -> None:
    me["agriculture"] = min(data.MAX_AGRICULTURE, me["agriculture"] + 1)


def add_figure(me: dict) -> None:
    me["figures"] = min(data.MAX_FIGURES, me["figures"] + 1)


def herd_area(state: dict) -> str | None:
    herd = state["herd"]
    if herd and herd["tile"] is not None:
        return data.AREA_OF[herd["resource"]]
    return None


def yield_of(divisor_good: str, dice: list[int], tools: int) -> int:
    return (sum(dice) + tools) // data.VALUE[divisor_good]


def roll(state: dict, n: int) -> list[int]:
    r = rng(state)
    return [r.randint(1, 6) for _ in range(n)]


# -- round start -------------------------------------------------------------------------


def begin_round(state: dict, first: bool = False) -> None:
    """Slide and refill the card row (or end the game), reset tools, turn the herd tile."""
    if not first:
        kept = [c for c in state["row"] if c is not None]
        missing = data.CARD_SLOTS - len(kept)
        if len(state["deck"]) < missing:
            log(state, "deck_empty")
            finish(state)
            return
        state["row"] = kept + state["deck"][:missing]
        del state["deck"][:missing]
        state["start"] = (state["start"] + 1) % len(state["players"])
    state["round"] += 1
    for me in state["p"].values():
        me["used"] = [False] * len(me["tools"])
    state["board"] = {}
    state["placed"] = dict.fromkeys(state["players"], 0)
    state["phase"] = "place"
    state["turn"] = state["start"]
    log(state, "round", player=state["players"][state["start"]], round=state["round"])
    herd = state["herd"]
    if herd is not None:
        herd["tile"] = None
        herd["resource"] = None
        herd["on_tile"] = {}
        if herd["pile"]:
            herd["tile"] = herd["pile"].pop(0)
            herd["resource"] = data.HERD_TILES[herd["tile"]]["back"]
            log(state, "herd", tile=herd["tile"], resource=herd["resource"])


# -- placement ---------------------------------------------------------------------------


def available(state: dict, player: str) -> int:
    return state["p"][player]["figures"] - state["placed"][player]


def place_options(state: dict, player: str) -> list[tuple[str, int]]:
    """Every (place, figures) the player may place now."""
    free = available(state, player)
    if free <= 0:
        return []
    board = state["board"]
    n = len(state["players"])
    out: list[tuple[str, int]] = []
    herd = herd_area(state)
    for area in data.AREAS:
        here = board.get(area, {})
        if player in here:
            continue
        if area == "hunt":
            room = free
        else:
            if len(here) >= data.PLAYERS_PER_AREA[n] and area != herd:
                continue
            room = min(free, data.AREA_CAPACITY - sum(here.values()))
        out += [(area, k) for k in range(1, room + 1)]
    village_used = sum(1 for v in data.VILLAGE if v in board)
    if village_used < data.VILLAGE_LIMIT[n]:
        for place in data.VILLAGE:
            if place in board:
                continue
            need = data.HUT_FIGURES if place == "hut" else 1
            if free >= need:
                out.append((place, need))
    for k in range(1, data.CARD_SLOTS + 1):
        place = f"card{k}"
        if state["row"][k - 1] is not None and place not in board:
            out.append((place, 1))
    for k, stack in enumerate(state["stacks"], start=1):
        place = f"building{k}"
        if stack and place not in board:
            out.append((place, 1))
    return out


def place(state: dict, player: str, where: str, count: int) -> None:
    state["board"].setdefault(where, {})[player] = count
    state["placed"][player] += count
    log(state, "place", player=player, place=where, count=count)
    next_placer(state)


def next_placer(state: dict) -> None:
    """Pass the turn to the next player who still has figures; else start the actions."""
    players = state["players"]
    n = len(players)
    for step in range(1, n + 1):
        i = (state["turn"] + step) % n
        p = players[i]
        if available(state, p) <= 0:
            continue
        if not place_options(state, p):
            log(state, "stuck", player=p, count=available(state, p))
            state["placed"][p] = state["p"][p]["figures"]
            continue
        state["turn"] = i
        return
    start_actions(state)


def start_actions(state: dict) -> None:
    state["phase"] = "action"
    state["turn"] = state["start"]
    state["acted"] = 0


# -- actions -----------------------------------------------------------------------------


def my_places(state: dict, player: str) -> list[str]:
    return [place for place, here in state["board"].items() if player in here]


def leave(state: dict, player: str, place: str) -> None:
    here = state["board"][place]
    del here[player]
    if not here:
        del state["board"][place]


def usable_tools(me: dict) -> bool:
    return any(not u for u in me["used"]) or bool(me["one_use"])


def best_auto_tools(me: dict, good: str, dice: list[int]) -> list[int]:
    """Indices of unused tiles that reach the best yield with the least tool value."""
    free = [i for i, u in enumerate(me["used"]) if not u]
    best: tuple = (yield_of(good, dice, 0), 0, 0)
    choice: list[int] = []
    for mask in range(1, 1 << len(free)):
        chosen = [free[j] for j in range(len(free)) if mask >> j & 1]
        total = sum(me["tools"][i] for i in chosen)
        key = (yield_of(good, dice, total), -total, -len(chosen))
        if key > best:
            best, choice = key, chosen
    return choice


def auto_one_use(me: dict, good: str, dice: list[int]) -> tuple[list[int], list[int]]:
    """Where no unused tile raises the yield: the one-use cards (least value) and tiles (least
    value) that reach the next unit, as (tile indices, card values); nothing if none does."""
    free = [i for i, u in enumerate(me["used"]) if not u]
    cards = me["one_use"]
    target = yield_of(good, dice, 0) + 1
    best: tuple | None = None
    choice: tuple[list[int], list[int]] = ([], [])
    for cmask in range(1, 1 << len(cards)):
        values = [cards[j] for j in range(len(cards)) if cmask >> j & 1]
        for tmask in range(1 << len(free)):
            tiles = [free[j] for j in range(len(free)) if tmask >> j & 1]
            total = sum(me["tools"][i] for i in tiles)
            if yield_of(good, dice, total + sum(values)) < target:
                continue
            key = (sum(values), len(values), total, len(tiles))
            if best is None or key < best:
                best, choice = key, (tiles, values)
    return choice


def auto_tools(me: dict, good: str, dice: list[int]) -> tuple[list[int], list[int]]:
    """What 'tools auto' spends on a roll: the tiles that raise the yield; only where they
    cannot, one-use cards that reach the next unit."""
    tiles = best_auto_tools(me, good, dice)
    if tiles or not me["one_use"]:
        return tiles, []
    return auto_one_use(me, good, dice)


def use_area(state: dict, player: str, area: str) -> None:
    """Roll for the hunting grounds or a resource area."""
    count = state["board"][area][player]
    good = data.AREAS[area]
    dice = roll(state, count)
    rolled(state, player, good, dice, area)


def rolled(state: dict, player: str, good: str, dice: list[int], source: str) -> None:
    me = state["p"][player]
    if usable_tools(me) and not me["auto_tools"]:
        log(state, "roll", player=player, place=source, dice=dice)
        state["pending"].insert(
            0, {"kind": "tools", "player": player, "good": good, "dice": dice, "source": source}
        )
        return
    tiles, cards = auto_tools(me, good, dice) if usable_tools(me) else ([], [])
    finish_roll(state, player, good, dice, source, tiles, cards)


def finish_roll(state, player, good, dice, source, tiles: list[int], cards: list[int]) -> None:
    me = state["p"][player]
    total = 0
    for i in tiles:
        me["used"][i] = True
        total += me["tools"][i]
    for value in cards:
        me["one_use"].remove(value)
        total += value
    amount = gain(state, player, good, yield_of(good, dice, total))
    log(
        state,
        "yield",
        player=player,
        good=good,
        amount=amount,
        tools=total,
        cards=list(cards),
        place=source,
        dice=dice,
    )
    if source in data.AREAS:
        if source == herd_area(state) and can_pay_one(me):
            state["pending"].insert(
                0, {"kind": "tame", "player": player, "count": state["board"][source][player]}
            )
        else:
            leave(state, player, source)


def can_pay_one(me: dict) -> bool:
    """Whether the player can pay for one figure on the herd tile (food or a resource)."""
    return any(me[g] for g in data.GOODS)


def tame(state: dict, player: str, count: int, paid: dict) -> None:
    area = herd_area(state)
    pay(state, player, paid)
    leave(state, player, area)
    if count:
        state["herd"]["on_tile"][player] = count
    log(state, "tame", player=player, count=count, paid=paid)


def use_village(state: dict, player: str, place: str) -> None:
    me = state["p"][player]
    if place == "hut":
        add_figure(me)
    elif place == "field":
        add_agriculture(me)
    else:
        add_tool(me)
    leave(state, player, place)
    now = {"hut": me["figures"], "field": me["agriculture"], "toolmaker": list(me["tools"])}
    log(state, "village", player=player, place=place, now=now[place])


def skip(state: dict, player: str, place: str) -> None:
    leave(state, player, place)
    log(state, "skip", player=player, place=place)


def buy_card(state: dict, player: str, slot: int, paid: dict) -> None:
    card = state["row"][slot - 1]
    state["row"][slot - 1] = None
    pay(state, player, paid)
    leave(state, player, f"card{slot}")
    me = state["p"][player]
    me["cards"].append(card)
    log(state, "card", player=player, card=card, paid=paid)
    top = data.CARDS[card]["top"]
    kind = top["type"]
    if kind == "dice_everyone":
        dice = sorted(roll(state, len(state["players"])))
        index = state["players"].index(player)
        log(state, "dice_everyone", player=player, dice=list(dice))  # picks shrink ``dice``
        state["pending"].insert(
            0, {"kind": "pick", "player": player, "dice": dice, "order": order_from(state, index)}
        )
        settle_picks(state)
    elif kind == "food":
        gain(state, player, "food", top["amount"])
    elif kind == "resource":
        gain(state, player, top["resource"], top["amount"])
    elif kind == "resource_dice":
        dice = roll(state, top["dice"])
        rolled(state, player, top["resource"], dice, "card")
    elif kind == "points":
        me["score"] += top["amount"]
    elif kind == "tool":
        add_tool(me)
    elif kind == "agriculture":
        add_agriculture(me)
    elif kind == "extra_card":
        draw_card(state, player, "card")
    elif kind == "one_use_tool":
        me["one_use"].append(top["value"])
    elif kind == "any_2_resources":
        state["pending"].insert(0, {"kind": "take", "player": player, "count": top["amount"]})


def draw_card(state: dict, player: str, source: str) -> None:
    """The top card of the deck, for its bottom only, face down: everybody learns that a card
    was drawn (``source``: "card" or "herd"), only the drawer which one."""
    if state["deck"]:
        card = state["deck"].pop(0)
        me = state["p"][player]
        me["cards"].append(card)
        me.setdefault("drawn", []).append(card)  # games stored before it have no "drawn"
        log(state, "card_drawn", player=player, source=source)
        log(state, "extra_card", player=player, to=[player], card=card)


def pick(state: dict, player: str, value: int) -> None:
    """``player`` takes the die showing ``value`` from the "dice for everyone" pool."""
    item = state["pending"][0]
    item["dice"].remove(value)
    item["order"].pop(0)
    me = state["p"][player]
    got = data.DICE_EVERYONE[value]
    if got == "tool":
        add_tool(me)
    elif got == "agriculture":
        add_agriculture(me)
    else:
        gain(state, player, got, 1)
    log(state, "pick", player=player, die=value, got=got)
    settle_picks(state)


def settle_picks(state: dict) -> None:
    """Hand out dice while the next player has only one kind of die to choose from."""
    item = state["pending"][0]
    if not item["order"]:
        state["pending"].pop(0)
        return
    item["player"] = item["order"][0]
    if len(set(item["dice"])) == 1:
        pick(state, item["player"], item["dice"][0])


def take(state: dict, player: str, goods: dict) -> None:
    state["pending"].pop(0)
    got = {g: gain(state, player, g, n) for g, n in goods.items()}
    log(state, "take", player=player, goods=got)


def build(state: dict, player: str, stack: int, paid: dict) -> None:
    tile = state["stacks"][stack - 1].pop(0)
    pay(state, player, paid)
    leave(state, player, f"building{stack}")
    me = state["p"][player]
    me["buildings"].append(tile)
    info = data.BUILDINGS[tile]
    points = (
        info["points"]
        if info["kind"] == "fixed"
        else sum(data.VALUE[g] * n for g, n in paid.items())
    )
    me["score"] += points
    log(state, "build", player=player, tile=tile, paid=paid, points=points)
    if not state["stacks"][stack - 1]:
        log(state, "stack_empty", stack=stack)


def set_tools(state: dict, player: str, auto: bool) -> None:
    """Switch how tools are used; switched to auto while asked about a roll, that roll is
    answered the automatic way."""
    me = state["p"][player]
    me["auto_tools"] = auto
    pending = state["pending"]
    if auto and pending and pending[0]["kind"] == "tools" and pending[0]["player"] == player:
        item = pending.pop(0)
        tiles, cards = auto_tools(me, item["good"], item["dice"])
        finish_roll(state, player, item["good"], item["dice"], item["source"], tiles, cards)


# -- taming (The Mammoth Herd) -----------------------------------------------------------


def tame_mammoth(state: dict) -> None:
    herd = state["herd"]
    if herd is None or herd["tile"] is None:
        return
    tile = herd["tile"]
    herd["tile"] = None
    counts = dict(herd["on_tile"])
    tamers = [p for p in state["players"] if counts.get(p)]
    herd["on_tile"] = {}
    if not tamers:
        log(state, "herd_leaves", tile=tile)
        return
    rolls = {p: sorted(roll(state, counts[p]), reverse=True) for p in tamers}
    log(state, "taming", rolls=rolls)
    best = max(rolls.values())
    top = [p for p in tamers if rolls[p] == best]
    if len(top) > 1:
        log(state, "taming_tie", players=top, tile=tile)
        for p in tamers:
            give_bonus(state, p, data.HERD_TILES[tile]["all"])
        return
    winner = top[0]
    others = [p for p in tamers if p != winner]
    state["pending"].append({"kind": "bonus", "player": winner, "tile": tile, "others": others})


def choose_bonus(state: dict, player: str, which: str) -> None:
    item = state["pending"].pop(0)
    tile = data.HERD_TILES[item["tile"]]
    state["p"][player]["tiles"].append(item["tile"])
    log(state, "bonus", player=player, which=which, tile=item["tile"])
    give_bonus(state, player, tile[which])
    for p in item["others"]:
        give_bonus(state, p, tile["all"])


def give_bonus(state: dict, player: str, bonus: dict) -> None:
    me = state["p"][player]
    kind, amount = bonus["kind"], bonus["amount"]
    if kind == "agriculture":
        add_agriculture(me)
    elif kind == "tool":
        add_tool(me)
    elif kind == "figure":
        add_figure(me)
    elif kind == "resources":
        amount = gain(state, player, bonus["good"], amount)
    elif kind == "points":
        me["score"] += amount
    elif kind == "card":
        draw_card(state, player, "herd")
    elif kind == "choice":
        state["pending"].append({"kind": "take", "player": player, "count": amount})
    log(state, "herd_bonus", player=player, bonus=bonus)


# -- feeding -----------------------------------------------------------------------------


def start_feeding(state: dict) -> None:
    """Each tribe takes one food per agriculture level, then each figure eats one food; what is
    left stays. Tribes short of food spend it all and pay resources or starve."""
    state["phase"] = "feed"
    state["feeding"] = {}
    fed = {}
    harvest = {}
    for p in order_from(state, state["start"]):
        me = state["p"][p]
        if me["agriculture"]:
            me["food"] += me["agriculture"]
            harvest[p] = me["agriculture"]
        need = me["figures"]
        if me["food"] >= need:
            me["food"] -= need
            fed[p] = need
            continue
        short = need - me["food"]
        me["food"] = 0
        if sum(me[g] for g in data.RESOURCES) >= short:
            state["feeding"][p] = short
        else:
            starve(state, p)
    if fed or harvest:
        log(state, "fed", fed=fed, harvest=harvest)


def starve(state: dict, player: str, chosen: bool = False) -> None:
    """Lose the points; ``chosen``: the player could have paid with resources ("Si no quieres
    o no puedes gastar recursos")."""
    state["feeding"].pop(player, None)
    state["p"][player]["score"] -= data.STARVING_PENALTY
    log(state, "starve", player=player, points=data.STARVING_PENALTY, chosen=chosen)


def feed_with(state: dict, player: str, paid: dict) -> None:
    state["feeding"].pop(player)
    pay(state, player, paid)
    log(state, "feed_resources", player=player, paid=paid)


# -- the machine -------------------------------------------------------------------------


def advance(state: dict) -> None:
    """Run everything automatic until a player must decide or the game is over."""
    while not state["pending"]:
        phase = state["phase"]
        if phase == "action":
            player = state["players"][state["turn"]]
            if my_places(state, player):
                return
            state["acted"] += 1
            if state["acted"] < len(state["players"]):
                state["turn"] = (state["turn"] + 1) % len(state["players"])
                continue
            state["phase"] = "tame"
            tame_mammoth(state)
            continue
        if phase == "tame":
            start_feeding(state)
            continue
        if phase == "feed":
            if state["feeding"]:
                return
            end_round(state)
            continue
        return


def end_round(state: dict) -> None:
    if any(not stack for stack in state["stacks"]):
        finish(state)
        return
    begin_round(state)


# -- the end -----------------------------------------------------------------------------


def green_points(cards: list[int]) -> int:
    counts: dict[str, int] = {}
    for c in cards:
        symbol = data.CARDS[c]["bottom"].get("green")
        if symbol:
            counts[symbol] = counts.get(symbol, 0) + 1
    total = 0
    for k in range(1, max(counts.values(), default=0) + 1):
        total += sum(1 for n in counts.values() if n >= k) ** 2
    return total


def sand_points(me: dict) -> int:
    per = {
        "farmer": me["agriculture"],
        "toolmaker": tool_total(me),
        "builder": len(me["buildings"]),
        "shaman": me["figures"],
    }
    total = 0
    for c in me["cards"]:
        bottom = data.CARDS[c]["bottom"]
        if "sand" in bottom:
            total += bottom["figures"] * per[bottom["sand"]]
    return total


def final_scores(state: dict) -> dict:
    breakdown = {}
    most = max((len(me["tiles"]) for me in state["p"].values()), default=0)
    for p, me in state["p"].items():
        herd = data.HERD_MAJORITY_POINTS if most and len(me["tiles"]) == most else 0
        parts = {
            "game": me["score"],
            "herd": herd,
            "green": green_points(me["cards"]),
            "sand": sand_points(me),
            "resources": sum(me[g] for g in data.RESOURCES),
        }
        breakdown[p] = parts
    return breakdown


def tiebreak(me: dict) -> int:
    return me["agriculture"] + tool_total(me) + me["figures"]


def finish(state: dict) -> None:
    breakdown = final_scores(state)
    scores = {p: sum(parts.values()) for p, parts in breakdown.items()}
    ties = {p: tiebreak(state["p"][p]) for p in state["players"]}
    ranking = sorted(state["players"], key=lambda p: (-scores[p], -ties[p]))
    state["phase"] = "over"
    state["pending"] = []
    state["feeding"] = {}
    state["final"] = {
        "scores": scores,
        "ranking": ranking,
        "places": places(ranking, lambda p: (scores[p], ties[p])),
        "tiebreak": ties,
        "breakdown": breakdown,
    }
    log(state, "game_over", scores=scores, ranking=ranking, places=state["final"]["places"])
