"""The worker and beat processes: they start on a fresh machine, and a mail that takes too
long never holds a worker for ever (Celery's soft time limit ends it, the hard one kills what
ignores the soft one, and either way its sender is told)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from pbem import migrate
from pbem.db import transaction
from pbem.mail.accept import accept
from pbem.models import DigestSent, InboundMail, OutboundMail, Player
from tests.conftest import make_settings
from tests.service.conftest import Service

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow


def _mail(sender: str, subject: str) -> bytes:
    return (
        f"From: {sender}\r\nTo: play@pbem.test\r\nSubject: {subject}\r\n"
        f"Message-ID: <{subject}@x.test>\r\n\r\nhelp\r\n"
    ).encode()


def _worker_env(settings, **extra: str) -> dict[str, str]:
    """The environment of a worker process on the embedded broker and the test's database."""
    return {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "CELERY_BROKER_URL": "filesystem://",
        "PBEM_VAR": str(settings.var_dir),
        "PBEM_DOMAIN": "pbem.test",
        "PYTHONPATH": str(REPO),
        **extra,
    }


def test_the_time_limits_end_a_mail_and_its_sender_is_told(tmp_path):
    settings = make_settings(tmp_path / "var", f"sqlite:///{tmp_path}/pbem.db")
    migrate.upgrade(settings.database_url)
    with transaction(settings.database_url) as session:
        ids = [
            accept(session, _mail(sender, subject), "smtp").id
            for sender, subject in (("slow@x.test", "slow"), ("stubborn@x.test", "stubborn"))
        ]
    env = _worker_env(settings, PBEM_TASK_SOFT_TIME_LIMIT="1", PBEM_TASK_TIME_LIMIT="3")
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


def test_beats_digest_scan_hands_batches_to_the_workers_and_each_digest_goes_once(tmp_path):
    """The production path of the digest: beat's task finds the due players and enqueues
    their batches on the digest queue, a worker composes and sends them; a second scan
    handed out at once (two beats) sends nothing twice."""
    settings = make_settings(tmp_path / "var", f"sqlite:///{tmp_path}/pbem.db")
    migrate.upgrade(settings.database_url)
    Service(settings).new_game(players=3)
    at = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    with transaction(settings.database_url) as session:
        session.execute(update(Player).values(digest_due=at - timedelta(minutes=5)))
    env = _worker_env(settings, SMTP_URL="")
    scans = f"from worker.tasks import digest; [digest.delay({at.isoformat()!r}) for _ in '12']"
    subprocess.run([str(BIN / "python"), "-c", scans], env=env, cwd=REPO, check=True)
    log = open(tmp_path / "worker.log", "wb")  # noqa: SIM115 - closed below
    worker = subprocess.Popen(
        [str(BIN / "celery"), "-A", "worker.celery_app", "worker", "--concurrency", "2",
         "--without-gossip", "--without-mingle"],
        env=env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip

    def sent() -> list[str]:
        with transaction(settings.database_url) as session:
            return session.scalars(
                select(OutboundMail.to_address).where(
                    OutboundMail.kind == "digest", OutboundMail.status == "sent"
                )
            ).all()

    try:
        deadline = time.monotonic() + 90
        while len(sent()) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(2)  # the second scan's batch, had it anything left to send
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        log.close()
    assert sorted(sent()) == ["a1@x.test", "a2@x.test", "a3@x.test"], (
        tmp_path / "worker.log"
    ).read_text()[-3000:]
    with transaction(settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(DigestSent)) == 3
        assert all(due > at for due in session.scalars(select(Player.digest_due)))


def test_a_worker_refuses_a_send_lease_no_longer_than_a_task_may_run(settings):
    """A send task still running when its lease ran out would have its mails sent twice: the
    worker does not start with such settings, and says which two."""
    env = _worker_env(settings, PBEM_SEND_LEASE="60", PBEM_TASK_TIME_LIMIT="90")
    started = subprocess.run(
        [str(BIN / "python"), "-c", "import worker.celery_app"],
        env=env, cwd=REPO, capture_output=True, text=True,
    )  # fmt: skip
    assert started.returncode != 0
    assert "PBEM_SEND_LEASE (60 s) must be longer than PBEM_TASK_TIME_LIMIT (90 s)" in (
        started.stderr
    )
