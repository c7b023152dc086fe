"""The units of background work, as plain functions: each opens its own transaction.

Celery tasks in ``worker/tasks.py`` only call these and enqueue what they return, so every
job runs (and is tested) without Celery.
"""

from __future__ import annotations

import email.policy
import logging
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.parser import BytesHeaderParser

from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError

from engine.i18n import _, use
from pbem import alarms, i18n, notify, pipeline
from pbem import digest as digests
from pbem.config import Settings
from pbem.db import transaction
from pbem.mail import outbox, route, send
from pbem.models import InboundMail, Player, Seat, WebhookToken, now

log = logging.getLogger(__name__)


MAX_ATTEMPTS = 5  # tries of a mail that end in a database error before it is given up
RECORD_RETRY = 0.1  # seconds before recording sends again after a database error, doubling
MAX_RECORD_RETRY = 2.0
SEND_BATCH = 50  # outbox rows the sweeper hands to one send task (one claim, one connection)


class TryAgain(Exception):
    """The mail stays pending: the database failed (busy, a race lost, away) and may not next
    time. The Celery task retries it with backoff, and the sweeper comes by as well."""


def process_inbound(settings: Settings, inbound_id: int) -> list[int]:
    """Run the pipeline on one stored mail; return the outbox ids to send after the commit.

    Any error leaves no half-applied change: the transaction is rolled back. A database error
    leaves the mail pending and raises :class:`TryAgain`, up to ``MAX_ATTEMPTS`` tries; after
    the last one, and at once for any other error, the mail is marked failed (with the error,
    for the operator) and its sender is told that nothing of it was applied.
    """
    try:
        with transaction(settings.database_url) as session:
            return pipeline.process(session, settings, inbound_id)
    except Exception as exc:
        return _failed(settings, inbound_id, exc)


def answer_inbound(settings: Settings, inbound_id: int) -> list[int]:
    """:func:`process_inbound`, and its answers sent here: claimed in the move's transaction
    (no commit of their own), delivered after its commit, recorded. Returns the outbox ids
    left to send elsewhere: the answer to a mail that failed (its task may be out of time).

    The recording is tried again while the database is away, as in :func:`send_outbound`,
    until the lease or the soft time limit, counted from the start of the mail, runs out.
    """
    started, at = time.monotonic(), now()
    lease = timedelta(seconds=settings.send_lease)
    try:
        with transaction(settings.database_url) as session:
            mails = send.claim_queued(
                session, pipeline.process(session, settings, inbound_id), at, lease
            )
    except Exception as exc:
        return _failed(settings, inbound_id, exc)
    _deliver(settings, mails, at, started)
    return []


def _failed(settings: Settings, inbound_id: int, exc: Exception) -> list[int]:
    """After the mail's transaction failed with ``exc``: :func:`_after_error`, or TryAgain
    when the database cannot even record it (the mail stays pending)."""
    log.exception("inbound mail %s: %s", inbound_id, type(exc).__name__)
    try:
        return _after_error(settings, inbound_id, exc)
    except SQLAlchemyError:
        log.warning("inbound mail %s stays pending: database unavailable", inbound_id)
        raise TryAgain(inbound_id) from exc


class TookTooLong(Exception):
    """The worker's hard time limit stopped the mail's task."""


def give_up(settings: Settings, inbound_id: int, seconds: float) -> list[int]:
    """A mail whose task was killed for taking longer than ``seconds``: failed, its sender
    told; return the outbox ids to send. Raises TryAgain when the database cannot record it."""
    try:
        return _after_error(settings, inbound_id, TookTooLong(f"took longer than {seconds} s"))
    except SQLAlchemyError as exc:
        raise TryAgain(inbound_id) from exc


def _after_error(settings: Settings, inbound_id: int, exc: Exception) -> list[int]:
    """Count the failed try; give the mail up (failed, sender answered) after the last one."""
    with transaction(settings.database_url) as session:
        row = session.scalar(
            select(InboundMail).where(InboundMail.id == inbound_id).with_for_update()
        )
        if row is None or row.status != "pending":
            return []
        row.attempts += 1
        row.error = f"{type(exc).__name__}: {exc}"[:2000]
        retry = isinstance(exc, SQLAlchemyError) and row.attempts < MAX_ATTEMPTS
        if not retry:
            row.status = "failed"
            session.info["queued"] = []
            _tell_failed(session, settings, row)
            session.flush()
            return [mail.id for mail in session.info.pop("queued")]
    raise TryAgain(inbound_id) from exc


def _tell_failed(session, settings: Settings, row: InboundMail) -> None:
    """Tell the sender of a mail given up that nothing of it was applied (when there is one).

    Only the headers are read: the body may be what failed.
    """
    headers = BytesHeaderParser(policy=email.policy.default).parsebytes(row.raw)
    address = route.sender(headers)
    if not address:
        log.warning("inbound mail %s failed and has no sender to tell", row.id)
        return
    player = session.scalar(select(Player).where(Player.address == address))
    locale = player.language if player else "en"
    with use(i18n.translations(locale)):
        subject = _("Your mail could not be handled")
        paragraph = _(
            "Something went wrong on our side while we handled your mail, and nothing of it "
            "was applied. We have kept it to look into; please send your commands again later."
        )
    in_reply_to = next(iter(route.header_values(headers, "Message-ID")), None)
    try:
        with session.begin_nested():
            notify.notice(
                session,
                settings,
                address,
                subject,
                [paragraph],
                in_reply_to=in_reply_to,
                locale=locale,
            )
    except Exception:  # an answer that cannot be written must not keep the mail from failing
        log.exception("inbound mail %s failed; its sender could not be told", row.id)
        session.info["queued"] = []


def send_outbound(
    settings: Settings, outbound_ids: list[int], at: datetime | None = None
) -> dict[int, str]:
    """Send the outbox rows of ``outbound_ids`` due at ``at`` (default now) that nobody else is
    sending, over one connection; return the new status of each row sent or tried.

    Claimed in one transaction, recorded in another (:mod:`pbem.mail.send`). What the relay
    took is recorded even when the database is away for a while: the recording is tried again
    until the lease or the task's soft time limit runs out, whichever comes first, and a
    delivery cut short (the time limit) still records the mails it delivered.
    """
    at, started = at or now(), time.monotonic()
    with transaction(settings.database_url) as session:
        mails = send.claim(session, outbound_ids, at, timedelta(seconds=settings.send_lease))
    return _deliver(settings, mails, at, started)


def _deliver(
    settings: Settings, mails: list[send.Claimed], at: datetime, started: float
) -> dict[int, str]:
    """Deliver the claimed ``mails`` and record what the relay said, also when the delivery is
    cut short (the time limit); the recording is tried until the lease or the soft time limit,
    counted from ``started`` (``time.monotonic``), runs out."""
    deadline = started + min(settings.send_lease, settings.task_soft_time_limit)
    outcomes: dict[int, Exception | None] = {}
    try:
        for outbound_id, error in send.deliver(settings, mails):
            outcomes[outbound_id] = error
    finally:
        statuses = _record(settings, outcomes, at, deadline) if outcomes else {}
    return statuses


def _record(
    settings: Settings, outcomes: dict[int, Exception | None], at: datetime, deadline: float
) -> dict[int, str]:
    """``send.record`` in a transaction, tried again while the database fails until
    ``deadline`` (``time.monotonic``): a lost commit must not send the mails again."""
    wait = RECORD_RETRY
    while True:
        try:
            with transaction(settings.database_url) as session:
                return send.record(session, outcomes, at)
        except SQLAlchemyError as exc:
            if time.monotonic() + wait > deadline:
                raise
            log.warning("recording %s sends failed (%s); trying again", len(outcomes), exc)
        time.sleep(wait)
        wait = min(2 * wait, MAX_RECORD_RETRY)


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


def batches(outbound_ids: list[int], size: int = SEND_BATCH) -> Iterator[list[int]]:
    """``outbound_ids`` in lists of up to ``size``: the sweeper's send tasks."""
    for first in range(0, len(outbound_ids), size):
        yield outbound_ids[first : first + size]


def digest_pages(settings: Settings, at: datetime, size: int = 500) -> Iterator[tuple[int, int]]:
    """The due players as batches (first id, last id) of up to ``size``, a page at a time
    (keyset, nothing held between pages); forgets claims no scan needs any more first."""
    with transaction(settings.database_url) as session:
        digests.forget_old_claims(session, at)
    after = 0
    while True:
        with transaction(settings.database_url) as session:
            page = digests.due_page(session, at, after, size)
        if not page:
            return
        yield page[0], page[-1]
        if len(page) < size:
            return
        after = page[-1]


def digest_batch(settings: Settings, at: datetime, first: int, last: int) -> list[int]:
    """Queue the digests of one batch in one transaction; return the new outbox ids."""
    with transaction(settings.database_url) as session:
        session.info["queued"] = []
        digests.send_batch(settings, session, at, first, last)
        session.flush()
        return [row.id for row in session.info.pop("queued")]


def digest(settings: Settings, at: datetime | None = None, enqueue=None, batch: int = 500) -> int:
    """Queue every digest due at ``at`` (default now) here, one batch of players per
    transaction; ``enqueue`` gets each batch's outbox ids after its commit. Returns the
    digests queued. (Beat hands the batches to the workers instead: ``worker.tasks``.)"""
    at, total = at or now(), 0
    for first, last in digest_pages(settings, at, batch):
        ids = digest_batch(settings, at, first, last)
        total += len(ids)
        if enqueue and ids:
            enqueue(ids)
    return total


def deadlines(settings: Settings, at: datetime | None = None, enqueue=None) -> int:
    """Send the reminders and play the late turns due at ``at`` (default now), one game per
    transaction; ``enqueue`` gets each game's outbox ids after its commit. Returns the number
    of games acted on. A game that fails is logged and left for the next scan."""
    at = at or now()
    done: set[int] = set()
    while True:
        with transaction(settings.database_url) as session:
            due = session.scalars(
                select(Seat.game_id).where(Seat.alarm <= at).order_by(Seat.alarm).limit(500)
            ).all()
        games = [game_id for game_id in dict.fromkeys(due) if game_id not in done]
        if not games:
            return len(done)
        for game_id in games:
            done.add(game_id)
            try:
                with transaction(settings.database_url) as session:
                    session.info["queued"] = []
                    alarms.ring(session, settings, game_id, at)
                    session.flush()
                    ids = [row.id for row in session.info.pop("queued")]
            except Exception:
                log.exception("deadlines of game %s failed; the next scan tries again", game_id)
                continue
            if enqueue and ids:
                enqueue(ids)
