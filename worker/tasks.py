"""Thin Celery tasks: each calls one job in :mod:`pbem.jobs` and enqueues what it returns."""

from __future__ import annotations

from datetime import datetime

from celery.worker.request import Request

from pbem import jobs
from pbem.models import now
from worker.celery_app import app, settings

SCAN_TIME_LIMIT = 3600  # a scan queues all that is due (every digest of a Monday morning)


class InboundRequest(Request):
    """A mail whose task the hard time limit killed is given up: failed, its sender told
    (without this the sweeper would hand it to the next worker to be killed, for ever).

    This runs in the worker's main process before the task's process is killed, while that
    one still holds the mail's row: the giving up is a task of its own.
    """

    def on_timeout(self, soft: bool, timeout: float) -> None:
        super().on_timeout(soft, timeout)
        if not soft:
            give_up.delay(self.args[0], timeout)


@app.task(
    name="worker.tasks.process_inbound",
    autoretry_for=(jobs.TryAgain,),
    retry_backoff=True,
    max_retries=8,
    Request=InboundRequest,
)
def process_inbound(inbound_id: int) -> None:
    """Apply one stored inbound mail and send its answers, in one task (retried after a
    database error); the answer to a mail that failed goes out in a task of its own."""
    left = jobs.answer_inbound(settings, inbound_id)
    if left:
        send_many.delay(left)


@app.task(
    name="worker.tasks.give_up",
    autoretry_for=(jobs.TryAgain,),
    retry_backoff=True,
    max_retries=8,
)
def give_up(inbound_id: int, seconds: float) -> None:
    """Fail a mail whose task the hard time limit killed, and tell its sender."""
    answers = jobs.give_up(settings, inbound_id, seconds)
    if answers:
        send_many.delay(answers)


@app.task(name="worker.tasks.send_many")
def send_many(outbound_ids: list[int]) -> None:
    """Send outbox rows in one task over one connection, not one task each: a batch of
    digests, a mail's answers, what the sweeper finds pending (retries come from each row's
    own backoff, via the sweeper)."""
    jobs.send_outbound(settings, outbound_ids)


@app.task(name="worker.tasks.sweep")
def sweep() -> None:
    """Re-enqueue inbound and outbound work left behind."""
    inbound, outbound = jobs.sweep(settings)
    for inbound_id in inbound:
        process_inbound.delay(inbound_id)
    for batch in jobs.batches(outbound):
        send_many.delay(batch)


@app.task(
    name="worker.tasks.digest",
    soft_time_limit=SCAN_TIME_LIMIT,
    time_limit=SCAN_TIME_LIMIT + 60,
)
def digest(at: str | None = None) -> None:
    """Find the digests due (each player's own hour; ``at``: as if at that ISO time) and hand
    them to the workers, a batch of players per task."""
    moment = datetime.fromisoformat(at) if at else now()
    for first, last in jobs.digest_pages(settings, moment):
        digest_batch.delay(moment.isoformat(), first, last)


@app.task(name="worker.tasks.digest_batch")
def digest_batch(at: str, first: int, last: int) -> None:
    """Compose and queue the digests of the players due from id ``first`` to ``last``, then
    send them (a batch that fails stays due: the next scan hands it out again)."""
    ids = jobs.digest_batch(settings, datetime.fromisoformat(at), first, last)
    if ids:
        send_many.delay(ids)


@app.task(
    name="worker.tasks.deadlines",
    soft_time_limit=SCAN_TIME_LIMIT,
    time_limit=SCAN_TIME_LIMIT + 60,
)
def deadlines() -> None:
    """Send the deadline reminders and play the late turns that are due."""
    jobs.deadlines(settings, enqueue=send_many.delay)
