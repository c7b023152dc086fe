"""Real game mails of a chosen position: the game is created through the service, the
position set, and every seat's mail composed by ``notify.turn`` as after a move."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import engine
from pbem import games, notify
from pbem.db import transaction
from tests.pictures.positions import LARGEST, players


def mails_at(settings, kind: str, state: dict, seen: int = 0) -> dict[str, EmailMessage]:
    """Each seat's mail of ``state`` (a position of :func:`positions`), by seat name."""
    addresses = [f"{name}@x.test" for name in players(kind)]
    out = {}
    with transaction(settings.database_url) as session:
        game = games.create(
            session, settings, kind, addresses, LARGEST[kind][1], seed=3, seated=True
        )
        game.state = engine.load(kind).dump(state)
        game.version = 2 + state["moves"]
        for seat in game.seats:
            seat.seen = seen
            row = notify.turn(session, settings, game, seat, state)
            out[seat.name] = email.message_from_bytes(row.message, policy=email.policy.default)
    return out
