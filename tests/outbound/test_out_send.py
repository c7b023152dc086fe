"""The outbox and sending: Maildir, a real SMTP server, retries with backoff, idempotency."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import mailbox
import socket
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from alembic import command
from celery.exceptions import SoftTimeLimitExceeded
from sqlalchemy import event, select, text, update
from sqlalchemy.exc import OperationalError

from pbem import jobs
from pbem.db import engine_for, transaction
from pbem.mail import send
from pbem.mail.accept import accept
from pbem.mail.compose import compose, thread_for
from pbem.mail.outbox import pending_ids, queue
from pbem.migrate import alembic_config
from pbem.models import InboundMail, OutboundMail, now
from tests.conftest import DATABASES
from tests.service.conftest import Service


class Collector:
    """An SMTP handler keeping what it accepts; ``rcpt``/``data`` replies refuse on demand,
    ``no_such_user`` addresses for good. Counts the connections (their greetings)."""

    def __init__(self, rcpt: str = "250 OK", data: str = "250 Message accepted"):
        self.rcpt, self.data = rcpt, data
        self.envelopes: list = []
        self.attempts = 0
        self.connections = 0
        self.no_such_user: set[str] = set()

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.connections += 1
        session.host_name = hostname
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.attempts += 1
        if address in self.no_such_user:
            return "550 5.1.1 no such user"
        if not self.rcpt.startswith("250"):
            return self.rcpt
        envelope.rcpt_tos.append(address)
        return self.rcpt

    async def handle_DATA(self, server, session, envelope):
        if self.data.startswith("250"):
            self.envelopes.append(envelope)
        return self.data


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """Start a real SMTP server on 127.0.0.1; yields (settings using it, its handler)."""
    servers = []

    def start(handler: Collector, userinfo: str = "", **options):
        controller = Controller(handler, hostname="127.0.0.1", port=free_port(), **options)
        controller.start()
        servers.append(controller)
        url = f"smtp://{userinfo}127.0.0.1:{controller.port}"
        return dataclasses.replace(settings, smtp_url=url)

    yield start
    for controller in servers:
        controller.stop()


def send_one(session, settings, row: OutboundMail, now: datetime | None = None) -> str:
    """Send ``row`` as a worker does (transactions of the job's own); its status after."""
    outbound_id = row.id
    session.commit()  # SQLite has one writer at a time: the test's session holds nothing
    jobs.send_outbound(settings, [outbound_id], now)
    session.refresh(row)
    return row.status


def queued(session, settings, to="ann@example.org") -> OutboundMail:
    thread = thread_for(settings, 12, "HONGA", ["ann", "bob"], "tok12ann")
    context = {"subject": "Hello", "paragraphs": ["A short notice."]}
    row = queue(session, compose("notice", to, context, thread, settings), "notice", None)
    session.commit()
    return row


def test_queue_adds_a_pending_row_without_committing(session, settings):
    thread = thread_for(settings, None, "pbem", [], None)
    message = compose(
        "notice", "Ann <ann@example.org>", {"subject": "Hi", "paragraphs": []}, thread, settings
    )
    row = queue(session, message, "notice", None)
    session.flush()  # the rows of a transaction are written together, at its next flush
    assert row.id is not None and row.status == "pending" and row.attempts == 0
    assert row.to_address == "ann@example.org" and row.subject == "Hi"
    assert row.message_id == message["Message-ID"]
    assert b"\r\n" in row.message
    parsed = message_from_bytes(row.message, policy=policy.default)
    assert parsed["Message-ID"] == message["Message-ID"]
    session.rollback()
    assert session.query(OutboundMail).count() == 0


def test_queue_refuses_several_recipients(session, settings):
    thread = thread_for(settings, None, "pbem", [], None)
    message = compose(
        "notice",
        "a@example.org, b@example.org",
        {"subject": "Hi", "paragraphs": []},
        thread,
        settings,
    )
    with pytest.raises(ValueError, match="one recipient"):
        queue(session, message, "notice", None)


def test_pending_ids_are_the_due_rows(session, settings):
    first, second = queued(session, settings), queued(session, settings)
    later = datetime.now(UTC) + timedelta(minutes=5)
    second.next_attempt = later
    session.commit()
    now = datetime.now(UTC)
    assert pending_ids(session, now) == [first.id]
    assert pending_ids(session, later + timedelta(seconds=1)) == [first.id, second.id]
    first.status = "sent"
    session.commit()
    assert pending_ids(session, later + timedelta(seconds=1)) == [second.id]


def test_maildir_delivery_once(session, settings):
    row = queued(session, settings)
    assert send_one(session, settings, row) == "sent"
    assert send_one(session, settings, row) == "sent"
    box = mailbox.Maildir(settings.outbox_dir)
    assert len(box) == 1
    message = next(iter(box))
    assert message["Delivered-To"] == "ann@example.org"
    assert message["Message-ID"] == row.message_id
    assert row.sent is not None and row.attempts == 0


def test_smtp_delivery_once(session, smtp):
    handler = Collector()
    settings = smtp(handler)
    row = queued(session, settings)
    assert send_one(session, settings, row) == "sent"
    assert send_one(session, settings, row) == "sent"
    assert len(handler.envelopes) == 1
    envelope = handler.envelopes[0]
    assert envelope.mail_from == "play@pbem.test"
    assert envelope.rcpt_tos == ["ann@example.org"]
    received = message_from_bytes(envelope.original_content, policy=policy.default)
    assert received["Message-ID"] == row.message_id
    assert received["Auto-Submitted"] == "auto-generated"
    assert received.get_body(("plain",)).get_content().startswith("Hello")


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_smtp_login_from_the_url(session, smtp):
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"p@ss:word")

    handler = Collector()
    options = {"authenticator": authenticator, "auth_require_tls": False, "auth_required": True}
    settings = smtp(handler, "relay%40pbem.test:p%40ss%3Aword@", **options)
    row = queued(session, settings)
    assert send_one(session, settings, row) == "sent"
    assert logins == [(b"relay@pbem.test", b"p@ss:word")]
    assert len(handler.envelopes) == 1


def test_temporary_refusal_is_retried_with_backoff(session, smtp):
    handler = Collector(rcpt="451 4.3.0 try later")
    settings = smtp(handler)
    row = queued(session, settings)
    now = datetime.now(UTC)
    assert send_one(session, settings, row, now=now) == "pending"
    assert row.attempts == 1 and "451" in row.last_error
    assert pending_ids(session, now) == []
    assert pending_ids(session, now + timedelta(seconds=61)) == [row.id]
    # not due yet: no new attempt
    assert send_one(session, settings, row, now=now + timedelta(seconds=30)) == "pending"
    assert handler.attempts == 1
    # due: tried again, and the wait doubles
    later = now + timedelta(minutes=1)
    assert send_one(session, settings, row, now=later) == "pending"
    assert row.attempts == 2
    assert pending_ids(session, later + timedelta(seconds=119)) == []
    assert pending_ids(session, later + timedelta(seconds=121)) == [row.id]
    # the server recovers
    handler.rcpt = "250 OK"
    assert send_one(session, settings, row, now=later + timedelta(minutes=2)) == "sent"
    assert len(handler.envelopes) == 1


def test_gives_up_after_max_attempts(session, smtp):
    settings = smtp(Collector(rcpt="421 4.7.0 busy"))
    row = queued(session, settings)
    now = datetime.now(UTC)
    statuses = []
    for _ in range(send.MAX_ATTEMPTS):
        statuses.append(send_one(session, settings, row, now=now))
        now += send.MAX_BACKOFF
    assert statuses == ["pending"] * (send.MAX_ATTEMPTS - 1) + ["failed"]
    assert row.attempts == send.MAX_ATTEMPTS


@pytest.mark.parametrize(
    ("handler", "code"),
    [
        (Collector(rcpt="550 5.1.1 no such user"), "550"),
        (Collector(data="554 5.7.1 rejected as spam"), "554"),
    ],
)
def test_permanent_refusal_fails_at_once(session, smtp, handler, code):
    settings = smtp(handler)
    row = queued(session, settings)
    assert send_one(session, settings, row) == "failed"
    assert row.attempts == 1 and code in row.last_error
    assert pending_ids(session, datetime.now(UTC) + timedelta(days=1)) == []


def test_unreachable_relay_is_temporary(session, settings):
    settings = dataclasses.replace(settings, smtp_url=f"smtp://127.0.0.1:{free_port()}")
    row = queued(session, settings)
    assert send_one(session, settings, row) == "pending"
    assert row.attempts == 1 and row.last_error


def test_backoff_doubles_up_to_six_hours():
    waits = [send.backoff(n) for n in range(1, 12)]
    assert waits[:4] == [timedelta(minutes=m) for m in (1, 2, 4, 8)]
    assert max(waits) == timedelta(hours=6) == waits[-1]


def test_unknown_row(session, settings):
    assert jobs.send_outbound(settings, [999]) == {}


class GrumpyQuit(Collector):
    """Takes the mail, then answers QUIT with an error (as a relay under load may)."""

    async def handle_QUIT(self, server, session, envelope):
        return "421 4.3.2 shutting down"


def test_a_mail_the_relay_took_is_sent_even_if_quit_fails(session, smtp):
    handler = GrumpyQuit()
    settings = smtp(handler)
    row = queued(session, settings)
    now = datetime.now(UTC)
    assert send_one(session, settings, row, now=now) == "sent"
    # the sweep comes by later: the mail is not delivered a second time
    send_one(session, settings, row, now=now + timedelta(hours=1))
    assert len(handler.envelopes) == 1 and row.attempts == 0


def test_an_internationalized_address_goes_out_with_smtputf8(session, smtp):
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=True)
    row = queued(session, settings, to="jörg@exämple.org")
    assert send_one(session, settings, row) == "sent"
    (envelope,) = handler.envelopes
    assert envelope.rcpt_tos == ["jörg@exämple.org"]
    assert b"\r\nTo: j\xc3\xb6rg@ex\xc3\xa4mple.org\r\n" in envelope.original_content


def test_an_internationalized_address_fails_at_once_without_smtputf8(session, smtp):
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=False)
    row = queued(session, settings, to="jörg@example.org")
    assert send_one(session, settings, row) == "failed"
    assert row.attempts == 1 and "SMTPUTF8" in row.last_error
    assert handler.envelopes == []


# -- claimed, delivered, recorded: on SQLite and on PostgreSQL ---------------------------------


@pytest.fixture(params=DATABASES)
def relayed(request, smtp):
    """(settings on a migrated database, SQLite or PostgreSQL, sending to a real SMTP server;
    the server's handler)."""
    handler = Collector()
    database = request.getfixturevalue(f"{request.param}_settings")
    return dataclasses.replace(database, smtp_url=smtp(handler).smtp_url), handler


def queued_in(settings, count: int = 1) -> list[int]:
    """``count`` pending rows, to ann0@example.org, ann1@example.org ...; their ids."""
    thread = thread_for(settings, None, "pbem", [], None)
    context = {"subject": "Hello", "paragraphs": ["A short notice."]}
    with transaction(settings.database_url) as session:
        rows = [
            queue(session, compose("notice", f"ann{n}@example.org", context, thread, settings),
                  "notice", None)
            for n in range(count)
        ]  # fmt: skip
        session.flush()
        return [row.id for row in rows]


def status_of(settings, outbound_id: int) -> str:
    with transaction(settings.database_url) as session:
        return session.get(OutboundMail, outbound_id).status


@contextlib.contextmanager
def commits_lost(settings, when, times: int = 1):
    """The first ``times`` commits once ``when()`` holds fail as when the database goes away
    under them: on PostgreSQL the server process of the connection is terminated just before;
    SQLite reports the database locked."""
    engine = engine_for(settings.database_url)
    lost = []

    def cut(connection):
        if len(lost) >= times or not when():
            return
        lost.append(connection)
        if engine.dialect.name != "postgresql":
            raise OperationalError("COMMIT", {}, sqlite3.OperationalError("database is locked"))
        pid = connection.connection.dbapi_connection.info.backend_pid
        with engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": pid})

    event.listen(engine, "commit", cut)
    try:
        yield lost
    finally:
        event.remove(engine, "commit", cut)


def test_a_lost_commit_after_delivery_is_recorded_again_never_sent_again(relayed):
    """The relay takes the mail, then the commit that records it fails (the database went
    away): the recording is tried again, and the mail goes out once and ends sent."""
    settings, handler = relayed
    [outbound_id] = queued_in(settings)
    with commits_lost(settings, lambda: handler.envelopes) as lost:
        assert jobs.send_outbound(settings, [outbound_id]) == {outbound_id: "sent"}
    assert lost and status_of(settings, outbound_id) == "sent"
    assert jobs.send_outbound(settings, [outbound_id]) == {}  # the sweeper's or a retry
    assert len(handler.envelopes) == 1


def test_the_recording_is_tried_again_only_while_the_lease_lasts(relayed):
    """A database away for longer than the lease: the job gives up recording (the row stays
    claimed until the lease ends, then it is sent again, as after a worker's death)."""
    settings, handler = relayed
    settings = dataclasses.replace(settings, send_lease=1)
    [outbound_id] = queued_in(settings)
    started = time.monotonic()
    with (
        commits_lost(settings, lambda: handler.envelopes, times=1000),
        pytest.raises(OperationalError),
    ):
        jobs.send_outbound(settings, [outbound_id])
    assert time.monotonic() - started < 1 + jobs.MAX_RECORD_RETRY
    assert len(handler.envelopes) == 1 and status_of(settings, outbound_id) == "pending"


class Killed(BaseException):
    """The worker dies where it stands (SIGKILL): nothing after it runs."""


def killed(*_args):
    """A stand-in for the step where the worker dies."""
    raise Killed


def test_a_claimed_mail_is_left_to_its_worker_until_the_lease_ends(
    relayed, monkeypatch, time_machine
):
    """A worker dies between handing the mail to the relay and recording it: neither the
    sweeper nor another worker takes the row while its lease lasts; after it, the mail is
    sent again (at least once, never lost)."""
    settings, handler = relayed
    [outbound_id] = queued_in(settings)
    claimed = now()
    time_machine.move_to(claimed, tick=False)

    monkeypatch.setattr(send, "record", killed)
    with pytest.raises(Killed):
        jobs.send_outbound(settings, [outbound_id])
    monkeypatch.undo()
    assert len(handler.envelopes) == 1 and status_of(settings, outbound_id) == "pending"
    lease = timedelta(seconds=settings.send_lease)
    time_machine.move_to(claimed + lease - timedelta(seconds=1), tick=False)
    assert jobs.sweep(settings) == ([], [])
    assert jobs.send_outbound(settings, [outbound_id]) == {}  # the broker's redelivery
    time_machine.move_to(claimed + lease + timedelta(seconds=1), tick=False)
    assert jobs.sweep(settings) == ([], [outbound_id])
    assert jobs.send_outbound(settings, [outbound_id]) == {outbound_id: "sent"}
    assert len(handler.envelopes) == 2


def test_the_answers_to_a_mail_go_out_over_one_connection_in_two_commits(relayed):
    """One claim, one connection, one record; a mail the relay refuses fails alone, and the
    next goes out on a fresh connection."""
    settings, handler = relayed
    ids = queued_in(settings, 4)
    handler.no_such_user.add("ann2@example.org")
    commits = []
    engine, count = engine_for(settings.database_url), commits.append
    event.listen(engine, "commit", count)
    try:
        statuses = jobs.send_outbound(settings, ids)
    finally:
        event.remove(engine, "commit", count)
    assert statuses == dict(zip(ids, ["sent", "sent", "failed", "sent"], strict=True))
    assert [envelope.rcpt_tos for envelope in handler.envelopes] == [
        ["ann0@example.org"], ["ann1@example.org"], ["ann3@example.org"]
    ]  # fmt: skip
    assert (handler.connections, len(commits)) == (2, 2)


# -- a mail's answers: claimed in the move's transaction, sent by the same task ---------------


def stored_move(settings, players: int = 2, above: str = "") -> tuple[Service, int]:
    """A started HONGA game whose first mails are marked sent (``sent`` left empty), and a
    stored reply of the player to move (``above`` its first lines); (the test's service, the
    reply's inbound id)."""
    service = Service(settings)
    game_id = service.new_game(players=players)
    mover = service.to_move(game_id)[0]
    raw = service.reply(game_id, mover, above + service.legal(game_id, mover)[0])
    with transaction(settings.database_url) as session:
        session.execute(update(OutboundMail).values(status="sent"))
        return service, accept(session, raw, "smtp").id


def test_a_mails_answers_are_sent_by_its_task_in_two_commits(relayed):
    """The move and the claim of its answers in one commit, what the relay said in another:
    one commit fewer than sending them as a task of their own, and every answer sent once."""
    settings, handler = relayed
    _service, inbound_id = stored_move(settings)
    commits = []
    engine, count = engine_for(settings.database_url), commits.append
    event.listen(engine, "commit", count)
    try:
        assert jobs.answer_inbound(settings, inbound_id) == []
    finally:
        event.remove(engine, "commit", count)
    with transaction(settings.database_url) as session:
        answers = session.execute(
            select(OutboundMail.to_address, OutboundMail.status).where(
                OutboundMail.sent.is_not(None) | (OutboundMail.status != "sent")
            )
        ).all()
    assert answers and {status for _to, status in answers} == {"sent"} and len(commits) == 2
    assert sorted(e.rcpt_tos[0] for e in handler.envelopes) == sorted(to for to, _ in answers)
    assert jobs.sweep(settings) == ([], [])


def test_answers_whose_worker_died_before_delivering_wait_for_the_lease(
    relayed, monkeypatch, time_machine
):
    """The worker dies between the move's commit and the relay: the answers are committed with
    the move and leased to it, so the sweeper leaves them until the lease ends, then they go
    out once."""
    settings, handler = relayed
    _service, inbound_id = stored_move(settings)
    moved = now()
    time_machine.move_to(moved, tick=False)

    monkeypatch.setattr(send, "deliver", killed)
    with pytest.raises(Killed):
        jobs.answer_inbound(settings, inbound_id)
    monkeypatch.undo()
    with transaction(settings.database_url) as session:
        assert session.get(InboundMail, inbound_id).status == "done"
        pending = session.scalars(
            select(OutboundMail.id).where(OutboundMail.status == "pending")
        ).all()
    assert pending and handler.envelopes == []
    lease = timedelta(seconds=settings.send_lease)
    time_machine.move_to(moved + lease - timedelta(seconds=1), tick=False)
    assert jobs.sweep(settings) == ([], [])
    time_machine.move_to(moved + lease + timedelta(seconds=1), tick=False)
    assert jobs.sweep(settings) == ([], pending)
    assert jobs.send_outbound(settings, pending) == dict.fromkeys(pending, "sent")
    assert len(handler.envelopes) == len(pending)


def test_a_lost_move_commit_sends_nothing_and_the_mail_is_answered_once(relayed):
    """The commit of the move (and of its answers' claim) fails: nothing is sent, the mail stays
    pending for another try, which applies it and sends its answers once."""
    settings, handler = relayed
    _service, inbound_id = stored_move(settings)
    with commits_lost(settings, lambda: True) as lost, pytest.raises(jobs.TryAgain):
        jobs.answer_inbound(settings, inbound_id)
    assert lost and handler.envelopes == []
    with transaction(settings.database_url) as session:
        row = session.get(InboundMail, inbound_id)
        assert (row.status, row.attempts) == ("pending", 1)
    assert jobs.answer_inbound(settings, inbound_id) == []
    with transaction(settings.database_url) as session:
        answered = session.scalars(
            select(OutboundMail.to_address).where(OutboundMail.sent.is_not(None))
        ).all()
    assert answered and sorted(e.rcpt_tos[0] for e in handler.envelopes) == sorted(answered)
    assert jobs.answer_inbound(settings, inbound_id) == []  # the broker's redelivery
    assert len(handler.envelopes) == len(answered)


class RefusingInPart(Collector):
    """Answers 451 to the ``busy`` address, and cuts the connection in the DATA of the
    ``cut`` one before its 250 (the relay keeps nothing of it)."""

    def __init__(self, busy: str, cut: str):
        super().__init__()
        self.busy, self.cut = busy, cut

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address == self.busy:
            self.attempts += 1
            return "451 4.2.1 mailbox busy, try later"
        return await super().handle_RCPT(server, session, envelope, address, rcpt_options)

    async def handle_DATA(self, server, session, envelope):
        if self.cut in envelope.rcpt_tos:
            self.cut = ""
            server.transport.close()
            return "250 never heard"
        return await super().handle_DATA(server, session, envelope)


def test_a_batch_the_relay_refuses_in_part_records_each_mail_by_its_answer(relayed, smtp):
    """One batch meets a 451, a 550 and a connection cut in DATA: the mails the relay took
    are sent, the 5xx one failed, the 451 and the cut one pending until their backoff (the
    rest going on a fresh connection each time); then those two go out once, nothing twice."""
    handler = RefusingInPart(busy="ann1@example.org", cut="ann3@example.org")
    handler.no_such_user.add("ann2@example.org")
    settings = dataclasses.replace(relayed[0], smtp_url=smtp(handler).smtp_url)
    ids = queued_in(settings, 5)
    at = now()
    assert jobs.send_outbound(settings, ids, at) == dict(
        zip(ids, ["sent", "pending", "failed", "pending", "sent"], strict=True)
    )
    with transaction(settings.database_url) as session:
        rows = {row.id: row for row in session.scalars(select(OutboundMail))}
    assert [rows[i].attempts for i in ids] == [0, 1, 1, 1, 0]
    assert "451" in rows[ids[1]].last_error and "550" in rows[ids[2]].last_error
    assert "SMTPServerDisconnected" in rows[ids[3]].last_error
    assert handler.connections == 4  # opened again after each mail that failed
    assert jobs.send_outbound(settings, ids, at + timedelta(seconds=30)) == {}  # backoff
    handler.busy = ""
    assert jobs.send_outbound(settings, ids, at + send.backoff(1)) == {
        ids[1]: "sent",
        ids[3]: "sent",
    }
    assert sorted(e.rcpt_tos[0] for e in handler.envelopes) == [
        "ann0@example.org", "ann1@example.org", "ann3@example.org", "ann4@example.org"
    ]  # fmt: skip


def test_the_soft_time_limit_in_a_mails_delivery_records_what_went_and_fails_nothing(
    relayed, monkeypatch, time_machine
):
    """Celery's soft time limit strikes while a mail's answers go to the relay (the move
    committed): the answers the relay took are recorded sent, the mail stays done (its sender
    is not told that nothing was applied), the answers not yet sent stay leased and go out
    once after the lease."""
    settings, handler = relayed
    _service, inbound_id = stored_move(settings, 3, "say good luck\n")  # three answers
    moved = now()
    time_machine.move_to(moved, tick=False)
    real_send = send.Relay.send

    def out_of_time_at_the_second(relay, to, data):
        if handler.envelopes:
            raise SoftTimeLimitExceeded()
        real_send(relay, to, data)

    monkeypatch.setattr(send.Relay, "send", out_of_time_at_the_second)
    with pytest.raises(SoftTimeLimitExceeded):
        jobs.answer_inbound(settings, inbound_id)
    monkeypatch.undo()
    with transaction(settings.database_url) as session:
        mail = session.get(InboundMail, inbound_id)
        assert (mail.status, mail.attempts, mail.error) == ("done", 0, "")
        answers = session.execute(
            select(OutboundMail.id, OutboundMail.status, OutboundMail.kind).where(
                OutboundMail.sent.is_not(None) | (OutboundMail.status != "sent")
            )
        ).all()
    assert "notice" not in {kind for _id, _status, kind in answers}  # no "could not handle"
    [sent] = [i for i, status, _kind in answers if status == "sent"]
    left = [i for i, status, _kind in answers if status == "pending"]
    assert left and len(answers) == 1 + len(left) and len(handler.envelopes) == 1
    assert jobs.sweep(settings) == ([], [])  # leased to the worker the limit stopped
    time_machine.move_to(moved + timedelta(seconds=settings.send_lease + 1), tick=False)
    assert jobs.sweep(settings) == ([], left)
    assert jobs.send_outbound(settings, left) == dict.fromkeys(left, "sent")
    assert len(handler.envelopes) == len(answers) and sent not in left


def test_outbox_rows_in_flight_across_0008_keep_their_bytes_and_their_lease(
    postgres_settings, smtp, time_machine
):
    """0008 runs while turn-mail-sized rows wait, written under 0007 (compressed by pglz), one
    of them claimed by a worker: each keeps its bytes beside a row written after (lz4), the
    claimed one its lease, and every one goes out once."""
    handler = Collector()
    settings = dataclasses.replace(postgres_settings, smtp_url=smtp(handler).smtp_url)
    url = settings.database_url
    command.downgrade(alembic_config(url), "0007")
    thread = thread_for(settings, None, "pbem", [], None)
    context = {"subject": "Hello", "paragraphs": [f"Move {n}: ann took wood." for n in range(3000)]}

    def write(n: int) -> int:
        with transaction(url) as session:
            message = compose("notice", f"ann{n}@example.org", context, thread, settings)
            row = queue(session, message, "notice", None)
            session.flush()
            return row.id

    before = [write(n) for n in range(3)]
    claimed = now()
    time_machine.move_to(claimed, tick=False)
    lease = timedelta(seconds=settings.send_lease)
    with transaction(url) as session:  # a worker has the first in hand
        assert [mail.id for mail in send.claim(session, before[:1], claimed, lease)] == before[:1]
    command.upgrade(alembic_config(url), "head")
    after = write(3)
    with transaction(url) as session:
        written = dict(session.execute(select(OutboundMail.id, OutboundMail.message)).all())
        compressions = session.execute(
            text("SELECT id, pg_column_compression(message) FROM outbound_mail ORDER BY id")
        ).all()
    assert compressions == [(i, "pglz") for i in before] + [(after, "lz4")]
    assert jobs.sweep(settings) == ([], [*before[1:], after])
    assert jobs.send_outbound(settings, [*before, after]) == dict.fromkeys(
        [*before[1:], after], "sent"
    )
    time_machine.move_to(claimed + lease + timedelta(seconds=1), tick=False)
    assert jobs.sweep(settings) == ([], before[:1])
    assert jobs.send_outbound(settings, before[:1]) == {before[0]: "sent"}
    by_rcpt = {e.rcpt_tos[0]: e.original_content for e in handler.envelopes}
    assert len(handler.envelopes) == 4 and by_rcpt == {
        f"ann{n}@example.org": written[i] for n, i in enumerate([*before, after])
    }


class Slow(Collector):
    """Takes each mail after a pause: the claims of racing senders overlap its deliveries."""

    async def handle_DATA(self, server, session, envelope):
        await asyncio.sleep(0.05)
        return await super().handle_DATA(server, session, envelope)


def test_two_workers_and_the_sweeper_racing_on_the_same_rows_send_each_once(relayed, smtp):
    """Two send tasks with overlapping batches (two sweeps handed the rows out) and a third
    from the sweeper start at one moment, the relay slow: each row is claimed by one of them
    (SQLite: ``BEGIN IMMEDIATE``, PostgreSQL: ``SKIP LOCKED`` and the lease), each mail goes
    out once and ends sent."""
    handler = Slow()
    settings = dataclasses.replace(relayed[0], smtp_url=smtp(handler).smtp_url)
    ids = queued_in(settings, 8)
    barrier = threading.Barrier(3)
    results = []

    def racing(batch):
        barrier.wait()
        if batch is None:
            _inbound, batch = jobs.sweep(settings, older_than=timedelta(0))
        results.append(jobs.send_outbound(settings, batch))

    threads = [threading.Thread(target=racing, args=(batch,)) for batch in (ids, ids[2:], None)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(i for statuses in results for i in statuses) == ids
    assert {status_of(settings, i) for i in ids} == {"sent"}
    assert sorted(e.rcpt_tos[0] for e in handler.envelopes) == [
        f"ann{n}@example.org" for n in range(8)
    ]


def test_two_workers_given_the_same_mail_at_once_answer_it_once(relayed):
    """The broker's redelivery and the sweeper hand one mail to two workers at the same moment:
    one applies it and sends its answers, the other finds it held (PostgreSQL: ``SKIP
    LOCKED``) or done (SQLite: it waits for ``BEGIN IMMEDIATE``); every answer goes once."""
    settings, handler = relayed
    _service, inbound_id = stored_move(settings, 3, "say good luck\n")
    barrier = threading.Barrier(2)
    left = []

    def answer():
        barrier.wait()
        left.append(jobs.answer_inbound(settings, inbound_id))

    threads = [threading.Thread(target=answer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with transaction(settings.database_url) as session:
        assert session.get(InboundMail, inbound_id).status == "done"
        answers = session.execute(
            select(OutboundMail.to_address, OutboundMail.status).where(
                OutboundMail.sent.is_not(None) | (OutboundMail.status != "sent")
            )
        ).all()
    assert left == [[], []] and len(answers) == 3 and {s for _to, s in answers} == {"sent"}
    assert sorted(e.rcpt_tos[0] for e in handler.envelopes) == sorted(to for to, _ in answers)
