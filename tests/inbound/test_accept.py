"""accept / accept_and_enqueue: raw bytes stored once, committed before enqueue."""

from __future__ import annotations

import hashlib
import logging
import threading
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from pbem.db import engine_for, sessions, transaction
from pbem.mail import accept as accept_module
from pbem.mail.accept import (
    MessageTooLarge,
    accept,
    accept_and_enqueue,
    message_id,
)

from .helpers import message, stored


def test_stores_raw_bytes_exactly(sqlite_inbound, enqueued):
    raw = message()
    accepted = accept_and_enqueue(
        sqlite_inbound, raw, "pipe", " play+tok@pbem.test ", enqueued.append
    )
    assert accepted.duplicate is False
    [row] = stored(sqlite_inbound)
    assert (row.id, row.raw, row.source, row.status) == (accepted.id, raw, "pipe", "pending")
    assert row.message_id == "<m1@example.org>"
    assert row.digest == hashlib.sha256(raw).hexdigest()
    assert row.envelope_to == "play+tok@pbem.test"
    assert enqueued == [accepted.id]


def test_duplicate_message_id_is_stored_once(any_db, enqueued):
    first = accept_and_enqueue(any_db, message(), "smtp", "", enqueued.append)
    # the same Message-ID with other bytes (another relay's headers): still the same mail
    again = accept_and_enqueue(
        any_db, b"Received: x\r\n" + message(), "mailgun", "", enqueued.append
    )
    assert again.id == first.id and again.duplicate is True
    assert len(stored(any_db)) == 1
    assert enqueued == [first.id]


def test_same_content_without_message_id_is_stored_once(any_db, enqueued):
    raw = message(message_id=None)
    first = accept_and_enqueue(any_db, raw, "webhook", "", enqueued.append)
    again = accept_and_enqueue(any_db, raw, "webhook", "", enqueued.append)
    assert (again.id, again.duplicate) == (first.id, True)
    [row] = stored(any_db)
    assert row.message_id == f"<sha256-{hashlib.sha256(raw).hexdigest()}@pbem.missing>"
    assert enqueued == [first.id]


def test_different_messages_are_both_stored(any_db, enqueued):
    one = accept_and_enqueue(any_db, message("<a@x>"), "smtp", "", enqueued.append)
    two = accept_and_enqueue(any_db, message("<b@x>"), "smtp", "", enqueued.append)
    assert one.id != two.id and not one.duplicate and not two.duplicate
    assert enqueued == [one.id, two.id]


def test_concurrent_accepts_store_one_row(any_db, enqueued):
    raw = message("<race@example.org>")
    barrier = threading.Barrier(8)
    results, errors = [], []

    def deliver():
        try:
            barrier.wait()
            results.append(accept_and_enqueue(any_db, raw, "smtp", "", enqueued.append))
        except Exception as exc:  # surfaced by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=deliver) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(stored(any_db)) == 1
    assert len({r.id for r in results}) == 1
    assert sorted(r.duplicate for r in results) == [False] + [True] * 7
    assert enqueued == [results[0].id]


def _blocked_on_lock(settings) -> bool:
    with engine_for(settings.database_url).connect() as connection:
        query = (
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND datname = current_database() AND query LIKE 'INSERT INTO inbound_mail%'"
        )
        return connection.execute(text(query)).scalar() > 0


def test_losing_the_insert_race_returns_the_winner(any_db, enqueued, caplog):
    """B inserts while A's row is uncommitted: B waits, then returns A's row as a duplicate."""
    raw = message("<tie@example.org>")
    holder = sessions(any_db.database_url)()
    first = accept(holder, raw, "smtp")
    outcome = []
    other = threading.Thread(
        target=lambda: outcome.append(accept_and_enqueue(any_db, raw, "smtp", "", enqueued.append))
    )
    with caplog.at_level(logging.INFO, logger="pbem.mail.accept"):
        other.start()
        postgres = any_db.database_url.startswith("postgresql")
        deadline = time.monotonic() + 10
        while postgres and not _blocked_on_lock(any_db) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.1)
        holder.commit()
        holder.close()
        other.join()
    assert outcome[0].id == first.id and outcome[0].duplicate is True
    assert len(stored(any_db)) == 1 and enqueued == []
    if postgres:  # SQLite serializes whole transactions: B never reaches the INSERT
        assert "concurrent delivery of <tie@example.org>" in caplog.text


def test_a_stored_message_id_that_no_row_shows_is_an_error_to_retry(any_db, enqueued, monkeypatch):
    """The INSERT refused as a duplicate, but the row not found: an error the edge answers with
    "try again" (SMTP 451), never a duplicate answered 250 and lost."""
    raw = message("<vanished@example.org>")
    accept_and_enqueue(any_db, raw, "smtp", "", enqueued.append)
    monkeypatch.setattr(accept_module, "_known", lambda *_: {})
    with pytest.raises(SQLAlchemyError):
        accept_and_enqueue(any_db, raw, "smtp", "", enqueued.append)
    assert len(stored(any_db)) == 1 and len(enqueued) == 1


def test_enqueue_failure_still_stores(sqlite_inbound, caplog):
    def broker_down(_inbound_id):
        raise ConnectionError("broker down")

    accepted = accept_and_enqueue(sqlite_inbound, message(), "smtp", "", broker_down)
    assert accepted.duplicate is False
    assert [row.id for row in stored(sqlite_inbound)] == [accepted.id]
    assert "the sweep will re-queue it" in caplog.text


def test_enqueue_runs_after_commit(sqlite_inbound):
    seen = []
    accepted = accept_and_enqueue(
        sqlite_inbound,
        message(),
        "smtp",
        "",
        lambda i: seen.append([r.id for r in stored(sqlite_inbound)]),
    )
    assert seen == [[accepted.id]]


def test_oversize_is_refused_and_not_stored(tmp_path, enqueued):
    from .helpers import inbound_settings

    settings = inbound_settings(tmp_path, f"sqlite:///{tmp_path}/t.db", max_message_bytes=300)
    raw = message(body=b"x" * 300)
    with pytest.raises(MessageTooLarge):
        accept_and_enqueue(settings, raw, "pipe", "", enqueued.append)
    assert stored(settings) == [] and enqueued == []
    exact = message(body=b"")
    exact += b"y" * (300 - len(exact))
    assert not accept_and_enqueue(settings, exact, "pipe", "", enqueued.append).duplicate


def test_unknown_source_is_a_programming_error(sqlite_inbound):
    with transaction(sqlite_inbound.database_url) as session, pytest.raises(ValueError):
        accept(session, message(), "carrier-pigeon")


BROKEN = {
    "empty": b"",
    "no headers": b"just some text\nwith lines\n",
    "binary garbage": bytes(range(256)) * 4,
    "nul bytes": b"Message-ID: <a\x00b@x>\r\nFrom: \x00\r\n\r\n\x00\x00",
    "unknown charset": (
        b"Message-ID: <cs@x>\r\nSubject: =?x-unknown-42?B?w6k=?=\r\n"
        b"Content-Type: text/plain; charset=x-unknown-42\r\n\r\n\xff\xfe\xe9\r\n"
    ),
    "broken multipart": (
        b'Message-ID: <mp@x>\r\nContent-Type: multipart/mixed; boundary="\r\n\r\n'
        b"--\r\nContent-Type: text/plain\r\n\r\nno end\r\n"
    ),
    "8-bit headers": b"Message-ID: <\xe9t\xe9@x>\r\nFrom: \xff\xfe <a@b>\r\n\r\nbody",
    "header without colon": b"this is not a header\r\nMessage-ID: <late@x>\r\n\r\nbody",
    "bare CR line ends": b"Message-ID: <cr@x>\rSubject: hi\r\rbody\r",
    "empty message-id": b"Message-ID: <>\r\n\r\nbody",
    "huge message-id": b"Message-ID: <" + b"a" * 5000 + b"@x>\r\n\r\nbody",
}


@pytest.mark.parametrize("raw", BROKEN.values(), ids=BROKEN.keys())
def test_broken_input_is_stored(sqlite_inbound, enqueued, raw):
    accepted = accept_and_enqueue(sqlite_inbound, raw, "pipe", "\x00weird\n", enqueued.append)
    [row] = stored(sqlite_inbound)
    assert row.id == accepted.id and row.raw == raw
    assert row.message_id.startswith("<") and len(row.message_id) <= 998
    assert row.envelope_to == "weird"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (b"Message-ID: <a@b>", "<a@b>"),
        (b"message-id:   <a@b>   ", "<a@b>"),
        (b"Message-Id: a@b", "<a@b>"),
        (b"Message-ID:\r\n <folded@b>", "<folded@b>"),
        (b"Message-ID: <a@b> (comment)", "<a@b>"),
        (b"Message-ID: <\xe9@b>", "<\xe9@b>"),
    ],
)
def test_message_id_normalization(header, expected):
    assert message_id(header + b"\r\nSubject: x\r\n\r\nbody", "d") == expected


def test_message_id_of_the_body_is_ignored():
    raw = b"Subject: x\r\n\r\nMessage-ID: <in-body@x>\r\n"
    assert message_id(raw, "abc") == "<sha256-abc@pbem.missing>"
