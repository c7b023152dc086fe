"""Stone Age (Hans im Glück 2008) with the mini-expansion The Mammoth Herd."""

from .game import StoneAge

GAME = StoneAge()
