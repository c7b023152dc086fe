"""What one mail can cause is bounded: one answer of each kind, one relay, one new game."""

from __future__ import annotations

from service_mails import text_of
from sqlalchemy import func, select

from pbem.db import transaction
from pbem.models import Game


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
