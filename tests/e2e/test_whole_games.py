"""Whole games by mail, end to end, against the running service.

The inbound SMTP receiver and the Celery worker run as separate processes; outbound mail goes
over real SMTP to a receiver in this test. Bot players read their mails, answer each turn mail
by replying to its Reply-To address over SMTP (quoting it, as mail clients do), and accept
invitations with ``join``. Players get mail as ``mail turns`` (the default) says: the start,
the end, and the position whenever they are to move (a bot answers only the mail of the
current position, so a missing one stalls the game); ``pbem verify`` replays it cleanly.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import os
import random
import smtplib
import socket
import subprocess
import sys
import threading
import time
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

import engine
from pbem import migrate
from pbem.db import transaction
from pbem.models import Game, OutboundMail
from tests.conftest import SERVERS

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DOMAIN = "pbem.test"
pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """The players' side: an SMTP server that receives what the service sends."""

    def __init__(self):
        self.mails: list[tuple[str, EmailMessage]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            for rcpt in envelope.rcpt_tos:
                self.mails.append((rcpt.lower(), message))
        return "250 OK"

    def since(self, index: int) -> list[tuple[str, EmailMessage]]:
        with self.lock:
            return self.mails[index:]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{process.args} exited with {process.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


@pytest.fixture
def running_service(tmp_path, request):
    """Start the SMTP receiver and a worker on the backend the test asks for."""
    backend = request.param
    if backend == "servers":
        database_url = request.getfixturevalue("postgres_url")
        broker_url = request.getfixturevalue("redis_url")
    else:
        database_url = f"sqlite:///{tmp_path}/pbem.db"
        broker_url = "filesystem://"
        migrate.upgrade(database_url)
    inbox = Inbox()
    capture = Controller(inbox, hostname="127.0.0.1", port=free_port())
    capture.start()
    smtp_port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": broker_url,
        "SMTP_URL": f"smtp://127.0.0.1:{capture.port}",
        "PBEM_VAR": str(tmp_path / "var"),
        "PBEM_DOMAIN": DOMAIN,
        "PBEM_SMTP_PORT": str(smtp_port),
        "PYTHONPATH": str(REPO),
    }
    logs = tmp_path / "logs"
    logs.mkdir()
    commands = {
        "smtp": [str(BIN / "python"), "-m", "worker.launch", "smtp"],
        "worker": [
            str(BIN / "celery"),
            "-A",
            "worker.celery_app",
            "worker",
            "--concurrency",
            "2",
            "--without-gossip",
            "--without-mingle",
            "--loglevel",
            "WARNING",
        ],
    }
    with contextlib.ExitStack() as stack:
        processes = []
        for name, command in commands.items():
            log = stack.enter_context(open(logs / f"{name}.log", "wb"))
            processes.append(
                subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
            )
        try:
            wait_for_port(smtp_port, processes[0])
            yield {
                "inbox": inbox,
                "smtp_port": smtp_port,
                "database_url": database_url,
                "env": env,
                "logs": logs,
            }
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
            capture.stop()


def send(port: int, sender: str, to: str, body: str, answering: EmailMessage | None = None) -> None:
    """A player's mail client: a reply quoting the mail it answers."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Message-ID"] = make_msgid(domain="players.test")
    if answering is not None:
        message["Subject"] = "Re: " + str(answering["Subject"])
        message["In-Reply-To"] = str(answering["Message-ID"])
        quoted = "\n".join(
            "> " + line for line in answering.get_body(("plain",)).get_content().splitlines()
        )
        body = f"{body}\n\nOn Monday, pbem <play@{DOMAIN}> wrote:\n{quoted}\n"
    else:
        message["Subject"] = "New game"
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.send_message(message)


def game_row(database_url: str, game_id: int) -> dict:
    """The game as plain data: status, version, state and seats (name, address)."""
    with transaction(database_url) as session:
        game = session.get(Game, game_id)
        return {
            "status": game.status,
            "version": game.version,
            "state": game.state,
            "seats": [(s.name, s.player.address) for s in game.seats],
        }


def pending_outbox(database_url: str) -> int:
    with transaction(database_url) as session:
        return len(
            session.scalars(select(OutboundMail.id).where(OutboundMail.status == "pending")).all()
        )


def bot_lines(kind: str, state: dict, name: str, chooser: random.Random) -> list[str]:
    """All commands the bot gives until the turn passes to somebody else."""
    game = engine.load(kind)
    lines = []
    while name in game.to_move(state) and len(lines) < 200:
        command = game.bot(state, name, chooser)
        state = game.play(state, name, command)
        lines.append(command)
    return lines


def play_by_mail(service, kind: str, players: int, options: dict, timeout: float) -> int:
    inbox, port, url = service["inbox"], service["smtp_port"], service["database_url"]
    addresses = [f"player{i}@players.test" for i in range(1, players + 1)]
    option_text = " ".join(f"{k}={'yes' if v is True else v}" for k, v in options.items())
    send(
        port,
        addresses[0],
        f"play@{DOMAIN}",
        f"new {kind} with {', '.join(addresses[1:])} {option_text}".strip(),
    )
    chooser = random.Random(1)
    seen, game_id, answered = 0, None, set()
    received: dict[str, set[int]] = {a: set() for a in addresses}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fresh = inbox.since(seen)
        seen += len(fresh)
        for rcpt, message in fresh:
            mail_kind = message["X-PBEM-Kind"]
            assert mail_kind != "error", message.get_body(("plain",)).get_content()
            if message["X-PBEM-Game"]:
                game_id = int(message["X-PBEM-Game"])
            reply_to = parseaddr(str(message["Reply-To"]))[1]
            if mail_kind == "invite":
                send(port, rcpt, reply_to, "join", answering=message)
            elif mail_kind in ("turn", "over"):
                received[rcpt].add(int(message["X-PBEM-Position"]))
        if game_id is None:
            time.sleep(0.05)
            continue
        game = game_row(url, game_id)
        if game["status"] == "finished":
            return game_id
        if game["status"] != "active":
            time.sleep(0.05)
            continue
        state = engine.load(kind).restore(game["state"])
        version = game["version"]
        for name, address in game["seats"]:
            if (version, name) in answered or name not in engine.load(kind).to_move(state):
                continue
            if version not in received[address]:
                continue  # answer only once the mail for this position has arrived
            mail = next(
                m
                for r, m in reversed(inbox.since(0))
                if r == address and m["X-PBEM-Position"] == str(version)
            )
            lines = bot_lines(kind, state, name, chooser)
            send(
                port,
                address,
                parseaddr(str(mail["Reply-To"]))[1],
                "\n".join([f"#{version}", *lines]),
                answering=mail,
            )
            answered.add((version, name))
        time.sleep(0.05)
    raise AssertionError(f"{kind} game {game_id} did not finish in {timeout} s")


CASES = [pytest.param("embedded", "honga", 3, {}, id="embedded-honga-3p")]
if SERVERS:  # PostgreSQL and Redis configured (always on CI)
    CASES += [
        pytest.param("servers", "honga", 4, {}, id="servers-honga-4p"),
        pytest.param(
            "servers", "stoneage", 2, {"mammoth_herd": True}, id="servers-stoneage-2p-herd"
        ),
        pytest.param("servers", "hengist", 2, {}, id="servers-hengist-2p"),
    ]


@pytest.mark.parametrize(
    ("running_service", "kind", "players", "options"), CASES, indirect=["running_service"]
)
def test_a_whole_game_by_mail(running_service, kind, players, options):
    if kind not in engine.names():
        pytest.fail(f"{kind} is not registered")
    url = running_service["database_url"]
    game_id = play_by_mail(running_service, kind, players, options, timeout=600)
    # the outbox drains: every mail was sent
    deadline = time.monotonic() + 60
    while pending_outbox(url) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert pending_outbox(url) == 0
    game = game_row(url, game_id)
    final = game["version"]
    time.sleep(0.5)
    inbox = running_service["inbox"]
    for name, address in game["seats"]:
        mails = {
            int(m["X-PBEM-Position"]): m
            for r, m in inbox.since(0)
            if r == address and m["X-PBEM-Kind"] in ("turn", "over")
        }
        assert {1, final} <= set(mails), f"{name} missed the start or the end"
        for position, mail in mails.items():
            if position not in (1, final):  # nothing about the others' turns
                assert "it is your turn" in mail.get_body(("plain",)).get_content(), position
    verify = subprocess.run(
        [str(BIN / "pbem"), "verify"],
        env=running_service["env"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "0 mismatches" in verify.stdout
