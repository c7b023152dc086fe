"""Mail addresses: read strictly, compared in one canonical form.

A header is read with the email package's strict parser (``email.headerregistry``): a From
it reads with a defect, as several addresses or as a group is ambiguous and belongs to
nobody (``victim@x <attacker@y>`` is neither). An RFC 2047 display name is only a name, never
an address. Raw UTF-8 headers (RFC 6532) are read as UTF-8, and an internationalized domain
compares in Unicode whether it was written so or in ASCII (``xn--``): ``josé@exämple.org``.
"""

from __future__ import annotations

import unicodedata
from email import errors
from email.policy import default

#: the one defect a valid address may have: a UTF-8 local part (we send with SMTPUTF8)
_ALLOWED_DEFECTS = (errors.NonASCIILocalPartDefect,)


def canonical(address: str) -> str:
    """``address`` as stored and compared: NFC, lower case, the domain in Unicode."""
    local, _at, domain = unicodedata.normalize("NFC", address.strip()).rpartition("@")
    if not _at:
        return address.strip().lower()
    return f"{local.lower()}@{_unicode_domain(domain.lower())}"


def _unicode_domain(domain: str) -> str:
    if "xn--" not in domain:
        return domain
    try:
        return domain.encode("ascii").decode("idna")
    except UnicodeError:
        return domain


def _utf8(value: str) -> str:
    """A header value parsed from bytes keeps raw 8-bit bytes as surrogate escapes: as UTF-8
    (what RFC 6532 says they are), else Latin-1."""
    data = value.encode("utf-8", "surrogateescape")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def from_header(value: str) -> str:
    """The one address of a From header's raw value, canonical; "" when there is none or the
    header does not say unambiguously which one it is, and when the email package's parser
    fails on it (it raises IndexError, AttributeError, TypeError or UnboundLocalError on
    values such as ``<``, ``.:`` or ``<@[``)."""
    try:
        header = default.header_factory("from", _utf8(value))
    except Exception:  # noqa: BLE001 - the parser's own bugs (below): such a From is nobody's
        return ""
    if any(not isinstance(defect, _ALLOWED_DEFECTS) for defect in header.defects):
        return ""
    if len(header.groups) != 1 or header.groups[0].display_name is not None:
        return ""
    (found,) = header.groups[0].addresses or (None,)
    if found is None or not found.username or not found.domain:
        return ""
    return canonical(f"{found.username}@{found.domain}")


def is_address(text: str) -> bool:
    """True when ``text`` is a bare address (an addr-spec) the strict parser reads cleanly."""
    return bool(text) and "<" not in text and from_header(text) == canonical(text)
