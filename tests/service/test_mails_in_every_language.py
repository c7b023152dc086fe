"""A game played by mail in Spanish, German or Portuguese is answered in it: every mail that
comes back (invitation, turns, refusal, help, status, chat, digest, the end) is in the
players' language, and no English sentence of the template is in any of them; dates are
Babel's, in the reader's language and zone."""

from __future__ import annotations

import email
import email.policy
import html
import re
from datetime import datetime, timedelta
from functools import cache

import pytest
from babel.messages.pofile import read_po
from sqlalchemy import select

import engine
from pbem import clock, i18n, jobs
from pbem.db import transaction
from pbem.mail.commands import word
from pbem.models import Game, OutboundMail, now
from tests.browser.every_mail import every_mail

LANGUAGES = ("es", "de", "pt")
#: How players of each language greet and sign (their first mail tells their language).
GREETING = {
    "es": ("Hola a todos", "Gracias"),
    "de": ("Hallo zusammen", "Danke"),
    "pt": ("Olá a todos", "Obrigado"),
}
#: When players of each language write: their zone is read from it (:data:`ZONE`).
DATE = {
    "es": "Tue, 01 Dec 2026 10:00:00 +0100",
    "de": "Tue, 01 Dec 2026 10:00:00 +0100",
    "pt": "Tue, 01 Dec 2026 06:00:00 -0300",
}
ZONE = {"es": "Etc/GMT-1", "de": "Etc/GMT-1", "pt": "Etc/GMT+3"}
#: A sentence from the template is English when it has this many words at least: shorter
#: pieces ("HONGA", "OK", "Stone Age") are the same in every language.
WORDS = 4
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


@cache
def english_sentences() -> frozenset[str]:
    """Every piece of the template's messages between placeholders and line breaks of
    :data:`WORDS` words or more, whitespace folded."""
    with (i18n.LOCALE_DIR / "pbem.pot").open("rb") as pot:
        messages = [m for m in read_po(pot) if m.id]
    pieces = set()
    for message in messages:
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            for piece in re.split(PLACEHOLDER.pattern + r"|\n", text):
                piece = " ".join(piece.split()).strip(" :;,.()“”\"'")
                if len(re.findall(r"[^\W\d_]+", piece)) >= WORDS:
                    pieces.add(piece)
    return frozenset(pieces)


def read(row) -> tuple[str, str, str]:
    """A queued mail's language, subject, and the words of its text and HTML parts
    (whitespace folded)."""
    return read_message(email.message_from_bytes(row.message, policy=email.policy.default))


def read_message(message) -> tuple[str, str, str]:
    text = message.get_body(("plain",)).get_content()
    markup = message.get_body(("html",)).get_content()
    markup = html.unescape(re.sub(r"<head>.*?</head>|<[^>]+>", " ", markup, flags=re.S))
    words = " ".join(f"{text}\n{markup}".split())
    return str(message["Content-Language"]), str(message["Subject"]), words


def english_in(text: str) -> list[str]:
    return sorted(piece for piece in english_sentences() if piece in text)


#: The word between a game and the addresses in ``new GAME with ADDRESSES``.
WITH = {"es": "con", "de": "mit", "pt": "com"}


def play_in(service, kind: str, language: str) -> int:
    """Two players of ``language`` start a game of ``kind`` by mail, play some turns and ask
    for help, status and a word to the other; the game's id."""
    hello, bye = GREETING[language]
    dated = {"Date": DATE[language]}
    new = f"{word('new', language)} {kind} {WITH[language]} a2@x.test"
    first = service.to_service("a1@x.test", f"{hello}\n\n{new}\n\n{bye}", headers=dated)
    game_id = next(m for m in service.deliver(first) if m.kind == "invite").game_id
    guest = next(s["name"] for s in service.game(game_id)[1] if s["address"] == "a2@x.test")
    join = f"{hello}\n\n{word('join', language)}\n\n{bye}"
    service.deliver(service.reply(game_id, guest, join, headers=dated))
    game = engine.load(kind)
    for turn in range(4):
        mover = service.to_move(game_id)[0]
        typed = [game.shown(command, language) for command in service.turn_of(game_id, mover)]
        if turn == 1:
            service.deliver(service.reply(game_id, mover, "xyzzy plugh", headers=dated))
        service.deliver(service.reply(game_id, mover, "\n".join(typed), headers=dated))
    mover = service.to_move(game_id)[0]
    for line in (word("help", language), word("status", language), f"{word('say', language)} ok"):
        service.deliver(service.reply(game_id, mover, line, headers=dated))
    jobs.digest(service.settings, now() + timedelta(days=8))
    return game_id


def deadline_in_the_readers_words(service, game_id: int) -> tuple[str, str, str]:
    """The mover's zone, their deadline as they read it (in that zone and their language),
    and their last turn mail's text."""
    with transaction(service.settings.database_url) as session:
        seat = next(s for s in session.get(Game, game_id).seats if s.deadline is not None)
        player = seat.player
        moment = clock.moment(seat.deadline, player.timezone, player.language)
        rows = session.scalars(
            select(OutboundMail).where(
                OutboundMail.kind == "turn", OutboundMail.to_address == player.address
            )
        ).all()
        return player.timezone, moment, read(rows[-1])[2]


@pytest.mark.parametrize("kind", engine.names())
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_played_by_mail_in_a_language_is_answered_in_it(service, kind, language):
    game_id = play_in(service, kind, language)
    mails = service.outbox()
    kinds = {m.kind for m in mails}
    assert {"invite", "turn", "error", "news", "notice", "relay", "digest"} <= kinds, kinds
    for mail in mails:
        content_language, subject, text = read(mail)
        assert content_language == language, (mail.kind, mail.to_address, subject)
        assert english_in(f"{subject} {text}") == [], (mail.kind, text)
    zone, moment, text = deadline_in_the_readers_words(service, game_id)
    assert zone == ZONE[language]  # read from their mails' Date
    # Babel's date in the reader's language and zone, the zone as an offset from UTC
    assert f"{moment} ({clock.zone_label(zone)})" in text
    assert moment != clock.moment(datetime(2026, 12, 1), "UTC", "en")


@pytest.mark.parametrize("kind", engine.names())
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_mail_to_the_largest_table_is_in_its_readers_language(
    sqlite_settings, kind, language
):
    """The browser tests' mails (tests/browser/every_mail.py), from the middle of a game to its
    end, without a browser."""
    mails = every_mail(sqlite_settings, kind, language)
    assert {m.kind for m in mails} >= {"invite", "turn", "error", "notice", "over", "digest"}
    for mail in mails:
        content_language, subject, text = read_message(mail.message)
        assert content_language == language, (mail.label, mail.kind, mail.to)
        assert english_in(f"{subject} {text}") == [], (mail.label, mail.kind, text)


def test_the_english_sentences_are_found_in_an_english_mail(service):
    """The check can fail: an English game's mails hold the template's sentences."""
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    mails = service.deliver(service.reply(game_id, mover, "xyzzy plugh"))
    assert english_in(read(mails[0])[2])
