"""The aiosmtpd receiver, over a real socket with smtplib."""

from __future__ import annotations

import asyncio
import smtplib
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import event

from pbem.db import engine_for
from pbem.smtp import GroupCommit, start_controller

from .helpers import DOMAIN, inbound_settings, message, stored

LIMIT = 10 * 1024 * 1024


@pytest.fixture
def smtp_server(sqlite_inbound, enqueued):
    """A running receiver; yields a connected smtplib client."""
    controller = start_controller(sqlite_inbound, enqueued.append, "127.0.0.1", 0)
    try:
        with smtplib.SMTP("127.0.0.1", controller.port, timeout=30) as client:
            client.ehlo()
            yield client
    finally:
        controller.stop()


def deliver(client: smtplib.SMTP, raw: bytes, rcpt: str = f"play+tok@{DOMAIN}"):
    """MAIL, RCPT, DATA without SIZE, so DATA itself answers."""
    client.ehlo_or_helo_if_needed()
    assert client.mail("ann@example.org")[0] == 250
    assert client.rcpt(rcpt)[0] == 250
    return client.data(raw)


def test_stores_exact_bytes_and_answers_after_commit(sqlite_inbound, enqueued):
    committed_at_enqueue = []

    def enqueue(inbound_id):
        committed_at_enqueue.append([row.id for row in stored(sqlite_inbound)])
        enqueued.append(inbound_id)

    controller = start_controller(sqlite_inbound, enqueue, "127.0.0.1", 0)
    try:
        raw = message(body=b"e2 e4\r\n.leading dot\r\n\r\nbye\r\n")
        with smtplib.SMTP("127.0.0.1", controller.port, timeout=30) as client:
            code, reply = deliver(client, raw)
    finally:
        controller.stop()
    [row] = stored(sqlite_inbound)
    assert (code, reply) == (250, f"OK queued as {row.id}".encode())
    assert row.raw == raw and row.source == "smtp"
    assert row.envelope_to == f"play+tok@{DOMAIN}"
    assert enqueued == [row.id] and committed_at_enqueue == [[row.id]]


@pytest.mark.parametrize(
    "rcpt", [f"play@{DOMAIN}", f"PLAY+Tok_9-x@{DOMAIN.upper()}", f"play+a.b=c@{DOMAIN}"]
)
def test_local_recipients_are_accepted(smtp_server, rcpt):
    assert smtp_server.mail("")[0] == 250  # bounces (null sender) are received too
    assert smtp_server.rcpt(rcpt)[0] == 250


@pytest.mark.parametrize(
    "rcpt",
    [
        f"someone@{DOMAIN}",
        "play@example.org",
        f"play@sub.{DOMAIN}",
        f"play+@{DOMAIN}",
        f"xplay@{DOMAIN}",
        f"play@{DOMAIN}.evil.example",
    ],
)
def test_foreign_recipients_get_550(smtp_server, rcpt):
    smtp_server.mail("ann@example.org")
    code, reply = smtp_server.rcpt(rcpt)
    assert (code, reply) == (550, b"5.1.1 no such user here")


def test_duplicate_message_id_twice_is_stored_once(smtp_server, sqlite_inbound, enqueued):
    first = deliver(smtp_server, message("<twice@example.org>"))
    second = deliver(smtp_server, message("<twice@example.org>", body=b"resent\r\n"))
    [row] = stored(sqlite_inbound)
    assert first == second == (250, f"OK queued as {row.id}".encode())
    assert enqueued == [row.id]


def _big(size: int) -> bytes:
    head = message(body=b"")
    line = b"x" * 78 + b"\r\n"
    body = line * ((size - len(head)) // len(line))
    filler = size - len(head) - len(body)
    return head + body + b"y" * (filler - 2) + b"\r\n"


def test_oversize_gets_552_and_nothing_stored(smtp_server, sqlite_inbound, enqueued):
    raw = _big(LIMIT + 1)
    assert len(raw) == LIMIT + 1
    code, _ = deliver(smtp_server, raw)  # refused after DATA
    assert code == 552
    with pytest.raises(smtplib.SMTPSenderRefused) as refused:  # refused at MAIL FROM SIZE=
        smtp_server.sendmail("ann@example.org", [f"play@{DOMAIN}"], raw)
    assert refused.value.smtp_code == 552
    assert stored(sqlite_inbound) == [] and enqueued == []


def test_message_at_the_limit_is_stored(smtp_server, sqlite_inbound):
    raw = _big(LIMIT)
    assert deliver(smtp_server, raw)[0] == 250
    assert [row.raw for row in stored(sqlite_inbound)] == [raw]


def test_database_error_answers_451(tmp_path, enqueued):
    # no tables: every insert fails, as with a database that is down
    settings = inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db")
    from pbem.db import engine_for
    from pbem.models import Base

    Base.metadata.drop_all(engine_for(settings.database_url))
    controller = start_controller(settings, enqueued.append, "127.0.0.1", 0)
    try:
        with smtplib.SMTP("127.0.0.1", controller.port, timeout=30) as client:
            assert deliver(client, message()) == (451, b"4.3.0 try again later")
    finally:
        controller.stop()
    assert enqueued == []


def test_mails_arriving_together_are_stored_in_one_commit(sqlite_inbound, enqueued):
    """Group commit: the mails whose DATA ends while a transaction stores the first one are
    stored together in the next, one commit for them all, each answered 250 after it."""
    count = 6
    controller = None

    def enqueue(inbound_id):
        if not enqueued:  # the first mail's transaction is done: let the others come meanwhile
            deadline = time.monotonic() + 30
            while len(controller.handler.stored.waiting) < count - 1:
                assert time.monotonic() < deadline
                time.sleep(0.01)
        enqueued.append(inbound_id)

    commits = []
    engine, counted = engine_for(sqlite_inbound.database_url), commits.append
    event.listen(engine, "commit", counted)
    controller = start_controller(sqlite_inbound, enqueue, "127.0.0.1", 0)
    answers = {}

    def send(n):
        with smtplib.SMTP("127.0.0.1", controller.port, timeout=30) as client:
            answers[n] = deliver(client, message(f"<together{n}@example.org>"))

    try:
        first = threading.Thread(target=send, args=(0,))
        first.start()
        while not commits:  # the first mail committed, its transaction not over yet
            time.sleep(0.01)
        others = [threading.Thread(target=send, args=(n,)) for n in range(1, count)]
        for thread in others:
            thread.start()
        for thread in [first, *others]:
            thread.join(60)
    finally:
        controller.stop()
        event.remove(engine, "commit", counted)
    rows = stored(sqlite_inbound)
    assert len(rows) == count and len(commits) == 2
    assert sorted(answers.values()) == sorted((250, f"OK queued as {r.id}".encode()) for r in rows)
    assert sorted(enqueued) == [row.id for row in rows]


def test_a_mail_that_cannot_be_stored_fails_alone_in_its_batch(sqlite_inbound, enqueued):
    """A batch whose store raises (not the database away) is stored again one mail at a time:
    the mails beside the one that fails are stored and answered, it alone gets the error."""
    stored_together = GroupCommit(sqlite_inbound, enqueued.append)
    store, poison = stored_together.store, message("<poison@example.org>")

    def store_unless_poisoned(mails):
        if any(raw == poison for raw, _to in mails):
            raise ValueError("cannot store this one")
        return store(mails)

    stored_together.store = store_unless_poisoned
    to = f"play@{DOMAIN}"
    mails = [message("<before@example.org>"), poison, message("<after@example.org>")]

    async def together():
        return await asyncio.gather(
            *(stored_together(raw, to) for raw in mails), return_exceptions=True
        )

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this one
        before, failed, after = thread.submit(asyncio.run, together()).result(60)
    assert isinstance(failed, ValueError)
    assert {row.message_id for row in stored(sqlite_inbound)} == {
        "<before@example.org>",
        "<after@example.org>",
    }
    assert sorted(enqueued) == sorted([before.id, after.id])
