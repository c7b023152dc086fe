"""Stored bytes -> a message object, bounded: MIME nested too deep is never parsed into.

The email package parses nested parts by recursion: a mail nested a thousand deep ends in a
RecursionError. The parser here stops at ``MAX_DEPTH`` open parts; such a mail is read for
its headers only (enough to route it and answer its sender) and carries a
:class:`NestedTooDeep` defect.
"""

from __future__ import annotations

import email.policy
from email.errors import MessageDefect
from email.feedparser import BytesFeedParser
from email.message import EmailMessage
from email.parser import BytesHeaderParser

MAX_DEPTH = 20  # parts inside parts; real mail (forwards of forwards included) needs a few


class NestedTooDeep(MessageDefect):
    """The message nests parts deeper than ``MAX_DEPTH``: only its headers were read."""


class _Deeper(Exception):
    """Raised inside the parser when one more part would be opened past ``MAX_DEPTH``."""


class _BoundedParser(BytesFeedParser):
    """The email package's feed parser, refusing to open a part deeper than ``MAX_DEPTH``."""

    def _new_message(self):
        if len(self._msgstack) > MAX_DEPTH:
            raise _Deeper
        super()._new_message()


def _parsed(raw: bytes, policy) -> EmailMessage:
    parser = _BoundedParser(policy=policy)
    parser.feed(raw)
    return parser.close()


def parse(raw: bytes) -> EmailMessage:
    """The message object of stored bytes; broken MIME is parsed as well as it can be.

    The modern policy gives up on some malformed headers; the old one never does.
    """
    try:
        try:
            message = _parsed(raw, email.policy.default)
            message.get_body()  # the modern policy fails lazily on broken Content-Type headers
            return message
        except _Deeper:
            raise
        except Exception:  # noqa: BLE001 - any parse failure falls back to the lenient policy
            return _parsed(raw, email.policy.compat32)
    except _Deeper:
        message = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)
        message.set_payload("")
        message.defects.append(NestedTooDeep())
        return message


def too_deep(message: EmailMessage) -> bool:
    """True for a message :func:`parse` read for its headers only."""
    return any(isinstance(defect, NestedTooDeep) for defect in message.defects)
