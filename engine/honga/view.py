"""What a player may know: the open board for everybody, own secrets for the owner only.

Hidden: deck orders and next cards, the bonus cards drawn face down (even from their owner
until they may be used), the other players' usable bonus cards and action cards in hand
(their colour is open: the two piles have different backs), so also the two cards of an
extra draw, held until the next card is laid, and the one then put under its pile.
"""

from __future__ import annotations

from . import commands, data, rules


def observe(state: dict, player: str | None) -> dict:
    turn = state["turn"]
    view = {
        "phase": state["phase"],
        "current": None if state["phase"] == "over" else rules.current_player(state),
        "start_player": state["players"][0],
        "end_points": state["end_points"],
        "board": _board(state),
        "honga": state["honga"],
        "herd": list(state["herd"]),
        "herd_size": state["herd_size"],
        "tusk": state["tusk"],
        "mountain": {
            "steps": data.MOUNTAIN_STEPS,
            "top_points": data.MOUNTAIN_TOP_POINTS,
            "step_points": list(data.MOUNTAIN_STEP_POINTS),
        },
        "trades": [
            None if card is None else {"slot": i + 1, **_trade(card)}
            for i, card in enumerate(state["trade_slots"])
        ],
        "piles": {
            "grey": len(state["decks"]["grey"]),
            "red": len(state["decks"]["red"]),
            "bonus": len(state["bonus_deck"]),
            "bonus_discard": len(state["bonus_discard"]),
            "trade": len(state["trade_deck"]),
            "trade_discard": len(state["trade_discard"]),
        },
        "table": [_player(state, p) for p in state["players"]],
        "turn": _turn(state) if turn else None,
    }
    if player is not None:
        view["own"] = _own(state, player)
    return view


def _board(state: dict) -> list[dict]:
    circles = []
    for circle, areas in data.CIRCLES.items():
        spot = state["circles"][str(circle)]
        top = None
        if spot["stack"]:
            card = spot["stack"][-1]
            top = {
                "colour": data.ACTION_CARDS[card]["colour"],
                "orientation": data.ORIENTATIONS[spot["rot"]],
                "hands": rules.hands_of(card, circle, spot["rot"]),
            }
        circles.append(
            {"circle": circle, "areas": list(areas), "top": top, "cards": len(spot["stack"])}
        )
    return circles


def _trade(card: int) -> dict:
    trade = data.TRADE_CARDS[card]
    return {"cost": {k: n for k, n in trade["cost"].items() if n}, "points": trade["points"]}


def _player(state: dict, p: str) -> dict:
    me = state["pl"][p]
    card, second = me["card"], me["second"]
    return {
        "name": p,
        "score": me["score"],
        "resources": dict(me["res"]),
        "mammoths_board": me["board"],
        "mammoths_herd": state["herd"].count(p),
        "mammoths_supply": rules.mammoth_supply(state, p),
        "step": me["step"],
        "bonus_usable": sum(1 for c in me["bonus"] if c is not None),
        "bonus_face_down": len(me["fresh"]),
        "card_colour": None if card is None else data.ACTION_CARDS[card]["colour"],
        "second_card_colour": None if second is None else data.ACTION_CARDS[second]["colour"],
        "honga": state["honga"] == p,
        "tusk": state["tusk"] == p,
    }


def _turn(state: dict) -> dict:
    turn = state["turn"]
    return {
        "player": turn["player"],
        "circle": turn["circle"],
        "hands_left": dict(turn["hands"]),
        "bonus_played": [rules.bonus_kind(c) for c in turn["played"]],
        "frugal": turn["frugal"],
        "swap": turn["swap"],
        "good_trade": turn["credit"],
        "buy_left": turn["buy"],
        "extra_card": turn["extra"],
        "paying_trade": None
        if turn["pending"] is None
        else {"slot": turn["pending"]["slot"] + 1, "mammoths_left": turn["pending"]["mammoths"]},
    }


def _card(card: int) -> dict:
    return {
        "colour": data.ACTION_CARDS[card]["colour"],
        "quarters": list(data.ACTION_CARDS[card]["hands"]),
    }


def _own(state: dict, player: str) -> dict:
    me = state["pl"][player]
    own: dict = {
        "card": None,
        "placements": [],
        "bonus": [
            {
                "n": i + 1,
                "kind": rules.bonus_kind(c),
                "name": data.BONUS_NAMES[rules.bonus_kind(c)],
                "help": data.BONUS_HELP[rules.bonus_kind(c)],
                "resources": list(data.BONUS_DECK[c][1]),
            }
            for i, c in enumerate(me["bonus"])
            if c is not None
        ],
        "legal": commands.legal(state, player),
        "second_card": None if me["second"] is None else _card(me["second"]),
    }
    if me["card"] is not None:
        own["card"] = _card(me["card"])
        own["placements"] = _placements(me)
    return own


def _placements(me: dict) -> list[dict]:
    """What each placement of the card(s) in hand gives; with two cards, each names its card
    ("card": 1 or 2, commands 'place 2 north card 1', short 'p2n c1')."""
    held = [me["card"]] if me["second"] is None else [me["card"], me["second"]]
    placements = []
    for k, card in enumerate(held, start=1):
        mark = (f" card {k}", f" c{k}") if len(held) == 2 else ("", "")
        placements.extend(
            {
                "card": k if len(held) == 2 else None,
                "command": f"place {c} {o}{mark[0]}",
                "short": f"p{c}{o[0]}{mark[1]}",
                "hands": rules.hands_of(card, c, r),
            }
            for c in data.CIRCLES
            for r, o in enumerate(data.ORIENTATIONS)
        )
    return placements
