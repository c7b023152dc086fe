"""Reading the mails the service queued."""

from __future__ import annotations

import email
import email.policy

from pbem.models import OutboundMail


def text_of(row: OutboundMail) -> str:
    """The plain-text part of a queued mail."""
    message = email.message_from_bytes(row.message, policy=email.policy.default)
    return message.get_body(("plain",)).get_content()
