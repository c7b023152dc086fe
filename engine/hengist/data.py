"""Every number printed on a Hengist component.

The rule text (hengist.es.txt) gives the component counts; the terrains, the card mix, the board
sides, the road tiles and the treasure values are not in it. Those are the proposal of
/work/shared/rules/NOTES.md and are marked RECONSTRUCTION below: a correction is a one-line
change here.
"""

from __future__ import annotations

from engine.i18n import N_

# -- known from the rule text -------------------------------------------------------------

PARTIES_PER_PLAYER = 3  # "6 grupos de asalto", 3 of each colour
PARTY_LETTERS = "abc"  # how commands name a player's own parties
START_HAND = 3  # "Cada jugador roba 3 cartas"
BASE_DRAW = 2  # "Roba 2 cartas"
DRAW_PER_HINTERLAND_PARTY = 1  # "+1 por cada grupo de asalto en el interior" (max 5)
FIRST_TURN_ACTIONS = 2  # the start player's first turn: at most 2 actions
DISCARD_MOVE_CARDS = 3  # "descartar 3 cartas" to move regardless of terrain
BOARDS = 3  # three double-sided bay boards
BAYS_PER_BOARD = 2  # NOTES [known]: each board has 2 bays, 12 bays in all
TREASURES_PER_BOARD = 4  # "dé vuelta 4 fichas del tesoro"
ROAD_TILES_ASIDE = 3  # "otras tres baldosas de carretera boca abajo a un lado"
TREASURES_ASIDE = 12  # "otras 12 fichas del tesoro boca abajo a un lado"
SHIELD_MARKERS = 3

# -- RECONSTRUCTION (NOTES.md proposal) -------------------------------------------------

#: RECONSTRUCTION: four terrains (hill, river and mountain are seen on real cards).
TERRAINS = ("hill", "river", "mountain", "forest")
TERRAIN_NAMES = {
    "hill": N_("hill"),
    "river": N_("river"),
    "mountain": N_("mountain"),
    "forest": N_("forest"),
}
EXPLORER = "explorer"

#: RECONSTRUCTION: 60 cards = 12 explorers, 6 single cards per terrain, 4 of each double pair.
EXPLORER_CARDS = 12
SINGLE_CARDS_PER_TERRAIN = 6
DOUBLE_CARDS_PER_PAIR = 4

#: RECONSTRUCTION: 30 treasures, five each of the values 5 to 10.
TREASURE_VALUES = {5: 5, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5}

#: The four raid paths of a village (colours from the rule text).
PATH_COLOURS = ("white", "green", "blue", "red")

#: RECONSTRUCTION: 12 road tiles, each a different permutation of the four path colours onto the
#: four treasure slots; letter k of the name is the colour whose path ends at slot k+1
#: (W white, G green, B blue, R red).
ROAD_TILES = (
    "WGBR", "GWRB", "BRWG", "RBGW", "WBRG", "GRBW",
    "BWGR", "RGWB", "WRGB", "GBWR", "BGRW", "RWBG",
)  # fmt: skip

#: RECONSTRUCTION: the six board sides ("1A" is board 1 side A). Each side has 2 bays of 3 beach
#: spaces (beaches 0-2 in the left bay, 3-5 in the right bay), 3 hinterland spaces, and one
#: village. "beaches": for each beach space, the hinterland space its road leads to and the
#: road's terrain. "roads": roads between hinterland spaces. "paths": the different terrains a
#: raid along each path needs (3 for white and green, 2 for blue and red).
SIDES = {
    "1A": {
        "beaches": [[0, "hill"], [0, "river"], [1, "forest"], [1, "mountain"], [2, "hill"], [2, "river"]],
        "roads": [[0, 1, "mountain"], [1, 2, "forest"], [0, 2, "river"]],
        "paths": {"white": ["hill", "river", "forest"], "green": ["river", "mountain", "forest"],
                  "blue": ["hill", "mountain"], "red": ["river", "forest"]},
    },
    "1B": {
        "beaches": [[0, "forest"], [0, "mountain"], [1, "hill"], [1, "river"], [2, "forest"], [2, "hill"]],
        "roads": [[0, 1, "river"], [1, 2, "hill"], [0, 2, "mountain"]],
        "paths": {"white": ["hill", "mountain", "forest"], "green": ["hill", "river", "mountain"],
                  "blue": ["river", "forest"], "red": ["hill", "mountain"]},
    },
    "2A": {
        "beaches": [[0, "river"], [0, "mountain"], [1, "hill"], [1, "forest"], [2, "mountain"], [2, "river"]],
        "roads": [[0, 1, "forest"], [1, 2, "hill"], [0, 2, "mountain"]],
        "paths": {"white": ["river", "mountain", "forest"], "green": ["hill", "river", "forest"],
                  "blue": ["mountain", "forest"], "red": ["hill", "river"]},
    },
    "2B": {
        "beaches": [[0, "hill"], [0, "forest"], [1, "river"], [1, "mountain"], [2, "forest"], [2, "hill"]],
        "roads": [[0, 1, "hill"], [1, 2, "river"], [0, 2, "forest"]],
        "paths": {"white": ["hill", "river", "mountain"], "green": ["hill", "mountain", "forest"],
                  "blue": ["hill", "forest"], "red": ["river", "mountain"]},
    },
    "3A": {
        "beaches": [[0, "mountain"], [0, "hill"], [1, "river"], [1, "forest"], [2, "hill"], [2, "mountain"]],
        "roads": [[0, 1, "river"], [1, 2, "mountain"], [0, 2, "forest"]],
        "paths": {"white": ["hill", "river", "forest"], "green": ["hill", "mountain", "forest"],
                  "blue": ["river", "mountain"], "red": ["hill", "forest"]},
    },
    "3B": {
        "beaches": [[0, "river"], [0, "forest"], [1, "mountain"], [1, "hill"], [2, "river"], [2, "forest"]],
        "roads": [[0, 1, "hill"], [1, 2, "forest"], [0, 2, "river"]],
        "paths": {"white": ["river", "mountain", "forest"], "green": ["hill", "river", "mountain"],
                  "blue": ["hill", "river"], "red": ["mountain", "forest"]},
    },
}  # fmt: skip

#: The two sides of each board, in board order.
BOARD_SIDES = (("1A", "1B"), ("2A", "2B"), ("3A", "3B"))

# -- engine safeguard (not a rule) ------------------------------------------------------

#: The rules end the game only by the boat; players who stop playing explorers could go on for
#: ever. After this many turns in all the game ends and is scored as usual.
MAX_TURNS = 200


def deck() -> list[str]:
    """The 60 cards as kind names: terrains, "terrain/terrain" doubles, "explorer"."""
    cards = [EXPLORER] * EXPLORER_CARDS
    for terrain in TERRAINS:
        cards += [terrain] * SINGLE_CARDS_PER_TERRAIN
    for i, first in enumerate(TERRAINS):
        for second in TERRAINS[i + 1 :]:
            cards += [f"{first}/{second}"] * DOUBLE_CARDS_PER_PAIR
    return cards


def treasures() -> list[int]:
    """The 30 treasure tiles as values."""
    return [value for value, count in TREASURE_VALUES.items() for _ in range(count)]
