"""The deadline scan's work on one game: reminders and late turns for seats whose alarm rang.

Runs under the game's row lock, on the seats read afresh, so two scans at once (two beats, a
retried job) find the work of the first done: a reminder goes out once, a late turn is played
once. ``at`` is the time the scan acts as if it were (``pbem deadlines --now``).
"""

from __future__ import annotations

from datetime import datetime

import engine
from engine.i18n import _
from pbem import deadlines, games, notify
from pbem.config import Settings


def ring(session, settings: Settings, game_id: int, at: datetime) -> None:
    """Act on every seat of game ``game_id`` whose alarm is due at ``at``."""
    game = games.locked(session, game_id)
    for _round in range(4 * len(game.seats)):  # a late turn may make another seat's alarm due
        seat = next((s for s in game.seats if s.alarm is not None and s.alarm <= at), None)
        if seat is None:
            return
        game_engine = engine.load(game.kind)
        state = game_engine.restore(game.state) if game.state else None
        waiting = game_engine.to_move(state) if state else []
        stale = seat.deadline is None or seat.status != "joined" or seat.name not in waiting
        if game.status != "active" or stale:
            deadlines.stop(seat)  # the turn is over
        elif at >= seat.deadline and game.late != "wait":
            games.late_turn(session, settings, game, seat, at)
        else:
            _remind(session, settings, game, seat, state, at)


def _remind(session, settings: Settings, game, seat, state: dict, at: datetime) -> None:
    """The latest reminder due (one mail, even if the scan comes late for two), then the next
    alarm."""
    passed = [index for index, when in deadlines.reminder_points(seat) if when <= at]
    if passed:
        seat.reminders = passed[-1] + 1
        if at >= seat.deadline:

            def note():
                return _("A reminder: your time to move has run out, and the game waits for you.")
        else:

            def note():
                return _("A reminder: it is your turn, and the others are waiting for you.")

        notify.turn(session, settings, game, seat, state, notes=[note], kind="reminder")
    seat.alarm = deadlines.alarm(game, seat)
