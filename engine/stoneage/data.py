"""Every number printed on a Stone Age component, and The Mammoth Herd's bonus tiles.

Sources (copied here; the engine never reads them at run time):
- /work/shared/rules/stoneage.es.txt and NOTES.md (supply, start values, capacities, yields);
- /work/shared/rules/data/stoneage-civilization-cards.json (36 cards, consensus of five or six
  independent implementations; card 22 and card 35 are flagged there, we follow the majority);
- /work/shared/rules/data/stoneage-buildings.json (28 buildings, same kind of consensus);
- /work/shared/rules/stoneage-mammoth-herd.pt.txt (16 bonus tiles, bonus kinds) and NOTES.md.
RECONSTRUCTIONS (NOTES.md [decide]; each is marked where it lives): The Mammoth Herd tile list
(HERD_TILES; the real tiles are unknown), the unlimited tool tile supply, card 36 taken at once.
The 68 resource pieces as a hard limit is the game option ``resource_limit`` (default off).
"""

from __future__ import annotations

from engine.i18n import N_

# -- goods -------------------------------------------------------------------------------
RESOURCES = ("wood", "clay", "stone", "gold")
GOODS = ("food", *RESOURCES)
# Points a resource is worth on variable buildings, and the divisor of the dice at its area.
VALUE = {"food": 2, "wood": 3, "clay": 4, "stone": 5, "gold": 6}
SUPPLY = {"wood": 28, "clay": 18, "stone": 12, "gold": 10}
GOOD_NAMES = {
    "food": N_("food"),
    "wood": N_("wood"),
    "clay": N_("clay"),
    "stone": N_("stone"),
    "gold": N_("gold"),
}

# -- the tribe ---------------------------------------------------------------------------
START_FIGURES = 5
MAX_FIGURES = 10
START_FOOD = 12
MAX_AGRICULTURE = 10
MAX_TOOL_TILES = 3
MAX_TOOL_VALUE = 4
# RECONSTRUCTION (NOTES.md [decide] "the split of the tool tiles"): the real number of tiles of
# each value is unknown, so the tool tile supply is not limited.
STARVING_PENALTY = 10

# -- the board ---------------------------------------------------------------------------
# Places where several figures stand, with the good they yield.
AREAS = {"hunt": "food", "forest": "wood", "clay": "clay", "quarry": "stone", "river": "gold"}
AREA_OF = {good: area for area, good in AREAS.items()}
AREA_CAPACITY = 7  # forest, clay pit, quarry, river; the hunting grounds are unlimited
# Players allowed in one resource area per round, by player count (4 players: no limit).
PLAYERS_PER_AREA = {2: 1, 3: 2, 4: 4}
VILLAGE = ("toolmaker", "hut", "field")
# How many of the three village places may be occupied per round, by player count.
VILLAGE_LIMIT = {2: 2, 3: 2, 4: 3}
HUT_FIGURES = 2
PLACE_NAMES = {
    "hunt": N_("hunting grounds"),
    "forest": N_("forest"),
    "clay": N_("clay pit"),
    "quarry": N_("quarry"),
    "river": N_("river"),
    "toolmaker": N_("tool maker"),
    "hut": N_("hut"),
    "field": N_("field"),
}
CARD_SLOTS = 4  # slot k (1..4) costs k resources; slot 1 is the rightmost
STACK_SIZE = 7  # buildings per stack; one stack per player

# -- civilization cards (stoneage-civilization-cards.json) -------------------------------
# "Dice for everyone": what each die face gives.
DICE_EVERYONE = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}
DIE_EXTRAS = {"tool": N_("a tool"), "agriculture": N_("agriculture +1")}
GREEN_SYMBOLS = {
    "art": N_("art"),
    "medicine": N_("medicine"),
    "music": N_("music"),
    "pottery": N_("pottery"),
    "sundial": N_("sundial"),
    "transport": N_("transport"),
    "weaving": N_("weaving"),
    "writing": N_("writing"),
}
SAND_KINDS = {
    "farmer": N_("farmer"),
    "toolmaker": N_("toolmaker"),
    "builder": N_("builder"),
    "shaman": N_("shaman"),
}


def _c(top: dict, green: str | None = None, sand: str | None = None, figures: int = 0) -> dict:
    bottom = {"green": green} if green else {"sand": sand, "figures": figures}
    return {"top": top, "bottom": bottom}


_DICE = {"type": "dice_everyone"}
CARDS = {
    1: _c(_DICE, "pottery"),
    2: _c(_DICE, "writing"),
    3: _c(_DICE, "sundial"),
    4: _c(_DICE, "transport"),
    5: _c(_DICE, sand="farmer", figures=1),
    6: _c(_DICE, sand="farmer", figures=2),
    7: _c(_DICE, sand="builder", figures=1),
    8: _c(_DICE, sand="builder", figures=2),
    9: _c(_DICE, sand="toolmaker", figures=2),
    10: _c(_DICE, sand="toolmaker", figures=2),
    11: _c({"type": "food", "amount": 7}, "pottery"),
    12: _c({"type": "food", "amount": 5}, "medicine"),
    13: _c({"type": "food", "amount": 3}, "weaving"),
    14: _c({"type": "food", "amount": 1}, "weaving"),
    15: _c({"type": "food", "amount": 3}, sand="farmer", figures=2),
    16: _c({"type": "food", "amount": 4}, sand="builder", figures=1),
    17: _c({"type": "food", "amount": 2}, sand="builder", figures=2),
    18: _c({"type": "resource", "resource": "stone", "amount": 2}, "transport"),
    19: _c({"type": "resource", "resource": "stone", "amount": 1}, sand="farmer", figures=1),
    20: _c({"type": "resource", "resource": "stone", "amount": 1}, sand="shaman", figures=1),
    21: _c({"type": "resource", "resource": "gold", "amount": 1}, sand="shaman", figures=1),
    22: _c({"type": "resource", "resource": "clay", "amount": 1}, sand="shaman", figures=2),
    23: _c({"type": "resource_dice", "resource": "gold", "dice": 2}, "art"),
    24: _c({"type": "resource_dice", "resource": "wood", "dice": 2}, sand="shaman", figures=2),
    25: _c({"type": "resource_dice", "resource": "stone", "dice": 2}, sand="shaman", figures=1),
    26: _c({"type": "points", "amount": 3}, "music"),
    27: _c({"type": "points", "amount": 3}, "music"),
    28: _c({"type": "points", "amount": 3}, sand="builder", figures=3),
    29: _c({"type": "tool", "amount": 1}, "art"),
    30: _c({"type": "agriculture", "amount": 1}, "sundial"),
    31: _c({"type": "agriculture", "amount": 1}, sand="farmer", figures=1),
    32: _c({"type": "extra_card"}, "writing"),
    33: _c({"type": "one_use_tool", "value": 4}, sand="toolmaker", figures=1),
    34: _c({"type": "one_use_tool", "value": 3}, sand="toolmaker", figures=1),
    35: _c({"type": "one_use_tool", "value": 2}, sand="toolmaker", figures=2),
    36: _c({"type": "any_2_resources", "amount": 2}, "medicine"),
}
# RECONSTRUCTION (NOTES.md [decide]): card 36's two resources of choice are taken at once, when
# the card is bought (as on Yucata), not kept for later.

# -- buildings (stoneage-buildings.json) --------------------------------------------------
# fixed: pay exactly ``cost``, score ``points``; exact: ``count`` resources of exactly ``kinds``
# different kinds; any: 1 to 7 resources of any kinds. Variable ones score the value paid.
_FIXED = [
    ({"wood": 2, "clay": 1}, 10, 1),
    ({"wood": 2, "stone": 1}, 11, 1),
    ({"wood": 1, "clay": 2}, 11, 1),
    ({"wood": 2, "gold": 1}, 12, 1),
    ({"wood": 1, "clay": 1, "stone": 1}, 12, 2),
    ({"wood": 1, "stone": 2}, 13, 1),
    ({"clay": 2, "stone": 1}, 13, 1),
    ({"wood": 1, "clay": 1, "gold": 1}, 13, 2),
    ({"clay": 2, "gold": 1}, 14, 1),
    ({"clay": 1, "stone": 2}, 14, 1),
    ({"wood": 1, "stone": 1, "gold": 1}, 14, 2),
    ({"clay": 1, "stone": 1, "gold": 1}, 15, 2),
    ({"stone": 2, "gold": 1}, 16, 1),
]
ANY_BUILDING_MIN, ANY_BUILDING_MAX = 1, 7


def _buildings() -> dict[int, dict]:
    tiles = []
    for cost, points, copies in _FIXED:
        tiles += [{"kind": "fixed", "cost": cost, "points": points}] * copies
    for count in (4, 5):
        for kinds in (1, 2, 3, 4):
            tiles.append({"kind": "exact", "count": count, "kinds": kinds})
    tiles += [{"kind": "any", "min": ANY_BUILDING_MIN, "max": ANY_BUILDING_MAX}] * 3
    return {i: dict(tile) for i, tile in enumerate(tiles, start=1)}


BUILDINGS = _buildings()

# -- The Mammoth Herd ---------------------------------------------------------------------
HERD_MAJORITY_POINTS = 10
BONUS_KINDS = {
    "agriculture": N_("agriculture +1"),
    "tool": N_("a new tool or a tool upgrade"),
    "figure": N_("one more figure"),
    "resources": N_("{amount} {good}"),
    "choice": N_("{amount} resources of your choice"),  # text.bonus_text: ngettext
    "points": N_("{amount} points"),
    "card": N_("the top civilization card (bottom only)"),
}


def _tile(back: str, one: dict, everyone: dict) -> dict:
    return {"back": back, "one": one, "all": everyone}


_AGRI = {"kind": "agriculture", "amount": 1}
_TOOL = {"kind": "tool", "amount": 1}
_FIGURE = {"kind": "figure", "amount": 1}
_CARD = {"kind": "card", "amount": 1}
# "Pegue 1 recurso à sua escolha": a resource of choice is always one resource
_CHOICE = {"kind": "choice", "amount": 1}


def _pts(n: int) -> dict:
    return {"kind": "points", "amount": n}


def _res(good: str, n: int) -> dict:
    return {"kind": "resources", "good": good, "amount": n}


# RECONSTRUCTION (NOTES.md proposal): backs 4x each resource; the "for one" bonuses spread over
# the seven kinds, the "for all" bonuses one step weaker. Tile 3 is the rulebook's examples
# (the herd at the clay pit; a tool for one, 3 points for all).
HERD_TILES = {
    1: _tile("wood", _AGRI, _pts(3)),
    2: _tile("stone", _AGRI, _res("wood", 1)),
    3: _tile("clay", _TOOL, _pts(3)),
    4: _tile("gold", _TOOL, _pts(2)),
    5: _tile("wood", _TOOL, _CHOICE),
    6: _tile("clay", _FIGURE, _pts(3)),
    7: _tile("stone", _FIGURE, _CHOICE),
    8: _tile("gold", _res("clay", 2), _res("wood", 1)),
    9: _tile("wood", _res("stone", 2), _res("clay", 1)),
    10: _tile("clay", _res("gold", 2), _res("stone", 1)),
    11: _tile("stone", _CHOICE, _pts(2)),
    12: _tile("gold", _CHOICE, _pts(1)),
    13: _tile("wood", _pts(6), _pts(3)),
    14: _tile("clay", _pts(5), _pts(2)),
    15: _tile("stone", _CARD, _pts(2)),
    16: _tile("gold", _CARD, _CHOICE),
}
