"""Senders read strictly, addresses compared in one form: ambiguity is refused, and
internationalized addresses (raw UTF-8, IDN) play like any other."""

from __future__ import annotations

import email.policy
from email.utils import make_msgid

import pytest
from service_mails import text_of
from sqlalchemy import select

from pbem.db import transaction
from pbem.mail import address, commands
from pbem.models import InboundMail, Move


def _raw(service, sender: str, to: str, body: str) -> bytes:
    """A mail as an RFC 6532 client writes it: headers in raw UTF-8."""
    head = f"From: {sender}\r\nTo: {to}\r\nMessage-ID: {make_msgid(domain='x.test')}\r\n"
    head += "Subject: hi\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    return (head + body + "\r\n").encode()


@pytest.mark.parametrize(
    "value, expected",
    [
        ("ann@x.org", "ann@x.org"),
        ("Ann Smith <Ann@X.org>", "ann@x.org"),
        ('"Smith, Ann" <ann@x.org>', "ann@x.org"),
        ("=?utf-8?q?a=3Ab=40c?= <real@y.org>", "real@y.org"),  # a display name is only a name
        ("José <josé@exämple.org>", "josé@exämple.org"),
        ("josé@xn--exmple-cua.org", "josé@exämple.org"),
        ("victim@x.org <attacker@y.org>", ""),
        ("<a@x.org> <b@y.org>", ""),
        ("a@x.org, b@y.org", ""),
        ("Friends: a@x.org;", ""),
        ("=?utf-8?q?ann=3A?= victim@x.org", ""),
        ("=?utf-8?b?dmljdGltQHgub3Jn?=", ""),  # an encoded word is never an address
        ("Ann <ann@x.org", ""),
        ("a..b@x.org", ""),
        ("", ""),
        # what the email package's own parser fails on (IndexError, AttributeError,
        # TypeError, UnboundLocalError): nobody's
        ("<", ""),
        (".:", ""),
        (" .<", ""),
        ("<@[ ", ""),
    ],
)
def test_a_from_is_one_unambiguous_address_or_nobody(value, expected):
    assert address.from_header(value) == expected


@pytest.mark.parametrize("sender", ["<", ".:", " .<", "<@[ "])
def test_a_from_the_parser_fails_on_is_refused_not_failed(service, sender):
    """No sender to answer: the mail ends refused (it ended failed, an exception each try);
    to a seat, its owner is told of a mail from another address, as for any forger."""
    game_id = service.new_game()
    mover = service.seat(game_id, service.to_move(game_id)[0])
    seat = service.settings.reply_address(mover["token"])
    sent = service.deliver(_raw(service, sender, seat, "help"))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", mover["address"])]
    assert service.deliver(_raw(service, sender, service.settings.service_address, "help")) == []
    with transaction(service.settings.database_url) as session:
        assert session.scalars(select(InboundMail.status)).all() == ["refused", "refused"]


def test_raw_utf8_headers_are_read_as_utf8():
    escaped = "José <josé@exämple.org>".encode().decode("ascii", "surrogateescape")
    assert address.from_header(escaped) == "josé@exämple.org"


def test_a_forged_from_with_the_victim_as_display_name_is_not_the_victim(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    victim = service.seat(game_id, mover)["address"]
    raw = service.reply(game_id, mover, service.legal(game_id, mover)[0])
    raw = raw.replace(f"From: {victim}".encode(), f"From: {victim} <attacker@evil.test>".encode())
    sent = service.deliver(raw)
    with transaction(service.settings.database_url) as session:
        assert session.scalars(select(Move)).all() == []
        assert session.scalars(select(InboundMail.status)).all() == ["refused"]
    assert [(m.kind, m.to_address) for m in sent] == [("notice", victim)]
    assert "another address" in " ".join(text_of(sent[0]).split())


def test_two_from_headers_are_nobody(service):
    raw = service.to_service("ann@x.test", "help")
    sent = service.deliver(raw.replace(b"From: ann@x.test", b"From: ann@x.test\nFrom: bob@x.test"))
    assert sent == []


def test_an_internationalized_address_is_invited_joins_and_plays(service):
    sent = service.deliver(service.to_service("host@x.test", "new honga with josé@exämple.org"))
    invite = next(m for m in sent if m.kind == "invite")
    assert invite.to_address == "josé@exämple.org"
    assert b"To: jos\xc3\xa9@ex\xc3\xa4mple.org" in invite.message
    token = email.message_from_bytes(invite.message, policy=email.policy.default)["Reply-To"]
    joined = service.deliver(_raw(service, "José <josé@exämple.org>", str(token), "join"))
    assert service.game(invite.game_id)[0].status == "active"
    assert "josé@exämple.org" in {m.to_address for m in joined if m.kind == "turn"}
    # the same mailbox written with its domain in ASCII (IDNA) is the same player
    mistake = service.deliver(_raw(service, "josé@xn--exmple-cua.org", str(token), "fly away"))
    assert [(m.kind, m.to_address) for m in mistake] == [("error", "josé@exämple.org")]


def test_an_internationalized_sender_to_the_service_is_answered(service):
    sent = service.deliver(_raw(service, "José <josé@exämple.org>", "play@pbem.test", "help"))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "josé@exämple.org")]
    assert b"To: jos\xc3\xa9@ex\xc3\xa4mple.org" in sent[0].message


@pytest.mark.parametrize(
    "argument, reason",
    [
        ("honga with victim@x.org <attacker@y.org>", "ambiguous"),
        ("honga with a..b@x.org", "not a mail address"),
        ("honga with ann@x.org@y.org", "not a mail address"),
    ],
)
def test_new_game_addresses_are_read_strictly(argument, reason):
    with pytest.raises(commands.CommandError, match=reason):
        commands.parse_new_game(argument)


def test_new_game_addresses_take_one_form():
    request = commands.parse_new_game("honga with Ann@X.org, josé@xn--exmple-cua.org")
    assert request.addresses == ["ann@x.org", "josé@exämple.org"]
