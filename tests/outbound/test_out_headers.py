"""Thread and unsubscribe headers survive the bytes the outbox stores, whatever their length.

Mail clients read In-Reply-To, References and List-Unsubscribe as lists of ``<...>`` items and
never decode RFC 2047 encoded words there: an item must be folded between items, not encoded.
"""

from __future__ import annotations

import dataclasses
import re

from pbem.mail.compose import compose, thread_for
from pbem.mail.outbox import queue

# the shape of a Microsoft 365 / Outlook.com Message-ID: longer than a folded header line
OUTLOOK_ID = "<DB7PR03MB4972E1B6A6C8B5D3F2B1C4E5A9E12@DB7PR03MB4972.eurprd03.prod.outlook.com>"


def raw_headers(data: bytes) -> dict[str, str]:
    """The header fields of ``data`` as sent: unfolded, nothing decoded."""
    head = data.split(b"\r\n\r\n", 1)[0].decode("ascii")
    fields = re.split(r"\r\n(?=\S)", head)
    return {k: re.sub(r"\s+", " ", v).strip() for k, _, v in (f.partition(":") for f in fields)}


def test_a_long_message_id_is_referenced_as_it_is(session, settings):
    thread = thread_for(settings, 12, "HONGA", ["ann", "bob"], "tok12ann", in_reply_to=OUTLOOK_ID)
    context = {"subject": "Help", "paragraphs": ["Reply with help."]}
    row = queue(
        session, compose("notice", "ann@example.org", context, thread, settings), "notice", None
    )
    headers = raw_headers(row.message)
    assert headers["In-Reply-To"] == OUTLOOK_ID
    assert headers["References"] == f"<game-12@pbem.test> {OUTLOOK_ID}"


def test_a_message_id_beyond_ascii_is_not_referenced(session, settings):
    thread = thread_for(
        settings, 12, "HONGA", ["ann", "bob"], "tok12ann", in_reply_to="<\xc2\x80@b>"
    )
    context = {"subject": "Help", "paragraphs": ["Reply with help."]}
    row = queue(
        session, compose("notice", "ann@example.org", context, thread, settings), "notice", None
    )
    headers = raw_headers(row.message)
    assert headers["In-Reply-To"] == "<game-12@pbem.test>"
    assert headers["References"] == "<game-12@pbem.test>"


def test_one_click_unsubscribe_survives_a_long_web_address(session, settings):
    settings = dataclasses.replace(
        settings,
        base_url="https://play.boardgames-by-email.example.org",
        domain="boardgames-by-email.example.org",
    )
    thread = thread_for(settings, 12, "HONGA", ["ann", "bob"], "0123456789abcdef0123")
    context = {"subject": "Help", "paragraphs": ["Reply with help."]}
    row = queue(
        session, compose("notice", "ann@example.org", context, thread, settings), "notice", None
    )
    assert raw_headers(row.message)["List-Unsubscribe"] == (
        "<https://play.boardgames-by-email.example.org/unsubscribe/0123456789abcdef0123>, "
        "<mailto:play+0123456789abcdef0123@boardgames-by-email.example.org?subject=unsubscribe&body=unsubscribe>"
    )
