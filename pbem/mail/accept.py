"""Raw bytes in, a stored InboundMail out: the one door of every inbound mail.

SMTP, the webhooks and the MTA pipe all end in :func:`accept_and_enqueue` (the SMTP receiver in
:func:`accept_all_and_enqueue`, the mails that arrived together in one commit): the raw message
is committed before the edge answers 250/200, and only then handed to the worker. A message is
stored once: a known Message-ID or a known digest (a provider re-posting the same bytes) is a
duplicate, also when two deliveries race (the unique Message-ID decides: the INSERT that comes
second does nothing, ``ON CONFLICT DO NOTHING``, and the row stored first is the answer).
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from email.parser import HeaderParser
from email.policy import compat32

from sqlalchemy import bindparam, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import NoResultFound
from sqlalchemy.orm import Session

from pbem.config import Settings
from pbem.db import transaction
from pbem.models import InboundMail

log = logging.getLogger(__name__)

SOURCES = frozenset({"smtp", "webhook", "mailgun", "postmark", "sendgrid", "pipe", "web"})
MAX_MESSAGE_ID = 998  # InboundMail.message_id length, RFC 5322's line limit
MAX_ENVELOPE_TO = 320  # InboundMail.envelope_to length

_HEADER_END = re.compile(rb"\r?\n\r?\n")
_ANGLE_ADDR = re.compile(r"<([^<>]*)>")


class MessageTooLarge(ValueError):
    """The message exceeds ``settings.max_message_bytes``: refused (SMTP 552, HTTP 413)."""


@dataclass(frozen=True)
class Accepted:
    """The stored row's id; ``duplicate`` when the message had been stored before."""

    id: int
    duplicate: bool


def _printable(text: str) -> str:
    return "".join(ch for ch in text if ch.isprintable())


def message_id(raw: bytes, digest: str) -> str:
    """The normalized ``<Message-ID>`` of ``raw``, or ``<sha256-DIGEST@pbem.missing>``."""
    head = _HEADER_END.split(raw, 1)[0]
    # latin-1 maps every byte to one character: headers parse without surrogates or errors
    value = HeaderParser(policy=compat32).parsestr(head.decode("latin-1")).get("Message-ID")
    if value:
        match = _ANGLE_ADDR.search(value)
        inner = _printable("".join((match.group(1) if match else value).split()))
        if inner and len(inner) + 2 <= MAX_MESSAGE_ID:
            return f"<{inner}>"
    return f"<sha256-{digest}@pbem.missing>"


#: the stored mails with one of the Message-IDs or digests; the statements run on every mail are
#: built once (building and keying one costs SQLAlchemy more than running it on SQLite)
_KNOWN = select(InboundMail.id, InboundMail.message_id, InboundMail.digest).where(
    or_(
        InboundMail.message_id.in_(bindparam("mids", expanding=True)),
        InboundMail.digest.in_(bindparam("dgs", expanding=True)),
    )
)


#: the new row, written at once (the ORM's unit of work would flush one object): its id back,
#: or nothing when its Message-ID is stored (no savepoint to roll back to), by dialect
_STORE = {
    dialect.dialect.name: dialect.insert(InboundMail.__table__)
    .on_conflict_do_nothing(index_elements=[InboundMail.message_id])
    .returning(InboundMail.id)
    for dialect in (postgresql, sqlite)
}


def _known(session: Session, mids: list[str], digests: list[str]) -> dict[str, int]:
    """The first stored row of each Message-ID and of each digest (keys of both kinds)."""
    first: dict[str, int] = {}
    for stored, mid, digest in session.execute(_KNOWN, {"mids": mids, "dgs": digests}):
        for key in (mid, digest):
            first[key] = min(stored, first.get(key, stored))
    return first


def accept(session: Session, raw: bytes, source: str, envelope_to: str = "") -> Accepted:
    """Store ``raw`` as a pending InboundMail unless it is already stored. Does not commit."""
    return accept_all(session, [(raw, envelope_to)], source)[0]


def accept_all(session: Session, mails: list[tuple[bytes, str]], source: str) -> list[Accepted]:
    """Store each of ``mails`` (raw bytes, envelope recipient) as a pending InboundMail unless
    it is stored already, or earlier in the list; in order. Does not commit."""
    if source not in SOURCES:
        raise ValueError(f"unknown inbound source {source!r}")
    keyed = []
    for raw, envelope_to in mails:
        digest = hashlib.sha256(raw).hexdigest()
        keyed.append((raw, envelope_to, digest, message_id(raw, digest)))
    known = _known(session, [k[3] for k in keyed], [k[2] for k in keyed])
    store = _STORE[session.get_bind().dialect.name]
    accepted = []
    for raw, envelope_to, digest, mid in keyed:
        found = [known[key] for key in (mid, digest) if key in known]
        if found:
            accepted.append(Accepted(min(found), True))
            continue
        row = {
            "message_id": mid,
            "digest": digest,
            "raw": raw,
            "source": source,
            "envelope_to": _printable(envelope_to).strip()[:MAX_ENVELOPE_TO],
        }
        stored = session.scalar(store, row)
        if stored is None:  # committed by a delivery that raced this one
            stored = _known(session, [mid], [digest]).get(mid)
            if stored is None:
                raise NoResultFound(
                    f"{mid} conflicts with a stored Message-ID, and no row holds it"
                )
            log.info("concurrent delivery of %s: stored once as inbound %s", mid, stored)
            accepted.append(Accepted(stored, True))
        else:
            accepted.append(Accepted(stored, False))
        known[mid] = known[digest] = stored
    return accepted


def check_size(settings: Settings, raw: bytes) -> None:
    """Raise MessageTooLarge when ``raw`` exceeds ``settings.max_message_bytes``."""
    if len(raw) > settings.max_message_bytes:
        raise MessageTooLarge(f"{len(raw)} bytes, limit {settings.max_message_bytes}")


def accept_and_enqueue(
    settings: Settings,
    raw: bytes,
    source: str,
    envelope_to: str,
    enqueue: Callable[[int], object],
    claim: Callable[[Session], object] | None = None,
) -> Accepted:
    """Check the size, store and commit ``raw``, then hand its id to ``enqueue`` if it is new
    (the worker's task, handed in by whoever starts the process: ``worker.launch``).

    ``claim`` runs first in the same transaction (a webhook's one-time token): what it
    records is committed with the message or not at all, and what it raises refuses the
    delivery with nothing stored. Raises MessageTooLarge (nothing stored) and database errors
    (nothing stored: the edge answers "try again"). A failing ``enqueue`` is logged only: the
    row is committed and pending, and the periodic sweep re-queues it.
    """
    return accept_all_and_enqueue(settings, [(raw, envelope_to)], source, enqueue, claim)[0]


def accept_all_and_enqueue(
    settings: Settings,
    mails: list[tuple[bytes, str]],
    source: str,
    enqueue: Callable[[int], object],
    claim: Callable[[Session], object] | None = None,
) -> list[Accepted]:
    """:func:`accept_and_enqueue` for several mails (raw bytes, envelope recipient) in one
    transaction and one commit: all of them stored, or none."""
    for raw, _envelope_to in mails:
        check_size(settings, raw)
    with transaction(settings.database_url) as session:
        if claim is not None:
            claim(session)
        accepted = accept_all(session, mails, source)
    for mail in accepted:
        if mail.duplicate:
            continue
        try:
            enqueue(mail.id)
        except Exception:
            log.exception("enqueue of inbound %s failed; the sweep will re-queue it", mail.id)
    return accepted
