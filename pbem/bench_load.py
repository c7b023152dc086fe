"""End-to-end load: ``python -m pbem.bench_load [--rates 25,50,...] [--seconds N] [--workers N]``.

SMTP in (the ``pbem smtp`` receiver), Celery workers, PostgreSQL and Redis (servers of its own,
defaults kept: the commit rate is the disk's), every answer rendered into the outbox and sent
to the Maildir. Bots play HONGA with four players in many games at once; each game gets its
next reply only once the last one was applied, so no reply is refused; the bots write their
replies before the steps start, so the steps measure the service. At each offered rate it
prints the mails/s sustained (applied per second of the step) and the latency from the 250 to
the answers queued in the outbox (p50, p99), beside PostgreSQL's single-row commit rate measured
on the same server in the same run, and the CPU time a mail took in each process of the step
(``/proc``: user + system time of each process and its children), which says what bounds it.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import queue
import random
import re
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid
from pathlib import Path

import psycopg
from sqlalchemy import func, select, update

import engine
from pbem import games, migrate
from pbem.bench_servers import Postgres, Redis, cpu_seconds, free_port, listening
from pbem.config import PROJECT, Settings
from pbem.db import transaction
from pbem.models import InboundMail, OutboundMail

DOMAIN = "bench.test"
BIN = Path(sys.executable).parent
_POSITION = re.compile(rb"^X-PBEM-Position: (\d+)", re.MULTILINE)


def commit_rate(url: str, seconds: float = 2.0) -> float:
    """Single-row INSERT + COMMIT per second on one connection (the database's floor cost)."""
    with psycopg.connect(url.replace("+psycopg", "")) as connection:
        connection.execute("CREATE TABLE IF NOT EXISTS bench_commit (n integer)")
        connection.commit()
        count, deadline = 0, time.perf_counter() + seconds
        started = time.perf_counter()
        while time.perf_counter() < deadline:
            connection.execute("INSERT INTO bench_commit VALUES (%s)", (count,))
            connection.commit()
            count += 1
        return count / (time.perf_counter() - started)


class Table:
    """Games at the other end: who is to move, at which position, with which reply.

    The bots' replies are written ahead (:meth:`write_ahead`), before the clock runs: what the
    steps measure is the service, not the bench playing HONGA.
    """

    def __init__(self, settings: Settings, count: int, players: int):
        self.settings = settings
        self.games: dict[int, dict] = {}
        with transaction(settings.database_url) as session:
            for n in range(count):
                addresses = [f"p{i}.g{n}@players.{DOMAIN}" for i in range(players)]
                game = games.create(session, settings, "honga", addresses, seed=n, seated=True)
                self.games[game.id] = {
                    "id": game.id,
                    "state": engine.load("honga").restore(game.state),
                    "version": game.version,
                    "seats": {s.name: (s.player.address, s.token) for s in game.seats},
                    "chooser": random.Random(n),
                    "ahead": deque(),
                }
            # the first mails are not part of the measure
            session.execute(update(OutboundMail).values(status="sent"))

    def write_ahead(self, count: int) -> int:
        """Write each game's next ``count`` replies now; return how many were written."""
        written = 0
        for game in self.games.values():
            while len(game["ahead"]) < count and (reply := self._write(game)) is not None:
                game["ahead"].append(reply)
                written += 1
        return written

    def reply(self, game_id: int) -> tuple[int, str, str, bytes] | None:
        """The next reply of game ``game_id`` (the position it answers, sender, recipient,
        bytes); None when the game is over."""
        game = self.games[game_id]
        return game["ahead"].popleft() if game["ahead"] else self._write(game)

    def _write(self, game: dict) -> tuple[int, str, str, bytes] | None:
        """The bot's reply to the position after the replies written so far."""
        honga = engine.load("honga")
        waiting = honga.to_move(game["state"])
        if not waiting:
            return None
        name = waiting[0]
        lines, state = [], game["state"]
        while name in honga.to_move(state):
            lines.append(honga.bot(state, name, game["chooser"]))
            state = honga.play(state, name, lines[-1])
        address, token = game["seats"][name]
        message = EmailMessage()
        message["From"] = address
        message["To"] = self.settings.reply_address(token)
        message["Subject"] = f"Re: [pbem #{game['id']}] HONGA"
        message["Message-ID"] = make_msgid(domain=f"players.{DOMAIN}")
        body = "\n".join([f"#{game['version']}", *lines])
        message.set_content(f"{body}\n\nOn Monday, pbem <play@{DOMAIN}> wrote:\n> the board\n")
        position = game["version"]
        game["state"], game["version"] = state, position + 1
        return position, address, message["To"], message.as_bytes(policy=SMTP)


class Service:
    """The SMTP receiver and ``workers`` Celery workers as processes, logs in ``folder``."""

    def __init__(self, folder: Path, settings: Settings, workers: int, concurrency: int):
        self.port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": settings.database_url,
            "CELERY_BROKER_URL": settings.broker_url,
            "SMTP_URL": "",
            "PBEM_VAR": str(settings.var_dir),
            "PBEM_DOMAIN": DOMAIN,
            "PBEM_SMTP_PORT": str(self.port),
            "PYTHONPATH": str(PROJECT),
        }
        commands = [[str(BIN / "python"), "-m", "worker.launch", "smtp"]]
        commands += [
            [
                str(BIN / "celery"), "-A", "worker.celery_app", "worker", "--concurrency",
                str(concurrency), "--without-gossip", "--without-mingle", "--without-heartbeat",
                "--loglevel", "WARNING", "--hostname", f"bench{n}@%h",
            ]
            for n in range(workers)
        ]  # fmt: skip
        self.processes = []
        for n, command in enumerate(commands):
            with open(folder / f"process{n}.log", "wb") as log:
                self.processes.append(
                    subprocess.Popen(
                        command, cwd=PROJECT, env=env, stdout=log, stderr=subprocess.STDOUT
                    )
                )
        deadline = time.monotonic() + 30
        while not listening(self.port):
            if time.monotonic() > deadline or self.processes[0].poll() is not None:
                raise RuntimeError(f"the SMTP receiver did not start (see {folder})")
            time.sleep(0.05)
        time.sleep(2)  # the workers connect to the broker

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def _sender(port: int, jobs: queue.Queue, accepted: list, errors: list) -> None:
    """One MTA connection: deliver jobs, record (game, version, time of the 250)."""
    client = smtplib.SMTP("127.0.0.1", port, timeout=60)
    try:
        while (job := jobs.get()) is not None:
            game_id, version, sender, rcpt, raw = job
            try:
                client.sendmail(sender, [rcpt], raw)
                accepted.append((game_id, version, datetime.now(UTC)))
            except (smtplib.SMTPException, OSError) as exc:
                errors.append(exc)
                with contextlib.suppress(smtplib.SMTPException, OSError):
                    client.close()
                client = smtplib.SMTP("127.0.0.1", port, timeout=60)
    finally:
        with contextlib.suppress(smtplib.SMTPException, OSError):
            client.quit()


class Positions:
    """The games' applied positions, read on one connection of its own: a statement the
    server keeps prepared, for the games still waiting only (the bench polls it often)."""

    def __init__(self, url: str):
        self.connection = psycopg.connect(url.replace("+psycopg", ""), autocommit=True)

    def of(self, ids) -> dict[int, int]:
        rows = self.connection.execute(
            "SELECT id, version FROM game WHERE id = ANY(%s)", [list(ids)], prepare=True
        )
        return dict(rows.fetchall())

    def close(self) -> None:
        self.connection.close()


def step(settings: Settings, table: Table, port: int, rate: float, seconds: float) -> dict:
    """Offer ``rate`` mails/s for ``seconds``; wait for the last answers; measure."""
    jobs: queue.Queue = queue.Queue()
    accepted: list = []
    errors: list = []
    senders = [
        threading.Thread(target=_sender, args=(port, jobs, accepted, errors), daemon=True)
        for _ in range(32)
    ]
    for thread in senders:
        thread.start()
    with transaction(settings.database_url) as session:
        first_out = session.scalar(select(OutboundMail.id).order_by(OutboundMail.id.desc())) or 0
    positions = Positions(settings.database_url)
    slots, offered, starved, started = 0, 0, 0, time.monotonic()
    waiting: dict[int, int] = {}  # game -> the position its last reply makes, not yet applied
    ready = set(table.games)
    next_poll = started
    while (now := time.monotonic()) < started + seconds:
        if now >= next_poll and waiting:  # which games have applied their last reply
            for game_id, version in positions.of(waiting).items():
                if version == waiting[game_id]:
                    del waiting[game_id]
                    ready.add(game_id)
            next_poll = now + 0.05
        due = int((now - started) * rate) - slots
        for _ in range(due):
            slots += 1
            if not ready:  # every game still waits for its last answer: the service lags
                starved += 1
                continue
            game_id = ready.pop()
            reply = table.reply(game_id)
            if reply is None:
                continue
            jobs.put((game_id, *reply))
            waiting[game_id] = reply[0] + 1
            offered += 1
        next_slot = started + (slots + 1) / rate
        time.sleep(max(0.001, min(next_slot, next_poll if waiting else next_slot) - now))
    for _ in senders:
        jobs.put(None)
    for thread in senders:
        thread.join()
    elapsed = time.monotonic() - started
    deadline = time.monotonic() + 120
    while waiting and time.monotonic() < deadline:  # the answers to the last mails
        for game_id, version in positions.of(waiting).items():
            if version == waiting[game_id]:
                del waiting[game_id]
        time.sleep(0.1)
    positions.close()
    return _measure(settings, accepted, errors, first_out, offered, starved, elapsed, rate)


def _measure(settings, accepted, errors, first_out, offered, starved, elapsed, rate) -> dict:
    """Latency from each 250 to the last answer of its mail queued (outbox row created)."""
    queued: dict[tuple[int, int], datetime] = {}
    with transaction(settings.database_url) as session:
        rows = session.execute(
            select(OutboundMail.game_id, OutboundMail.created, OutboundMail.message).where(
                OutboundMail.id > first_out
            )
        )
        for game_id, created, message in rows:
            position = int(_POSITION.search(message).group(1))
            key = (game_id, position - 1)  # the answer to the reply written at position - 1
            queued[key] = max(queued.get(key, created), created)
        not_done = session.scalar(
            select(func.count()).select_from(InboundMail).where(InboundMail.status != "done")
        )
    latencies = sorted(
        (queued[(g, v)] - at).total_seconds() * 1000 for g, v, at in accepted if (g, v) in queued
    )
    answered = len(latencies)
    last = max((queued[(g, v)] for g, v, _ in accepted if (g, v) in queued), default=None)
    first = min((at for _, _, at in accepted), default=None)
    span = (last - first).total_seconds() if last and first else elapsed
    return {
        "rate": rate,
        "offered": offered,
        "starved": starved,
        "accepted": len(accepted),
        "errors": len(errors),
        "answered": answered,
        "not_done": not_done,
        "sustained": answered / max(span, elapsed),
        "p50_ms": statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        if latencies
        else float("nan"),
    }


def _cpu(roots: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds so far of each group of processes, and of this one (the senders, the bots)."""
    spent = {name: sum(cpu_seconds(pid) for pid in pids) for name, pids in roots.items()}
    return spent | {"this bench (senders, bots)": time.process_time()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="25,50,100,200,300", help="offered mails/s, rising")
    parser.add_argument("--seconds", type=float, default=10, help="length of each step")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1, help="Celery worker processes")
    parser.add_argument("--concurrency", type=int, default=2, help="pool size of each worker")
    parser.add_argument("--logs", type=Path, help="keep the processes' logs in this folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        folder = Path(folder)
        logs = args.logs or folder
        logs.mkdir(parents=True, exist_ok=True)
        postgres, redis = Postgres(folder / "postgres"), Redis(folder / "redis")
        service = None
        try:
            postgres.start()
            redis.start()
            url = postgres.create_database("bench")
            migrate.upgrade(url)
            rate = commit_rate(url)
            settings = Settings(
                var_dir=folder / "var", database_url=url, broker_url=redis.url(), domain=DOMAIN
            )
            table = Table(settings, args.games, args.players)
            rates = [float(r) for r in args.rates.split(",")]
            # enough for every game to get the same share of all the mails the steps offer
            writing = time.process_time()
            written = table.write_ahead(math.ceil(sum(rates) * args.seconds / args.games) + 2)
            service = Service(logs, settings, args.workers, args.concurrency)
            print(
                f"end to end (SMTP in, {args.workers} worker(s) x {args.concurrency}, "
                f"PostgreSQL, Redis, outbox; HONGA {args.players}p, {args.games} games, "
                f"{args.seconds:g} s a step, {os.cpu_count()} cores, load average "
                f"{os.getloadavg()[0]:.1f} before)"
            )
            print(
                f"PostgreSQL single-row commits: {rate:.0f}/s; replies written ahead: {written} "
                f"({time.process_time() - writing:.1f} s of CPU)"
            )
            print(
                "offered/s  sustained/s  p50 ms  p99 ms  mails  not applied  not offered (no game free)"
            )
            roots = {
                "workers": [p.pid for p in service.processes[1:]],
                "SMTP receiver": [service.processes[0].pid],
                "PostgreSQL": [postgres.pid()],
                "Redis": [redis.process.pid],
            }
            for offered in rates:
                before = _cpu(roots)
                result = step(settings, table, service.port, offered, args.seconds)
                spent = {name: t - before[name] for name, t in _cpu(roots).items()}
                print(
                    f"{offered:9.0f}  {result['sustained']:11.1f}  {result['p50_ms']:6.0f}  "
                    f"{result['p99_ms']:6.0f}  {result['answered']:5d}  "
                    f"{result['accepted'] - result['answered'] + result['errors']:11d}  "
                    f"{result['starved']:26d}",
                    flush=True,
                )
                mails = max(result["answered"], 1)
                print(
                    "           CPU a mail: "
                    + ", ".join(f"{name} {1000 * t / mails:.1f} ms" for name, t in spent.items()),
                    flush=True,
                )
        finally:
            if service is not None:
                service.stop()
            redis.close()
            postgres.close()


if __name__ == "__main__":
    main()
