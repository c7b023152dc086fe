"""Hypothesis strategies for hostile and ordinary mail: headers, MIME trees, reply bodies."""

from __future__ import annotations

import base64
import quopri

from hypothesis import strategies as st

WORDS = ["place", "take", "3", "wood", "done", "join", "status", "say", "hi", "#2", "end", "é"]
HEADER_NAMES = [
    "From", "To", "Cc", "Subject", "Message-ID", "In-Reply-To", "References", "Content-Type",
    "Content-Transfer-Encoding", "Content-Disposition", "MIME-Version", "Auto-Submitted",
    "Precedence", "List-Id", "X-PBEM-Loop", "Return-Path", "Delivered-To", "X-Autoreply",
]  # fmt: skip
CHARSETS = ["utf-8", "iso-8859-1", "windows-1252", "us-ascii", "utf-16", "x-unknown", ""]
ENCODINGS = ["7bit", "8bit", "base64", "quoted-printable", "binary", "x-uuencode", "bogus"]
SUBTYPES = ["plain", "html", "enriched", "calendar"]

header_value = st.one_of(
    st.text(max_size=80),
    st.binary(max_size=80).map(lambda b: b.decode("latin-1")),
    st.sampled_from(
        [
            "Ann <ann@x.test>", "=?utf-8?q?Jos=C3=A9?= <jose@x.test>", "<<<>>>", '"a@b" <c@d>',
            "play+0123abcd@pbem.test", "=?bogus?b?!!!?=", "multipart/mixed; boundary=", "auto-replied",
            'text/plain; charset="x-nope"; format=flowed; delsp=yes', "bulk", "<id@x>",
            "<", ".:", " .<", "<@[ ",  # the email package's own address parser fails on these
        ]
    ),
)  # fmt: skip


@st.composite
def header_block(draw) -> bytes:
    """Header lines, well or badly formed, possibly folded, possibly raw 8-bit."""
    lines = []
    for _ in range(draw(st.integers(0, 8))):
        name = draw(st.one_of(st.sampled_from(HEADER_NAMES), st.text(max_size=12)))
        value = draw(header_value)
        fold = draw(st.booleans())
        line = f"{name}: {value}".encode("utf-8", "surrogateescape")
        lines.append(line.replace(b" ", b"\r\n ", 1) if fold else line)
    return b"\r\n".join(lines)


def _encode(body: bytes, encoding: str) -> bytes:
    if encoding == "base64":
        return base64.encodebytes(body)
    if encoding == "quoted-printable":
        return quopri.encodestring(body)
    return body


@st.composite
def mime_part(draw, depth: int = 0) -> bytes:
    """A leaf text part or a multipart of parts, 3 levels deep at most."""
    if depth < 3 and draw(st.integers(0, 3)) == 0:
        boundary = draw(st.sampled_from(["b1", "b2", "=_x", ""]))
        subtype = draw(st.sampled_from(["mixed", "alternative", "related", "digest"]))
        children = draw(st.lists(mime_part(depth + 1), max_size=3))
        head = f'Content-Type: multipart/{subtype}; boundary="{boundary}"\r\n'.encode()
        body = b"".join(b"--" + boundary.encode() + b"\r\n" + child + b"\r\n" for child in children)
        closing = draw(st.booleans())
        return head + b"\r\n" + body + (b"--" + boundary.encode() + b"--\r\n" if closing else b"")
    subtype = draw(st.sampled_from(SUBTYPES))
    charset = draw(st.sampled_from(CHARSETS))
    encoding = draw(st.sampled_from(ENCODINGS))
    text = draw(reply_body())
    try:
        body = text.encode(charset or "utf-8")
    except (LookupError, UnicodeEncodeError):
        body = text.encode("utf-8")
    if subtype == "html":
        body = b"<html><body><p>" + body.replace(b"\n", b"<br>") + b"</p></body></html>"
    head = f"Content-Type: text/{subtype}; charset={charset}\r\n"
    head += f"Content-Transfer-Encoding: {encoding}\r\n"
    if draw(st.integers(0, 4)) == 0:
        head += "Content-Disposition: attachment; filename=x.txt\r\n"
    return head.encode() + draw(header_block()) + b"\r\n\r\n" + _encode(body, encoding)


@st.composite
def raw_mail(draw) -> bytes:
    """A whole message: arbitrary bytes sometimes, mostly headers and a MIME tree."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.binary(max_size=2000))
    return draw(header_block()) + b"\r\n" + draw(mime_part())


command_line = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)


@st.composite
def reply_body(draw) -> str:
    """What a person writes: command lines, prose, a quote of our mail, a signature."""
    parts = draw(st.lists(st.one_of(command_line, st.text(max_size=60)), max_size=5))
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(ATTRIBUTIONS)))
        parts += ["> " + line for line in draw(st.lists(st.text(max_size=40), max_size=4))]
    if draw(st.booleans()):
        parts += ["-- ", draw(st.text(max_size=30))]
    return "\n".join(parts)


ATTRIBUTIONS = [
    "On Mon, 1 Dec 2026 at 10:00, pbem <play@pbem.test> wrote:",
    "Am 01.12.2026 um 10:00 schrieb pbem <play@pbem.test>:",
    "El lun, 1 dic 2026 a las 10:00, pbem (<play@pbem.test>) escribió:",
    "Em seg., 1 de dez. de 2026 às 10:00, pbem <play@pbem.test> escreveu:",
    "-----Original Message-----",
    "________________________________",
    "From: pbem <play@pbem.test>\nSent: Monday\nTo: ann@x.test\nSubject: Re: game",
]
