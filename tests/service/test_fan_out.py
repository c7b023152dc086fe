"""What one mail can cause is bounded: one answer of each kind, one relay, one new game; and
what one sender can cause in a day: games and invitations."""

from __future__ import annotations

from dataclasses import replace

from service_mails import text_of
from sqlalchemy import func, select

from pbem import notify
from pbem.db import transaction
from pbem.models import Game
from tests.service.conftest import Service


def test_three_hundred_status_lines_get_one_status_answer(service):
    game_id = service.new_game(players=3)
    asker = service.seat(game_id, service.to_move(game_id)[0])
    sent = service.deliver(service.reply(game_id, asker["name"], "status\n" * 300))
    assert [(m.kind, m.to_address) for m in sent] == [("turn", asker["address"])]


def test_repeated_questions_get_one_answer_each(service):
    game_id = service.new_game(players=2)
    asker = service.seat(game_id, service.to_move(game_id)[0])
    sent = service.deliver(service.reply(game_id, asker["name"], "help\ngames\n" * 40))
    assert [m.kind for m in sent] == ["notice", "notice"]
    help_text, games_text = (" ".join(text_of(m).split()) for m in sent)
    assert "one command per line" in help_text and f"Game {game_id} (HONGA)" in games_text


def test_three_hundred_say_lines_are_one_relay_per_player(service):
    game_id = service.new_game(players=3)
    speaker = service.to_move(game_id)[0]
    lines = [f"say line {n} of my speech" for n in range(300)]
    sent = service.deliver(service.reply(game_id, speaker, "\n".join(lines)))
    others = sorted(s["address"] for s in service.game(game_id)[1] if s["name"] != speaker)
    assert sorted(m.to_address for m in sent) == others
    for mail in sent:
        body = text_of(mail)
        assert all(f"line {n} of my speech" in body for n in (0, 150, 299))


def test_a_mail_asking_for_many_games_creates_none_and_says_why(service):
    body = "\n".join(f"new honga with victim{n}@y.test" for n in range(40))
    sent = service.deliver(service.to_service("host@x.test", body))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "host@x.test")]
    assert "one game per mail" in " ".join(text_of(sent[0]).split())
    with transaction(service.settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(Game)) == 0


def test_repeated_questions_to_the_service_get_one_answer(service):
    sent = service.deliver(service.to_service("host@x.test", "help\n" * 100))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "host@x.test")]


def _asking(service, host: str, guests: str) -> list:
    return service.deliver(service.to_service(host, f"new honga with {guests}"))


def test_games_a_sender_starts_a_day_are_capped(settings):
    service = Service(replace(settings, max_new_games_per_day=2))
    for n in range(2):
        assert "invite" in [m.kind for m in _asking(service, "host@x.test", f"g{n}@y.test")]
    refused = _asking(service, "HOST@x.test", "g9@y.test")
    assert [(m.kind, m.to_address) for m in refused] == [("notice", "host@x.test")]
    assert "2 games today" in " ".join(text_of(refused[0]).split())
    assert "invite" in [m.kind for m in _asking(service, "other@x.test", "g9@y.test")]


def test_invitations_a_sender_sends_a_day_are_capped(settings):
    service = Service(replace(settings, max_invitations_per_day=3))
    assert (
        len([m for m in _asking(service, "host@x.test", "a@y.test b@y.test") if m.kind == "invite"])
        == 2
    )
    refused = _asking(service, "host@x.test", "c@y.test d@y.test")
    assert [(m.kind, m.to_address) for m in refused] == [("notice", "host@x.test")]
    assert "3 invitations a day" in " ".join(text_of(refused[0]).split())
    with transaction(service.settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(Game)) == 1


def test_invitations_count_against_the_answer_budget_of_the_invited(service):
    """Thirty people inviting one address in an hour: it gets twenty mails, the rest of the
    hosts are told why their game was not created."""
    invited, refused = 0, 0
    for n in range(25):
        sent = _asking(service, f"host{n}@x.test", "victim@y.test")
        invited += sum(m.to_address == "victim@y.test" for m in sent)
        refused += "mails from us this hour" in " ".join(text_of(sent[0]).split())
    assert (invited, refused) == (notify.ANSWER_LIMIT, 25 - notify.ANSWER_LIMIT)
