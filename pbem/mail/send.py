"""Outbox rows -> SMTP relay (``SMTP_URL``) or the Maildir ``var/outbox``, retried with backoff.

Sending is three steps, and no lock is held while the relay talks (``jobs.send_outbound``
runs them): ``claim`` the due rows in a short transaction of its own, which moves their next
attempt a lease (``PBEM_SEND_LEASE``) ahead, so that neither the sweeper nor another worker
takes them meanwhile; ``deliver`` them over one connection; ``record`` what the relay said in
a new transaction, tried again while the database is away rather than sending again. The
answers to a mail are claimed in the move's own transaction instead (``claim_queued``, run by
``jobs.answer_inbound``): committed with the move, already leased to the worker that wrote
them. A mail the relay took goes out a second time only when its worker dies between
delivering and recording it: the sweeper hands the row out again once the lease has run out
(a worker dying between the move's commit and delivering delays its answers by the lease).
Delivery is at least once, never lost, and twice only after such a death.
"""

from __future__ import annotations

import contextlib
import logging
import mailbox
import smtplib
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from pbem.config import Settings
from pbem.models import OutboundMail

log = logging.getLogger(__name__)

BACKOFF = timedelta(minutes=1)
MAX_BACKOFF = timedelta(hours=6)
MAX_ATTEMPTS = 10  # 1, 2, 4 ... 256 minutes, then 6 h: about 14 hours of retrying
TIMEOUT = 30
#: what a delivery may fail with that is the relay's answer or its absence, not a bug
DELIVERY_ERRORS = (smtplib.SMTPException, OSError, ValueError)


@dataclass(frozen=True)
class Claimed:
    """An outbox row claimed for sending: what delivering it needs."""

    id: int
    to: str
    message: bytes


def claim(session: Session, ids: list[int], now: datetime, lease: timedelta) -> list[Claimed]:
    """Claim the rows of ``ids`` that are pending and due at ``now``: their next attempt moves
    ``lease`` ahead (the caller commits). Rows another worker is claiming are left to it."""
    now = now.astimezone(UTC)
    rows = session.scalars(
        select(OutboundMail)
        .where(
            OutboundMail.id.in_(ids),
            OutboundMail.status == "pending",
            OutboundMail.next_attempt <= now,
        )
        .order_by(OutboundMail.id)
        .with_for_update(skip_locked=True)
    ).all()
    for row in rows:
        row.next_attempt = now + lease
    return [Claimed(row.id, row.to_address, row.message) for row in rows]


def claim_queued(
    session: Session, ids: list[int], now: datetime, lease: timedelta
) -> list[Claimed]:
    """Claim the rows of ``ids`` that this transaction queued (flushed, not committed: nobody
    else can see them), in one statement: committed with what made them, leased to the caller.
    """
    if not ids:
        return []
    session.execute(_LEASED, {"ids": ids, "until": now.astimezone(UTC) + lease})
    rows = [session.get(OutboundMail, outbound_id) for outbound_id in ids]  # in the session
    return [Claimed(row.id, row.to_address, row.message) for row in rows]


_TABLE = OutboundMail.__table__
#: the statements every mail runs, built once
_LEASED = (
    update(_TABLE)
    .where(_TABLE.c.id.in_(bindparam("ids", expanding=True)))
    .values(next_attempt=bindparam("until"))
)
_SENT = (
    update(_TABLE)
    .where(_TABLE.c.id.in_(bindparam("ids", expanding=True)), _TABLE.c.status == "pending")
    .values(status="sent", sent=bindparam("at"))
    .returning(_TABLE.c.id)
)


class Relay:
    """Mails to ``settings.smtp_url`` over one connection, opened for the first mail and again
    after a mail that failed; into the outbox Maildir when no SMTP_URL is set."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.client: smtplib.SMTP | None = None

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *_exc) -> None:
        if self.client is not None:
            with contextlib.suppress(smtplib.SMTPException, OSError):
                self.client.quit()  # the relay has the mails: a failing goodbye sends none again
            self.client.close()
            self.client = None

    def send(self, to: str, data: bytes) -> None:
        """Hand ``data`` for ``to`` to the relay; raises what the relay answered instead."""
        if not self.settings.smtp_url:
            self.settings.outbox_dir.parent.mkdir(parents=True, exist_ok=True)
            maildir = mailbox.Maildir(self.settings.outbox_dir, create=True)
            maildir.add(b"Delivered-To: " + to.encode() + b"\n" + data.replace(b"\r\n", b"\n"))
            return
        if self.client is None:
            self.client = _connect(self.settings.smtp_url)
        utf8 = [] if to.isascii() else ["SMTPUTF8"]  # an internationalized address (RFC 6531)
        try:
            self.client.sendmail(self.settings.service_address, [to], data, mail_options=utf8)
        except BaseException:
            self.client.close()  # the next mail starts on a fresh connection
            self.client = None
            raise


def _connect(smtp_url: str) -> smtplib.SMTP:
    """A connection to the relay of ``smtp_url``, in TLS and logged in as the URL says."""
    url = urlsplit(smtp_url)
    if url.scheme not in ("smtp", "smtps"):
        raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {url.scheme}://")
    host = url.hostname or "localhost"
    starttls = parse_qs(url.query).get("starttls", ["0"])[0] in ("1", "true", "yes")
    context = ssl.create_default_context()
    if url.scheme == "smtps":
        client = smtplib.SMTP_SSL(host, url.port or 465, timeout=TIMEOUT, context=context)
    else:
        client = smtplib.SMTP(host, url.port or 25, timeout=TIMEOUT)
    try:
        if starttls:
            client.starttls(context=context)
        if url.username:
            client.login(unquote(url.username), unquote(url.password or ""))
    except BaseException:
        client.close()
        raise
    return client


def deliver(settings: Settings, mails: list[Claimed]) -> Iterator[tuple[int, Exception | None]]:
    """Deliver the claimed ``mails`` over one connection, yielding each one's id and the error
    the relay answered (None: the relay took it) as soon as it is known."""
    with Relay(settings) as relay:
        for mail in mails:
            try:
                relay.send(mail.to, mail.message)
            except DELIVERY_ERRORS as exc:
                yield mail.id, exc
            else:
                yield mail.id, None


def permanent(exc: Exception) -> bool:
    """True when the relay refused the recipient or the message for good (5xx), or cannot
    take an internationalized address at all."""
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return True
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(500 <= code < 600 for code, _ in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPDataError) and 500 <= exc.smtp_code < 600


def backoff(attempts: int) -> timedelta:
    """The wait after failed attempt number ``attempts`` (1, 2, 4 ... minutes, at most 6 h)."""
    return min(BACKOFF * 2 ** (attempts - 1), MAX_BACKOFF)


def record(
    session: Session, outcomes: dict[int, Exception | None], now: datetime
) -> dict[int, str]:
    """Write what delivering the claimed rows met (``outcomes``: id -> error, None when sent):
    sent (one statement for them all), or the failed attempt and its backoff (the caller
    commits). Returns each row's new status; a row no longer pending (recorded already) is
    left as it is, and out."""
    sent = [outbound_id for outbound_id, error in outcomes.items() if error is None]
    statuses = (
        dict.fromkeys(session.scalars(_SENT, {"ids": sent, "at": now}), "sent") if sent else {}
    )
    failed = {outbound_id: error for outbound_id, error in outcomes.items() if error is not None}
    if not failed:
        return statuses
    rows = session.scalars(
        select(OutboundMail)
        .where(OutboundMail.id.in_(failed), OutboundMail.status == "pending")
        .order_by(OutboundMail.id)
        .with_for_update()
    ).all()
    for row in rows:
        error = failed[row.id]
        row.attempts += 1
        row.last_error = f"{type(error).__name__}: {error}"[:2000]
        if permanent(error) or row.attempts >= MAX_ATTEMPTS:
            row.status = "failed"
        else:
            row.next_attempt = now + backoff(row.attempts)
        log.warning("outbound %s attempt %s: %s", row.id, row.attempts, row.last_error)
        statuses[row.id] = row.status
    return dict(sorted(statuses.items()))
