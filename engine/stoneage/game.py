"""The Stone Age game object: the contract's methods, wired to rules, commands and views."""

from __future__ import annotations

import random

from engine.contract import Game, IllegalMove, Option, copy_state, normalize
from engine.i18n import N_, _

from . import bot, commands, data, rules, summary, text, view


def _goods_after(words: list[str], key: str) -> dict:
    if key not in words:
        return {}
    return commands.parse_goods(words[words.index(key) + 1 :], data.GOODS)


class StoneAge(Game):
    name = "stoneage"
    title = "Stone Age"
    min_players = 2
    max_players = 4
    options = {
        "mammoth_herd": Option(bool, False, N_("Play with the mini-expansion The Mammoth Herd.")),
        "resource_limit": Option(
            bool, False, N_("The 28 wood, 18 clay, 12 stone and 10 gold are a hard limit.")
        ),
    }
    conformance_options = [
        {},
        {"mammoth_herd": True},
        {"mammoth_herd": True, "resource_limit": True},
    ]
    conformance_games = 8
    conformance_bot_games = 10

    def setup(self, state):
        rules.setup(state)

    def to_move(self, state):
        return commands.to_move(state)

    def legal(self, state, player):
        return commands.legal(state, player)

    def apply(self, state, player, command):
        try:
            canonical = commands.resolve(state, player, command)
        except IllegalMove:
            # moving on from the herd's area sends no figure to tame the mammoth ('você pode
            # mover'): "use quarry" then "use field" in one mail takes the decision as "tame 0"
            if not moves_on_from_taming(state, player, command):
                raise
            execute(state, player, "tame 0")
            rules.advance(state)
            canonical = commands.resolve(state, player, command)
        execute(state, player, canonical)
        rules.advance(state)

    def logged(self, state, player, command):
        try:
            return commands.resolve(state, player, normalize(command))
        except IllegalMove:  # the decision taken on the way ("tame 0"): the words, in English
            return super().logged(state, player, command)

    def observe(self, state, player):
        return view.observe(state, player)

    def result(self, state):
        final = state["final"]
        if final is None:
            return None
        return {k: final[k] for k in ("scores", "ranking", "places", "tiebreak", "breakdown")}

    def help(self, state, player):
        legal = commands.legal(state, player) if player else []
        if state["phase"] == "over":
            return _("The game is over.")
        if not legal:
            return _("Nothing to decide for you now; waiting for {names}.").format(
                names=", ".join(commands.to_move(state))
            )
        # the mail lists the legal commands itself: the help explains, it does not repeat them
        key = state["pending"][0]["kind"] if state["pending"] else state["phase"]
        lines = [text.decision(state, player), _(text.HELP[key])]
        return "\n".join(line for line in lines if line)

    def draws(self, state):
        # and every card or tile taken from a face-down pile: the deck, the building stacks
        # (the next tile shows), the herd's tiles
        herd = len(state["herd"]["pile"]) if state["herd"] else 0
        return (state["rng"], len(state["deck"]), *map(len, state["stacks"]), herd)

    def summary(self):
        return summary.paragraphs()

    def describe(self, event):
        return text.describe(event)

    def bot(self, state, player, chooser: random.Random):
        return bot.choose(state, player, chooser)

    def reason_for(self, state, player, command):
        return bot.reason_for(state, player, command)


def moves_on_from_taming(state: dict, player: str, command: str) -> bool:
    """Whether ``command``, refused while ``player`` decides on taming, is one of their actions
    that is legal once they send no figure ("tame 0"). An action that is not legal even then is
    refused with its own reason; anything else keeps the refusal of the taming decision."""
    pending = state["pending"]
    if state["phase"] != "action" or not pending:
        return False
    if pending[0]["kind"] != "tame" or pending[0]["player"] != player:
        return False
    after = copy_state(state)
    execute(after, player, "tame 0")  # nothing advanced: the player keeps the turn, no dice
    legal_after = commands.legal(after, player)
    if not legal_after:
        return False  # no action of theirs left: only the taming decision is theirs
    if command in legal_after:
        return True
    words = commands.words_of(command)
    action = bool(words) and commands.is_action_word(words[0])
    try:
        canonical = commands.parse(after, player, command)
    except IllegalMove as error:
        if not action:
            return False  # not an action at all: the taming refusal stands
        raise IllegalMove(
            _("“{command}” is not understood: {reason}").format(
                command=commands.quote(command), reason=error
            )
            + commands.possible(commands.legal(state, player))
        ) from None
    if canonical in legal_after:
        return True
    if not action:
        return False
    raise IllegalMove(
        commands.explain(after, player, command, canonical, commands.legal(state, player))
    )


def execute(state: dict, player: str, command: str) -> None:
    """Carry out one canonical, legal command."""
    words = command.split()
    verb = words[0]
    if verb == "place":
        if words[1] == "card" or words[1] == "building":
            rules.place(state, player, words[1] + words[2], 1)
        elif words[1].isdigit():
            rules.place(state, player, words[2], int(words[1]))
        else:
            count = data.HUT_FIGURES if words[1] == "hut" else 1
            rules.place(state, player, words[1], count)
    elif verb == "use":
        if words[1] in data.AREAS:
            rules.use_area(state, player, words[1])
        else:
            rules.use_village(state, player, words[1])
    elif verb == "buy":
        rules.buy_card(state, player, int(words[2]), _goods_after(words, "pay"))
    elif verb == "skip":
        rules.skip(state, player, words[1] + words[2])
    elif verb == "build":
        stack = int(words[1])
        info = data.BUILDINGS[state["stacks"][stack - 1][0]]
        paid = dict(info["cost"]) if info["kind"] == "fixed" else _goods_after(words, "pay")
        rules.build(state, player, stack, paid)
    elif verb == "tools" and words[1] in ("auto", "ask"):
        rules.set_tools(state, player, words[1] == "auto")
    elif verb == "tools":
        item = state["pending"].pop(0)
        me = state["p"][player]
        tiles, cards = [], []
        for w in words[1:]:
            if w == "none":
                continue
            if w.startswith("c"):
                cards.append(int(w[1:]))
                continue
            value = int(w)
            tiles.append(
                next(
                    i
                    for i, u in enumerate(me["used"])
                    if not u and me["tools"][i] == value and i not in tiles
                )
            )
        rules.finish_roll(state, player, item["good"], item["dice"], item["source"], tiles, cards)
    elif verb == "pick":
        value = next(v for v, got in data.DICE_EVERYONE.items() if got == words[1])
        rules.pick(state, player, value)
    elif verb == "take":
        rules.take(state, player, {} if words[1] == "nothing" else _goods_after(words, "take"))
    elif verb == "tame":
        state["pending"].pop(0)
        count = int(words[1])
        food = min(count, state["p"][player]["food"])
        paid = {"food": food} if food else {}
        paid.update(_goods_after(words, "pay"))
        rules.tame(state, player, count, paid)
    elif verb == "bonus":
        rules.choose_bonus(state, player, words[1])
    elif verb == "pay":
        rules.feed_with(state, player, _goods_after(words, "pay"))
    elif verb == "starve":
        rules.starve(state, player, chosen=True)
