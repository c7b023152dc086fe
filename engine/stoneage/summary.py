"""Stone Age's rules in a few paragraphs, for the ``rules`` answer (from stoneage.es.txt,
stoneage-mammoth-herd.pt.txt and NOTES.md)."""

from __future__ import annotations

from engine.i18n import _, language

from .lexicon import OPTION_WORDS


def paragraphs() -> list[str]:
    """The goal, a round, the end and scoring, the herd, the commands, the reconstruction."""
    return [
        _(
            "Stone Age is for 2 to 4 players. Your tribe gathers food, wood, clay, stone and "
            "gold, and trades them for buildings and civilization cards. Whoever has the most "
            "points at the end wins; with equal points, the highest sum of agriculture level, "
            "tool values and figures."
        ),
        _(
            "A round has three phases. Placing: from the start player on, each in turn puts "
            "one or more figures on one place (hunting grounds, forest, clay pit, quarry, "
            "river, hut, field, tool maker, a civilization card or a building), until all "
            "figures are placed; you cannot pass while you have figures left. Actions: each "
            "player uses all their places, in the order they choose. Feeding: you take one food "
            "per agriculture level, then each figure eats one food; if food is short you may "
            "pay with resources, one each, else you lose 10 points."
        ),
        _(
            "At a gathering place you roll one die per figure: the sum, raised by tools you "
            "use, divided by 2 for food, 3 for wood, 4 for clay, 5 for stone or 6 for gold, is "
            "what you take. The hut takes exactly two figures and gives a new figure, the "
            "field one agriculture level, the tool maker a tool. A card costs 1 to 4 "
            "resources by its place in the row, a building what it shows. With 2 or 3 "
            "players only two of hut, field and tool maker are used each round, and the "
            "forest, clay pit, quarry and river each take one player (two players) or two "
            "(three players); the hunting grounds take everybody."
        ),
        _(
            "The end: the game ends at once when the civilization cards cannot fill the four "
            "spaces at the start of a round, or after the round (feeding included) in which a "
            "stack of buildings runs out. Then the cards score: green cards by their sets of "
            "different symbols, the others by what they multiply (agriculture, tools, "
            "buildings, figures), and each resource left is 1 point."
        ),
        _(
            "With The Mammoth Herd (option {option}): each round a tile names the "
            "resource where the herd grazes. At the herd's resource any number of players may "
            "place (7 figures at most). Right after your roll there you may move figures "
            "from it onto the tile, paying 1 food each. After the actions everybody there "
            "rolls one die per figure; the highest single die takes the bonus for one (or "
            "the one for all), the others the bonus for all. At the end, most tiles scores 10 "
            "points."
        ).format(option=f"{OPTION_WORDS.shown('mammoth_herd', language())}={_('yes')}"),
        _(
            "Writing commands: one per line. Placing: 'place 3 forest', 'place hut', "
            "'place card 2', 'place building 1'. Actions: 'use forest', 'buy card 2 pay 1 wood "
            "1 clay', 'build 1', 'skip card 2'. Decisions when they come up: 'tools 3 1', "
            "'pick gold', 'take 1 wood 1 gold', 'pay 2 wood' or 'starve'. Every game mail "
            "shows the board and lists the commands you may write."
        ),
        _(
            "Planning ahead: below this turn's command write a line 'later', then your next "
            "placements, one per line, each with the places you would take instead if "
            "somebody is there first: 'place 2 forest or place 2 clay or place 2 hunt', then "
            "'place hut or place field', and your actions ('use forest', 'use hut'). Each line "
            "is played for you when your turn comes, the first of its places that is free "
            "then, so one mail places all your figures of a round. The first line with nothing "
            "possible stops the plan and you get your mail saying why; 'plan' shows your plan, "
            "'plan clear' drops it."
        ),
        _(
            "Where the rules are silent this game uses a reconstruction: the tool tiles are "
            "not limited in number, the card with two resources of your choice is taken at "
            "once, and the 16 tiles of The Mammoth Herd are a reconstruction (their real list "
            "is unknown)."
        ),
    ]
