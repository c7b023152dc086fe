"""Helpers for the inbound tests: settings, stored rows, sample messages, form bodies."""

from __future__ import annotations

from sqlalchemy import select

from pbem import models
from pbem.config import Settings
from pbem.db import engine_for, transaction

DOMAIN = "pbem.test"
SECRETS = {
    "mailgun_signing_key": "mg-key",
    "postmark_user": "pm-user",
    "postmark_password": "pm-pass",
    "sendgrid_secret": "sg-secret",
}


def inbound_settings(tmp_path, database_url: str, **extra) -> Settings:
    """Settings with the test domain, provider secrets and tables created."""
    values = {"domain": DOMAIN, **SECRETS, **extra}
    settings = Settings(var_dir=tmp_path, database_url=database_url, **values)
    models.Base.metadata.create_all(engine_for(database_url))
    return settings


def stored(settings: Settings) -> list[models.InboundMail]:
    """Every stored inbound mail, oldest first, read in a fresh transaction."""
    with transaction(settings.database_url) as session:
        return list(session.scalars(select(models.InboundMail).order_by(models.InboundMail.id)))


def message(message_id: str | None = "<m1@example.org>", body: bytes = b"e2 e4\r\n") -> bytes:
    """A small CRLF message to play@DOMAIN, with a non-UTF-8 (latin-1) byte in it."""
    head = [
        b"From: Ann <ann@example.org>",
        f"To: play+tok@{DOMAIN}".encode(),
        b"Subject: move caf\xe9",
        b"Content-Type: text/plain; charset=iso-8859-1",
    ]
    if message_id is not None:
        head.append(f"Message-ID: {message_id}".encode())
    return b"\r\n".join(head) + b"\r\n\r\n" + body


def multipart(fields: dict[str, bytes], boundary: str = "b0undary") -> tuple[bytes, str]:
    """A multipart/form-data body carrying ``fields`` byte for byte, and its Content-Type."""
    parts = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
            + value
            + b"\r\n"
        )
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"
