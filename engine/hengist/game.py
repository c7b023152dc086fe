"""Hengist (Lookout 2015): the Game subclass tying rules, commands, views and bot together."""

from __future__ import annotations

import random

from engine.contract import Game, State, places
from engine.hengist import bot, commands, data, rules, summary, view
from engine.hengist.places import path_name
from engine.i18n import _, ngettext


def road_text(road: str) -> str:
    """A road tile as 'white to slot 1, green to slot 2, ...'."""
    colours = {colour[0].upper(): colour for colour in data.PATH_COLOURS}
    return ", ".join(
        _("{path} to treasure {slot}").format(path=path_name(colours[letter]), slot=i + 1)
        for i, letter in enumerate(road)
    )


def cards_text(cards: list[str]) -> str:
    """Cards (or treasures) in the reader's language, "-" for none."""
    return ", ".join(commands.shown(card) for card in cards) or "-"


def _plainer(command: str, other: str) -> bool:
    """Whether ``command`` makes the better example: no explorer (it sails the boat), then
    the shorter one."""

    def rank(text):
        return (data.EXPLORER in text.split(), len(text))

    return rank(command) < rank(other)


class Hengist(Game):
    name = "hengist"
    title = "Hengist"
    min_players = 2
    max_players = 2
    options = {}
    conformance_games = 50
    conformance_bot_games = 10

    def setup(self, state: State) -> None:
        rules.setup(state)

    def to_move(self, state: State) -> list[str]:
        return [] if state["over"] else [rules.current(state)]

    def legal(self, state: State, player: str) -> list[str]:
        return commands.legal(state, player)

    def apply(self, state: State, player: str, command: str) -> None:
        commands.apply(state, player, command)

    def observe(self, state: State, player: str | None) -> dict:
        return view.observe(state, player)

    def result(self, state: State) -> dict | None:
        if not state["over"]:
            return None
        scores = rules.scores(state)
        tiles = {p: len(values) for p, values in state["taken"].items()}
        ranking = sorted(
            state["players"], key=lambda p: (-scores[p], -tiles[p], state["players"].index(p))
        )
        first, second = ranking[0], ranking[1]
        shared = scores[first] == scores[second] and tiles[first] == tiles[second]
        return {
            "scores": scores,
            "ranking": ranking,
            "places": places(ranking, lambda p: (scores[p], tiles[p])),
            "tiebreak": {"treasure_tiles": tiles},
            "shared": shared,
            "winners": [
                p for p in ranking if (scores[p], tiles[p]) == (scores[first], tiles[first])
            ],
        }

    def bot(self, state: State, player: str, chooser: random.Random) -> str:
        return bot.choose(state, player, chooser)

    def reason_for(self, state: State, player: str, command: str) -> str:
        return bot.reason_for(state, player, command)

    def help(self, state: State, player: str | None) -> str:
        legal = self.legal(state, player) if player else []
        lines = []
        if state["over"]:
            return _("The game is over.")
        if not legal:
            return _(
                "Hengist: waiting for {player}. Commands: move, raid, spy, reinforce, done."
            ).format(player=rules.current(state))
        left = rules.actions_left(state)
        lines.append(
            ngettext(
                "You may take {n} more action this turn (one per raiding party), then write 'done'.",
                "You may take {n} more actions this turn (one per raiding party), then write 'done'.",
                left,
            ).format(n=left)
        )
        examples = {}
        for command in legal:
            words = command.split()
            key = (
                words[0]
                if words[0] != "move"
                else ("move-free" if len(words) == 3 else f"move-{len(words) - 3}")
            )
            if key not in examples or _plainer(command, examples[key]):
                examples[key] = command
        explain = {
            "move-free": _("Between the boat and a beach of its bay, free:"),
            "move-1": _("Along a road, paying one card of its terrain (or an explorer):"),
            "move-3": _("Along a road, discarding any three terrain cards instead:"),
            "raid": _("Raid the village along a path, paying all its terrains at once:"),
            "spy": _("Explorer as spy, to look at the road tile of a board:"),
            "reinforce": _("Explorer as reinforcement, a lost party back to the boat:"),
            "done": _("End your turn and draw 2 cards + 1 per party in the hinterland:"),
        }
        # the explanation, then the example on its own indented line: nothing to align, so
        # long examples and narrow screens read the same
        for key in ("move-free", "move-1", "move-3", "raid", "spy", "reinforce", "done"):
            if key in examples:
                lines.append(explain[key])
                lines.append(f"  {commands.shown(examples[key])}")
        lines.append(
            _(
                "Parties: a, b, c. Places: boat, beaches 1a-6c (bay and space), hinterland h1-h9, boards 1-3 from the left (renumbered after a flip)."
            )
        )
        lines.append(
            _(
                "Cards: hill, river, mountain, forest, doubles like hill/river, explorer (x); prefixes work. Every explorer played moves the boat one bay. Any three terrain cards also pay for a road: name all three after the place."
            )
        )
        lines.append(
            _(
                "Words may come in any order; leave out the party when only one fits, and the cards when only one set fits. Paths: white, green, blue, red (w, g, bl, re)."
            )
        )
        return "\n".join(lines)

    def draws(self, state: State) -> tuple:
        # and every card or tile taken from a face-down pile (cards, road tiles, treasures),
        # and every look at a face-down road tile
        looks = sum(len(board["seen"]) for board in state["boards"])
        piles = (state["deck"], state["aside_roads"], state["aside_treasures"])
        return (state["rng"], *map(len, piles), looks)

    def summary(self) -> list[str]:
        return summary.paragraphs()

    def describe(self, event: dict) -> str:
        kind = event["type"]
        who = event.get("player", "")
        party = commands.letter(event["party"]) if "party" in event else ""
        if kind == "setup":
            return _("The game begins with board sides {sides}; {player} starts.").format(
                sides=", ".join(event["sides"]), player=event["start"]
            )
        if kind == "draw":
            return ngettext(
                "{player} drew {n} card.", "{player} drew {n} cards.", event["count"]
            ).format(player=who, n=event["count"])
        if kind == "drew":
            return _("{player} drew: {cards}.").format(player=who, cards=cards_text(event["cards"]))
        if kind == "reshuffle":
            return _("The discard pile was shuffled into a new draw pile of {n} cards.").format(
                n=event["cards"]
            )
        if kind == "move":
            source, target = event["where"]
            cards = event["cards"]
            if not cards:
                text = _("{player} moved party {party} from {source} to {target}.")
            elif len(cards) == 1:
                text = _("{player} moved party {party} from {source} to {target}, playing {cards}.")
            else:
                text = _(
                    "{player} moved party {party} from {source} to {target}, discarding {cards}."
                )
            return text.format(
                player=who,
                party=party,
                source=commands.shown(source),  # "barco": the boat in the reader's words
                target=commands.shown(target),
                cards=cards_text(cards),
            )
        if kind == "raid":
            return _(
                "{player}'s party {party} raided the village of board {board} along the {path} path, paying {cards}, and took treasure {slot} (worth {value})."
            ).format(player=who, party=party, board=event["board"], path=path_name(event["path"]),
                     cards=cards_text(event["cards"]), slot=event["slot"], value=event["value"])  # fmt: skip
        if kind == "road_seen":
            return _("{player} saw the road tile of board {board}: {road}.").format(
                player=who, board=event["board"], road=road_text(event["road"])
            )
        if kind == "road_revealed":
            # both players have seen it already: the board shows it from now on
            return _(
                "Both players have now seen the road tile of board {board}; it lies face up."
            ).format(board=event["board"])
        if kind == "spy":
            return _(
                "{player}'s party {party} spied on the road tile of board {board} with an explorer."
            ).format(player=who, party=party, board=event["board"])
        if kind == "reinforce":
            return _(
                "{player} played an explorer as reinforcement: party {party} is back in the boat."
            ).format(player=who, party=party)
        if kind == "boat":
            if event["bay"] is None:
                return _("The boat sailed off the last bay.")
            return _("The boat sailed to bay {bay}.").format(bay=event["bay"])
        if kind == "flip":
            lost = ", ".join(f"{p} {commands.letter(i)}" for p, i in event["lost"]) or "-"
            reason = (
                _("the boat sailed past the last board")
                if event["reason"] == "boat"
                else _("the two left boards hold no treasure")
            )
            return _(
                "The leftmost board was flipped to side {side} and laid on the right ({reason}); parties lost: {lost}; treasures lost: {old}; new treasures: {new}. Boards, bays and spaces are numbered afresh from the left."
            ).format(side=event["side"], reason=reason, lost=lost,
                     old=cards_text([str(v) for v in event["treasures_lost"]]),
                     new=", ".join(str(v) for v in event["treasures"]))  # fmt: skip
        if kind == "end_turn":
            return _("{player} ended the turn.").format(player=who)
        if kind == "game_over":
            scores = ", ".join(f"{p} {s}" for p, s in event["scores"].items())
            if event["reason"] == "boat":
                # the event before says "The boat sailed off the last bay."
                return _("The game is over. Treasure points: {scores}.").format(scores=scores)
            return _(
                "The game is over (the turn limit was reached). Treasure points: {scores}."
            ).format(scores=scores)
        return _("Something happened: {kind}.").format(kind=kind)
