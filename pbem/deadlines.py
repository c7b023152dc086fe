"""Move deadlines: the service's own game options, each seat's clock, and its alarms.

A game's ``deadline_days`` (default 7, None: no deadline) and ``late`` policy are chosen when
it is created (``new honga with ... deadline=3 late=wait``): they belong to the service, the
engine never sees them. A seat's clock starts when it comes to move and stops when it no
longer is; an absence pauses it (the deadline moves on by the time away). ``alarm`` is the
next moment the deadline scan must look at the seat: a reminder (48 h and 12 h before the
deadline, at most these two, each once), then the deadline itself unless the game waits.
When the bot plays a late player's turn, :func:`played_for` tells them what it played and why.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.i18n import _, language
from engine.lexicon import Lexicon
from pbem.models import Game, Seat

LATE_POLICIES = ("wait", "autopilot", "drop")
#: The service's option names and values in Spanish, German and Portuguese, each with the
#: English word the service reads (``plazo=3 retraso=esperar`` is ``deadline=3 late=wait``);
#: the first word of each is the one a mail shows.
OPTION_WORDS = Lexicon(
    words={
        "es": {
            "plazo": "deadline", "retraso": "late", "esperar": "wait", "piloto": "autopilot",
            "autopiloto": "autopilot", "retirar": "drop", "no": "off",
        },
        "de": {
            "frist": "deadline", "verspätung": "late", "verspaetung": "late", "warten": "wait",
            "autopilot": "autopilot", "ausscheiden": "drop", "aus": "off",
        },
        "pt": {
            "prazo": "deadline", "atraso": "late", "esperar": "wait", "piloto": "autopilot",
            "autopiloto": "autopilot", "retirar": "drop", "não": "off",
        },
    },
    english_words=lambda: ("deadline", "late", "wait", "autopilot", "drop", "off"),
)  # fmt: skip


def shown(word: str) -> str:
    """A service option's name or value as the reader writes it ("plazo", "esperar")."""
    return OPTION_WORDS.shown(word, language())


DEFAULT_DAYS = 7
LONGEST_DAYS = 60
REMINDERS = (timedelta(hours=48), timedelta(hours=12))
AUTOPILOT_FOR_GOOD = 3  # late turns in a row after which the bot keeps the seat


def options_help() -> str:
    """The options every game takes, in the reader's words, for ``help new``."""
    return _(
        "Every game also takes {deadline}=N, the days a player has to move (1 to {most}, or "
        "{off} for no deadline; {days} when not given), and {late}=..., what happens when a "
        "player is late: {wait} (the game waits), {autopilot} (the bot moves for them, the "
        "default) or {drop} (they leave the game and the bot keeps their seat)."
    ).format(
        **{word: shown(word) for word in ("deadline", "late", "off", *LATE_POLICIES)},
        most=LONGEST_DAYS,
        days=DEFAULT_DAYS,
    )


def service_options(options: dict | None) -> tuple[dict, dict]:
    """(the service's options, the engine's) of a new game's ``name=value`` options.

    ``deadline`` is a number of days or ``off``; ``late`` is wait, autopilot or drop.
    Raises ValueError with a sentence for the player.
    """
    engine_options = dict(options or {})
    days = engine_options.pop("deadline", DEFAULT_DAYS)
    late = engine_options.pop("late", "autopilot")
    if days is False:
        days = None
    elif isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= LONGEST_DAYS:
        raise ValueError(
            _(
                "The deadline is a number of days from 1 to {most}, or {off}: for example {example}."
            ).format(most=LONGEST_DAYS, off=shown("off"), example=f"{shown('deadline')}=3")
        )
    if late not in LATE_POLICIES:
        raise ValueError(
            _(
                "What happens when a player is late is {wait}, {autopilot} or {drop}: for example {example}."
            ).format(
                **{policy: shown(policy) for policy in LATE_POLICIES},
                example=f"{shown('late')}={shown('wait')}",
            )
        )
    return {"deadline_days": days, "late": late}, engine_options


def track(game: Game, waiting: list[str], at: datetime) -> None:
    """Start the clock of the seats that have just come to move, stop it for the seats that
    no longer are."""
    for seat in game.seats:
        if seat.name in waiting and seat.status == "joined":
            if seat.turn_since is None:
                seat.turn_since, seat.reminders = at, 0
                seat.deadline = _deadline(game, seat, at)
                seat.alarm = alarm(game, seat)
        else:
            stop(seat)


def stop(seat: Seat) -> None:
    """The seat's turn is over: no clock, no alarm (a seat already stopped is left unchanged:
    the next flush has nothing of it to look at)."""
    if seat.turn_since is not None or seat.deadline is not None or seat.alarm is not None:
        seat.turn_since = seat.deadline = seat.alarm = None
    if seat.reminders:
        seat.reminders = 0


def _deadline(game: Game, seat: Seat, at: datetime) -> datetime | None:
    if game.deadline_days is None:
        return None
    away = seat.player.away_until
    start = away if away is not None and away > at else at
    return start + timedelta(days=game.deadline_days)


def reminder_points(seat: Seat) -> list[tuple[int, datetime]]:
    """The reminders still to come for this turn: (index, when), only those after the turn
    began (a one-day deadline has no 48-hour reminder)."""
    if seat.deadline is None:
        return []
    points = [(i, seat.deadline - before) for i, before in enumerate(REMINDERS)]
    return [(i, at) for i, at in points if i >= seat.reminders and at > seat.turn_since]


def alarm(game: Game, seat: Seat) -> datetime | None:
    """When the scan must next look at ``seat``: its next reminder (never while its player is
    away), else its deadline, else never."""
    points = reminder_points(seat)
    if points:
        away = seat.player.away_until
        return max(points[0][1], away) if away is not None else points[0][1]
    if seat.deadline is not None and game.late != "wait":
        return seat.deadline
    return None


def pause(game: Game, seat: Seat, by: timedelta) -> None:
    """Move the seat's deadline on by ``by`` (negative when its player is back early)."""
    if seat.deadline is not None:
        seat.deadline += by
        seat.alarm = alarm(game, seat)


def wrote(seat: Seat) -> None:
    """The seat's player wrote to the game: late turns in a row start from zero again, and a
    seat the bot kept is theirs again."""
    if seat.autopilot:  # set only when it changes: nothing to flush before the next query
        seat.autopilot = 0
    if seat.status == "autopilot":
        seat.status = "joined"


def consequence(game: Game) -> str:
    """What happens when the deadline passes, for the player it concerns."""
    if game.late == "autopilot":
        return _("If you have not moved by then, the bot plays this turn for you.")
    if game.late == "drop":
        return _("If you have not moved by then, you leave the game and the bot takes your seat.")
    return _("The game waits for you after that too, but the others are waiting.")


def played_for(game_engine, player: str, played: list[tuple[dict, str]]) -> str:
    """The commands the bot played for a late ``player`` (each with the state it was played
    in), as the reader writes them, each with the bot's reason: "place 2 east (hands on fish
    2, trade 1: ...); done (...)", in the active language."""
    shown = []
    for state, command in played:
        words = game_engine.shown(command, language())
        reason = game_engine.reason_for(state, player, command)
        shown.append(
            _("{command} ({reason})").format(command=words, reason=reason) if reason else words
        )
    return "; ".join(shown)
