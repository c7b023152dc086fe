"""``rules``: a short summary of a game's rules by mail, in the player's language (issue 9.11).

The rules document is not the players': what the turn mails used to say about reconstructed
details ("board layout, card hands ... are reconstructions (see the rules document)") is in
this answer, and ``help`` points to it.
"""

from __future__ import annotations

import gettext

import pytest
from service_mails import text_of
from sqlalchemy import select

import engine
from pbem import i18n
from pbem.db import transaction
from pbem.models import Player


def flat(row) -> str:
    return " ".join(text_of(row).split())


def test_rules_in_a_game_mail_answer_that_games_summary_and_change_nothing(service):
    game_id = service.new_game(kind="hengist", players=2)
    version = service.game(game_id)[0].version
    sent = service.deliver(service.reply(game_id, "a1", "rules"))
    assert [m.kind for m in sent] == ["notice"] and sent[0].to_address == "a1@x.test"
    body = flat(sent[0])
    summary = engine.load("hengist").summary()
    assert "The rules of Hengist" in body
    assert " ".join(summary[0].split()) in body and "reconstruction" in body
    assert service.game(game_id)[0].version == version


@pytest.mark.parametrize("kind", engine.names())
def test_turn_mails_leave_the_reconstruction_note_to_the_rules_answer(service, kind):
    """The note "board layout, card hands ... are reconstructions (see the rules document)"
    pointed players at a document they cannot reach: it is in the rules answer only."""
    game_id = service.new_game(kind=kind, players=2)
    mover = service.to_move(game_id)[0]
    sent = [*service.outbox(), *service.deliver(service.reply(game_id, mover, "help"))]
    assert sent and all("reconstruct" not in text_of(m).lower() for m in sent)
    rules = text_of(service.deliver(service.reply(game_id, mover, "rules"))[0])
    assert "reconstruction" in rules


def test_rules_game_to_the_service_address_answers_with_that_games_summary(service):
    sent = service.deliver(service.to_service("curious@x.test", "rules Stone Age"))
    assert [m.to_address for m in sent] == ["curious@x.test"]
    body = flat(sent[0])
    assert "The rules of Stone Age" in body
    for paragraph in engine.load("stoneage").summary():
        assert " ".join(paragraph.split()) in body


def test_rules_without_a_game_lists_the_games_and_an_unknown_one_is_named(service):
    listing = flat(service.deliver(service.to_service("curious@x.test", "rules"))[0])
    assert "rules GAME" in listing and all(name in listing for name in engine.names())
    unknown = flat(service.deliver(service.to_service("curious@x.test", "rules chess"))[0])
    assert "There is no game called chess" in unknown


def test_help_points_to_the_rules_answer(service):
    body = flat(service.deliver(service.to_service("curious@x.test", "help"))[0])
    assert "rules (a short summary of the game's rules)" in body
    assert "rules GAME" in body


class Marking(gettext.NullTranslations):
    """The catalogue of a made-up language: every sentence it translates is marked."""

    def gettext(self, message):
        return "[xx] " + message


def test_rules_come_in_the_players_language(service, monkeypatch):
    game_id = service.new_game(kind="honga", players=2)
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == "a2@x.test")).locale = "xx"
    english = i18n.translations
    monkeypatch.setattr(
        i18n, "translations", lambda locale: Marking() if locale == "xx" else english(locale)
    )
    body = text_of(service.deliver(service.reply(game_id, "a2", "rules"))[0])
    first = engine.load("honga").summary()[0]
    assert "[xx] The rules of HONGA" in body
    assert "[xx] " + first.split()[0] in body
    # the service address knows the player's language too
    asked = text_of(service.deliver(service.to_service("a2@x.test", "rules hengist"))[0])
    assert "[xx] The rules of Hengist" in asked
    stranger = text_of(service.deliver(service.to_service("new@x.test", "rules hengist"))[0])
    assert "[xx]" not in stranger and "The rules of Hengist" in stranger
