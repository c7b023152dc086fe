"""Plans: moves a player writes ahead, played for them when their turn comes.

In a reply, the game lines after a line ``later`` (``then later``, ``next turns``; ``después``,
``später``, ``depois``, ...: the service command ``later``) are the player's plan: the moves
they want on their next turns, in order. A line may list alternatives (``place 2 forest or
clay 2 or hunt 2``; ``o``, ``oder``, ``ou``): the first one legal when its turn comes is
played, and an alternative without a verb borrows the first one's (``clay 2`` is tried as
``place clay 2`` too).

A plan is the service's, not the game's: it lives on the seat (``Seat.plan``, the lines as
typed), never in the engine state, and only its owner ever reads it. Whenever the seat is to
move, :func:`next_move` gives its plan's next line as a move of the seat, logged like any other
(replays never know a plan existed); the first line with no legal alternative drops the rest
and the player gets their turn mail with the engine's reason. Everything is bounded: at most
:data:`MOST_LINES` lines of at most :data:`MOST_ALTERNATIVES` alternatives each.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine.i18n import _, language, use
from engine.lexicon import fold
from pbem import i18n
from pbem.models import Seat

MOST_LINES = 50
MOST_ALTERNATIVES = 5
#: The words between two alternatives, in every language; the Spanish "o" only for readers
#: of Spanish (to others it is a direction, or the Portuguese article).
SEPARATORS = frozenset({"or", "oder", "ou"})
SPANISH_SEPARATOR = "o"


class PlanError(ValueError):
    """A plan that cannot be kept as written; the message is for the player."""


@dataclass(frozen=True)
class Step:
    """What a plan's next line gives: the move played (as the log keeps it) and the state
    after it, or, when none of its alternatives is legal, ``command`` None and the reason the
    engine gave for the first."""

    line: str
    command: str | None
    state: dict | None = None
    reason: str = ""


def alternatives(line: str) -> list[str]:
    """The alternatives of a planned line, in the reader's language ("place 2 o o 3 n": the
    first "o" is Spanish west, the second the word between two alternatives)."""
    words = set(SEPARATORS)
    if language().split("_")[0] == "es":
        words.add(SPANISH_SEPARATOR)
    tokens = line.split()
    found, current = [], []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if fold(token) in words and current and following and fold(following) not in words:
            found.append(" ".join(current))
            current = []
        else:
            current.append(token)
    found.append(" ".join(current))
    return found


def checked(lines: list[str]) -> list[str]:
    """The plan a mail writes (its game lines after ``later``), or PlanError when it is longer
    than the service keeps or a line lists more alternatives than it tries."""
    if len(lines) > MOST_LINES:
        raise PlanError(
            _("A plan holds at most {most} lines; yours has {count}.").format(
                most=MOST_LINES, count=len(lines)
            )
        )
    for line in lines:
        if len(alternatives(line)) > MOST_ALTERNATIVES:
            raise PlanError(
                _("A planned line lists at most {most} alternatives: {line}").format(
                    most=MOST_ALTERNATIVES, line=line
                )
            )
    return list(lines)


def _candidates(choices: list[str]) -> list[str]:
    """Each alternative as written, and one without a verb also after the first one's verb."""
    verb = choices[0].split()[0]
    found = []
    for index, choice in enumerate(choices):
        found.append(choice)
        if index and fold(choice.split()[0]) != fold(verb):
            found.append(f"{verb} {choice}")
    return found


def next_move(game_engine, state: dict, seat: Seat) -> Step:
    """The seat's next planned line played in ``state``, read in its player's language.

    Trying an alternative reveals nothing: an engine refuses a command before any draw.
    """
    line = seat.plan[0]
    reason = ""
    with use(i18n.translations(seat.player.language)):
        for candidate in _candidates(alternatives(line)):
            try:
                after = game_engine.play(state, seat.name, candidate)
            except engine.IllegalMove as exc:
                reason = reason or str(exc)
                continue
            return Step(line, game_engine.logged(state, seat.name, candidate), after)
    return Step(line, None, reason=reason)


def shown(seat: Seat) -> str:
    """The seat's plan as its owner reads it, one line after the other."""
    return "; ".join(seat.plan)


def how_to_write() -> str:
    """How to write a plan, for ``help``."""
    return _(
        "To write your next moves ahead, put a line later below this turn's commands and your "
        "next moves under it, one per line, in order; a line may list alternatives with or "
        "between them, and the first one legal when its turn comes is played. The answer "
        "to rules says how to plan ahead in your game."
    )


def how_it_is_played() -> str:
    """How a plan is played, for its owner."""
    return _(
        "Whenever it is your turn, the next line of your plan is played for you: the first of "
        "its alternatives that is legal then. A line with none stops the plan, and you get "
        "your turn mail saying why. Write plan to see your plan, plan clear to drop it; a new "
        "later replaces it."
    )


def stopped_note(step: Step):
    """The sentence on top of the owner's turn mail when their plan stopped at ``step``."""

    def note() -> str:
        return _(
            "Your plan stopped at '{line}': {reason} The rest of your plan is dropped; "
            "the position is below."
        ).format(line=step.line, reason=step.reason)

    return note
