"""The words of Hengist's commands, for telling a mistyped command from a greeting: the
parser's English words and the lexicon's Spanish, German and Portuguese ones."""

from __future__ import annotations

from engine.hengist import commands, data, places
from engine.hengist.lexicon import LEXICON
from engine.resemble import vocabulary

_ENDS_TURN = [word for word, verb in commands.VERBS.items() if verb == "done"]

ENGLISH = vocabulary(
    verbs=commands.VERBS,
    names=[
        *data.TERRAINS,
        data.EXPLORER,
        *data.PATH_COLOURS,
        places.BOAT,
        *places.BEACH_LETTERS,
        "h",
    ],
    fillers=commands.FILLER,
    ends_turn=_ENDS_TURN,
)

VOCABULARY = ENGLISH | vocabulary(
    verbs=LEXICON.verbs,
    names=LEXICON.names,
    fillers=LEXICON.fillers | LEXICON.others,
    ends_turn=[word for english in _ENDS_TURN for word in LEXICON.standing_for(english)],
)
