"""Hengist's rules in a few paragraphs, for the ``rules`` answer (from hengist.es.txt, NOTES.md)."""

from __future__ import annotations

from engine.i18n import _


def paragraphs() -> list[str]:
    """The goal, a turn, the cards, the end and scoring, the commands, the reconstruction."""
    return [
        _(
            "Hengist is for two players. Each of you lands three raiding parties from a boat "
            "on the coast of Britain, raids villages and takes their treasures. Whoever holds "
            "the most treasure points at the end wins; with equal points, whoever holds more "
            "treasure tiles; with equal tiles too, the place is shared."
        ),
        _(
            "Three bay boards lie side by side, two bays each. The boat starts in the leftmost "
            "bay with all six parties in it. Each bay has beach spaces; roads lead from the "
            "beaches into the hinterland and between its spaces, and every board has a village "
            "with four paths (white, green, blue, red). A face-down road tile on the board "
            "tells which of its four treasures each path leads to. One party per space."
        ),
        _(
            "A turn: each of your parties may take one action (the start player takes at most "
            "two on the first turn). The actions: move between the boat and a free beach space "
            "of its bay, free; move along a road, playing one card of its terrain (or any "
            "three terrain cards); raid the village from the hinterland, playing all the "
            "terrains of one path at once (three different ones for white and green, two for "
            "blue and red), and take the treasure the road tile leads to; play an explorer as "
            "a spy to look at a road tile; play an explorer to bring a lost party back to the "
            "boat. Then you draw 2 cards, plus 1 for each of your parties in the hinterland."
        ),
        _(
            "Cards show one terrain or two (a double card pays for one of them, never both), "
            "or an explorer, which stands for any terrain. Every explorer played sails the "
            "boat one bay to the right. When the boat must leave the rightmost board, or the "
            "two left boards hold no treasure, the leftmost board is turned over and laid on "
            "the right with a new road tile and new treasures: the parties and treasures on "
            "it are lost."
        ),
        _(
            "The end: the game ends when the boat sails off the last bay (each board is "
            "turned over once, so there are 12 bays in all). Then the treasure points are "
            "counted."
        ),
        _(
            "Writing commands: one per line, for example 'move a 1b' (boat to beach), "
            "'move a h2 hill' (along a road), 'move a h2 hill hill river' (three cards), "
            "'raid a white hill river forest', 'spy a 2', 'reinforce a' and 'done' to end the "
            "turn. Your parties are a, b and c. Every game mail shows the board and lists the "
            "commands you may write."
        ),
        _(
            "Planning ahead: below this turn's commands write a line 'later', then your next "
            "moves, one per line, with alternatives for a road that may be taken: 'move a h2 "
            "hill or move a h3 river', 'done'. Each line is played for you when its turn "
            "comes, the first of its alternatives that is possible then; a line with nothing "
            "possible stops the plan and you get your mail saying why. 'plan' shows your plan, "
            "'plan clear' drops it."
        ),
        _(
            "The rule text does not give the terrains, the mix of the 60 cards, the board "
            "sides, the road tiles or the treasure values: this game uses a reconstruction of "
            "them."
        ),
    ]
