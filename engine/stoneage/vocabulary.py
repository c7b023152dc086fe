"""The words of Stone Age's commands, for telling a mistyped command from a greeting."""

from __future__ import annotations

from engine.resemble import vocabulary

from . import commands

VOCABULARY = vocabulary(
    verbs=commands.VERBS,
    names=[
        *commands.PLACE_WORDS,
        *commands.GOOD_WORDS,
        *commands.DIE_WORDS,
        *commands.CARD_WORDS,
        *commands.BUILDING_WORDS,
        "toolmaker",
        "mammoth",
    ],
    fillers=commands.FILLERS,
)
