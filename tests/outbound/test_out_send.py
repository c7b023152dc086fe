"""The outbox and sending: Maildir, a real SMTP server, retries with backoff, idempotency."""

from __future__ import annotations

import dataclasses
import mailbox
import socket
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from pbem.mail import send
from pbem.mail.compose import compose, thread_for
from pbem.mail.outbox import pending_ids, queue
from pbem.models import OutboundMail


class Collector:
    """An SMTP handler keeping what it accepts; ``rcpt``/``data`` replies refuse on demand."""

    def __init__(self, rcpt: str = "250 OK", data: str = "250 Message accepted"):
        self.rcpt, self.data = rcpt, data
        self.envelopes: list = []
        self.attempts = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.attempts += 1
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
    assert send.send_one(session, settings, row.id) == "sent"
    session.commit()
    assert send.send_one(session, settings, row.id) == "sent"
    session.commit()
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
    assert send.send_one(session, settings, row.id) == "sent"
    session.commit()
    assert send.send_one(session, settings, row.id) == "sent"
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
    assert send.send_one(session, settings, row.id) == "sent"
    assert logins == [(b"relay@pbem.test", b"p@ss:word")]
    assert len(handler.envelopes) == 1


def test_temporary_refusal_is_retried_with_backoff(session, smtp):
    handler = Collector(rcpt="451 4.3.0 try later")
    settings = smtp(handler)
    row = queued(session, settings)
    now = datetime.now(UTC)
    assert send.send_one(session, settings, row.id, now=now) == "pending"
    session.commit()
    assert row.attempts == 1 and "451" in row.last_error
    assert pending_ids(session, now) == []
    assert pending_ids(session, now + timedelta(seconds=61)) == [row.id]
    # not due yet: no new attempt
    assert send.send_one(session, settings, row.id, now=now + timedelta(seconds=30)) == "pending"
    assert handler.attempts == 1
    # due: tried again, and the wait doubles
    later = now + timedelta(minutes=1)
    assert send.send_one(session, settings, row.id, now=later) == "pending"
    session.commit()
    assert row.attempts == 2
    assert pending_ids(session, later + timedelta(seconds=119)) == []
    assert pending_ids(session, later + timedelta(seconds=121)) == [row.id]
    # the server recovers
    handler.rcpt = "250 OK"
    assert send.send_one(session, settings, row.id, now=later + timedelta(minutes=2)) == "sent"
    assert len(handler.envelopes) == 1


def test_gives_up_after_max_attempts(session, smtp):
    settings = smtp(Collector(rcpt="421 4.7.0 busy"))
    row = queued(session, settings)
    now = datetime.now(UTC)
    statuses = []
    for _ in range(send.MAX_ATTEMPTS):
        statuses.append(send.send_one(session, settings, row.id, now=now))
        session.commit()
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
    assert send.send_one(session, settings, row.id) == "failed"
    session.commit()
    assert row.attempts == 1 and code in row.last_error
    assert pending_ids(session, datetime.now(UTC) + timedelta(days=1)) == []


def test_unreachable_relay_is_temporary(session, settings):
    settings = dataclasses.replace(settings, smtp_url=f"smtp://127.0.0.1:{free_port()}")
    row = queued(session, settings)
    assert send.send_one(session, settings, row.id) == "pending"
    assert row.attempts == 1 and row.last_error


def test_backoff_doubles_up_to_six_hours():
    waits = [send.backoff(n) for n in range(1, 12)]
    assert waits[:4] == [timedelta(minutes=m) for m in (1, 2, 4, 8)]
    assert max(waits) == timedelta(hours=6) == waits[-1]


def test_unknown_row(session, settings):
    assert send.send_one(session, settings, 999) == "missing"


class GrumpyQuit(Collector):
    """Takes the mail, then answers QUIT with an error (as a relay under load may)."""

    async def handle_QUIT(self, server, session, envelope):
        return "421 4.3.2 shutting down"


def test_a_mail_the_relay_took_is_sent_even_if_quit_fails(session, smtp):
    handler = GrumpyQuit()
    settings = smtp(handler)
    row = queued(session, settings)
    now = datetime.now(UTC)
    assert send.send_one(session, settings, row.id, now=now) == "sent"
    session.commit()
    # the sweep comes by later: the mail is not delivered a second time
    send.send_one(session, settings, row.id, now=now + timedelta(hours=1))
    assert len(handler.envelopes) == 1 and row.attempts == 0


def test_an_internationalized_address_goes_out_with_smtputf8(session, smtp):
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=True)
    row = queued(session, settings, to="jörg@exämple.org")
    assert send.send_one(session, settings, row.id) == "sent"
    (envelope,) = handler.envelopes
    assert envelope.rcpt_tos == ["jörg@exämple.org"]
    assert b"\r\nTo: j\xc3\xb6rg@ex\xc3\xa4mple.org\r\n" in envelope.original_content


def test_an_internationalized_address_fails_at_once_without_smtputf8(session, smtp):
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=False)
    row = queued(session, settings, to="jörg@example.org")
    assert send.send_one(session, settings, row.id) == "failed"
    assert row.attempts == 1 and "SMTPUTF8" in row.last_error
    assert handler.envelopes == []
