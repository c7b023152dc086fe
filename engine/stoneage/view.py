"""What a player may see. Stone Age is open except the deck order, the buildings below the top
of each stack, the face-down herd tiles (only the back of the top one shows) and the cards a
player drew from the deck, which only he knows until the final scoring reveals all cards."""

from __future__ import annotations

from engine.i18n import _

from . import data, rules, text


def card_view(card: int, drawn: bool = False) -> dict:
    """A card; ``drawn``: drawn from the deck, so unknown to the other players."""
    return {"id": card, **data.CARDS[card], "text": text.card_text(card), "drawn": drawn}


def building_view(tile: int) -> dict:
    return {"id": tile, **data.BUILDINGS[tile], "text": text.building_text(tile)}


def player_view(state: dict, player: str, viewer: str | None) -> dict:
    me = state["p"][player]
    # games stored before cards were drawn face down have no "drawn": all their cards are open
    secret = set(me.get("drawn", ())) if state["phase"] != "over" else set()
    if viewer == player:
        cards = [card_view(c, c in secret) for c in me["cards"]]
    else:
        cards = [card_view(c) for c in me["cards"] if c not in secret]
    return {
        "food": me["food"],
        **{g: me[g] for g in data.RESOURCES},
        "figures": me["figures"],
        "agriculture": me["agriculture"],
        "tools": list(me["tools"]),
        "tools_used": list(me["used"]),
        "one_use_tools": list(me["one_use"]),
        "cards": cards,
        "card_count": len(me["cards"]),
        "cards_face_down": len(me["cards"]) - len(cards),
        "buildings": [building_view(b) for b in me["buildings"]],
        "score": me["score"],
        "herd_tiles": list(me["tiles"]),
        "auto_tools": me["auto_tools"],
        "placed": state["placed"].get(player, 0) if state["phase"] != "over" else 0,
    }


def herd_view(state: dict) -> dict | None:
    herd = state["herd"]
    if herd is None:
        return None
    tile = herd["tile"]
    nxt = data.HERD_TILES[herd["pile"][0]]["back"] if herd["pile"] else None
    return {
        "resource": herd["resource"],
        "area": rules.herd_area(state),
        "tile": {
            "id": tile,
            **data.HERD_TILES[tile],
            "text": text.tile_text(tile),
            "one_text": text.bonus_text(data.HERD_TILES[tile]["one"]),
            "all_text": text.bonus_text(data.HERD_TILES[tile]["all"]),
        }
        if tile is not None
        else None,
        "next_resource": nxt,
        "next_area": data.AREA_OF[nxt] if nxt else None,  # where the herd goes next round
        "pile_size": len(herd["pile"]),
        "on_tile": dict(herd["on_tile"]),
        # won tiles lie in front of their owners ("à sua frente"): how many each one holds
        "tamed": {
            p: len(state["p"][p]["tiles"]) for p in state["players"] if state["p"][p]["tiles"]
        },
    }


def pending_view(state: dict) -> dict | None:
    if not state["pending"]:
        return None
    item = state["pending"][0]
    shown = {k: v for k, v in item.items() if k in ("kind", "player", "dice", "good", "count")}
    if "order" in item:
        shown["order"] = list(item["order"])
    if item["kind"] == "bonus":
        shown["tile"] = item["tile"]
        shown["others"] = list(item["others"])
    return shown


def observe(state: dict, player: str | None) -> dict:
    players = state["players"]
    turn = None
    if state["phase"] in ("place", "action") and not state["pending"]:
        turn = players[state["turn"]]
    return {
        "round": state["round"],
        "phase": state["phase"],
        "start_player": players[state["start"]],
        "turn": turn,
        "row": [
            {"slot": k, "cost": k, "card": card_view(c) if c is not None else None}
            for k, c in enumerate(state["row"], start=1)
        ],
        "deck_size": len(state["deck"]),
        "stacks": [
            {
                "stack": k,
                "size": len(stack),
                "top": building_view(stack[0]) if stack else None,
            }
            for k, stack in enumerate(state["stacks"], start=1)
        ],
        "supply": dict(state["supply"]) if rules.limited(state) else None,
        "board": {place: dict(here) for place, here in state["board"].items()},
        "tribes": {p: player_view(state, p, player) for p in players},
        "pending": pending_view(state),
        "feeding": dict(state["feeding"]),
        "herd": herd_view(state),
        "final": state["final"],
        "phase_text": _(text.PHASES[state["phase"]]),
    }
