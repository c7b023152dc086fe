"""How much mail: ``mail every``, ``mail turns`` (the default), ``mail digest``, per-game mute."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from service_mails import text_of
from sqlalchemy import select

import engine
from pbem.db import transaction
from pbem.models import Player, Seat
from pbem.notify import Change, mailed

# a 3-player turn passing from ann to bob; cy only watches
PASSED = Change(waiting=frozenset({"bob"}), mover="ann", turn_passed=True)
# ann's move in the middle of her turn
WITHIN = Change(waiting=frozenset({"ann"}), mover="ann", turn_passed=False)
START = Change(waiting=frozenset({"ann"}), everybody=True)
LATE = Change(waiting=frozenset({"cy"}), everybody=True, addressed=frozenset({"bob"}))


@pytest.mark.parametrize(
    ("level", "change", "told"),
    [
        ("every", PASSED, {"ann", "bob", "cy"}),
        ("turns", PASSED, {"bob"}),
        ("digest", PASSED, set()),
        ("every", WITHIN, {"ann"}),
        ("turns", WITHIN, {"ann"}),
        ("digest", WITHIN, {"ann"}),  # the answer to her own mail, which she needs to go on
        ("every", START, {"ann", "bob", "cy"}),
        ("turns", START, {"ann", "bob", "cy"}),
        ("digest", START, set()),
        ("turns", LATE, {"ann", "bob", "cy"}),
        ("digest", LATE, {"bob"}),  # the bot played for bob: he is told whatever he chose
    ],
)
def test_who_is_mailed(level, change, told):
    assert {name for name in ("ann", "bob", "cy") if mailed(level, name, change)} == told


def set_mail(service, address, level):
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == address)).mail = level


def play_by_bots(service, game_id) -> Counter:
    """Every player sends each whole turn in one mail, guarded; returns the mails sent."""
    game, seats = service.game(game_id)
    game_engine = engine.load(game.kind)
    chooser, sent = random.Random(3), Counter()
    while waiting := service.to_move(game_id):
        name = waiting[0]
        state, lines = service.state(game_id), []
        while name in game_engine.to_move(state):
            lines.append(game_engine.bot(state, name, chooser))
            state = game_engine.play(state, name, lines[-1])
        version = service.game(game_id)[0].version
        answers = service.deliver(service.reply(game_id, name, "\n".join([f"#{version}", *lines])))
        assert all(mail.kind in ("turn", "over") for mail in answers), answers
        sent[name] += 1
    return sent


def game_mails(service, address) -> int:
    return sum(
        1 for m in service.outbox() if m.to_address == address and m.kind in ("turn", "over")
    )


@pytest.mark.slow
def test_mail_turns_is_one_mail_per_own_turn_plus_the_start_and_the_end(sqlite_settings):
    from tests.service.conftest import Service

    service = Service(sqlite_settings)
    game_id = service.new_game(players=3, seed=11)
    sent = play_by_bots(service, game_id)
    _game, seats = service.game(game_id)
    assert service.game(game_id)[0].status == "finished"
    for seat in seats:
        received = game_mails(service, seat["address"])
        assert 0 < received <= sent[seat["name"]] + 2, (seat["name"], received, sent)


@pytest.mark.slow
def test_mail_every_mails_every_turn_to_everybody(sqlite_settings):
    """The same game with ``mail every``: each player hears of every turn (today's mail)."""
    from tests.service.conftest import Service

    service = Service(sqlite_settings)
    game_id = service.new_game(players=3, seed=11)
    for seat in service.game(game_id)[1]:
        set_mail(service, seat["address"], "every")
    sent = play_by_bots(service, game_id)
    for seat in service.game(game_id)[1]:
        assert game_mails(service, seat["address"]) == sum(sent.values()) + 1


def test_digest_players_get_no_turn_mail_but_the_answer_to_their_own(service):
    game_id = service.new_game(players=2)
    first, second = service.game(game_id)[1]
    set_mail(service, second["address"], "digest")
    mover = service.to_move(game_id)[0]
    assert mover == first["name"]
    passed = service.deliver(
        service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
    )
    assert passed == []  # it is the digest player's turn: the digest tells them
    assert service.to_move(game_id) == [second["name"]]
    opening, *rest = service.turn_of(game_id, second["name"])
    assert rest
    answer = service.deliver(service.reply(game_id, second["name"], opening))
    assert [m.to_address for m in answer] == [second["address"]]
    assert "it is your turn" in text_of(answer[0])


def test_a_muted_game_is_the_digest_for_that_game_only(service):
    muted = service.new_game(players=2, seed=7)
    loud = service.new_game(players=2, seed=8)
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == muted, Seat.position == 1))
        seat.mail = "digest"
    for game_id, expected in ((muted, 0), (loud, 1)):
        mover = service.to_move(game_id)[0]
        sent = service.deliver(
            service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
        )
        assert len(sent) == expected


def test_say_reaches_turns_players_not_digest_ones(service):
    game_id = service.new_game(players=3)
    _game, (ann, bob, cy) = service.game(game_id)
    set_mail(service, cy["address"], "digest")
    relayed = service.deliver(service.reply(game_id, ann["name"], "say good luck"))
    assert [m.to_address for m in relayed] == [bob["address"]]
