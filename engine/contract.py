"""The contract every game keeps, and the helpers they share.

A game is a :class:`Game` subclass: it describes itself (name, title, player counts, options)
and turns plain JSON-able state into new state. It never touches mail, databases or Flask.

Subclasses implement ``setup``, ``to_move``, ``legal``, ``apply``, ``observe``, ``result``,
``help``, ``summary``, ``describe`` and ``bot`` (and may say why the bot plays what it plays:
``reason_for``); the base class does the rest (validation, copying, the public log,
dump/restore) the same way for every game. The words of a game's commands
live in ``engine/<game>/vocabulary.py`` (``VOCABULARY``, see :mod:`engine.resemble`): from
them the base class tells a mistyped command from a greeting (:meth:`Game.resembles`) and
knows the command that ends a turn (:meth:`Game.ends_turn`). The same words in Spanish, German
and Portuguese live in ``engine/<game>/lexicon.py`` (``LEXICON``, see :mod:`engine.lexicon`):
the parser reads them as English, :meth:`Game.logged` keeps a move in English and
:meth:`Game.shown` writes a command in the reader's language.
"""

from __future__ import annotations

import functools
import importlib
import random
import re
from dataclasses import dataclass
from typing import Any

import orjson

from engine import lexicon, resemble
from engine.frozen import FrozenDict, freeze, frozen_json
from engine.i18n import _, language, ngettext

State = dict[str, Any]


class IllegalMove(ValueError):
    """A command that is not legal now. The message is written for the player."""


@dataclass(frozen=True)
class Option:
    """One game option: its type, default, allowed values (if limited) and a short help."""

    kind: type
    default: Any
    help: str
    choices: tuple = ()


def copy_state(state: State) -> State:
    """A deep copy, exactly what the database keeps between two moves.

    The state is copied through JSON (not pickle), so no list or dict is ever shared between
    two places of a state across moves, and a game played in memory and one stored and
    reloaded after every move stay identical, byte for byte. The log is the exception that
    keeps this true at a fraction of the cost: its events are frozen (:mod:`engine.frozen`,
    they never change once logged), so the copy holds the same events in a list of its own.
    """
    if "log" not in state:
        return orjson.loads(orjson.dumps(state))
    copied = orjson.loads(orjson.dumps({**state, "log": None}))
    copied["log"] = [e if type(e) is FrozenDict else frozen_json(e) for e in state["log"]]
    return copied


def rng(state: State) -> random.Random:
    """A generator for the next random draw, derived from the seed and a counter in the state.

    Each call advances the counter, so the same seed and the same commands give the same
    draws, and a restored state continues exactly where the dumped one stopped.
    """
    state["rng"] += 1
    return random.Random(f"{state['seed']}/{state['rng']}")


_SPACES = re.compile(r"\s+")


def normalize(command: str) -> str:
    """Lower case, single spaces, no leading or trailing blanks."""
    return _SPACES.sub(" ", command.strip().lower())


def log(state: State, kind: str, player: str | None = None, to=None, **data) -> dict:
    """Append a structured event to the game's log and return it, frozen (it never changes).

    ``to`` lists the only players allowed to see the event (a private event); by default
    everybody sees it. Events are what a mail tells players about the others' moves.
    """
    event: dict[str, Any] = {"n": len(state["log"]) + 1, "type": kind}
    if player is not None:
        event["player"] = player
    if to is not None:
        event["to"] = list(to)
    event.update(data)
    frozen = frozen_json(event)
    state["log"].append(frozen)
    return frozen


def visible_log(state: State, player: str | None) -> list[dict]:
    """The events ``player`` may see (``None``: the public ones only)."""
    return [e for e in state["log"] if "to" not in e or (player is not None and player in e["to"])]


def places(ranking: list[str], key) -> dict[str, int]:
    """Each player's place (1 = first) in ``ranking``; players with equal ``key(player)`` share
    a place, and the next place skips the shared ones (1, 1, 3)."""
    found: dict[str, int] = {}
    for index, player in enumerate(ranking):
        earlier = ranking[index - 1] if index else None
        same = earlier is not None and key(earlier) == key(player)
        found[player] = found[earlier] if same else index + 1
    return found


class Game:
    """Describes one game and plays it. Instances hold no per-game data: state is passed in."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict[str, Option] = {}

    # -- the public face ---------------------------------------------------------------

    def new(self, players: list[str], seed: int, options: dict | None = None) -> State:
        """A new game for ``players`` (in seating order; the first starts)."""
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                _("{title} is for {low} to {high} players, not {n}.").format(
                    title=self.title, low=self.min_players, high=self.max_players, n=len(players)
                )
            )
        if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(
            players
        ):
            raise ValueError(_("Players must be distinct non-empty names."))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(_("The seed must be a whole number."))
        state: State = {
            "game": self.name,
            "players": players,
            "seed": seed,
            "rng": 0,
            "options": self.check_options(options),
            "moves": 0,
            "log": [],
        }
        self.setup(state)
        return state

    def check_options(self, options: dict | None) -> dict:
        """Options completed with defaults; ValueError for unknown names or bad values."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise ValueError(
                _("Unknown option {names}; {title} knows: {known}.").format(
                    names=", ".join(unknown),
                    title=self.title,
                    known=", ".join(sorted(map(self.option_shown, self.options))) or "-",
                )
            )
        checked = {}
        for key, option in self.options.items():
            value = options.get(key, option.default)
            if not isinstance(value, option.kind) or (
                option.choices and value not in option.choices
            ):
                raise ValueError(
                    _("Bad value {value!r} for option {name}.").format(
                        value=value, name=self.option_shown(key)
                    )
                )
            checked[key] = value
        return checked

    def play(self, state: State, player: str, command: str) -> State:
        """The state after ``player`` gives ``command``; ``state`` itself is never changed."""
        if player not in state["players"]:
            raise IllegalMove(_("{player} does not play in this game.").format(player=player))
        waiting = self.to_move(state)
        if player not in waiting:
            if not waiting:
                raise IllegalMove(_("The game is over."))
            raise IllegalMove(
                _("It is not your turn; waiting for {names}.").format(names=", ".join(waiting))
            )
        normalized = normalize(command) if isinstance(command, str) else ""
        if not normalized:
            raise IllegalMove(_("Empty command."))
        new = copy_state(state)
        self.apply(new, player, normalized)
        new["moves"] += 1
        return new

    def view(self, state: State, player: str | None) -> dict:
        """Exactly what ``player`` may know (``None``: what everybody may know)."""
        if player is not None and player not in state["players"]:
            raise KeyError(player)
        return {
            "game": self.name,
            "title": self.title,
            "players": list(state["players"]),
            "you": player,
            "moves": state["moves"],
            "to_move": self.to_move(state),
            "result": self.result(state),
            "log": visible_log(state, player),
            **self.observe(state, player),
        }

    def draws(self, state: State) -> tuple:
        """A mark of the random draws made so far: it changes with every die rolled, every
        shuffle, and (in games that override it with the sizes of their face-down piles)
        every card or tile taken from a face-down pile.

        The service compares it line by line: a draw once made is binding, and the outcome of
        a draw that is not applied is never told, or a player could look before choosing.
        """
        return (state["rng"],)

    def _own(self, module: str, name: str, default):
        """``name`` of ``engine/<game>/<module>.py``; ``default`` when the game has none."""
        try:
            return getattr(importlib.import_module(f"engine.{self.name}.{module}"), name, default)
        except ModuleNotFoundError:
            return default

    @functools.cached_property
    def vocabulary(self) -> resemble.Vocabulary:
        """The words of this game's commands (``engine/<game>/vocabulary.py``)."""
        return self._own("vocabulary", "VOCABULARY", resemble.Vocabulary())

    @functools.cached_property
    def lexicon(self) -> lexicon.Lexicon:
        """This game's command words in other languages (``engine/<game>/lexicon.py``)."""
        return self._own("lexicon", "LEXICON", lexicon.Lexicon())

    @functools.cached_property
    def option_words(self) -> lexicon.Lexicon:
        """This game's option names and values in other languages (``OPTION_WORDS`` of
        ``engine/<game>/lexicon.py``): ``manada=sí`` is ``mammoth_herd=yes``."""
        return self._own("lexicon", "OPTION_WORDS", lexicon.Lexicon())

    def option_shown(self, name: str) -> str:
        """An option's name as the reader writes it ("manada"); the service reads it back."""
        return self.option_words.shown(name, language())

    def logged(self, state: State, player: str, command: str) -> str:
        """``command`` as the move log keeps it, given in ``state`` (before it is applied):
        in English, whatever language it was typed in, so a replay never depends on the
        language. By default the words translated (:meth:`Lexicon.english`); a game that can
        tell the canonical legal command the text stands for returns that."""
        return self.lexicon.english(normalize(command))

    def shown(self, command: str, language: str) -> str:
        """A canonical command as a reader of ``language`` writes it ("colocar 2 norte"); the
        game reads it back as the same command."""
        return self.lexicon.shown(command, language)

    def resembles(self, state: State | None, player: str | None, line: str) -> bool:
        """Whether ``line`` looks like a command of this game, typed right or not.

        The service sets aside a greeting or a sign-off only when it does not: a line that
        resembles a command but is not one is refused, never silently dropped. Knowing the
        position (``player`` to move in ``state``), a line of a command's shape that reads as
        a sentence (:func:`engine.resemble.chat`: "Move a muscle") or is a verb that needs a
        word of the game and fillers only (:func:`engine.resemble.bare`: "Move on") and is no
        legal command does not: no command it could be a slip of is legal. A phrase of the
        lexicon reads as the word it stands for ("Zug beenden" as "done").
        """
        words = self.vocabulary
        position = state is not None and player in self.to_move(state)
        phrased = self.lexicon.phrased(line)  # "Zug beenden", "passar a vez" read as "done"
        for text in (line, phrased) if phrased else (line,):
            shaped = resemble.resembles(words, text)
            chat = position and (resemble.chat(words, text) or resemble.bare(words, text))
            if shaped and not chat:
                return True
        return position and normalize(line) in self.legal(state, player)

    def ends_turn(self, command: str) -> bool:
        """Whether ``command`` is this game's way to end a turn ("done", "pass")."""
        return lexicon.fold(normalize(command)).strip(" .!¡") in self.vocabulary.ends_turn

    def forfeited(self, state: State, player: str) -> str:
        """What ``player`` gives up by ending the turn now, as a sentence ("" if nothing).

        The service tells it to a player whose ``done`` leaves actions unused. By default: the
        other commands that were still legal; a game may say it better (actions left).
        """
        unused = [c for c in self.legal(state, player) if not self.ends_turn(c)]
        if not unused:
            return ""
        return ngettext(
            "You ended your turn with {n} other command still possible: {commands}.",
            "You ended your turn with {n} other commands still possible, such as {commands}.",
            len(unused),
        ).format(n=len(unused), commands=", ".join(self.shown(c, language()) for c in unused[:3]))

    def dump(self, state: State) -> dict:
        """JSON-able data from which :meth:`restore` rebuilds the state exactly (plain dicts
        and lists throughout, nothing shared with ``state``)."""
        return orjson.loads(orjson.dumps(state))

    def restore(self, data: dict) -> State:
        """The state saved by :meth:`dump`."""
        if data.get("game") != self.name:
            raise ValueError(_("This is not a saved {title} game.").format(title=self.title))
        state = orjson.loads(orjson.dumps(data))
        state["log"] = [freeze(event) for event in state["log"]]
        return state

    # -- what each game implements ---------------------------------------------------

    def setup(self, state: State) -> None:
        """Fill a new state (board, decks, hands) in place; draw randomness with ``rng``."""
        raise NotImplementedError

    def to_move(self, state: State) -> list[str]:
        """Players who may act now; [] when the game is over."""
        raise NotImplementedError

    def legal(self, state: State, player: str) -> list[str]:
        """Every command ``player`` may give now, as canonical text ([] if none)."""
        raise NotImplementedError

    def apply(self, state: State, player: str, command: str) -> None:
        """Carry out a normalized command on a private copy; raise IllegalMove if not legal,
        before any random draw (a refusal must never depend on a draw's outcome)."""
        raise NotImplementedError

    def observe(self, state: State, player: str | None) -> dict:
        """The game-specific part of the view: only what ``player`` may know."""
        raise NotImplementedError

    def result(self, state: State) -> dict | None:
        """None until the game is over, then {"scores": {...}, "ranking": [...], "places": {...}}.

        ``ranking`` lists every player, best first; ``places`` gives each player's place, shared
        by players the rules cannot tell apart (see :func:`places`).
        """
        raise NotImplementedError

    def help(self, state: State, player: str | None) -> str:
        """How to write the commands legal now, for ``player``."""
        raise NotImplementedError

    def summary(self) -> list[str]:
        """A short summary of the rules, in paragraphs, in the active language: the goal, a
        turn, the end and scoring, how to write commands, and which details are reconstructed
        (what a player reads when asking for ``rules``; the rules document is not theirs)."""
        raise NotImplementedError

    def describe(self, event: dict) -> str:
        """One sentence telling a player what a log event says happened."""
        raise NotImplementedError

    def bot(self, state: State, player: str, chooser: random.Random) -> str:
        """A command chosen by a simple heuristic player, clearly better than random."""
        raise NotImplementedError

    def reason_for(self, state: State, player: str, command: str) -> str:
        """Why the bot plays ``command`` (a choice of :meth:`bot`) for ``player`` in ``state``,
        before it is applied: a few words in the active language, from what ``player`` may
        know ("lures a mammoth into the herd"). The service writes it next to a move the bot
        played for a late player. By default none ("")."""
        return ""
