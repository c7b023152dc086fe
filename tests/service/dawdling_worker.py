"""The Celery app with a pipeline that dawdles, for the time-limit tests (``celery -A`` this).

A mail whose subject is ``slow`` sleeps until the soft time limit interrupts it; one whose
subject is ``stubborn`` ignores the soft limit too, so only the hard limit ends it.
"""

from __future__ import annotations

import time

from celery.exceptions import SoftTimeLimitExceeded

import worker.tasks  # noqa: F401 - registers the tasks
from pbem import pipeline
from pbem.models import InboundMail
from worker.celery_app import app  # noqa: F401 - what celery -A loads

_process = pipeline.process


def _dawdling(session, settings, inbound_id):
    raw = session.get(InboundMail, inbound_id).raw
    if b"\nSubject: stubborn" in raw:
        while True:
            try:
                time.sleep(3600)
            except SoftTimeLimitExceeded:
                continue
    if b"\nSubject: slow" in raw:
        time.sleep(3600)
    return _process(session, settings, inbound_id)


pipeline.process = _dawdling
