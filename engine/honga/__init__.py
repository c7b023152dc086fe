"""HONGA (HABA 2018, Günter Burkhardt) for 2-5 players, played by mail."""

from __future__ import annotations

import random

from engine.contract import Game, normalize
from engine.i18n import _

from . import bot, commands, rules, summary, text, view


class Honga(Game):
    name = "honga"
    title = "HONGA"
    min_players = 2
    max_players = 5
    conformance_games = 25

    def setup(self, state):
        rules.setup(state)

    def to_move(self, state):
        if state["phase"] == "over":
            return []
        return [rules.current_player(state)]

    def legal(self, state, player):
        return commands.legal(state, player)

    def apply(self, state, player, command):
        commands.execute(state, player, commands.resolve(state, player, command))

    def logged(self, state, player, command):
        return commands.resolve(state, player, normalize(command))

    def observe(self, state, player):
        return view.observe(state, player)

    def result(self, state):
        return rules.result(state)

    def help(self, state, player):
        return text.help_text(state, player)

    def draws(self, state):
        # and every card taken from a face-down pile: action cards, bonus cards, trade cards
        piles = (*state["decks"].values(), state["bonus_deck"], state["trade_deck"])
        return (state["rng"], *map(len, piles))

    def summary(self):
        return summary.paragraphs()

    def describe(self, event):
        return text.describe(event) or _("Something happened.")

    def bot(self, state, player, chooser: random.Random):
        return bot.choose(state, player, chooser)

    def reason_for(self, state, player, command):
        return bot.reason_for(state, player, command)


GAME = Honga()
