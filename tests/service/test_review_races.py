"""Review findings: what a worker read before it took a game's lock must not decide under it."""

from __future__ import annotations

import threading

from sqlalchemy import select

from pbem import games
from pbem.db import sessions, transaction
from pbem.models import Player, Seat


def test_unsubscribe_racing_the_join_that_starts_the_game_resigns_the_seat(postgres_settings):
    """The unsubscribe reads the player's seats, then waits for the game's lock while a join
    starts the game: under the lock it must see the seat joined and hand it to the bot."""
    settings = postgres_settings
    with transaction(settings.database_url) as session:
        game = games.create(
            session, settings, "honga", ["a1@x.test", "a2@x.test"], creator="a1@x.test"
        )
        game_id = game.id
    joining = sessions(settings.database_url)()
    seat = joining.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 1))
    games.join(joining, settings, seat)  # holds the game's lock, not yet committed
    seats_read = threading.Event()
    errors = []

    def unsubscribe():
        try:
            with transaction(settings.database_url) as session:
                player = session.scalar(select(Player).where(Player.address == "a2@x.test"))
                list(session.scalars(select(Seat).where(Seat.player_id == player.id)))
                seats_read.set()
                games.unsubscribe(session, settings, player)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
            seats_read.set()

    worker = threading.Thread(target=unsubscribe)
    worker.start()
    seats_read.wait(10)
    worker.join(0.5)  # now waiting for the lock
    joining.commit()
    joining.close()
    worker.join(10)
    assert errors == []
    with transaction(settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 1))
        assert (seat.game.status, seat.player.unsubscribed, seat.status) == (
            "active",
            True,
            "resigned",
        )
