"""The words of HONGA's commands, for telling a mistyped command from a greeting: the
parser's English words and the lexicon's Spanish, German and Portuguese ones."""

from __future__ import annotations

from engine.resemble import vocabulary

from . import commands
from .lexicon import LEXICON

#: The verbs written with no word of the game after them ("climb", "stay"; "pay board" as
#: "board", or "zahlen Tableau", where the board is a filler; "done" ends the turn).
_BARE = ("board", "climb", "lure", "pay", "stay")

ENGLISH = vocabulary(
    verbs=commands._VERBS,
    names=[*(w for w in commands._OPTIONS if w != "trade"), *commands._DIRECTIONS.values()],
    fillers=commands._FILLERS,
    ends_turn=[word for word, verb in commands._VERBS.items() if verb == "done"],
    bare=[word for word, verb in commands._VERBS.items() if verb in _BARE],
)

VOCABULARY = ENGLISH | vocabulary(
    verbs=LEXICON.verbs,
    names=LEXICON.names,
    fillers=LEXICON.fillers | LEXICON.others,
    ends_turn=LEXICON.standing_for("done"),
    bare=[word for english in _BARE for word in LEXICON.standing_for(english)],
)
