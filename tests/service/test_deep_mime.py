"""MIME nested deeper than any mail client writes: never a RecursionError, always an answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_mails import text_of
from sqlalchemy import select

from pbem import pipeline
from pbem.db import transaction
from pbem.mail import mime
from pbem.models import InboundMail

CORPUS = Path(__file__).parents[1] / "mail" / "corpus"


def nested(depth: int, sender: str, to: str, body: str = "join") -> bytes:
    """A mail whose text sits ``depth`` multiparts deep."""
    head = f"From: {sender}\r\nTo: {to}\r\nMessage-ID: <deep{depth}@x.test>\r\nSubject: deep\r\n"
    opening = "".join(
        f"Content-Type: multipart/mixed; boundary=b{n}\r\n\r\n--b{n}\r\n" for n in range(depth)
    )
    closing = "".join(f"\r\n--b{n}--" for n in reversed(range(depth)))
    text = f"Content-Type: text/plain\r\n\r\n{body}\r\n"
    return (head + "MIME-Version: 1.0\r\n" + opening + text + closing + "\r\n").encode()


@pytest.mark.parametrize("depth", [mime.MAX_DEPTH + 1, 1000, 20_000])
def test_deep_mime_is_read_for_its_headers_only(depth):
    message = mime.parse(nested(depth, "ann@x.test", "play@pbem.test"))
    assert mime.too_deep(message) and message["From"] == "ann@x.test"
    assert message.get_payload() == ""


def test_mime_as_deep_as_allowed_is_read():
    message = mime.parse(nested(mime.MAX_DEPTH - 1, "ann@x.test", "play@pbem.test"))
    assert not mime.too_deep(message)
    leaves = [part.get_content().strip() for part in message.walk() if not part.is_multipart()]
    assert leaves == ["join"]


def test_pipeline_parse_is_the_bounded_one():
    assert mime.too_deep(pipeline.parse(nested(1000, "ann@x.test", "play@pbem.test")))


def test_a_deep_reply_is_refused_and_its_seat_told(service):
    game_id = service.new_game()
    mover = service.seat(game_id, service.to_move(game_id)[0])
    raw = nested(1000, mover["address"], service.settings.reply_address(mover["token"]))
    sent = service.deliver(raw)
    with transaction(service.settings.database_url) as session:
        assert session.scalars(select(InboundMail.status)).all() == ["refused"]
    assert [(m.kind, m.to_address) for m in sent] == [("notice", mover["address"])]
    assert "nested" in " ".join(text_of(sent[0]).split())
    assert service.game(game_id)[0].version == 1


def test_a_deep_mail_to_the_service_is_answered(service):
    sent = service.deliver(nested(5000, "ann@x.test", service.settings.service_address, "help"))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "ann@x.test")]
    assert "nested" in " ".join(text_of(sent[0]).split())


def test_a_deep_mail_from_another_address_still_tells_only_the_seat(service):
    game_id = service.new_game()
    mover = service.seat(game_id, service.to_move(game_id)[0])
    raw = nested(1000, "mallory@evil.test", service.settings.reply_address(mover["token"]))
    sent = service.deliver(raw)
    assert [m.to_address for m in sent] == [mover["address"]]
    assert "another address" in " ".join(text_of(sent[0]).split())


def test_an_encrypted_reply_is_refused_and_its_seat_told(service):
    """S/MIME enveloped data cannot be read without the writer's key: the seat is told why."""
    game_id = service.new_game()
    mover = service.seat(game_id, service.to_move(game_id)[0])
    raw = (CORPUS / "outlook_smime_encrypted_en.eml").read_bytes()
    raw = raw.replace(b"ann@example.org", mover["address"].encode()).replace(
        b"play+0123456789abcdef0123@pbem.test",
        service.settings.reply_address(mover["token"]).encode(),
    )
    sent = service.deliver(raw)
    assert [(m.kind, m.to_address) for m in sent] == [("notice", mover["address"])]
    assert "encrypted" in " ".join(text_of(sent[0]).split())
    assert service.game(game_id)[0].version == 1
