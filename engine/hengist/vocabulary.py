"""The words of Hengist's commands, for telling a mistyped command from a greeting."""

from __future__ import annotations

from engine.hengist import commands, data, places
from engine.resemble import vocabulary

VOCABULARY = vocabulary(
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
    ends_turn=[word for word, verb in commands.VERBS.items() if verb == "done"],
)
