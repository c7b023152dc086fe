"""The words of Stone Age's commands, for telling a mistyped command from a greeting: the
parser's English words and the lexicon's Spanish, German and Portuguese ones."""

from __future__ import annotations

from engine.resemble import vocabulary

from . import commands
from .lexicon import LEXICON

#: The verbs of placing and of the actions, which need a place, a card or a building after
#: them; the others decide in words ("tools none", "bonus all", "tame no", "starve").
_NEED_A_PLACE = frozenset({"place", "put", "go", "resolve", "do", "buy", "build"})
_BARE = commands.VERBS - _NEED_A_PLACE

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
    bare=_BARE,
)

#: Numbers in words are read in every language ("tame two"), as the lexicon's are.
VOCABULARY = ENGLISH | vocabulary(
    verbs=LEXICON.verbs,
    names=LEXICON.names,
    fillers=LEXICON.fillers | LEXICON.others | set(commands.NUMBER_WORDS),
    bare=[word for english in _BARE for word in LEXICON.standing_for(english)],
)
