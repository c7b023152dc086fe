"""The beat process (sweeper, digest) starts at scale: Redis broker, no embedded var folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


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
