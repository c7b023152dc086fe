"""Properties of mail intake and reply extraction, whatever arrives.

- ``accept`` stores any bytes once and gives back a row; the pipeline's ``parse`` always
  gives a message; ``classify`` one of its kinds; ``new_text`` a string no larger than a
  bounded multiple of the mail, using bounded memory. No exception but the documented ones.
- A reply's command lines written above a quote of our mail are read; the quote is not.
"""

from __future__ import annotations

import email.policy
import tracemalloc
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from pbem import games, migrate, pipeline
from pbem.config import Settings
from pbem.db import make_engine, sessions, transaction
from pbem.mail import mime
from pbem.mail.accept import MAX_MESSAGE_ID, accept, message_id
from pbem.mail.classify import classify
from pbem.mail.extract import new_text
from pbem.models import Base, InboundMail, OutboundMail

from .strategies import ATTRIBUTIONS, command_line, raw_mail

KINDS = {"normal", "auto_reply", "bounce", "list", "loop"}
# generous: a slow shared machine must not fail them; a quadratic path on 2 kB still does
MAIL = settings(
    max_examples=150, deadline=timedelta(seconds=2), suppress_health_check=[HealthCheck.too_slow]
)


@MAIL
@given(raw=raw_mail())
def test_any_mail_parses_classifies_and_extracts(raw):
    message = pipeline.parse(raw)
    assert classify(message) in KINDS
    tracemalloc.start()
    try:
        text = new_text(message)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(text, str)
    assert len(text) <= 2 * len(raw) + 100
    assert peak <= 200 * len(raw) + 2_000_000


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    engine = make_engine(f"sqlite:///{tmp_path_factory.mktemp('accept')}/t.db")
    Base.metadata.create_all(engine)
    yield engine
    engine.dispose()


@MAIL
@given(raw=raw_mail())
def test_any_mail_is_stored_once_with_a_bounded_message_id(database, raw):
    with Session(database) as session:
        first = accept(session, raw, "smtp", "play@pbem.test")
        again = accept(session, raw, "smtp")
        row = session.get(InboundMail, first.id)
        assert (first.duplicate, again) == (False, type(again)(first.id, True))
        assert row.raw == raw and row.status == "pending"
        assert len(row.message_id) <= MAX_MESSAGE_ID
        assert row.message_id == message_id(raw, row.digest)
        session.rollback()


@MAIL
@given(
    lines=st.lists(command_line, min_size=1, max_size=5),
    attribution=st.sampled_from(ATTRIBUTIONS),
    quoted=st.lists(st.text(alphabet="abcdefgh ", min_size=1, max_size=30), max_size=5),
)
def test_commands_above_a_quote_are_read_and_the_quote_is_not(lines, attribution, quoted):
    lines = [line for line in lines if line.split()[0] != "end"]  # 'end' stops reading
    body = "\n".join([*lines, "", attribution, *(f"> QUOTED {q}" for q in quoted)])
    message = pipeline.parse(
        b"From: ann@x.test\r\nTo: play@pbem.test\r\nSubject: Re: game\r\n"
        b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body.encode()
    )
    text = new_text(message)
    assert [line for line in text.splitlines() if line.strip()] == lines
    assert "QUOTED" not in text


@pytest.fixture(scope="module")
def seat(tmp_path_factory):
    """A running HONGA game on SQLite: (settings, the first seat's address and token)."""
    folder = tmp_path_factory.mktemp("pipeline")
    settings = Settings(var_dir=folder, database_url=f"sqlite:///{folder}/t.db", domain="pbem.test")
    migrate.upgrade(settings.database_url)
    with transaction(settings.database_url) as session:
        game = games.create(session, settings, "honga", ["a@x.test", "b@x.test"], seated=True)
        first = game.seats[0]
        address, token = first.player.address, first.token
    return settings, address, token


@settings(
    max_examples=60, deadline=timedelta(seconds=3), suppress_health_check=[HealthCheck.too_slow]
)
@given(body=raw_mail(), authentic=st.booleans())
def test_any_mail_to_a_seat_is_answered_or_recorded(seat, body, authentic):
    """The whole pipeline on any mail to a game: it ends done, refused or ignored, never
    raises, and every answer it queues is a mail to one address."""
    settings, address, token = seat
    sender = f"From: {address}\r\n".encode() if authentic else b""
    raw = sender + f"To: {settings.reply_address(token)}\r\n".encode() + body
    session = sessions(settings.database_url)()
    try:
        stored = accept(session, raw, "smtp", settings.reply_address(token))
        queued = pipeline.process(session, settings, stored.id)
        assert session.get(InboundMail, stored.id).status in {"done", "refused", "ignored"}
        assert all(session.get(OutboundMail, i).to_address for i in queued)
    finally:
        session.rollback()
        session.close()


def _read(policy, name: str, value: str):
    """What ``policy`` makes of a header: its kind, name, text and defects, or what it raised."""
    try:
        header = policy.header_fetch_parse(name, value)
    except Exception as exc:  # noqa: BLE001 - the email package's parser fails on some values
        return type(exc).__name__
    # header classes are made per policy: compared by name
    defects = [type(d) for d in getattr(header, "defects", ())]  # compat32: plain strings
    return type(header).__name__, getattr(header, "name", name), str(header), defects


@MAIL
@given(raw=raw_mail())
def test_kept_headers_read_as_parsed_anew(raw):
    """The reading policy keeps parsed headers (``mime.READING``): every header of any mail,
    looked up twice, reads as the email package's default policy parses it anew, and where
    that fails, as its text with a defect."""
    kept = mime.parse(raw)
    for part in kept.walk():
        for name, value in part._headers:  # the stored (name, value) pairs
            read = _read(part.policy, name, value)
            assert read == _read(part.policy, name, value)
            fresh = _read(email.policy.default, name, value)
            if part.policy is not mime.READING or not isinstance(fresh, str):
                assert read == fresh
                continue
            unfolded = "".join(email.policy.linesep_splitter.split(value))
            text = email.policy.default.header_factory("X-Text", unfolded)
            defects = [type(d) for d in text.defects]
            assert read == ("_TextHeader", name, str(text), [*defects, mime.UnparsableHeader])
