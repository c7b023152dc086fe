"""Stored bytes -> a message object, bounded: MIME nested too deep is never parsed into.

The email package parses nested parts by recursion: a mail nested a thousand deep ends in a
RecursionError. The parser here stops at ``MAX_DEPTH`` open parts; such a mail is read for
its headers only (enough to route it and answer its sender) and carries a
:class:`NestedTooDeep` defect.

S/MIME wraps a whole message in a PKCS#7 (CMS) structure: opaque-signed and compressed ones
are opened (:func:`wrapped`, by asn1crypto) and their message read like any; the signature is
not checked, since reading never trusts it (the sender is checked by address and token). An
encrypted one (S/MIME enveloped data, PGP/MIME) cannot be read without the writer's key:
:func:`encrypted` tells, and the writer is told so.
"""

from __future__ import annotations

import email.policy
import functools
import re
import zlib
from email.errors import HeaderDefect, MessageDefect, MessageError
from email.feedparser import BytesFeedParser
from email.header import decode_header, make_header
from email.headerregistry import BaseHeader, UnstructuredHeader
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser

from asn1crypto import cms

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


#: a header value longer than this is parsed at every look-up, as the email package does
_KEPT_HEADER_AT_MOST = 2000


class UnparsableHeader(HeaderDefect):
    """The email package's parser failed on this header: it is read as plain text."""


class _TextHeader(UnstructuredHeader):
    """A header the email package's own parser fails on (``From: <``, ``Content-Disposition:
    ;a*``: IndexError and the like, deep inside), kept as its text with a defect."""

    @classmethod
    def parse(cls, value, kwds):
        super().parse(value, kwds)
        kwds["defects"].append(UnparsableHeader())


_TEXT_HEADER = type("_TextHeader", (_TextHeader, BaseHeader), {})


class _ReadingPolicy(email.policy.EmailPolicy):
    """The modern policy, whose header objects are parsed once and kept, and which never
    fails on a header.

    The email package parses a header anew at every look-up (``get_content_type`` alone reads
    Content-Type again each time, some 30 look-ups a mail). Its header objects are immutable,
    so one parsed from a name and value serves every look-up of the same; the ones kept are
    few and short (:data:`_KEPT_HEADER_AT_MOST`). A header its parser fails on is read as text
    (:class:`UnparsableHeader`): a hostile part's ``From: <`` ended the whole mail in an
    exception at every try."""

    def header_fetch_parse(self, name, value):
        if hasattr(value, "name"):
            return value
        if len(value) > _KEPT_HEADER_AT_MOST:
            return _header(self, name, value)
        return _kept_header(self, name, value)


def _header(policy: _ReadingPolicy, name: str, value: str):
    try:
        return email.policy.EmailPolicy.header_fetch_parse(policy, name, value)
    except Exception:  # noqa: BLE001 - the parser's own failures (see _TextHeader)
        return _TEXT_HEADER(name, "".join(email.policy.linesep_splitter.split(value)))


_kept_header = functools.lru_cache(maxsize=1024)(_header)


#: how stored mail is read (the modern policy's rules; see :class:`_ReadingPolicy`)
READING = _ReadingPolicy()


def _parsed(raw: bytes, policy) -> EmailMessage:
    parser = _BoundedParser(policy=policy)
    parser.feed(raw)
    return parser.close()


def header_text(value: str) -> str:
    """A header's raw value as text: unfolded, its encoded words decoded where they can be,
    stripped; never raises (a broken encoded word stays as written)."""
    value = re.sub(r"\r?\n[ \t]+", " ", value).strip()
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value))).strip()
    except (MessageError, LookupError, UnicodeError, ValueError):
        return value


def parse(raw: bytes) -> EmailMessage:
    """The message object of stored bytes; broken MIME is parsed as well as it can be.

    Read by :data:`READING`, which reads a header its parser fails on as text; should the
    modern message model still fail on the body's structure, the old policy, which never does.
    """
    try:
        try:
            message = _parsed(raw, READING)
            message.get_body()  # the modern message model fails lazily, if it fails
            return message
        except _Deeper:
            raise
        except Exception:  # noqa: BLE001 - any parse failure falls back to the lenient policy
            return _parsed(raw, email.policy.compat32)
    except _Deeper:
        message = BytesHeaderParser(policy=READING).parsebytes(raw)
        message.set_payload("")
        message.defects.append(NestedTooDeep())
        return message


def too_deep(message: EmailMessage) -> bool:
    """True for a message :func:`parse` read for its headers only."""
    return any(isinstance(defect, NestedTooDeep) for defect in message.defects)


#: The content types of a message wrapped by S/MIME, with or without the old "x-".
_SMIME = ("application/pkcs7-mime", "application/x-pkcs7-mime")
#: What an encrypted S/MIME part holds, by its smime-type or its CMS content type.
_SEALED = ("enveloped-data", "authenveloped-data", "enveloped_data", "authenticated_enveloped_data")
#: A compressed part is inflated to at most this many bytes (a hostile one may inflate a
#: thousandfold; the text a reply's reader reads is far shorter).
INFLATED_AT_MOST = 5_000_000


def smime(part: Message) -> bool:
    """Whether ``part`` is an S/MIME structure (signed, compressed or encrypted), no text: by
    its type, or an ``smime.p7m`` some gateways send as ``application/octet-stream``."""
    kind = part.get_content_type()
    return kind in _SMIME or (
        kind == "application/octet-stream"
        and str(part.get_filename() or "").lower().endswith(".p7m")
    )


def wrapped(part: Message, depth: int = 0) -> EmailMessage | None:
    """The message inside an S/MIME opaque-signed or compressed ``part`` (Outlook's
    ``smime.p7m``), parsed like any stored mail; None when ``part`` is no such part, is broken,
    or is wrapped deeper than :data:`MAX_DEPTH`. The signature is not checked."""
    if not smime(part) or depth >= MAX_DEPTH:
        return None
    info = _content_info(part)
    if info is None:
        return None
    try:
        kind = info["content_type"].native
        if kind == "signed_data":
            content = info["content"]["encap_content_info"]["content"].native
        elif kind == "compressed_data":
            packed = info["content"]["encap_content_info"]["content"].native
            content = zlib.decompressobj().decompress(packed, INFLATED_AT_MOST)
        else:
            return None
    except (ValueError, TypeError, KeyError, RecursionError, zlib.error):
        return None
    if not isinstance(content, bytes):
        return None
    inner = parse(content)
    return inner if "Content-Type" in inner else None  # a MIME entity, no signed document


def unreadable(message: EmailMessage) -> str | None:
    """Why the text of ``message`` cannot be read: "too deep" (:func:`too_deep`), "encrypted"
    (:func:`encrypted`), or None."""
    if too_deep(message):
        return "too deep"
    if encrypted(message):
        return "encrypted"
    return None


def encrypted(message: Message) -> bool:
    """Whether the text of ``message`` is encrypted: the message itself (or what its
    signature wraps) is S/MIME enveloped data or PGP/MIME (``multipart/encrypted``). An
    encrypted file attached to a readable text is no encrypted mail."""
    return _sealed(message, 0)


def _sealed(part: Message, depth: int) -> bool:
    if depth > MAX_DEPTH:
        return False
    if part.get_content_type() == "multipart/encrypted":
        return True
    if part.get_content_type() == "multipart/signed":
        payload = part.get_payload()
        first = payload[0] if isinstance(payload, list) and payload else None
        return isinstance(first, Message) and _sealed(first, depth + 1)
    if not smime(part):
        return False
    kind = str(part.get_param("smime-type", "")).lower()
    if kind in _SEALED:
        return True
    inner = wrapped(part, depth)
    if inner is not None:
        return _sealed(inner, depth + 1)
    info = _content_info(part) if not kind else None
    return info is not None and info["content_type"].native in _SEALED


def _content_info(part: Message) -> cms.ContentInfo | None:
    """The CMS structure a part's payload holds, None when it holds none."""
    try:
        der = part.get_payload(decode=True)
        if not der:
            return None
        info = cms.ContentInfo.load(der)
        info["content_type"].native  # noqa: B018 - asn1crypto parses lazily: fail here
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    return info
