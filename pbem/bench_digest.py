"""The digest at scale: ``python -m pbem.bench_digest [--players N] [--games N] [--small N]
[--concurrency N]``.

Players and their running games are generated on a private PostgreSQL (a throwaway cluster
of :mod:`pbem.bench_servers`, one database per run, removed with the cluster at the end),
written with COPY: HONGA, Stone Age and Hengist games of 2 to 5 players at positions played by
the bots, each seat's turn started some hours ago with a seven-day deadline; one player in 50
is away, one seat in 40 muted. Seats go to players in order, one game each. Every player's
digest is due. Then the production path runs: a Celery worker on the digest queue
(``--concurrency`` pool processes, a private Redis as broker) gets beat's scan task, which
hands the due players out a batch per task; the pool composes and queues them, a batch per
transaction (the sends they enqueue wait on the default queue, which nothing reads here).
Printed per run: players, games, digests queued, the time from the scan's enqueueing until
no digest is due, the worker's CPU time (its processes' user + system time over that span)
in all and a digest, and the largest peak resident memory (``VmHWM``) of its processes. The
run at ``--small`` players (the same players a game) comes first: memory that does not grow
with the number of players shows as the same peak at both sizes. Target: 100,000 players in
20,000 games in under 60 s.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import engine
from pbem import migrate
from pbem.bench_servers import Postgres, Redis, cpu_seconds
from pbem.config import PROJECT

#: The moment the scan acts as if it were (``--now``): a Monday morning.
AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
#: Each game's kind and number of players, in turn.
TABLES = (("honga", 5), ("stoneage", 4), ("honga", 5), ("hengist", 2), ("honga", 5), ("honga", 3))
NAMES = ("ann", "bob", "cy", "dan", "eve")
ZONES = ("Europe/Madrid", "America/New_York", "Asia/Tokyo", "UTC", "Europe/Berlin", "Etc/GMT+3")
LOCALES = ("en", "es", "de", "pt", "")
POSITIONS_PER_TABLE = 12  # distinct positions of each kind of table, shared by its games
BIN = Path(sys.executable).parent


def positions(kind: str, count: int) -> list[tuple[str, int, list[str]]]:
    """Positions of bot-played games of ``kind``: (the state as JSON, moves played, to move)."""
    game = engine.load(kind)
    found = []
    for seed in range(1, 4):
        state, chooser = game.new(list(NAMES[:count]), seed=seed), random.Random(seed)
        moves = 0
        while len(found) < POSITIONS_PER_TABLE * seed and game.to_move(state):
            if moves % 17 == 5:
                found.append((json.dumps(game.dump(state)), moves, game.to_move(state)))
            player = game.to_move(state)[0]
            state = game.play(state, player, game.bot(state, player, chooser))
            moves += 1
    return found


def generate(url: str, players: int, games: int) -> int:
    """Write ``players`` players and ``games`` games with COPY; return the seats written.

    Seats go to players in order, one game each: players beyond the seats are in no running
    game (their digest is due too, and the scan only schedules the next one)."""
    import psycopg

    pool = {table: positions(*table) for table in set(TABLES)}
    created = AT - timedelta(days=30)
    with psycopg.connect(url.replace("+psycopg", "")) as connection, connection.cursor() as cur:
        with cur.copy(
            "COPY player (id, address, token, name, locale, mail, digest_every, digest_weekday,"
            " digest_minute, digest_due, timezone, away_until, unsubscribed, created)"
            " FROM STDIN"
        ) as copy:
            for n in range(1, players + 1):
                away = AT + timedelta(days=5) if n % 50 == 0 else None
                copy.write_row(
                    (n, f"p{n}@players.bench.test", f"{n:020x}", f"p{n}", LOCALES[n % 5],
                     "turns", "weekly", 0, 480, AT - timedelta(minutes=n % 180),
                     ZONES[n % len(ZONES)], away, False, created)
                )  # fmt: skip
        seat_id = 0
        with cur.copy(
            "COPY game (id, kind, options, seed, state, version, status, deadline_days, late,"
            " created, updated) FROM STDIN"
        ) as copy:
            for n in range(1, games + 1):
                kind, count = TABLES[n % len(TABLES)]
                state, moves, _waiting = pool[kind, count][n % len(pool[kind, count])]
                copy.write_row(
                    (n, kind, "{}", n, state, moves, "active", 7, "autopilot", created, created)
                )
        with cur.copy(
            "COPY seat (id, game_id, player_id, position, name, token, status, joined, seen,"
            " mail, turn_since, deadline, reminders, autopilot) FROM STDIN"
        ) as copy:
            for n in range(1, games + 1):
                kind, count = TABLES[n % len(TABLES)]
                _state, _moves, waiting = pool[kind, count][n % len(pool[kind, count])]
                since = AT - timedelta(hours=n % 90)
                for position in range(count):
                    seat_id += 1
                    name = NAMES[position]
                    turn = since if name in waiting else None
                    copy.write_row(
                        (seat_id, n, (seat_id - 1) % players + 1, position, name,
                         f"s{seat_id:019x}", "joined", created, 0,
                         "digest" if seat_id % 40 == 0 else None, turn,
                         turn + timedelta(days=7) if turn else None, 0, 0)
                    )  # fmt: skip
        cur.execute("ANALYZE")
    return seat_id


def _tree(pid: int) -> list[int]:
    """``pid`` and its child processes (a Celery worker and its pool)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(stat.parent.name))
    return [pid, *children]


def _peak_mib(pids: list[int]) -> float:
    """The largest peak resident memory (VmHWM) among the processes ``pids``."""
    peaks = [0.0]
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return max(peaks)


def _due(url: str) -> int:
    import psycopg

    with psycopg.connect(url.replace("+psycopg", "")) as connection:
        return connection.execute(
            "SELECT count(*) FROM player WHERE digest_due <= %s", (AT,)
        ).fetchone()[0]


def scan(url: str, broker: str, concurrency: int, folder: Path, server: int) -> dict:
    """The production path: a Celery worker on the digest queue (``concurrency`` pool
    processes), the scan task handed to it as beat does; it hands out the batches, the pool
    composes and queues them. Timed from the scan task's enqueueing until no digest is due;
    the CPU and peak memory of the worker's processes over that time, and the CPU of the
    PostgreSQL server ``server`` (its sessions are its child processes)."""
    from celery import Celery

    env = {**os.environ, "DATABASE_URL": url, "CELERY_BROKER_URL": broker, "SMTP_URL": "",
           "PBEM_VAR": str(folder), "PYTHONPATH": str(PROJECT)}  # fmt: skip
    log = folder / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [str(BIN / "celery"), "-A", "worker.celery_app", "worker", "--queues", "digest",
             "--concurrency", str(concurrency), "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--loglevel", "INFO"],
            cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while b"ready." not in log.read_bytes():
            if time.monotonic() > deadline or worker.poll() is not None:
                raise RuntimeError(f"the Celery worker did not start (see {log})")
            time.sleep(0.1)
        pids = _tree(worker.pid)
        cpu, server_cpu = cpu_seconds(worker.pid), cpu_seconds(server)
        started = time.perf_counter()
        beat = Celery("bench", broker=broker)
        beat.send_task("worker.tasks.digest", kwargs={"at": AT.isoformat()}, queue="digest")
        while _due(url):
            if worker.poll() is not None or time.perf_counter() - started > 3600:
                raise RuntimeError(f"the Celery worker died or hangs (see {log})")
            time.sleep(0.2)
        seconds = time.perf_counter() - started
        figures = {"scan_seconds": seconds, "cpu_seconds": cpu_seconds(worker.pid) - cpu,
                   "server_cpu_seconds": cpu_seconds(server) - server_cpu,
                   "peak_mib": _peak_mib(pids)}  # fmt: skip
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    logged = log.read_bytes()
    if b"Traceback" in logged or b"exited with" in logged or worker.returncode != 0:
        raise RuntimeError(f"the Celery worker failed, or a pool process died (see {log})")
    return figures


def count_rows(url: str) -> tuple[int, int]:
    """(digests in the outbox, players whose next digest is after AT)."""
    import psycopg

    with psycopg.connect(url.replace("+psycopg", "")) as connection:
        digests = connection.execute(
            "SELECT count(*) FROM outbound_mail WHERE kind = 'digest'"
        ).fetchone()[0]
        scheduled = connection.execute(
            "SELECT count(*) FROM player WHERE digest_due > %s", (AT,)
        ).fetchone()[0]
    return digests, scheduled


def measure(
    postgres: Postgres, broker: str, folder: Path, players: int, games: int, concurrency: int
) -> dict:
    url = postgres.create_database(f"digest_{players}")
    migrate.upgrade(url)
    started = time.perf_counter()
    seats = generate(url, players, games)
    generated = time.perf_counter() - started
    figures = scan(url, broker, concurrency, folder, postgres.pid())
    digests, scheduled = count_rows(url)
    assert digests == min(seats, players), (digests, seats)
    assert scheduled == players, scheduled
    return {"players": players, "games": games, "seats": seats, "digests": digests,
            "generated_seconds": generated, **figures}  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--small", type=int, default=10_000, help="players of the first run")
    parser.add_argument("--concurrency", type=int, default=2, help="the worker's pool processes")
    args = parser.parse_args(argv)
    runs = [
        (args.small, max(1, args.games * args.small // args.players)),
        (args.players, args.games),
    ]
    with tempfile.TemporaryDirectory(prefix="pbem-bench-digest-") as folder:
        postgres, redis = Postgres(Path(folder) / "postgres"), Redis(Path(folder) / "redis")
        try:
            postgres.start()
            redis.start()
            results = [
                measure(postgres, redis.url(), Path(folder), *run, args.concurrency) for run in runs
            ]
        finally:
            postgres.close()
            redis.close()
    print(
        f"digest scan (beat's task, a Celery worker with {args.concurrency} pool processes),"
        " PostgreSQL; peak = the largest VmHWM of the worker's processes; CPU = their user +"
        " system time"
    )
    for r in results:
        print(
            f"  {r['players']:>7} players {r['games']:>6} games: {r['digests']:>7} digests queued"
            f" in {r['scan_seconds']:6.1f} s (CPU {r['cpu_seconds']:.1f} s,"
            f" {1000 * r['cpu_seconds'] / max(1, r['digests']):.2f} ms a digest;"
            f" PostgreSQL {r['server_cpu_seconds']:.1f} s),"
            f" peak {r['peak_mib']:.0f} MiB (data written in {r['generated_seconds']:.0f} s)"
        )
    small, full = results
    cores = min(os.cpu_count() or 1, args.concurrency + 1)
    busy = full["cpu_seconds"] + full["server_cpu_seconds"]
    print(f"  the worker's and PostgreSQL's CPU over {cores} cores: {busy / cores:.0f} s, the"
          " least the scan takes on a machine of its own (the wall time above includes the"
          " others' load)")  # fmt: skip
    print(f"  peak memory at {full['players']} / at {small['players']}: "
          f"{full['peak_mib'] / small['peak_mib']:.2f}; target < 60 s: "
          f"{'met' if full['scan_seconds'] < 60 else 'NOT met'}")  # fmt: skip


if __name__ == "__main__":
    main()
