"""Every mail a player writes gets an answer that reads right to a person: a join that leaves
the game waiting, a resignation, an absence told to the others."""

from __future__ import annotations

from datetime import UTC, datetime

from service_mails import flat, text_of


def test_a_join_that_leaves_the_game_waiting_is_answered(service):
    sent = service.deliver(service.to_service("host@x.test", "new honga with g1@y.test, g2@y.test"))
    game_id = sent[0].game_id
    seats = service.game(game_id)[1]
    first = next(s for s in seats if s["address"] == "g1@y.test")
    later = next(s for s in seats if s["address"] == "g2@y.test")
    joined = service.deliver(service.reply(game_id, first["name"], "join"))
    assert [(m.kind, m.to_address) for m in joined] == [("news", "g1@y.test")]
    body = flat(text_of(joined[0]))
    assert "You have taken your seat in game" in body
    assert f"Still to join: {later['name']}." in body
    started = service.deliver(service.reply(game_id, later["name"], "join"))
    assert sorted(m.to_address for m in started) == ["g1@y.test", "g2@y.test", "host@x.test"]


def test_who_resigns_is_told_it_is_done(service):
    game_id = service.new_game(players=3)
    sent = service.deliver(service.reply(game_id, "a2", "resign yes"))
    to_leaver = [m for m in sent if m.to_address == "a2@x.test"]
    assert [m.kind for m in to_leaver] == ["news"]
    body = flat(text_of(to_leaver[0]))
    assert "You have left game 1: a bot plays your seat from now on" in body
    assert "has left the game: a bot plays that seat" not in body


def test_an_absence_in_one_shared_game_names_it_as_one(service, time_machine):
    time_machine.move_to(datetime(2026, 12, 1, 9, 0, tzinfo=UTC), tick=False)
    game_id = service.new_game(players=2)
    sent = service.deliver(service.reply(game_id, "a2", "away until 2026-12-20"))
    told = [m for m in sent if m.to_address == "a1@x.test"]
    assert len(told) == 1
    body = flat(text_of(told[0]))
    assert f"their time to move is paused in your game {game_id}." in body
