"""The service as separate processes on servers of the test's own, bot players, and the checks.

``Stack`` runs the SMTP receiver and Celery workers (real processes, killable) against a
private PostgreSQL database and Redis, and captures every mail the service sends on an SMTP
server in this process. The test plays beat: ``sweep`` calls the sweeper's job and enqueues
what it returns, every second instead of every minute. ``Players`` answer turn mails with the
engine's bot, over SMTP, retrying a 4xx or a refused connection as a real MTA would; the
strategy of each test decides how a reply is delivered (once, twice, racing another, ...).
``check`` is the proof: every mail answered 250 processed exactly once, every game replays
from its moves, no mail answered twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import os
import random
import signal
import smtplib
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from aiosmtpd.controller import Controller
from celery import Celery
from sqlalchemy import func, select, text

import engine
from pbem import games, jobs
from pbem.bench_servers import free_port, listening
from pbem.config import Settings
from pbem.db import transaction
from pbem.models import Game, InboundMail, Move, OutboundMail

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DOMAIN = "pbem.test"
KINDS = ("honga", "stoneage", "hengist")
#: seconds a claimed outbox row is left to its worker: the capture server takes a mail in
#: milliseconds, and a mail whose worker was killed goes out again well within ``drain``
SEND_LEASE = 20


class Capture:
    """The players' mail server: every delivery the service makes, in order. After ``hold``
    the next delivery is kept and its 250 waits until ``release``: its sender sits between
    handing a mail to the relay and hearing that the relay took it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.mails: list[tuple[str, EmailMessage]] = []
        self.delivered: set[str] = set()  # the Message-IDs delivered
        self._holding = threading.Event()
        self.held = threading.Event()  # a delivery waits (its Message-ID in ``held_id``)
        self.held_id = ""
        self._released = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        message_id = str(message["Message-ID"])
        with self.lock:
            first = message_id not in self.delivered
            self.delivered.add(message_id)
            self.mails.extend((rcpt.lower(), message) for rcpt in envelope.rcpt_tos)
        # a mail's first delivery is held, never a mail sent again (the sweeper resending a
        # mail held before, whose worker was killed: held again it would count three times)
        if first and self._holding.is_set():  # the relay has the mail; its 250 waits
            self._holding.clear()
            self.held_id = message_id
            self.held.set()
            while not self._released.is_set():
                await asyncio.sleep(0.01)
        return "250 OK"

    def hold(self) -> None:
        """Hold the next first delivery of a mail until :meth:`release`."""
        self._released.clear()
        self.held.clear()
        self._holding.set()

    def release(self) -> None:
        self._released.set()

    def all(self) -> list[tuple[str, EmailMessage]]:
        with self.lock:
            return list(self.mails)


class Stack:
    """SMTP receiver, workers and the capture server around one private database."""

    def __init__(self, tmp_path: Path, database_url: str, broker_url: str):
        self.tmp = tmp_path
        self.database_url = database_url
        self.broker_url = broker_url
        self.capture = Capture()
        self.controller = Controller(self.capture, hostname="127.0.0.1", port=free_port())
        self.smtp_port = free_port()
        self.settings = Settings(
            var_dir=tmp_path / "var",
            database_url=database_url,
            broker_url=broker_url,
            smtp_url=f"smtp://127.0.0.1:{self.controller.port}",
            domain=DOMAIN,
            send_lease=SEND_LEASE,
        )
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "CELERY_BROKER_URL": broker_url,
            "SMTP_URL": self.settings.smtp_url,
            "PBEM_VAR": str(tmp_path / "var"),
            "PBEM_DOMAIN": DOMAIN,
            "PBEM_SEND_LEASE": str(SEND_LEASE),
            # a task may run for less than the lease (the worker refuses to start otherwise)
            "PBEM_TASK_SOFT_TIME_LIMIT": str(SEND_LEASE // 2),
            "PBEM_TASK_TIME_LIMIT": str(SEND_LEASE * 3 // 4),
            "PBEM_SMTP_PORT": str(self.smtp_port),
            "PYTHONPATH": str(REPO),
        }
        self.logs = tmp_path / "logs"
        self.logs.mkdir()
        self.processes: dict[str, subprocess.Popen] = {}
        self.started = 0
        self.broker = Celery("faults", broker=broker_url)
        self.broker.conf.broker_connection_retry_on_startup = True
        self.broker.conf.broker_transport_options = {"max_retries": 1}
        self.accepted: dict[str, int] = Counter()  # Message-ID -> number of 250s
        self.accepted_lock = threading.Lock()
        self.killed = 0  # workers SIGKILLed: a mail sent but not recorded goes out again
        self.retried = 0  # deliveries the receiver answered 4xx or could not take
        self._sweeping = threading.Event()
        self._sweeper: threading.Thread | None = None

    # -- processes -------------------------------------------------------------------

    def _spawn(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        separator = "&" if "?" in self.database_url else "?"
        # the name lets the test see when a worker is inside a transaction
        url = f"{self.database_url}{separator}application_name=pbem-{name}"
        process = subprocess.Popen(
            command,
            cwd=REPO,
            env={**self.env, "DATABASE_URL": url},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: killed with its pool children
        )
        log.close()
        self.processes[name] = process
        return process

    def start(self) -> None:
        self.controller.start()
        self.start_receiver()
        self.start_worker()
        self._sweeper = threading.Thread(target=self._sweep_forever, daemon=True)
        self._sweeper.start()

    def start_receiver(self) -> None:
        """Start the SMTP receiver and wait until it listens."""
        receiver = self._spawn("smtp", [str(BIN / "python"), "-m", "worker.launch", "smtp"])
        deadline = time.monotonic() + 30
        while not listening(self.smtp_port):
            assert receiver.poll() is None, (self.logs / "smtp.log").read_text()
            assert time.monotonic() < deadline, "the SMTP receiver did not listen"
            time.sleep(0.05)

    def kill(self, name: str) -> None:
        """SIGKILL service process ``name`` ("worker", "smtp") with its children, at once."""
        process = self.processes.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool processes (a mail it sent but did not yet record
        may go out again)."""
        self.kill("worker")
        self.killed += 1

    def start_worker(self) -> subprocess.Popen:
        self.started += 1
        command = [
            str(BIN / "celery"), "-A", "worker.celery_app", "worker", "--concurrency", "2",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
            "--loglevel", "WARNING", "--hostname", f"faults{self.started}@%h",
        ]  # fmt: skip
        return self._spawn("worker", command)

    def worker_children(self) -> list[int]:
        """The pids of the current worker's pool processes."""
        parent = str(self.processes["worker"].pid)
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if fields[1] == parent:  # the field after the state is the parent's pid
                    children.append(int(stat.parent.name))
        return children

    def kill_pool_process(self) -> bool:
        """SIGKILL one pool process of the worker (its parent starts another)."""
        children = self.worker_children()
        if not children:
            return False
        os.kill(random.choice(children), signal.SIGKILL)
        self.killed += 1
        return True

    def wait_for_move_in_progress(self, seconds: float = 20) -> bool:
        """Wait until a worker is inside the transaction that processes a mail (it holds a lock
        on ``inbound_mail``, which sending never touches)."""
        deadline = time.monotonic() + seconds
        query = text(
            "SELECT count(*) FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid "
            "JOIN pg_class c ON c.oid = l.relation WHERE a.datname = current_database() "
            "AND a.application_name = 'pbem-worker' AND c.relname = 'inbound_mail'"
        )
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception), transaction(self.database_url) as session:
                if session.scalar(query):
                    return True
            time.sleep(0.002)
        return False

    def stop(self) -> None:
        self._sweeping.set()
        if self._sweeper is not None:
            self._sweeper.join(10)
        for process in self.processes.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.controller.stop()

    def logs_text(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{path.read_text(errors='replace')[-4000:]}"
            for path in sorted(self.logs.iterdir())
        )

    # -- beat ------------------------------------------------------------------------

    def sweep(self) -> None:
        """What beat does every minute: enqueue inbound and outbound work left pending."""
        inbound, outbound = jobs.sweep(self.settings, older_than=timedelta(seconds=2))
        for inbound_id in inbound:
            self.broker.send_task("worker.tasks.process_inbound", args=[inbound_id])
        for batch in jobs.batches(outbound):
            self.broker.send_task("worker.tasks.send_many", args=[batch])

    def _sweep_forever(self) -> None:
        while not self._sweeping.wait(1.0):
            with contextlib.suppress(Exception):  # the database or broker may be away now
                self.sweep()

    # -- mail in ---------------------------------------------------------------------

    def submit(self, raw: bytes, sender: str, rcpt: str, seconds: float = 120) -> None:
        """Deliver like an MTA: retry 4xx answers and refused connections until a 250."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                with smtplib.SMTP("127.0.0.1", self.smtp_port, timeout=30) as client:
                    client.sendmail(sender, [rcpt], raw)
                break
            except smtplib.SMTPResponseException as exc:
                if not 400 <= exc.smtp_code < 500 or time.monotonic() > deadline:
                    raise
            except (OSError, smtplib.SMTPServerDisconnected):
                if time.monotonic() > deadline:
                    raise
            with self.accepted_lock:
                self.retried += 1
            time.sleep(0.2)
        mid = str(email.message_from_bytes(raw, policy=email.policy.default)["Message-ID"])
        with self.accepted_lock:
            self.accepted[mid] += 1

    # -- the end state ---------------------------------------------------------------

    def drain(self, seconds: float = 120) -> None:
        """Wait until nothing is pending: every inbound mail handled, every mail sent."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception), transaction(self.database_url) as session:
                inbound = session.scalar(
                    select(func.count()).where(InboundMail.status == "pending")
                )
                outbound = session.scalar(
                    select(func.count()).where(OutboundMail.status == "pending")
                )
                if inbound == 0 and outbound == 0:
                    time.sleep(0.5)  # deliveries of the last sends reach the capture server
                    return
            time.sleep(0.2)
        raise AssertionError(f"work still pending after {seconds} s\n{self.logs_text()}")


def to_service(sender: str, body: str) -> bytes:
    """A mail to the service address (``new ...``)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = f"play@{DOMAIN}"
    message["Subject"] = "a game?"
    message["Message-ID"] = make_msgid(domain="players.test")
    message.set_content(body)
    return message.as_bytes(policy=email.policy.SMTP)


def at_once(*sends) -> None:
    """Run the ``sends`` in threads released together."""
    barrier = threading.Barrier(len(sends))

    def run(send):
        barrier.wait()
        send()

    threads = [threading.Thread(target=run, args=(send,)) for send in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def new_games(stack: Stack, count: int, players: int = 2) -> list[int]:
    """``count`` started games, the kinds taking turns; their first mails go out by the sweep."""
    ids = []
    with transaction(stack.database_url) as session:
        for n in range(count):
            kind = KINDS[n % len(KINDS)]
            addresses = [f"p{i}.g{n}@players.test" for i in range(1, players + 1)]
            game = games.create(session, stack.settings, kind, addresses, seed=n, seated=True)
            ids.append(game.id)
    return ids


class Players:
    """Bots at the other end: answer the mail of every position they are to move in."""

    def __init__(self, stack: Stack, game_ids: list[int], deliver, seed: int = 1):
        self.stack = stack
        self.game_ids = game_ids
        self.deliver = deliver  # deliver(players, reply: Reply) sends it the test's way
        self.chooser = random.Random(seed)
        self.answered: set[tuple[int, int]] = set()
        self.pool = ThreadPoolExecutor(max_workers=8)
        self.futures = []
        self.lines: dict[str, list[str]] = {}  # Message-ID -> the game lines it carries

    def play(self, replies: int, seconds: float = 120, during=None) -> None:
        """Answer until ``replies`` replies are out; ``during(n)`` runs after reply n."""
        deadline = time.monotonic() + seconds
        while len(self.answered) < replies:
            assert time.monotonic() < deadline, f"only {len(self.answered)} replies in {seconds} s"
            before = len(self.answered)
            with contextlib.suppress(Exception):  # the database may be away for a while
                self._answer_new_positions(replies)
            if during is not None:
                for n in range(before, len(self.answered)):
                    during(n + 1)
            time.sleep(0.05)
        for future in self.futures:
            future.result(timeout=seconds)

    def _answer_new_positions(self, replies: int) -> None:
        mails = {}
        for rcpt, message in self.stack.capture.all():
            if message["X-PBEM-Kind"] in ("turn", "over"):
                mails[(rcpt, int(message["X-PBEM-Game"]), int(message["X-PBEM-Position"]))] = (
                    message
                )
        with transaction(self.stack.database_url) as session:
            found = session.scalars(select(Game).where(Game.id.in_(self.game_ids))).all()
            rows = [
                (g.id, g.kind, g.version, g.status, g.state, [(s.name, s.player.address, s.token) for s in g.seats])
                for g in found
            ]  # fmt: skip
        for game_id, kind, version, status, state, seats in rows:
            if status != "active" or (game_id, version) in self.answered:
                continue
            game_engine = engine.load(kind)
            state = game_engine.restore(state)
            for name, address, token in seats:
                mail = mails.get((address, game_id, version))
                if name not in game_engine.to_move(state) or mail is None:
                    continue
                reply = Reply(self, game_id, version, kind, state, name, address, token, mail)
                self.answered.add((game_id, version))
                self.futures.append(self.pool.submit(self.deliver, self, reply))
                break
            if len(self.answered) >= replies:
                return

    def other_turn(self, reply: Reply) -> list[str]:
        """Another turn the bot might play at the same position (often a different one)."""
        return bot_turn(reply.kind, reply.state, reply.name, random.Random(self.chooser.random()))

    def write(self, reply: Reply, lines: list[str] | None = None) -> tuple[str, bytes]:
        """The mail of ``reply`` (its bot lines unless ``lines``): its Message-ID and bytes."""
        message_id = make_msgid(domain="players.test")
        lines = reply.lines if lines is None else lines
        self.lines[message_id] = lines
        return message_id, reply.raw(lines, message_id)

    def send(self, reply: Reply, lines: list[str] | None = None) -> str:
        """Write ``reply`` and deliver it over SMTP; its Message-ID."""
        message_id, raw = self.write(reply, lines)
        self.stack.submit(raw, reply.address, reply.to)
        return message_id


class Reply:
    """One player's answer to the mail of one position."""

    def __init__(self, players, game_id, version, kind, state, name, address, token, mail):
        self.game_id, self.version, self.kind = game_id, version, kind
        self.name, self.address = name, address
        self.to = players.stack.settings.reply_address(token)
        self.mail = mail
        self.state = state
        self.lines = bot_turn(kind, state, name, random.Random(players.chooser.random()))

    def raw(self, lines: list[str], message_id: str) -> bytes:
        message = EmailMessage()
        message["From"] = self.address
        message["To"] = self.to
        message["Subject"] = "Re: " + str(self.mail["Subject"])
        message["In-Reply-To"] = str(self.mail["Message-ID"])
        message["Message-ID"] = message_id
        quoted = "\n".join(
            "> " + line for line in self.mail.get_body(("plain",)).get_content().splitlines()
        )
        body = "\n".join([f"#{self.version}", *lines])
        message.set_content(f"{body}\n\nOn Monday, pbem <play@{DOMAIN}> wrote:\n{quoted}\n")
        return message.as_bytes(policy=email.policy.SMTP)  # CRLF, as on the wire


def bot_turn(kind: str, state: dict, name: str, chooser: random.Random) -> list[str]:
    """The bot's commands until the turn passes to somebody else."""
    game_engine = engine.load(kind)
    lines = []
    while name in game_engine.to_move(state) and len(lines) < 200:
        lines.append(game_engine.bot(state, name, chooser))
        state = game_engine.play(state, name, lines[-1])
    return lines


def _within(applied: list[str], written: list[str]) -> bool:
    """Whether ``applied`` is ``written`` with some lines left out (each once, in order)."""
    rest = iter(written)
    return all(line in rest for line in applied)


def check(stack: Stack, players: Players, redelivered_ok: bool = False) -> dict:
    """The proof after a fault; returns the counts it saw.

    - every Message-ID answered 250 is stored once and handled (done, refused, ignored),
      none pending or failed;
    - every game replays from seed and moves to its stored state, and its position moved
      once per mail that moved it; what a mail applied is its lines, once, in order (the
      pipeline may leave out a 'done' that changed nothing, or the lines after a draw);
    - every outbox row was sent and reached the players; no position was mailed twice to a
      player under two Message-IDs, no player's mail answered twice with the same kind of
      answer, every refused mail answered with a refusal or a notice; the same
      Message-ID delivered again only after a worker was killed between sending and
      recording it (``redelivered_ok``).
    """
    with transaction(stack.database_url) as session:
        inbound = {row.message_id: row for row in session.scalars(select(InboundMail))}
        assert sorted(inbound) == sorted(stack.accepted), "stored mails != mails answered 250"
        statuses = Counter(row.status for row in inbound.values())
        assert set(statuses) <= {"done", "refused", "ignored"}, (
            statuses,
            [row.error for row in inbound.values() if row.error],
        )
        applied: dict[int, list[str]] = {}
        for inbound_id, command in session.execute(
            select(Move.inbound_id, Move.command)
            .where(Move.inbound_id.is_not(None))
            .order_by(Move.game_id, Move.number)
        ):
            applied.setdefault(inbound_id, []).append(command)
        for message_id, row in inbound.items():
            lines = applied.get(row.id, [])
            assert row.status == "done" or not lines, f"{message_id} is {row.status}"
            assert _within(lines, players.lines.get(message_id, [])), (
                f"{message_id} applied {lines}, wrote {players.lines.get(message_id)}"
            )
        for game in session.scalars(select(Game).where(Game.id.in_(players.game_ids))):
            assert games.replay(session, game) == game.state, f"game {game.id} does not verify"
            moved = sum(1 for r in inbound.values() if r.game_id == game.id and r.id in applied)
            assert game.version == 1 + moved, f"game {game.id}: #{game.version}, {moved} mails"
        outbox = {row.message_id: row for row in session.scalars(select(OutboundMail))}
        assert {row.status for row in outbox.values()} == {"sent"}
    delivered = Counter(str(m["Message-ID"]) for _rcpt, m in stack.capture.all())
    assert set(delivered) == set(outbox), "mails delivered != outbox rows"
    again = sum(n - 1 for n in delivered.values())
    assert redelivered_ok or again == 0, f"{again} mails delivered twice"
    positions = Counter()
    answers = Counter()  # (the player's Message-ID, kind of answer)
    for rcpt, message in dict(
        (str(m["Message-ID"]), (r, m)) for r, m in stack.capture.all()
    ).values():
        if message["X-PBEM-Kind"] in ("turn", "over"):
            positions[(rcpt, message["X-PBEM-Game"], message["X-PBEM-Position"])] += 1
        elif message["Auto-Submitted"] == "auto-replied":
            answers[(str(message["In-Reply-To"]).split()[-1], str(message["X-PBEM-Kind"]))] += 1
    assert all(n == 1 for n in positions.values()), [k for k, n in positions.items() if n > 1]
    assert all(n == 1 for n in answers.values()), [k for k, n in answers.items() if n > 1]
    refused = [mid for mid, row in inbound.items() if row.status == "refused"]
    told = {mid for mid, kind in answers if kind in ("error", "notice")}
    assert told >= set(refused), "a refused mail was not answered"
    return {
        "mails": len(inbound),
        "applied": len(applied),
        "statuses": dict(statuses),
        "outbound": len(outbox),
        "redelivered": again,
        "killed": stack.killed,
    }
