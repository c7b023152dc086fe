"""The digest at scale: ``python -m pbem.bench_digest [--players N] [--games N] [--small N]
[--processes N]``.

Players and their running games are generated on a private PostgreSQL (a throwaway cluster
of :mod:`pbem.bench_servers`, one database per run, removed with the cluster at the end),
written with COPY: HONGA, Stone Age and Hengist games of 2 to 5 players at positions played by
the bots, each seat's turn started some hours ago with a seven-day deadline; one player in 50
is away, one seat in 40 muted. Seats go to players in order, one game each. Every player's
digest is due. Then ``pbem digest --now ISO`` runs in fresh processes (:func:`pbem.cli.main`,
the operator's command; the send queue it hands the ids to only counts them; ``--processes``
of them at once share the work as beats do): it composes and queues every due digest, a batch
of players per transaction. Printed per run: players, games, digests queued, the scan's wall
time, its CPU time a digest (``ru_utime + ru_stime`` of the scan processes), and the peak
resident memory of a scan process (``ru_maxrss``, from ``wait4``). The run at ``--small``
players (the same players a game) comes first: memory that does not grow with the number of
players shows as the same peak at both sizes. Target: 100,000 players in 20,000 games in
under 60 s.
"""

from __future__ import annotations

import argparse
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
from pbem.bench_servers import Postgres
from pbem.config import PROJECT

#: The moment the scan acts as if it were (``--now``): a Monday morning.
AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
#: Each game's kind and number of players, in turn.
TABLES = (("honga", 5), ("stoneage", 4), ("honga", 5), ("hengist", 2), ("honga", 5), ("honga", 3))
NAMES = ("ann", "bob", "cy", "dan", "eve")
ZONES = ("Europe/Madrid", "America/New_York", "Asia/Tokyo", "UTC", "Europe/Berlin", "Etc/GMT+3")
LOCALES = ("en", "es", "de", "pt", "")
POSITIONS_PER_TABLE = 12  # distinct positions of each kind of table, shared by its games


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


def scan(url: str, processes: int) -> dict:
    """Run ``pbem digest --now AT`` in ``processes`` fresh processes at once (as that many
    beats would: they share the due players); their figures and peak memory."""
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(PROJECT), "SMTP_URL": ""}
    started = time.perf_counter()
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "pbem.bench_digest", "--scan", AT.isoformat()],
            env=env,
            stdout=subprocess.PIPE,
        )
        for _ in range(processes)
    ]
    enqueued, peak, cpu, slowest = 0, 0.0, 0.0, 0.0
    for child in children:
        out = child.stdout.read()
        _pid, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            code = os.waitstatus_to_exitcode(status)
            raise RuntimeError(f"the digest scan failed (exit {code}): {out!r}")
        figures = json.loads(out.decode().splitlines()[-1])
        enqueued += figures["enqueued"]
        slowest = max(slowest, figures["scan_seconds"])
        peak = max(peak, usage.ru_maxrss / 1024)
        cpu += usage.ru_utime + usage.ru_stime
    return {"enqueued": enqueued, "scan_seconds": slowest, "cpu_seconds": cpu,
            "process_seconds": time.perf_counter() - started, "peak_mib": peak}  # fmt: skip


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


def run_scan_here(at: str) -> None:
    """The child: the operator's ``pbem digest --now``, its send queue counting the ids."""
    from pbem import cli

    queued: list[int] = []
    started = time.perf_counter()
    cli.main(["digest", "--now", at], cli.Worker(inbound=lambda _id: None, sends=queued.extend))
    print(json.dumps({"scan_seconds": time.perf_counter() - started, "enqueued": len(queued)}))


def measure(postgres: Postgres, players: int, games: int, processes: int) -> dict:
    url = postgres.create_database(f"digest_{players}")
    migrate.upgrade(url)
    started = time.perf_counter()
    seats = generate(url, players, games)
    generated = time.perf_counter() - started
    figures = scan(url, processes)
    digests, scheduled = count_rows(url)
    assert digests == figures["enqueued"] == min(seats, players), (digests, figures, seats)
    assert scheduled == players, scheduled
    return {"players": players, "games": games, "seats": seats, "digests": digests,
            "generated_seconds": generated, **figures}  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--small", type=int, default=10_000, help="players of the first run")
    parser.add_argument("--processes", type=int, default=1, help="scans running at once")
    parser.add_argument("--scan", metavar="ISO", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.scan:
        run_scan_here(args.scan)
        return
    runs = [
        (args.small, max(1, args.games * args.small // args.players)),
        (args.players, args.games),
    ]
    with tempfile.TemporaryDirectory(prefix="pbem-bench-digest-") as folder:
        postgres = Postgres(Path(folder) / "postgres")
        try:
            postgres.start()
            results = [measure(postgres, *run, args.processes) for run in runs]
        finally:
            postgres.close()
    print(
        f"digest scan (pbem digest --now, {args.processes} at once), PostgreSQL;"
        " peak = ru_maxrss of a scan process; CPU = the scans' user + system time"
    )
    for r in results:
        print(
            f"  {r['players']:>7} players {r['games']:>6} games: {r['digests']:>7} digests queued"
            f" in {r['scan_seconds']:6.1f} s ({r['process_seconds']:.1f} s with start-up;"
            f" CPU {1000 * r['cpu_seconds'] / max(1, r['digests']):.2f} ms a digest),"
            f" peak {r['peak_mib']:.0f} MiB (data written in {r['generated_seconds']:.0f} s)"
        )
    small, full = results
    print(f"  peak memory at {full['players']} / at {small['players']}: "
          f"{full['peak_mib'] / small['peak_mib']:.2f}; target < 60 s: "
          f"{'met' if full['scan_seconds'] < 60 else 'NOT met'}")  # fmt: skip


if __name__ == "__main__":
    main()
