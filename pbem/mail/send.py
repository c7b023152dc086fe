"""Outbox row -> SMTP relay (``SMTP_URL``) or the Maildir ``var/outbox``, retried with backoff.

``send_one`` holds the row lock while it delivers, so two workers never send one row twice;
it does not commit (the caller's transaction does). A crash between delivery and commit sends
the mail again later: delivery is at least once, never silently lost.
"""

from __future__ import annotations

import contextlib
import logging
import mailbox
import smtplib
import ssl
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from pbem.config import Settings
from pbem.models import OutboundMail

log = logging.getLogger(__name__)

BACKOFF = timedelta(minutes=1)
MAX_BACKOFF = timedelta(hours=6)
MAX_ATTEMPTS = 10  # 1, 2, 4 ... 256 minutes, then 6 h: about 14 hours of retrying
TIMEOUT = 30


def deliver(settings: Settings, to: str, data: bytes) -> None:
    """Send ``data`` to ``to`` through ``settings.smtp_url``, or into the outbox Maildir."""
    if not settings.smtp_url:
        settings.outbox_dir.parent.mkdir(parents=True, exist_ok=True)
        maildir = mailbox.Maildir(settings.outbox_dir, create=True)
        maildir.add(b"Delivered-To: " + to.encode() + b"\n" + data.replace(b"\r\n", b"\n"))
        return
    url = urlsplit(settings.smtp_url)
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
        utf8 = [] if to.isascii() else ["SMTPUTF8"]  # an internationalized address (RFC 6531)
        client.sendmail(settings.service_address, [to], data, mail_options=utf8)
        with contextlib.suppress(smtplib.SMTPException, OSError):
            client.quit()  # the relay has the mail: a failing goodbye must not send it again
    finally:
        client.close()


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


def send_one(
    session: Session, settings: Settings, outbound_id: int, now: datetime | None = None
) -> str:
    """Deliver row ``outbound_id`` once if it is pending and due; return its new status.

    Rows already sent or failed are left alone ("missing" when there is no such row).
    """
    now = _utc(now) if now else datetime.now(UTC)
    row = session.scalar(
        select(OutboundMail).where(OutboundMail.id == outbound_id).with_for_update()
    )
    if row is None:
        return "missing"
    if row.status != "pending" or _utc(row.next_attempt) > now:
        return row.status
    try:
        deliver(settings, row.to_address, row.message)
    except (smtplib.SMTPException, OSError, ValueError) as exc:
        row.attempts += 1
        row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        if permanent(exc) or row.attempts >= MAX_ATTEMPTS:
            row.status = "failed"
        else:
            row.next_attempt = now + backoff(row.attempts)
        log.warning("outbound %s attempt %s: %s", row.id, row.attempts, row.last_error)
    else:
        row.status = "sent"
        row.sent = now
    session.flush()
    return row.status


def _utc(moment: datetime) -> datetime:
    """``moment`` as aware UTC (SQLite hands back naive UTC datetimes)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
