"""What one player may know of a Hengist game.

Public: the boards (roads, villages, face-up treasures, raided paths, shield markers), where
every party stands, the boat, hand sizes, pile sizes, treasures taken. Private: your own hand,
and the road tiles you have seen. Nobody: the draw pile's order, unseen road tiles, and the
road tiles and treasures set aside.
"""

from __future__ import annotations

from engine.contract import State
from engine.hengist import data, places, rules
from engine.hengist.commands import CARD_ORDER, letter


def road_visible(board: dict, player: str | None, players: list[str]) -> bool:
    """A road tile is known to whoever has seen it, and to all once both have."""
    return len(board["seen"]) == len(players) or (player is not None and player in board["seen"])


def observe(state: State, player: str | None) -> dict:
    taken = rules.occupants(state)

    def party_at(place: str) -> dict | None:
        if place not in taken:
            return None
        owner, index = taken[place]
        return {"player": owner, "party": letter(index)}

    boards = []
    for slot, board in enumerate(state["boards"]):
        digit = places.board_id(board)
        side = data.SIDES[board["side"]]
        beaches = []
        for i, (target, terrain) in enumerate(side["beaches"]):
            beaches.append(
                {
                    "name": places.display(state, f"b{digit}{i}"),
                    "road_to": places.display(state, f"h{digit}{target}"),
                    "terrain": terrain,
                    "party": party_at(f"b{digit}{i}"),
                }
            )
        visible = road_visible(board, player, state["players"])
        boards.append(
            {
                "number": slot + 1,
                "side": board["side"],
                "flipped": board["flipped"],
                "bays": [data.BAYS_PER_BOARD * slot + 1, data.BAYS_PER_BOARD * slot + 2],
                "beaches": beaches,
                "hinterland": [
                    {
                        "name": places.display(state, f"h{digit}{i}"),
                        "party": party_at(f"h{digit}{i}"),
                    }
                    for i in range(3)
                ],
                "roads": [
                    [
                        places.display(state, f"h{digit}{a}"),
                        places.display(state, f"h{digit}{b}"),
                        t,
                    ]
                    for a, b, t in side["roads"]
                ],
                "paths": {colour: list(side["paths"][colour]) for colour in data.PATH_COLOURS},
                "raided": list(board["raided"]),
                "treasures": list(board["treasures"]),
                "road": board["road"] if visible else None,
                "road_face_up": len(board["seen"]) == len(state["players"]),
                "seen_by": list(board["seen"]),
            }
        )
    return {
        "reconstruction": True,
        "boards": boards,
        "boat_bay": rules.bay_number(state),
        "explorers_played": state["explorers"],
        "boards_flipped": sum(board["flipped"] for board in state["boards"]),
        "parties": {
            p: {letter(i): places.display(state, place) for i, place in enumerate(home)}
            for p, home in state["parties"].items()
        },
        "hand": sorted(state["hands"][player], key=CARD_ORDER.get) if player else None,
        "hand_sizes": {p: len(hand) for p, hand in state["hands"].items()},
        "draw_pile": len(state["deck"]),
        "discard_pile": len(state["discard"]),
        "discard_top": state["discard"][-1] if state["discard"] else None,
        "set_aside": {
            "roads": len(state["aside_roads"]),
            "treasures": len(state["aside_treasures"]),
        },
        "treasures": {p: list(values) for p, values in state["taken"].items()},
        "scores": rules.scores(state),
        "turn": None if state["over"] else rules.current(state),
        "actions_left": 0 if state["over"] else rules.actions_left(state),
        "acted": [letter(i) for i in state["acted"]],
        "first_turn": state["first_turn"],
        "turns_played": state["turns"],
        "end_reason": state["end_reason"],
    }
