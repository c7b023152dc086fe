"""Thin Celery tasks: each calls one job in :mod:`pbem.jobs` and enqueues what it returns."""

from __future__ import annotations

from pbem import jobs
from worker.celery_app import app, settings


@app.task(
    name="worker.tasks.process_inbound",
    autoretry_for=(jobs.TryAgain,),
    retry_backoff=True,
    max_retries=8,
)
def process_inbound(inbound_id: int) -> None:
    """Apply one stored inbound mail, then send its answers (retried after a database error)."""
    answers = jobs.process_inbound(settings, inbound_id)
    if answers:
        send_many.delay(answers)


@app.task(name="worker.tasks.send")
def send(outbound_id: int) -> None:
    """Send one outbox row (retries come from the row's own backoff, via the sweeper)."""
    jobs.send_outbound(settings, outbound_id)


@app.task(name="worker.tasks.send_many")
def send_many(outbound_ids: list[int]) -> None:
    """Send the answers to one mail in one task, not one task each (the sweeper sends any
    left pending)."""
    for outbound_id in outbound_ids:
        jobs.send_outbound(settings, outbound_id)


@app.task(name="worker.tasks.sweep")
def sweep() -> None:
    """Re-enqueue inbound and outbound work left behind."""
    inbound, outbound = jobs.sweep(settings)
    for inbound_id in inbound:
        process_inbound.delay(inbound_id)
    for outbound_id in outbound:
        send.delay(outbound_id)


@app.task(name="worker.tasks.weekly_digest")
def weekly_digest() -> None:
    """Queue and send the weekly digest."""
    for outbound_id in jobs.weekly_digest(settings):
        send.delay(outbound_id)
