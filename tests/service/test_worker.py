"""The worker and beat processes: they start on a fresh machine, and a mail that takes too
long never holds a worker for ever (Celery's soft time limit ends it, the hard one kills what
ignores the soft one, and either way its sender is told)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from pbem import migrate
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import InboundMail, OutboundMail
from tests.conftest import make_settings

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow


def _mail(sender: str, subject: str) -> bytes:
    return (
        f"From: {sender}\r\nTo: play@pbem.test\r\nSubject: {subject}\r\n"
        f"Message-ID: <{subject}@x.test>\r\n\r\nhelp\r\n"
    ).encode()


def test_the_time_limits_end_a_mail_and_its_sender_is_told(tmp_path):
    settings = make_settings(tmp_path / "var", f"sqlite:///{tmp_path}/pbem.db")
    migrate.upgrade(settings.database_url)
    with transaction(settings.database_url) as session:
        ids = [
            accept(session, _mail(sender, subject), "smtp").id
            for sender, subject in (("slow@x.test", "slow"), ("stubborn@x.test", "stubborn"))
        ]
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "CELERY_BROKER_URL": "filesystem://",
        "PBEM_VAR": str(settings.var_dir),
        "PBEM_DOMAIN": "pbem.test",
        "PBEM_TASK_SOFT_TIME_LIMIT": "1",
        "PBEM_TASK_TIME_LIMIT": "3",
        "PYTHONPATH": str(REPO),
    }
    enqueue = f"from worker.tasks import process_inbound as p; [p.delay(i) for i in {ids}]"
    subprocess.run([str(BIN / "python"), "-c", enqueue], env=env, cwd=REPO, check=True)
    log = open(tmp_path / "worker.log", "wb")  # noqa: SIM115 - closed below
    worker = subprocess.Popen(
        [str(BIN / "celery"), "-A", "tests.service.dawdling_worker", "worker", "--pool",
         "prefork", "--concurrency", "1", "--without-gossip", "--without-mingle"],
        env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with transaction(settings.database_url) as session:
                rows = session.scalars(select(InboundMail).order_by(InboundMail.id)).all()
                if all(row.status != "pending" for row in rows):
                    break
            time.sleep(0.2)
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a warm shutdown waits for the tasks it runs
            worker.kill()
            worker.wait()
        log.close()
    with transaction(settings.database_url) as session:
        rows = session.scalars(select(InboundMail).order_by(InboundMail.id)).all()
        answered = session.scalars(select(OutboundMail.to_address).order_by(OutboundMail.id))
        assert [row.status for row in rows] == ["failed", "failed"], (
            tmp_path / "worker.log"
        ).read_text()[-3000:]
        assert "SoftTimeLimitExceeded" in rows[0].error and "took longer" in rows[1].error
        assert sorted(answered) == ["slow@x.test", "stubborn@x.test"]


def test_beat_runs_with_redis_on_a_fresh_machine(tmp_path, redis_url):
    var = tmp_path / "var"  # nothing has created it: the database is a server
    env = {**os.environ, "CELERY_BROKER_URL": redis_url, "PBEM_VAR": str(var)}
    beat = subprocess.Popen(
        [str(Path(sys.executable).parent / "celery"), "-A", "worker.celery_app", "beat"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and beat.poll() is None:
            if list(var.glob("celerybeat-schedule*")):
                break  # the schedule is open: beat is running
            time.sleep(0.2)
        time.sleep(2)
        assert beat.poll() is None, beat.stdout.read().decode()[-2000:]
        assert list(var.glob("celerybeat-schedule*"))
    finally:
        beat.terminate()
        beat.wait(timeout=20)
