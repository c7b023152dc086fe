"""The words of Stone Age's commands, for telling a mistyped command from a greeting: the
parser's English words and the lexicon's Spanish, German and Portuguese ones."""

from __future__ import annotations

from engine.resemble import vocabulary

from . import commands
from .lexicon import LEXICON

ENGLISH = vocabulary(
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
    fillers=commands.FILLERS | commands.DECISION_WORDS,
)

#: Numbers in words are read in every language ("tame two"), as the lexicon's are.
VOCABULARY = ENGLISH | vocabulary(
    verbs=LEXICON.verbs,
    names=LEXICON.names,
    fillers=LEXICON.fillers | LEXICON.others | set(commands.NUMBER_WORDS),
)
