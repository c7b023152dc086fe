"""The words of HONGA's commands, for telling a mistyped command from a greeting."""

from __future__ import annotations

from engine.resemble import vocabulary

from . import commands

VOCABULARY = vocabulary(
    verbs=commands._VERBS,
    names=[*(w for w in commands._OPTIONS if w != "trade"), *commands._DIRECTIONS.values()],
    fillers=commands._FILLERS,
    ends_turn=[word for word, verb in commands._VERBS.items() if verb == "done"],
)
