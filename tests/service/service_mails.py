"""Reading the mails the service queued."""

from __future__ import annotations

import email
import email.policy

from sqlalchemy import select

from pbem import i18n
from pbem.db import transaction
from pbem.models import Move, OutboundMail


def text_of(row: OutboundMail) -> str:
    """The plain-text part of a queued mail."""
    message = email.message_from_bytes(row.message, policy=email.policy.default)
    return message.get_body(("plain",)).get_content()


def flat(text: str) -> str:
    """``text`` with every run of white space one space (mails wrap their lines)."""
    return " ".join(text.split())


def said(language: str, message: str, **values: str) -> str:
    """``message`` as a reader of ``language`` gets it."""
    return i18n.translations(language).gettext(message) % values


def last_mail_to(service, address: str) -> OutboundMail:
    return [m for m in service.outbox() if m.to_address == address][-1]


def moves(service, game_id) -> list[str]:
    """The commands a game logged, in their order."""
    with transaction(service.settings.database_url) as session:
        query = select(Move.command).where(Move.game_id == game_id).order_by(Move.number)
        return list(session.scalars(query))
