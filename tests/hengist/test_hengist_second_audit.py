"""A second, independent reading of hengist.es.txt: what each player may not know, changed in
whole random games, never changes what that player reads."""

from __future__ import annotations

import json
import random

from engine.hengist import GAME
from tests.hidden_information import check_whole_games


def hidden_from(state: dict, viewer: str | None, chooser: random.Random) -> dict:
    """``state`` with everything ``viewer`` may not know dealt anew: the face-down draw pile
    ("una pila para robar boca abajo"), the other player's hand, the road tiles ``viewer`` has
    not looked at ("las baldosas de carretera están boca abajo") and the tiles and treasures
    set aside face down ("boca abajo a un lado")."""
    copy = json.loads(json.dumps(state))
    for player in copy["players"]:
        if player == viewer:
            continue
        pool = copy["hands"][player] + copy["deck"]
        chooser.shuffle(pool)
        size = len(copy["hands"][player])
        copy["hands"][player], copy["deck"] = pool[:size], pool[size:]
    chooser.shuffle(copy["aside_treasures"])
    for board in copy["boards"]:
        face_down = len(board["seen"]) < len(copy["players"])
        if viewer not in board["seen"] and face_down and copy["aside_roads"]:
            board["road"], copy["aside_roads"][0] = copy["aside_roads"][0], board["road"]
    chooser.shuffle(copy["aside_roads"])
    return copy


def test_what_a_player_may_not_know_changes_nothing_they_read():
    """Turn after turn, for the public and for each player: the same view, commands and help
    whatever the hidden cards, road tiles and stock are."""
    assert check_whole_games(GAME, ["ann", "bob"], hidden_from, range(4)) > 100
