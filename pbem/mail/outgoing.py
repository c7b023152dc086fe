"""The mails we write, as bytes: header fields, a text body, its HTML alternative, inline images.

Every mail of ours has one shape, so it is written directly instead of through the email
package's tree of parts and its generator (which took half the time of a turn mail)::

    multipart/alternative
      text/plain            7bit/8bit, quoted-printable when a line is longer than 78
      text/html             quoted-printable; with images inside a multipart/related,
      image/png ...         base64, each named by its Content-ID

Header fields: a short printable ASCII value is written as it is; any other (not ASCII,
longer than a line) is folded by the email package's policy (RFC 2047 encoded words, or
UTF-8 with ``policy.utf8``: RFC 6532). Lists of ``<...>`` items (message ids, URIs) are
folded between items and never encoded: mail clients do not decode encoded words in
In-Reply-To, References, List-Unsubscribe or Content-ID. A value with a line break is refused.

Whatever is not defined here (``get_body``, ``walk``, ...) is the email package's message
parsed from these bytes: tests and tools read what is sent.
"""

from __future__ import annotations

import binascii
import email.policy
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from functools import lru_cache

#: The name every mail of ours is sent under (``From: pbem <...>``): a reply's attribution
#: line that names it begins the quote of our mail.
SENDER_NAME = "pbem"
MAX_LINE = 78  # RFC 5322's line length (without CRLF), as the email package's policies
CRLF = b"\r\n"


@dataclass(frozen=True)
class Inline:
    """An image shown inside the HTML part (``<img src="cid:...">``)."""

    data: bytes
    subtype: str  # image/<subtype>
    cid: str  # "<...>", as the Content-ID header writes it
    filename: str


class OutgoingMail:
    """One mail: header fields in the order set, the text, the HTML and its inline images."""

    def __init__(self, text: str, html: str, inline: Sequence[Inline] = ()):
        self.text, self.html, self.inline = text, html, tuple(inline)
        self._fields: list[tuple[str, str | tuple[str, ...]]] = []
        self._parsed: EmailMessage | None = None
        self._boundaries = (_boundary(text), _boundary(text))

    def __setitem__(self, name: str, value: str) -> None:
        """Add a header field (a second one of the same name is added, as the email package
        does)."""
        self._fields.append((name, _checked(value)))
        self._parsed = None

    def set_items(self, name: str, items: Sequence[str]) -> None:
        """Add a field of ``<...>`` items, folded between them (never encoded)."""
        self._fields.append((name, tuple(_checked(item) for item in items)))
        self._parsed = None

    def __getitem__(self, name: str) -> str | None:
        """The first field named ``name`` (any case), items joined by a space; None if none."""
        lower = name.lower()
        for field, value in self._fields:
            if field.lower() == lower:
                return value if isinstance(value, str) else " ".join(value)
        return None

    def as_bytes(self, policy: email.policy.EmailPolicy = email.policy.SMTP) -> bytes:
        """The mail as sent; ``policy.utf8`` writes non-ASCII header fields in UTF-8 instead
        of encoded words, ``policy.linesep`` ends the lines (CRLF, as on the wire)."""
        utf8 = bool(policy.utf8)
        outer, related = self._boundaries
        out = [_field(name, value, utf8) for name, value in self._fields]
        out.append(b"MIME-Version: 1.0\r\n")
        out.append(_content_type("multipart/alternative", outer))
        out.append(CRLF)
        cte, body = _text_body(self.text)
        out += [b"--", outer, CRLF, b'Content-Type: text/plain; charset="utf-8"\r\n']
        out += [b"Content-Transfer-Encoding: ", cte, CRLF, CRLF, body, CRLF, b"--", outer, CRLF]
        if self.inline:
            out += [_content_type("multipart/related", related), CRLF, b"--", related, CRLF]
        out.append(b'Content-Type: text/html; charset="utf-8"\r\n')
        out.append(b"Content-Transfer-Encoding: quoted-printable\r\n\r\n")
        out.append(_quoted_printable(self.html))
        for image in self.inline:
            out += [CRLF, b"--", related, CRLF]
            out.append(f"Content-Type: image/{image.subtype}\r\n".encode())
            out.append(b"Content-Transfer-Encoding: base64\r\n")
            out.append(f'Content-Disposition: inline; filename="{image.filename}"\r\n'.encode())
            out += [_field("Content-ID", (image.cid,), utf8), CRLF, _base64(image.data)]
        if self.inline:
            out += [CRLF, b"--", related, b"--", CRLF]
        out += [CRLF, b"--", outer, b"--", CRLF]
        data = b"".join(out)
        return data if policy.linesep == "\r\n" else data.replace(CRLF, policy.linesep.encode())

    @property
    def parsed(self) -> EmailMessage:
        """The email package's message parsed from :meth:`as_bytes` (with its default policy,
        as a message it built itself)."""
        if self._parsed is None:
            data = self.as_bytes(email.policy.default)
            self._parsed = BytesParser(policy=email.policy.default).parsebytes(data)
        return self._parsed

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.parsed, name)


def _checked(value: str) -> str:
    if value.splitlines() not in ([], [value]):
        raise ValueError(f"a header value may not contain a line break: {value!r}")
    return value


def _boundary(text: str) -> bytes:
    """A boundary found in no body: the HTML and images are encoded (no ``=_`` in them), the
    text is checked."""
    while True:
        boundary = f"=_{secrets.token_hex(12)}"
        if boundary not in text:
            return boundary.encode()


def _content_type(kind: str, boundary: bytes) -> bytes:
    return f'Content-Type: {kind}; boundary="{boundary.decode()}"\r\n'.encode()


def _field(name: str, value: str | tuple[str, ...], utf8: bool) -> bytes:
    """One header field with its CRLF."""
    plain = isinstance(value, str) and value.isascii() and value.isprintable()
    if plain and len(name) + 2 + len(value) <= MAX_LINE:
        return f"{name}: {value}\r\n".encode()
    return _folded(name, value, utf8)


@lru_cache(maxsize=1024)
def _folded(name: str, value: str | tuple[str, ...], utf8: bool) -> bytes:
    """A field that needs folding or encoding (cached: a game's subject comes back in every
    mail of the game)."""
    if isinstance(value, tuple):
        lines = [f"{name}: {value[0]}"]
        for item in value[1:]:
            if len(lines[-1]) + 1 + len(item) > MAX_LINE:
                lines.append("")
            lines[-1] += f" {item}"
        return ("\r\n".join(lines) + "\r\n").encode("utf-8" if utf8 else "ascii")
    policy = email.policy.SMTPUTF8 if utf8 else email.policy.SMTP
    folded = policy.header_factory(name, value).fold(policy=policy)
    return folded.encode("utf-8" if utf8 else "ascii")


def _text_body(text: str) -> tuple[bytes, bytes]:
    """The text part's transfer encoding and body: as it is when every line fits (7bit for
    ASCII, else 8bit), quoted-printable when one does not (lines over 998 are not allowed)."""
    lines = text.encode("utf-8").splitlines()
    body = CRLF.join(lines) + CRLF
    if max(map(len, lines), default=0) > MAX_LINE:
        return b"quoted-printable", binascii.b2a_qp(body, istext=True)
    return (b"7bit" if body.isascii() else b"8bit"), body


def _quoted_printable(text: str) -> bytes:
    return binascii.b2a_qp(CRLF.join(text.encode("utf-8").splitlines()) + CRLF, istext=True)


@lru_cache(maxsize=16)
def _base64(data: bytes) -> bytes:
    """``data`` in base64 lines of 76 (cached: one picture goes to every player of a
    position): encoded at once and cut into lines (a quarter of the time of encoding each
    line's 57 bytes on its own)."""
    whole = memoryview(binascii.b2a_base64(data, newline=False))
    lines = [whole[i : i + 76] for i in range(0, len(whole), 76)]
    return CRLF.join(lines) + CRLF if lines else b""
