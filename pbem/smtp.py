"""The inbound SMTP receiver (aiosmtpd): ``pbem smtp``.

Recipients must be ``play@DOMAIN`` or ``play+TOKEN@DOMAIN``. DATA is stored and committed
before the 250; a database error answers 451 so the sender retries. Messages over
``max_message_bytes`` get 552 (from aiosmtpd's SIZE/DATA limit).

Group commit: one transaction at a time stores the mails (``accept_all_and_enqueue``), and the
mails whose DATA ends while it runs are stored together by the next one, in one commit; each
is answered once that commit is done. A quiet receiver stores each mail at once, a busy one
pays one transaction for many mails instead of one each.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from functools import partial

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy.exc import InterfaceError, OperationalError, SQLAlchemyError

from pbem import config
from pbem.mail.accept import Accepted, MessageTooLarge, accept_all_and_enqueue, check_size

log = logging.getLogger(__name__)

MAX_BATCH = 100  # mails stored in one transaction at most


class GroupCommit:
    """Stores mails one transaction at a time, each with the mails that arrived meanwhile."""

    def __init__(self, settings: config.Settings, enqueue: Callable[[int], object]):
        self.store = partial(accept_all_and_enqueue, settings, source="smtp", enqueue=enqueue)
        self.waiting: list[tuple[bytes, str, asyncio.Future]] = []
        self.writer: asyncio.Task | None = None

    async def __call__(self, raw: bytes, envelope_to: str) -> Accepted:
        """``raw`` stored and committed (raises what storing its batch raised)."""
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((raw, envelope_to, done))
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())
        return await done

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                batch, self.waiting = self.waiting[:MAX_BATCH], self.waiting[MAX_BATCH:]
                mails = [(raw, envelope_to) for raw, envelope_to, _done in batch]
                outcomes = await loop.run_in_executor(None, self._outcomes, mails)
                for (_raw, _to, done), outcome in zip(batch, outcomes, strict=True):
                    if done.done():  # the client went away meanwhile
                        continue
                    if isinstance(outcome, Exception):
                        done.set_exception(outcome)
                    else:
                        done.set_result(outcome)
        finally:
            self.writer = None

    def _outcomes(self, mails: list[tuple[bytes, str]]) -> list[Accepted | Exception]:
        """Each mail stored, or what storing it raised. The database away fails them all; any
        other error stores the batch again one mail at a time, so a mail that cannot be stored
        never fails the others."""
        try:
            return self.store(mails)
        except (OperationalError, InterfaceError) as exc:
            return [exc] * len(mails)
        except Exception as exc:  # noqa: BLE001 - answered to the mail(s) it belongs to
            if len(mails) == 1:
                return [exc]
        return [self._outcomes([mail])[0] for mail in mails]


class Handler:
    """aiosmtpd handler: local recipients only, store on DATA."""

    def __init__(self, settings: config.Settings, enqueue: Callable[[int], object]):
        self.settings = settings
        self.stored = GroupCommit(settings, enqueue)
        self.recipient = re.compile(
            rf"play(\+[^@\s]+)?@{re.escape(settings.domain)}", re.IGNORECASE
        )

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, rcpt_options
    ) -> str:
        if not self.recipient.fullmatch(address):
            return "550 5.1.1 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        try:
            check_size(self.settings, envelope.original_content)
            accepted = await self.stored(envelope.original_content, envelope.rcpt_tos[0])
        except MessageTooLarge:
            return "552 5.3.4 message too big"
        except SQLAlchemyError:
            log.exception("cannot store a message from %s", envelope.mail_from)
            return "451 4.3.0 try again later"
        return f"250 OK queued as {accepted.id}"


def _smtp_options(settings: config.Settings) -> dict:
    return {"data_size_limit": settings.max_message_bytes, "enable_SMTPUTF8": True}


class _Controller(Controller):
    """A Controller that learns its real port when asked to listen on port 0."""

    def _trigger_server(self):
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


def start_controller(
    settings: config.Settings,
    enqueue: Callable[[int], object],
    host: str = "127.0.0.1",
    port: int = 0,
) -> Controller:
    """Start the receiver in a background thread; ``controller.port`` is the bound port."""
    controller = _Controller(
        Handler(settings, enqueue),
        hostname=host,
        port=port,
        server_hostname=settings.domain,
        **_smtp_options(settings),
    )
    controller.start()
    return controller


async def serve(settings: config.Settings, enqueue: Callable[[int], object]) -> None:
    """Serve SMTP on ``settings.smtp_listen_host:smtp_listen_port`` forever."""
    handler = Handler(settings, enqueue)
    options = _smtp_options(settings)
    server = await asyncio.get_running_loop().create_server(
        lambda: SMTP(handler, hostname=settings.domain, **options),
        settings.smtp_listen_host,
        settings.smtp_listen_port,
    )
    log.info("SMTP receiver on %s:%s", settings.smtp_listen_host, settings.smtp_listen_port)
    async with server:
        await server.serve_forever()
