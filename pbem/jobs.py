"""The units of background work, as plain functions: each opens its own transaction.

Celery tasks in ``worker/tasks.py`` only call these and enqueue what they return, so every
job runs (and is tested) without Celery.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError

import engine
from engine.i18n import use
from pbem import i18n, pipeline
from pbem.config import Settings
from pbem.db import transaction
from pbem.mail import compose, outbox, send
from pbem.models import Game, InboundMail, Player, Seat, WebhookToken, now

log = logging.getLogger(__name__)


def process_inbound(settings: Settings, inbound_id: int) -> list[int]:
    """Run the pipeline on one stored mail; return the outbox ids to send after the commit.

    Any error leaves no half-applied change: the transaction is rolled back. A database that
    is unreachable or busy (OperationalError) leaves the mail pending, to be tried again; any
    other error marks it failed (with the error) so the operator sees it and the sweeper
    leaves it.
    """
    try:
        with transaction(settings.database_url) as session:
            return pipeline.process(session, settings, inbound_id)
    except OperationalError:
        log.warning("inbound mail %s stays pending: database unavailable", inbound_id)
        raise
    except Exception as exc:
        log.exception("inbound mail %s failed", inbound_id)
        with transaction(settings.database_url) as session:
            row = session.get(InboundMail, inbound_id)
            if row is not None and row.status == "pending":
                row.status, row.error = "failed", f"{type(exc).__name__}: {exc}"
        return []


def send_outbound(settings: Settings, outbound_id: int) -> str:
    """Send one outbox row (idempotent); return its new status."""
    with transaction(settings.database_url) as session:
        return send.send_one(session, settings, outbound_id)


def sweep(
    settings: Settings, older_than: timedelta = timedelta(minutes=1)
) -> tuple[list[int], list[int]]:
    """Inbound mails and outbox rows left pending (crash, lost broker message) to enqueue again.

    Rows a live worker holds (``SKIP LOCKED``) are its work, not left behind. Also forgets
    webhook tokens old enough that their signatures have expired anyway.
    """
    with transaction(settings.database_url) as session:
        session.execute(delete(WebhookToken).where(WebhookToken.seen < now() - timedelta(hours=1)))
        cutoff = now() - older_than
        inbound = session.scalars(
            select(InboundMail.id)
            .where(InboundMail.status == "pending", InboundMail.received < cutoff)
            .order_by(InboundMail.id)
            .with_for_update(skip_locked=True)
        ).all()
        outbound = outbox.pending_ids(session, now())
    return list(inbound), list(outbound)


def weekly_digest(settings: Settings) -> list[int]:
    """Queue a digest of their running games for every player who wants one."""
    with transaction(settings.database_url) as session:
        session.info["queued"] = []
        players = session.scalars(
            select(Player).where(Player.digest.is_(True), Player.unsubscribed.is_(False))
        ).all()
        for player in players:
            seats = session.scalars(
                select(Seat).join(Game).where(Seat.player_id == player.id, Game.status == "active")
            ).all()
            if not seats:
                continue
            with use(i18n.translations(player.locale)):
                games = [_digest_entry(seat) for seat in seats]
            context = {"player": player.name, "games": games}
            thread = compose.thread_for(settings, None, "pbem", [], None)
            message = compose.compose(
                "digest", player.address, context, thread, settings, player.locale
            )
            session.info["queued"].append(outbox.queue(session, message, "digest", None))
        session.flush()
        return [row.id for row in session.info.pop("queued")]


def _digest_entry(seat: Seat) -> dict:
    game_engine = engine.load(seat.game.kind)
    state = game_engine.restore(seat.game.state)
    view = game_engine.view(state, seat.name)
    return {
        "game_id": seat.game_id,
        "title": game_engine.title,
        "status": seat.game.status,
        "your_turn": seat.name in view["to_move"],
        "waiting_for": view["to_move"],
        "last_events": [game_engine.describe(e) for e in view["log"][-5:]],
    }
