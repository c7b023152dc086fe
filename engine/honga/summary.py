"""HONGA's rules in a few paragraphs, for the ``rules`` answer (from honga.es.txt, honga.de.txt
and NOTES.md)."""

from __future__ import annotations

from engine.i18n import _


def paragraphs() -> list[str]:
    """The goal, a turn, the actions, the end, the commands, the reconstruction."""
    return [
        _(
            "HONGA is for 2 to 5 players. Your clan gathers food, lures mammoths, honours the "
            "gods of the sacred mountain and trades with other clans for points; and nobody "
            "may forget HONGA, the sabre-toothed tiger, who eats the provisions of whoever "
            "neglects him. Whoever has the most points at the end wins; with equal points, "
            "whoever has the most resources left."
        ),
        _(
            "A turn: lay your action card on one of the four circles of the board, turned so "
            "that its hands point at the actions you want (each circle touches three actions "
            "and HONGA's space). If no hand points at HONGA, he comes to you and eats one unit "
            "at once (fish first, then berries, mushrooms, water, at last a mammoth); while he "
            "is with you he eats at the start of each of your turns. Then carry out one action "
            "per hand and play up to two bonus cards. At the end you draw a new card: a red "
            "one (five hands) if you hold the mammoth tusk, else a grey one (four hands)."
        ),
        _(
            "The actions: fish, berries, mushrooms and water, one per hand (two water stand in "
            "for one fish, berry or mushroom); the forest gives a face-down bonus card per "
            "hand, usable from your next turn; the mammoth clearing lures one mammoth per hand "
            "for a fish, a berry and a mushroom, and whoever has the most mammoths in the herd "
            "holds the tusk; on the sacred mountain your caveman may climb one step per hand, "
            "when you choose during your turn, and reaching the top scores 5 points while the "
            "others score the step they stand on; trade fulfils one face-up trade card per "
            "hand: pay its resources, score its points."
        ),
        _(
            "The end: when a player reaches 40 points (2 players), 35 (3) or 30 (4 or 5), the "
            "round is played to the end, until the start player's turn comes again. Bonus "
            "cards not played are lost."
        ),
        _(
            "Writing commands: one per line, for example 'place 2 north' (or 'p2n': circle 2, "
            "card turned north), 'trade 1', 'lure', 'climb' (or 'stay'), 'bonus 2' and 'done' to "
            "end the turn. Every game mail shows the board, all 16 ways to lay your card with "
            "the hands each gives, and the commands you may write."
        ),
        _(
            "Planning ahead: below this turn's commands write a line 'later', then your next "
            "turns, one command per line: 'place 3 east or place 1 south', 'done', 'place 2 "
            "north', 'done'. Each line is played for you when its turn comes, the first of its "
            "alternatives that is possible then, so one mail plays several turns; a line with "
            "nothing possible then stops the plan and you get your mail saying why. 'plan' "
            "shows your plan, 'plan clear' drops it."
        ),
        _(
            "The rule texts do not give the board layout, the hands on each card, the bonus "
            "and trade cards, the values of the mountain's steps or the ends of the resource "
            "tracks: this game uses a reconstruction of them."
        ),
    ]
