"""Composed mail -> a pending outbox row, in the caller's transaction (sent after the commit)."""

from __future__ import annotations

import email.policy
from datetime import UTC, datetime
from email.utils import getaddresses

from sqlalchemy import select
from sqlalchemy.orm import Session

from pbem.mail.outgoing import OutgoingMail
from pbem.models import OutboundMail


def queue(
    session: Session,
    message: OutgoingMail,
    kind: str,
    game_id: int | None,
    position: int | None = None,
) -> OutboundMail:
    """Add ``message`` as a pending row; the caller commits. Its id is known after the next
    flush: the rows of one transaction are written together.

    ``position`` is the game's position the mail shows: a reply to it is meant for it."""
    addresses = [address for _name, address in getaddresses([str(message["To"])]) if address]
    if len(addresses) != 1:
        raise ValueError(f"an outbound mail has exactly one recipient, not {message['To']!r}")
    # an internationalized address can only be written as it is, in UTF-8 (RFC 6532)
    policy = email.policy.SMTP if addresses[0].isascii() else email.policy.SMTPUTF8
    row = OutboundMail(
        to_address=addresses[0],
        subject=str(message["Subject"]),
        message=message.as_bytes(policy),
        message_id=str(message["Message-ID"]),
        kind=kind,
        game_id=game_id,
        position=position,
        status="pending",
        attempts=0,
        next_attempt=datetime.now(UTC),
    )
    session.add(row)
    return row


def pending_ids(session: Session, now: datetime) -> list[int]:
    """Ids of the pending rows due at ``now``, oldest due first; rows a worker is sending
    (locked) are left out."""
    if now.tzinfo is not None:
        now = now.astimezone(UTC)
    return list(
        session.scalars(
            select(OutboundMail.id)
            .where(OutboundMail.status == "pending", OutboundMail.next_attempt <= now)
            .order_by(OutboundMail.next_attempt, OutboundMail.id)
            .with_for_update(skip_locked=True)
        )
    )
