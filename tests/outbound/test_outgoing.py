"""Our own MIME writer: what the email package reads back from its bytes is what was written.

Standard multipart/alternative (text, then HTML, or a multipart/related of the HTML and its
inline images), transfer encodings a relay takes, header fields folded per RFC 5322 and
encoded per RFC 2047 (or UTF-8, RFC 6532), and no line longer than the standard allows.
"""

from __future__ import annotations

import email.policy
import re
from datetime import timedelta
from email import message_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail import outgoing
from pbem.mail.outgoing import Inline, OutgoingMail

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40
CID = "<1.2.3.board@pbem.test>"
WRITER = settings(
    max_examples=200, deadline=timedelta(seconds=2), suppress_health_check=[HealthCheck.too_slow]
)


def parsed(data: bytes):
    return message_from_bytes(data, policy=email.policy.default)


def content(message, kind: str) -> str:
    """The ``kind`` body of ``message``, with the line ends a reader sees."""
    return message.get_body((kind,)).get_content().replace("\r\n", "\n")


def normalised(text: str) -> str:
    """``text`` as a mail carries it: every line break one ``\\n``, a last one added."""
    return "\n".join(line.decode() for line in text.encode().splitlines()) + "\n"


def mail(text="Your turn.\n", html="<p>Your turn.</p>\n", inline=(), subject="A game"):
    written = OutgoingMail(text, html, inline)
    written["From"] = "pbem <play@pbem.test>"
    written["To"] = "ann@example.org"
    written["Subject"] = subject
    written.set_items("Message-ID", ["<m1@pbem.test>"])
    return written


def test_the_parts_and_their_order():
    data = mail(inline=[Inline(PNG, "png", CID, "board.png")]).as_bytes()
    message = parsed(data)
    assert message.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in message.walk()] == [
        "multipart/alternative",
        "text/plain",
        "multipart/related",
        "text/html",
        "image/png",
    ]
    assert all(not part.defects for part in message.walk())
    assert content(message, "plain") == "Your turn.\n"
    assert content(message, "html") == "<p>Your turn.</p>\n"
    image = next(p for p in message.walk() if p.get_content_type() == "image/png")
    assert image.get_content() == PNG
    assert image["Content-ID"] == CID and image.get_content_disposition() == "inline"
    assert image.get_filename() == "board.png"
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")


def test_without_images_the_html_is_the_second_alternative():
    message = parsed(mail().as_bytes())
    assert [p.get_content_type() for p in message.iter_parts()] == ["text/plain", "text/html"]


def test_header_fields_read_back_and_as_set():
    written = mail(subject="[pbem #3] HONGA — ann, zoë")
    written["X-PBEM-Kind"] = "turn"
    assert written["subject"] == "[pbem #3] HONGA — ann, zoë" and written["X-PBEM-Kind"] == "turn"
    assert written["Cc"] is None
    message = parsed(written.as_bytes())
    assert message["Subject"] == "[pbem #3] HONGA — ann, zoë"
    assert message["Message-ID"] == "<m1@pbem.test>"
    assert b"=?utf-8?" in written.as_bytes()  # encoded words on the wire
    utf8 = written.as_bytes(email.policy.SMTPUTF8)
    assert "Subject: [pbem #3] HONGA — ann, zoë\r\n".encode() in utf8


def test_a_header_value_with_a_line_break_is_refused():
    written = OutgoingMail("x", "x")
    for value in ("ann\r\nBcc: eve@example.org", "ann\n", "ann\x0bx"):
        with pytest.raises(ValueError, match="line break"):
            written["Subject"] = value
    with pytest.raises(ValueError, match="line break"):
        written.set_items("References", ["<a@b>", "<c@d>\r\nBcc: eve@example.org"])


def test_long_item_fields_fold_between_items_and_are_never_encoded():
    items = [f"<{'x' * 30}.{n}@pbem.test>" for n in range(5)]
    written = mail()
    written.set_items("References", items)
    head = written.as_bytes().split(b"\r\n\r\n", 1)[0].decode("ascii")
    field = re.search(r"References: .*?(?=\r\n\S)", head, re.S).group(0)
    assert "=?" not in field
    assert all(len(line) <= 78 for line in field.split("\r\n"))
    assert parsed(written.as_bytes())["References"] == " ".join(items)


def test_the_boundary_is_not_in_the_text(monkeypatch):
    tokens = iter(["aaaa", "aaaa", "bbbb", "cccc"])
    monkeypatch.setattr(outgoing.secrets, "token_hex", lambda _n: next(tokens))
    written = OutgoingMail("a line --=_aaaa in the text\n", "<p>x</p>")
    assert content(parsed(written.as_bytes()), "plain") == "a line --=_aaaa in the text\n"
    assert b"=_aaaa" not in written.as_bytes().split(b"\r\n\r\n", 1)[0]


def test_readers_get_the_email_packages_parse():
    written = mail()
    assert written.get_body(("plain",)).get_content() == "Your turn.\n"
    written["X-PBEM-Game"] = "7"
    assert written.parsed["X-PBEM-Game"] == "7"  # parsed again after a change


lines = st.text(st.characters(blacklist_categories=["Cs"]), max_size=300)
texts = st.lists(st.one_of(lines, st.sampled_from(["", ".", "From me", "--", " ", "=", "\t"])))


@WRITER
@given(
    text=texts.map("\n".join),
    html=texts.map("\r\n".join),
    subject=st.text(st.characters(blacklist_categories=["Cs", "Cc", "Zl", "Zp"]), max_size=200),
    picture=st.binary(max_size=2000),
)
def test_anything_written_reads_back_the_same(text, html, subject, picture):
    written = mail(text, html, [Inline(picture, "png", CID, "board.png")], subject)
    data = written.as_bytes()
    message = parsed(data)
    assert all(not part.defects for part in message.walk())
    assert content(message, "plain") == normalised(text)
    assert content(message, "html") == normalised(html)
    image = next(p for p in message.walk() if p.get_content_type() == "image/png")
    assert image.get_content() == picture
    assert " ".join(message["Subject"].split()) == " ".join(subject.split())
    assert data.isascii() or b"Content-Transfer-Encoding: 8bit" in data
    for line in data.split(b"\r\n"):
        assert len(line) <= 998
    head = data.split(b"\r\n\r\n", 1)[0]
    assert all(len(line) <= 78 for line in head.split(b"\r\n"))
