"""A late or repeated reply never lands on a newer position; resign is confirmed; a 'done'
after the engine ended the turn changes nothing and says so."""

from __future__ import annotations

from email.utils import make_msgid

import pytest
from service_mails import flat, last_mail_to, moves, text_of
from sqlalchemy import select

from pbem.db import transaction
from pbem.models import OutboundMail, Player


def replying_to(mail: OutboundMail) -> dict:
    return {"In-Reply-To": mail.message_id, "References": f"<root@x> {mail.message_id}"}


def test_outbound_mails_remember_the_position_they_show(service):
    game_id = service.new_game()
    assert {m.position for m in service.outbox()} == {service.game(game_id)[0].version}


def test_a_late_reply_is_not_applied_and_gets_the_current_position(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    first_mail = last_mail_to(service, address)
    turn = service.turn_of(game_id, mover)
    service.deliver(service.reply(game_id, mover, "\n".join(turn), headers=replying_to(first_mail)))
    other = service.to_move(game_id)[0]
    assert other != mover
    applied = moves(service, game_id)
    # the mover answers the first mail again, after the game moved on
    late = service.deliver(
        service.reply(game_id, mover, "\n".join(turn), headers=replying_to(first_mail))
    )
    assert moves(service, game_id) == applied
    assert [(m.kind, m.to_address) for m in late] == [("stale", address)]
    body = flat(text_of(late[0]))
    assert f"You answered the mail of position #{first_mail.position}, but the game is at #" in body
    assert f"Your own '{turn[0]}'" in body and "is already applied" in body


def test_a_resend_under_a_new_message_id_is_harmless(service):
    """A provider delivering an applied mail again with another Message-ID."""
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    mail = last_mail_to(service, service.seat(game_id, mover)["address"])
    raw = service.reply(
        game_id, mover, service.turn_of(game_id, mover)[0], headers=replying_to(mail)
    )
    service.deliver(raw)
    applied = moves(service, game_id)
    old_id = raw.split(b"Message-ID: ")[1].split(b"\n")[0].strip()
    resent = raw.replace(old_id, make_msgid(domain="resend.example").encode())
    sent = service.deliver(resent)
    assert moves(service, game_id) == applied
    assert [m.kind for m in sent] == ["stale"]


def test_an_explicit_guard_wins_over_the_mail_answered(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    old = last_mail_to(service, address)
    first, *rest = service.turn_of(game_id, mover)
    assert rest
    service.deliver(service.reply(game_id, mover, first))
    version = service.game(game_id)[0].version
    sent = service.deliver(
        service.reply(game_id, mover, f"#{version}\n{rest[0]}", headers=replying_to(old))
    )
    assert rest[0] in moves(service, game_id)
    assert "stale" not in [m.kind for m in sent]


def test_a_reply_to_the_latest_mail_or_to_none_applies(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    first, *rest = service.turn_of(game_id, mover)
    service.deliver(
        service.reply(game_id, mover, first, headers=replying_to(last_mail_to(service, address)))
    )
    latest = last_mail_to(service, address)
    service.deliver(service.reply(game_id, mover, "\n".join(rest), headers=replying_to(latest)))
    assert moves(service, game_id) == [first, *rest]


# -- resign is confirmed -----------------------------------------------------------------------


def test_resign_asks_first_and_a_second_resign_confirms(service):
    game_id = service.new_game(players=3)
    leaver = service.game(game_id)[1][2]
    asked = service.deliver(service.reply(game_id, leaver["name"], "resign"))
    assert [(m.kind, m.to_address) for m in asked] == [("notice", leaver["address"])]
    assert "resign yes" in flat(text_of(asked[0]))
    assert service.seat(game_id, leaver["name"])["status"] == "joined"
    done = service.deliver(service.reply(game_id, leaver["name"], "resign"))
    assert service.seat(game_id, leaver["name"])["status"] == "resigned"
    told = {
        m.to_address for m in done if "has left the game: a bot plays that seat" in flat(text_of(m))
    }
    others = {s["address"] for s in service.game(game_id)[1] if s["name"] != leaver["name"]}
    assert told == others


@pytest.mark.parametrize("typed", ["resign yes", "Concede yes", "surrender confirm"])
def test_resign_yes_resigns_at_once(service, typed):
    game_id = service.new_game(players=3)
    leaver = service.game(game_id)[1][1]
    service.deliver(service.reply(game_id, leaver["name"], typed))
    assert service.seat(game_id, leaver["name"])["status"] == "resigned"


def test_a_game_whose_humans_all_resigned_ends_with_a_mail_to_all(service):
    game_id = service.new_game(players=2)
    seats = service.game(game_id)[1]
    service.deliver(service.reply(game_id, seats[0]["name"], "resign yes"))
    sent = service.deliver(service.reply(game_id, seats[1]["name"], "resign yes"))
    assert service.game(game_id)[0].status == "abandoned"
    ended = [m for m in sent if "the game ends here without a winner" in flat(text_of(m))]
    assert sorted(m.to_address for m in ended) == sorted(s["address"] for s in seats)


# -- done after the turn ended --------------------------------------------------------------------


def test_done_after_an_auto_ended_turn_is_a_harmless_no_op(service):
    """Hengist's first turn ends by itself after its actions."""
    game_id = service.new_game(kind="hengist", players=2)
    mover = service.to_move(game_id)[0]
    turn = [line for line in service.turn_of(game_id, mover) if line != "done"]
    sent = service.deliver(service.reply(game_id, mover, "\n".join([*turn, "done"])))
    assert moves(service, game_id) == turn
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    assert mine.kind == "turn"
    assert "'done' changed nothing: your turn had already ended." in flat(text_of(mine))


def test_a_lone_done_out_of_turn_is_answered_with_the_position(service):
    game_id = service.new_game(kind="hengist", players=2)
    waiting = next(
        s["name"] for s in service.game(game_id)[1] if s["name"] not in service.to_move(game_id)
    )
    sent = service.deliver(service.reply(game_id, waiting, "done"))
    assert moves(service, game_id) == []
    assert [m.kind for m in sent] == ["stale"]
    assert "your turn had already ended" in flat(text_of(sent[0]))


def test_done_that_gives_up_actions_says_what(service):
    """Said in the mover's answer; they get one with ``mail every`` (with ``mail turns`` the
    mail that ends their turn is not answered)."""
    game_id = service.new_game(kind="hengist", players=2)
    mover = service.to_move(game_id)[0]
    with transaction(service.settings.database_url) as session:
        address = service.seat(game_id, mover)["address"]
        session.scalar(select(Player).where(Player.address == address)).mail = "every"
    sent = service.deliver(service.reply(game_id, mover, "done"))
    assert moves(service, game_id) == ["done"]
    mine = next(m for m in sent if m.to_address == service.seat(game_id, mover)["address"])
    assert "You ended your turn with" in flat(text_of(mine))


def test_a_lone_done_with_a_stale_guard_is_refused_for_the_guard(service):
    """An explicit '#N' names the position the commands were meant for: a 'done' written for
    an older position is refused for that reason, not read as a no-op, and answered as a
    late reply is: with the position as it is now."""
    game_id = service.new_game(kind="hengist", players=2)
    version = service.game(game_id)[0].version
    mover = service.to_move(game_id)[0]
    service.deliver(service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover))))
    applied = moves(service, game_id)
    sent = service.deliver(service.reply(game_id, mover, f"#{version}\ndone"))
    assert moves(service, game_id) == applied
    assert [m.kind for m in sent] == ["stale"]
    now = service.game(game_id)[0].version
    body = flat(text_of(sent[0]))
    assert f"Your mail was written for position #{version}, but the game is at #{now}" in body
    assert f"position #{now}" in body.split("I read:")[1]  # the position as it is now


@pytest.mark.parametrize("kind", ["honga", "stoneage", "hengist"])
def test_a_stale_guard_is_answered_with_the_position_as_it_is_now(service, kind):
    """'#1' above a turn already played by an earlier mail: nothing applied, no line quoted as
    refused (the '#1' is no command), the current position, and the moves of the earlier mail
    named as applied, as for a reply to an old mail."""
    game_id = service.new_game(kind=kind, players=2)
    version = service.game(game_id)[0].version
    mover = service.to_move(game_id)[0]
    turn = service.turn_of(game_id, mover)
    service.deliver(service.reply(game_id, mover, "\n".join(turn)))
    applied = moves(service, game_id)
    late = service.deliver(service.reply(game_id, mover, "\n".join([f"#{version}", *turn])))
    assert moves(service, game_id) == applied
    assert [(m.kind, m.to_address) for m in late] == [
        ("stale", service.seat(game_id, mover)["address"])
    ]
    body = flat(text_of(late[0]))
    now = service.game(game_id)[0].version
    assert f"Your mail was written for position #{version}, but the game is at #{now}" in body
    assert f"Your own '{turn[0]}'" in body and "is already applied" in body
    assert f"> #{version}" not in body


def test_a_guard_ahead_of_the_game_is_refused_for_it(service):
    """A '#N' the game has not reached is no late reply: it is refused for what it is."""
    game_id = service.new_game(players=2)
    version = service.game(game_id)[0].version
    mover = service.to_move(game_id)[0]
    turn = service.turn_of(game_id, mover)
    sent = service.deliver(service.reply(game_id, mover, "\n".join([f"#{version + 5}", *turn])))
    assert moves(service, game_id) == []
    assert [m.kind for m in sent] == ["error"]
    assert f"This mail was written for position #{version + 5}" in flat(text_of(sent[0]))
