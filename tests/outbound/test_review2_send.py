"""Sending edge cases against a real SMTP server: what happens after the relay took the mail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pbem.mail import send
from tests.outbound.test_out_send import Collector, queued, smtp  # noqa: F401 - the fixture


class GrumpyQuit(Collector):
    """Takes the mail, then answers QUIT with an error (as a relay under load may)."""

    async def handle_QUIT(self, server, session, envelope):
        return "421 4.3.2 shutting down"


def test_a_mail_the_relay_took_is_sent_even_if_quit_fails(session, smtp):  # noqa: F811
    handler = GrumpyQuit()
    settings = smtp(handler)
    row = queued(session, settings)
    now = datetime.now(UTC)
    assert send.send_one(session, settings, row.id, now=now) == "sent"
    session.commit()
    # the sweep comes by later: the mail is not delivered a second time
    send.send_one(session, settings, row.id, now=now + timedelta(hours=1))
    assert len(handler.envelopes) == 1 and row.attempts == 0


def test_an_internationalized_address_goes_out_with_smtputf8(session, smtp):  # noqa: F811
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=True)
    row = queued(session, settings, to="jörg@exämple.org")
    assert send.send_one(session, settings, row.id) == "sent"
    (envelope,) = handler.envelopes
    assert envelope.rcpt_tos == ["jörg@exämple.org"]
    assert b"\r\nTo: j\xc3\xb6rg@ex\xc3\xa4mple.org\r\n" in envelope.original_content


def test_an_internationalized_address_fails_at_once_without_smtputf8(session, smtp):  # noqa: F811
    handler = Collector()
    settings = smtp(handler, enable_SMTPUTF8=False)
    row = queued(session, settings, to="jörg@example.org")
    assert send.send_one(session, settings, row.id) == "failed"
    assert row.attempts == 1 and "SMTPUTF8" in row.last_error
    assert handler.envelopes == []
