"""Hengist (Lookout 2015), two players: raiding parties, a boat, three bay boards."""

from engine.hengist.game import Hengist

GAME = Hengist()
