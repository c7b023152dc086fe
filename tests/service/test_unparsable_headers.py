"""Headers the email package's own parser fails on (IndexError and the like, deep inside it):
read as text with a defect, so a hostile part never ends the whole mail in an exception."""

from __future__ import annotations

from email.utils import make_msgid

import pytest
from sqlalchemy import select

from pbem.db import transaction
from pbem.mail import language, mime
from pbem.mail.classify import classify
from pbem.mail.extract import new_text
from pbem.mail.route import recipients, sender
from pbem.models import InboundMail

#: values the parser fails on, by header
UNPARSABLE = [
    ("From", "<"),
    ("From", " .<"),
    ("Content-Disposition", ";a*"),
    ("Content-Type", "text/plain;a*"),
    ("Message-ID", "<"),
]
#: where the part stands: a multipart of each kind, a forwarded message, two deep
NESTING = [(), ("mixed",), ("signed",), ("alternative",), ("related",), ("rfc822",)]
NESTING += [("mixed", "rfc822"), ("mixed", "signed")]


def _wrapped(kinds: tuple[str, ...], inner: str) -> str:
    for n, kind in enumerate(reversed(kinds)):
        if kind == "rfc822":
            inner = f"Content-Type: message/rfc822\r\n\r\nFrom: ann@x.test\r\n{inner}"
        else:
            inner = (
                f'Content-Type: multipart/{kind}; boundary="b{n}"\r\n\r\n--b{n}\r\n'
                f"Content-Type: text/plain\r\n\r\nhello\r\n--b{n}\r\n{inner}\r\n--b{n}--\r\n"
            )
    return inner


def _mail(name: str, value: str, kinds: tuple[str, ...], sender: str, to: str, body: str) -> bytes:
    part = f"{name}: {value}\r\n" + (
        "" if name == "Content-Type" else "Content-Type: text/plain\r\n"
    )
    head = f"From: {sender}\r\nTo: {to}\r\nMessage-ID: {make_msgid(domain='x.test')}\r\n"
    return (head + "MIME-Version: 1.0\r\n" + _wrapped(kinds, f"{part}\r\n{body}\r\n")).encode()


def test_an_unparsable_header_reads_as_its_text_with_a_defect():
    header = mime.READING.header_fetch_parse("From", "<")
    assert (str(header), header.name) == ("<", "From")
    assert [type(defect) for defect in header.defects] == [mime.UnparsableHeader]
    message = mime.parse(b"From: <\r\nContent-Type: text/plain;a*\r\n\r\nhi\r\n")
    assert (message.get_content_type(), message.get_content().strip()) == ("text/plain", "hi")


@pytest.mark.parametrize("kinds", NESTING, ids="-".join)
@pytest.mark.parametrize(("name", "value"), UNPARSABLE)
def test_every_reading_step_takes_a_part_with_an_unparsable_header(name, value, kinds):
    """Before, a part's ``From: <`` in a multipart, or ``Content-Disposition: ;a*`` in a
    forwarded message, raised IndexError in extracting the text."""
    raw = _mail(name, value, kinds, "ann@x.test", "play@pbem.test", "join")
    message = mime.parse(raw)
    assert classify(message) == "normal"
    assert isinstance(new_text(message), str) and mime.unreadable(message) is None
    alone = name == "From" and not kinds  # two From headers of the mail itself: nobody's
    assert sender(message) == ("" if alone else "ann@x.test")
    assert recipients(message, "") == ["play@pbem.test"]
    assert language.guess(message, "join") in ("en", "es", "de", "pt")


@pytest.mark.parametrize("kinds", [("mixed",), ("related",), ("rfc822",)], ids="-".join)
def test_a_reply_with_such_a_part_is_answered_not_failed(service, kinds):
    game_id = service.new_game()
    mover = service.seat(game_id, service.to_move(game_id)[0])
    to = service.settings.reply_address(mover["token"])
    for name, value in UNPARSABLE:
        service.deliver(_mail(name, value, kinds, mover["address"], to, "status"))
    with transaction(service.settings.database_url) as session:
        statuses = session.scalars(select(InboundMail.status)).all()
    assert len(statuses) == len(UNPARSABLE) and set(statuses) <= {"done", "refused"}
