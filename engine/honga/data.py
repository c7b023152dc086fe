"""Every number printed on a HONGA component, in one place.

Rows marked RECONSTRUCTION are not known from the rule texts: they follow the proposals of
``shared/rules/NOTES.md`` (HONGA section). A correction is a one-line change here.
"""

from __future__ import annotations

from engine.i18n import N_

# -- resources and actions -----------------------------------------------------------------

#: The four raw materials in HONGA's eating order (fish first); water is the joker.
RESOURCES = ("fish", "berries", "mushrooms", "water")
RESOURCE_NAMES = {
    "fish": N_("fish"),
    "berries": N_("berries"),
    "mushrooms": N_("mushrooms"),
    "water": N_("water"),
    "mammoths": N_("mammoths"),
}
#: Resources the joker stands in for, and how many water make one of them.
JOKER_FOR = ("fish", "berries", "mushrooms")
WATER_PER_JOKER = 2
START_RESOURCES = {"fish": 1, "berries": 1, "mushrooms": 1, "water": 0}
#: Highest value on a resource track; a gain above it is lost. RECONSTRUCTION.
TRACK_MAX = 9

#: The eight actions, named after what they give (the area of the board they live on).
ACTIONS = ("mushrooms", "berries", "fish", "water", "forest", "mammoths", "mountain", "trade")
ACTION_NAMES = {
    "mushrooms": N_("mushrooms"),
    "berries": N_("berries"),
    "fish": N_("fish"),
    "water": N_("water"),
    "forest": N_("forest"),
    "mammoths": N_("mammoths"),
    "mountain": N_("mountain"),
    "trade": N_("trade"),
    "honga": N_("HONGA"),
}
#: Actions carried out at once when the card is laid (no choice involved).
GATHER = ("fish", "berries", "mushrooms", "water")

# -- the board --------------------------------------------------------------------------------

#: The 3x3 board, top row first; HONGA's space is the centre. Layout is a RECONSTRUCTION.
BOARD = (
    ("trade", "mountain", "forest"),
    ("berries", "honga", "mammoths"),
    ("water", "fish", "mushrooms"),
)
#: The four circles on the inner crossing points, numbered in reading order; each lists the
#: areas of its quadrants clockwise from the top-left one (NW, NE, SE, SW).
CIRCLES = {
    1: ("trade", "mountain", "honga", "berries"),
    2: ("mountain", "forest", "mammoths", "honga"),
    3: ("berries", "honga", "fish", "water"),
    4: ("honga", "mammoths", "mushrooms", "fish"),
}
#: A card's four orientations: the card's first quarter lies on quadrant NW, NE, SE or SW.
ORIENTATIONS = (N_("north"), N_("east"), N_("south"), N_("west"))

# -- action cards -----------------------------------------------------------------------------

#: Hands per quarter, clockwise. RECONSTRUCTION of the hand distribution (NOTES.md proposal):
#: (hands, copies). Mirror images are different cards (cards cannot be flipped).
GREY_CARDS = (
    ((2, 1, 1, 0), 4),
    ((1, 2, 1, 0), 4),
    ((1, 1, 2, 0), 4),
    ((2, 2, 0, 0), 4),
    ((2, 0, 2, 0), 4),
    ((3, 1, 0, 0), 3),
    ((1, 3, 0, 0), 3),
    ((3, 0, 1, 0), 2),
)
RED_CARDS = (
    ((2, 2, 1, 0), 2),
    ((2, 1, 2, 0), 2),
    ((1, 2, 2, 0), 2),
    ((3, 1, 1, 0), 2),
    ((1, 3, 1, 0), 2),
    ((1, 1, 3, 0), 2),
    ((3, 2, 0, 0), 1),
    ((2, 3, 0, 0), 1),
    ((3, 0, 2, 0), 2),
    ((4, 1, 0, 0), 1),
    ((1, 4, 0, 0), 1),
)


def _action_cards() -> list[dict]:
    cards = []
    for colour, table in (("grey", GREY_CARDS), ("red", RED_CARDS)):
        for hands, copies in table:
            cards.extend({"colour": colour, "hands": hands} for _ in range(copies))
    return cards


#: All 46 action cards; a card is its index in this list.
ACTION_CARDS = _action_cards()

# -- bonus cards ------------------------------------------------------------------------------

BONUS_NAMES = {
    "good_trade": N_("good trade"),
    "two_points": N_("2 victory points"),
    "honga_home": N_("send HONGA home"),
    "lucky_hand": N_("lucky hand"),
    "extra_card": N_("extra action card"),
    "hand_or_honga": N_("lucky hand or HONGA home"),
    "swap": N_("swap mushrooms and berries"),
    "frugal": N_("frugal mammoths"),
    "climb_or_honga": N_("caveman +2 or HONGA home"),
    "buy_points": N_("buy 1-3 points"),
}
#: What each kind does, in a few words for the player's list of bonus cards.
BONUS_HELP = {
    "good_trade": N_("its two resources count towards your next trade this turn"),
    "two_points": N_("2 points at once"),
    "honga_home": N_("sends HONGA back to his space while he is with you"),
    "lucky_hand": N_("one more hand on an area of the circle you used"),
    "extra_card": N_("at the end of the turn draw 2 action cards; lay either next turn"),
    "hand_or_honga": N_("one more hand on an area of your circle, or HONGA home"),
    "swap": N_("this turn berries and mushrooms stand in for each other in trades"),
    "frugal": N_("this turn a mammoth costs 1 fish, berry or mushroom"),
    "climb_or_honga": N_("your caveman climbs 2 steps, or HONGA home"),
    "buy_points": N_("give 1 to 3 resources for 1 point each"),
}
#: Copies per kind. RECONSTRUCTION (NOTES.md proposal). Good trade cards show two resources.
BONUS_DECK = (
    ("good_trade", ("fish", "berries")),
    ("good_trade", ("berries", "mushrooms")),
    ("good_trade", ("mushrooms", "fish")),
    ("two_points", ()),
    ("two_points", ()),
    ("two_points", ()),
    ("honga_home", ()),
    ("honga_home", ()),
    ("lucky_hand", ()),
    ("lucky_hand", ()),
    ("lucky_hand", ()),
    ("extra_card", ()),
    ("extra_card", ()),
    ("hand_or_honga", ()),
    ("hand_or_honga", ()),
    ("hand_or_honga", ()),
    ("swap", ()),
    ("swap", ()),
    ("frugal", ()),
    ("frugal", ()),
    ("climb_or_honga", ()),
    ("climb_or_honga", ()),
    ("climb_or_honga", ()),
    ("buy_points", ()),
    ("buy_points", ()),
)
#: Bonus cards per turn.
BONUS_PER_TURN = 2
BONUS_POINTS = 2
BONUS_CLIMB = 2
BUY_POINTS_MAX = 3

# -- trade cards ------------------------------------------------------------------------------

#: Cost of each of the 32 trade cards: fish, berries, mushrooms, water, mammoths.
#: RECONSTRUCTION (NOTES.md proposal: 2-6 units, every resource mix represented, no two
#: alike): one card for each of the 31 non-empty mixes of the five kinds, plus a second
#: fish + berries card.
TRADE_COSTS = (
    # one kind
    (2, 0, 0, 0, 0),
    (0, 2, 0, 0, 0),
    (0, 0, 2, 0, 0),
    (0, 0, 0, 2, 0),
    (0, 0, 0, 0, 2),
    # two kinds
    (1, 1, 0, 0, 0),
    (0, 2, 2, 0, 0),
    (2, 0, 2, 0, 0),
    (1, 0, 0, 1, 0),
    (0, 1, 0, 2, 0),
    (0, 0, 2, 1, 0),
    (1, 0, 0, 0, 1),
    (0, 1, 0, 0, 1),
    (0, 0, 1, 0, 1),
    (0, 0, 0, 1, 1),
    (3, 3, 0, 0, 0),
    # three kinds
    (1, 1, 1, 0, 0),
    (1, 1, 0, 2, 0),
    (1, 0, 2, 1, 0),
    (0, 1, 1, 1, 0),
    (1, 1, 0, 0, 1),
    (1, 0, 1, 0, 1),
    (0, 1, 1, 0, 1),
    (2, 0, 0, 1, 1),
    (0, 1, 0, 1, 1),
    (0, 0, 1, 2, 1),
    # four kinds
    (1, 1, 1, 1, 0),
    (2, 2, 1, 0, 1),
    (1, 1, 0, 1, 1),
    (1, 0, 1, 1, 1),
    (0, 1, 1, 1, 1),
    # all five
    (1, 1, 1, 1, 2),
)
TRADE_KEYS = ("fish", "berries", "mushrooms", "water", "mammoths")
#: Points of a trade card: each unit 1 (a mammoth 3), plus 1 per full 3 units. RECONSTRUCTION.
MAMMOTH_TRADE_VALUE = 3
UNITS_PER_BONUS_POINT = 3
FACE_UP_TRADES = 3


def _trade_cards() -> list[dict]:
    cards = []
    for cost in TRADE_COSTS:
        units = sum(cost)
        value = sum(cost[:4]) + MAMMOTH_TRADE_VALUE * cost[4]
        cards.append(
            {
                "cost": dict(zip(TRADE_KEYS, cost, strict=True)),
                "points": value + units // UNITS_PER_BONUS_POINT,
            }
        )
    return cards


#: All 32 trade cards; a card is its index in this list.
TRADE_CARDS = _trade_cards()

# -- sacred mountain, mammoths, end ---------------------------------------------------------

#: Steps of the sacred mountain. RECONSTRUCTION.
MOUNTAIN_STEPS = 6
#: Reaching the top scores this.
MOUNTAIN_TOP_POINTS = 5
#: What the others score, standing on step 1..5. RECONSTRUCTION.
MOUNTAIN_STEP_POINTS = (0, 1, 1, 2, 3)

MAMMOTHS_PER_PLAYER = 6
#: Places in the herd by number of players.
HERD_SIZE = {2: 3, 3: 3, 4: 4, 5: 5}
#: Points that end the game (once the round is complete), by number of players.
END_POINTS = {2: 40, 3: 35, 4: 30, 5: 30}
