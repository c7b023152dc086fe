"""A reply becomes a move: the pipeline on SQLite and PostgreSQL, and every bad input."""

from __future__ import annotations

import email
import email.policy
import random
import re
import threading
from email.message import EmailMessage
from email.utils import make_msgid

from service_mails import text_of
from sqlalchemy import func, select

import engine
from pbem.db import transaction
from pbem.models import Game, InboundMail, Move, Player


def moves(service, game_id) -> list[Move]:
    with transaction(service.settings.database_url) as session:
        return list(
            session.scalars(select(Move).where(Move.game_id == game_id).order_by(Move.number))
        )


def inbound_status(service) -> list[tuple[str, str]]:
    with transaction(service.settings.database_url) as session:
        return [
            (r.status, r.kind)
            for r in session.scalars(select(InboundMail).order_by(InboundMail.id))
        ]


def test_start_mails_every_player_their_own_view(service):
    game_id = service.new_game(players=3)
    game, seats = service.game(game_id)
    mails = service.outbox()
    assert sorted(m.to_address for m in mails) == sorted(s["address"] for s in seats)
    assert game.status == "active" and game.version == 1
    for mail in mails:
        seat = next(s for s in seats if s["address"] == mail.to_address)
        assert service.settings.reply_address(seat["token"]) in mail.message.decode(
            "utf-8", "replace"
        )


def wants_every_mail(service, address):
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == address)).mail = "every"


def test_a_whole_turn_is_applied_and_mailed_to_whoever_moves_next(service):
    """``mail turns`` (the default): the others read it in their next turn mail."""
    game_id = service.new_game(players=3)
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    sent = service.deliver(
        service.reply(game_id, mover, "\n".join(lines) + "\n\nOn Monday pbem wrote:\n> old\n")
    )
    game, seats = service.game(game_id)
    assert [m.command for m in moves(service, game_id)] == lines
    assert game.version == 2 and mover not in service.to_move(game_id)
    after = service.to_move(game_id)
    assert sorted(m.to_address for m in sent) == sorted(
        s["address"] for s in seats if s["name"] in after
    )
    assert inbound_status(service) == [("done", "normal")]


def test_with_mail_every_a_whole_turn_is_mailed_to_everyone(service):
    game_id = service.new_game(players=3)
    _game, seats = service.game(game_id)
    for seat in seats:
        wants_every_mail(service, seat["address"])
    mover = service.to_move(game_id)[0]
    sent = service.deliver(
        service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
    )
    assert sorted(m.to_address for m in sent) == sorted(s["address"] for s in seats)


def test_a_move_within_a_turn_is_mailed_to_the_mover_only(service):
    """The next player reads it in the mail they get when the turn passes, with every event."""
    game_id = service.new_game(players=3)
    mover = service.to_move(game_id)[0]
    first, *rest = service.turn_of(game_id, mover)
    assert rest, "a HONGA turn takes more than one command"
    sent = service.deliver(service.reply(game_id, mover, first))
    assert [m.to_address for m in sent] == [service.seat(game_id, mover)["address"]]
    passed = service.deliver(service.reply(game_id, mover, "\n".join(rest)))
    assert [m.to_address for m in passed] == [
        service.seat(game_id, name)["address"] for name in service.to_move(game_id)
    ]
    for mail in passed:
        assert first.split()[0] in text_of(mail) or "laid a card" in text_of(mail)


def test_illegal_line_in_the_middle_applies_nothing_and_explains(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    first = service.legal(game_id, mover)[0]
    before = service.state(game_id)
    sent = service.deliver(service.reply(game_id, mover, f"{first}\nfly to the moon\n{first}\n"))
    assert moves(service, game_id) == []
    assert service.state(game_id) == before
    assert len(sent) == 1 and sent[0].kind == "error"
    assert sent[0].to_address == service.seat(game_id, mover)["address"]
    body = text_of(sent[0])
    assert "fly to the moon" in body
    assert first in body  # what is legal now is listed
    assert inbound_status(service) == [("refused", "normal")]


def test_a_failing_service_line_after_moves_applies_nothing(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    command = service.legal(game_id, mover)[0]
    before = service.state(game_id)
    sent = service.deliver(service.reply(game_id, mover, f"{command}\njoin"))
    assert moves(service, game_id) == []
    assert service.state(game_id) == before and service.game(game_id)[0].version == 1
    assert [m.kind for m in sent] == ["error"]
    assert "join" in text_of(sent[0])


def test_spoofed_sender_is_refused_and_the_owner_told(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    command = service.legal(game_id, mover)[0]
    owner = service.seat(game_id, mover)["address"]
    sent = service.deliver(service.reply(game_id, mover, command, sender="mallory@evil.test"))
    assert moves(service, game_id) == []
    assert [m.to_address for m in sent] == [owner]
    # the owner is not handed the forger's address (mail to it could be a forger's game)
    notice = " ".join(text_of(sent[0]).split())
    assert "from another address" in notice and "mallory" not in sent[0].message.decode()


def test_unknown_token_gets_a_polite_answer(service):
    service.new_game()
    message = EmailMessage()
    message["From"] = "stranger@x.test"
    message["To"] = service.settings.reply_address("0000deadbeef")
    message["Message-ID"] = make_msgid()
    message.set_content("place 1 north")
    sent = service.deliver(message.as_bytes())
    assert [m.to_address for m in sent] == ["stranger@x.test"]
    assert inbound_status(service)[-1][0] == "refused"


def test_duplicate_delivery_is_applied_once(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    raw = service.reply(game_id, mover, service.legal(game_id, mover)[0])
    service.deliver(raw)
    assert service.deliver(raw) == []
    assert len(moves(service, game_id)) == 1
    assert len(inbound_status(service)) == 1


def test_auto_replies_and_bounces_are_recorded_never_answered(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    already = len(service.outbox())
    auto = service.reply(
        game_id, mover, "I am on holiday.", headers={"Auto-Submitted": "auto-replied"}
    )
    bounce = EmailMessage()
    bounce["From"] = "MAILER-DAEMON@x.test"
    bounce["To"] = service.settings.reply_address(service.seat(game_id, mover)["token"])
    bounce["Message-ID"] = make_msgid()
    bounce["Subject"] = "Undelivered Mail Returned to Sender"
    bounce.set_content("delivery failed")
    bounce.replace_header(
        "Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"'
    )
    assert service.deliver(auto) == []
    assert service.deliver(bounce.as_bytes()) == []
    assert len(service.outbox()) == already
    assert [s for s, _ in inbound_status(service)] == ["ignored", "ignored"]
    assert moves(service, game_id) == []


def test_a_mail_from_our_own_addresses_is_recorded_never_answered(service):
    """A mail whose From is one of ours (a relay or forwarder that drops our loop header, or a
    forgery) is a loop: answering it would mail ourselves, or a stranger a 'could not find
    your game', or the seat's owner a 'mail from another address'."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    token = service.seat(game_id, mover)["token"]
    already = len(service.outbox())
    ours = [
        service.settings.service_address,
        "PLAY@" + service.settings.domain.upper(),
        service.settings.reply_address(token),
        service.settings.reply_address("0123456789abcdef"),
    ]
    for address in ours:
        assert service.deliver(service.to_service(address, "help")) == []
        assert service.deliver(service.reply(game_id, mover, "done", sender=address)) == []
    assert len(service.outbox()) == already
    assert {s for s, _ in inbound_status(service)} == {"ignored"}
    assert moves(service, game_id) == []


def test_turn_guard_refuses_an_older_position(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    command = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"#0\n{command}"))
    assert moves(service, game_id) == [] and sent[0].kind == "error"
    assert "#0" in text_of(sent[0])
    service.deliver(service.reply(game_id, mover, f"#1\n{command}"))
    assert len(moves(service, game_id)) == 1


def test_broken_mime_and_unknown_charset_still_get_an_answer(service):
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    token = service.seat(game_id, mover)["token"]
    address = service.seat(game_id, mover)["address"]
    command = service.legal(game_id, mover)[0]
    raw = (
        f"From: {address}\r\nTo: {service.settings.reply_address(token)}\r\n"
        f'Message-ID: <broken-1@x.test>\r\nContent-Type: multipart/alternative; boundary="nope"\r\n'
        f"\r\n--wrong\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\n{command}\r\n"
    ).encode()
    sent = service.deliver(raw)
    assert sent, "a broken mail still gets an answer"
    odd = (
        f"From: {address}\r\nTo: {service.settings.reply_address(token)}\r\n"
        f"Message-ID: <charset-1@x.test>\r\nContent-Type: text/plain; charset=x-unknown-42\r\n"
        f"\r\nstatus \xe9\xe8\r\n"
    ).encode("latin-1")
    assert service.deliver(odd)
    assert all(status in ("done", "refused") for status, _ in inbound_status(service))


def test_say_is_relayed_without_addresses(service):
    game_id = service.new_game(players=3)
    speaker = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, speaker, "say Good luck, Everyone!"))
    _, seats = service.game(game_id)
    others = sorted(s["address"] for s in seats if s["name"] != speaker)
    assert sorted(m.to_address for m in sent) == others
    for mail in sent:
        body = text_of(mail)
        assert "Good luck, Everyone!" in body
        assert service.seat(game_id, speaker)["address"] not in mail.message.decode(
            "utf-8", "replace"
        )


def test_new_game_by_mail_invitations_and_join(service):
    game_id, guest, sent = service.invite_guest()
    assert [m.to_address for m in sent if m.kind == "invite"] == ["guest@y.test"]
    assert service.game(game_id)[0].status == "inviting"
    started = service.deliver(service.reply(game_id, guest, "join"))
    game, _ = service.game(game_id)
    assert game.status == "active"
    assert sorted(m.to_address for m in started if m.kind == "turn") == [
        "guest@y.test",
        "host@x.test",
    ]


def test_decline_calls_the_game_off(service):
    game_id, guest, _ = service.invite_guest()
    service.deliver(service.reply(game_id, guest, "decline"))
    assert service.game(game_id)[0].status == "cancelled"


def test_two_workers_on_one_game_never_lose_or_double_a_move(service):
    """Mails for one game processed at once are serialized by the row lock."""
    game_id = service.new_game(players=2)
    # both players send a status request and the mover a move, all at the same time
    mover = service.to_move(game_id)[0]
    raws = [service.reply(game_id, mover, service.legal(game_id, mover)[0]) for _ in range(4)]
    errors = []

    def work(raw):
        try:
            service.deliver(raw)
        except Exception as exc:  # noqa: BLE001 - collected and reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(raw,)) for raw in raws]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    numbers = [m.number for m in moves(service, game_id)]
    assert numbers == list(range(1, len(numbers) + 1))
    game, _ = service.game(game_id)
    # every mail was either applied on the position it found, or refused: never lost
    statuses = [s for s, _ in inbound_status(service)]
    assert set(statuses) <= {"done", "refused"} and len(statuses) == 4
    assert game.version == 1 + statuses.count("done")
    with transaction(service.settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(Move)) == len(numbers)


def test_a_resigned_seat_is_played_by_the_bot(service):
    game_id = service.new_game(players=2, seed=3)
    mover = service.to_move(game_id)[0]
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != mover)
    sent = service.deliver(service.reply(game_id, other, "resign yes"))
    _, seats = service.game(game_id)
    assert next(s for s in seats if s["name"] == other)["status"] == "resigned"
    assert {m.to_address for m in sent if m.kind == "turn"} == {
        service.seat(game_id, mover)["address"]
    }
    # the remaining player moves until the turn passes: the bot answers for the resigned seat
    for _ in range(40):
        if other in service.to_move(game_id) or not service.to_move(game_id):
            break
        service.deliver(service.reply(game_id, mover, service.legal(game_id, mover)[0]))
    assert other not in service.to_move(game_id)
    bot_moves = [m for m in moves(service, game_id) if m.inbound_id is None]
    assert bot_moves, "the bot moved for the resigned seat"


def test_answers_that_change_nothing_stop_after_twenty_an_hour(service):
    """A broken auto-responder (no Auto-Submitted header) answering our answers cannot loop;
    the last answer says that the answers stop."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    answers = []
    for n in range(23):
        answers += service.deliver(service.reply(game_id, mover, f"I am away until Monday ({n})."))
    assert [m.kind for m in answers] == ["error"] * 20
    assert "last answer to a mistake" in " ".join(text_of(answers[-1]).split())
    assert "last answer to a mistake" not in " ".join(text_of(answers[-2]).split())
    # a real turn still goes through and the next player gets the new position
    sent = service.deliver(
        service.reply(game_id, mover, "\n".join(service.turn_of(game_id, mover)))
    )
    assert len([m for m in sent if m.kind == "turn"]) == 1


def test_unsubscribe_leaves_games_to_the_bot_and_blocks_invitations(service):
    game_id = service.new_game(players=2)
    leaver = service.seat(game_id, service.game(game_id)[1][1]["name"])
    sent = service.deliver(service.reply(game_id, leaver["name"], "unsubscribe"))
    assert service.seat(game_id, leaver["name"])["status"] == "resigned"
    assert [m.kind for m in sent if m.to_address == leaver["address"]] == ["news"]
    answer = service.deliver(
        service.to_service("host@x.test", f"new honga with {leaver['address']}")
    )
    assert [(m.kind, m.to_address) for m in answer] == [("notice", "host@x.test")]
    assert "asked us not to send them mail" in text_of(answer[0])
    # writing to us to start a game is opting in again
    again = service.to_service(leaver["address"], "new honga with host@x.test")
    assert any(m.kind == "invite" for m in service.deliver(again))


def test_a_reply_just_under_the_size_limit_is_read_like_any_other(service):
    """A command with a 7 MB photo attached (9.5 MB as mail): stored whole, the command applied.

    One byte over the limit is refused at the door (tests/inbound: SMTP 552, HTTP 413).
    """
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    command = service.legal(game_id, mover)[0]
    message = email.message_from_bytes(
        service.reply(game_id, mover, command), policy=email.policy.default
    )
    message.add_attachment(
        bytes(range(256)) * (7_000_000 // 256), maintype="image", subtype="jpeg", filename="a.jpg"
    )
    raw = message.as_bytes()
    assert 9_000_000 < len(raw) <= service.settings.max_message_bytes
    sent = service.deliver(raw)
    assert [m.command for m in moves(service, game_id)] == [command]
    assert {m.kind for m in sent} == {"turn"}


def test_a_line_after_the_turn_ended_is_explained(service):
    """Stone Age: placing passes the turn and draws nothing, so the whole mail is refused."""
    game_id = service.new_game(kind="stoneage", players=2, seed=5)
    mover = service.to_move(game_id)[0]
    place = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"{place}\n{place}"))
    assert moves(service, game_id) == [] and [m.kind for m in sent] == ["error"]
    body = " ".join(text_of(sent[0]).split())
    assert f"Your turn was over after the line before ({place})" in body


def test_a_line_after_a_turn_that_drew_is_refused_and_the_turn_kept(service):
    """HONGA's 'done' draws the next action card: a draw once made counts (issue 9.5), so the
    turn stays applied and only the line after it is refused, in the mover's one mail. (This
    test refused the whole mail before draws became binding.)"""
    game_id = service.new_game(players=2, seed=5)
    mover = service.to_move(game_id)[0]
    place = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"{place}\ndone\n{place}"))
    assert [m.command for m in moves(service, game_id)] == [place, "done"]
    mine = [m for m in sent if m.to_address == service.seat(game_id, mover)["address"]]
    assert [m.kind for m in mine] == ["turn"]
    assert "Your turn was over after the line before (done)" in " ".join(text_of(mine[0]).split())


def test_a_roll_once_made_counts_and_the_rest_of_the_mail_is_refused(service):
    """Dice come from the seed: had the refusal of "roll, then an impossible line" applied
    nothing, the player could learn the roll and send the lines again in another order. The
    line that rolled stays applied (its dice shown as in any applied mail), the rest is
    refused. (This test expected nothing applied and nothing said before issue 9.5.)"""
    game_id = service.new_game(kind="stoneage", players=2, seed=2)
    chooser = random.Random(2)
    game = engine.load("stoneage")
    for _ in range(60):
        mover = service.to_move(game_id)[0]
        rolls = [
            c
            for c in service.legal(game_id, mover)
            if c.split()[:2]
            in (
                ["use", "forest"],
                ["use", "hunt"],
                ["use", "clay"],
                ["use", "quarry"],
                ["use", "river"],
            )
        ]
        if rolls:
            break
        state = service.state(game_id)
        service.deliver(service.reply(game_id, mover, game.bot(state, mover, chooser)))
    else:
        raise AssertionError("no dice were rolled in 60 mails")
    before = len(moves(service, game_id))
    sent = service.deliver(
        service.reply(game_id, mover, f"{rolls[0]}\nbuild 9 pay 7 gold\nsay hello")
    )
    assert [m.command for m in moves(service, game_id)[before:]] == [rolls[0]]
    assert [m.kind for m in sent] == ["turn"]  # one answer, no relay of the say line
    body = " ".join(text_of(sent[0]).split())
    assert re.search(r"rolled( \d)+ at", body), body
    assert "This line could not be: > build 9 pay 7 gold" in body


def test_unsubscribing_from_an_invitation_calls_the_game_off_without_mailing_the_leaver(service):
    game_id, guest, _ = service.invite_guest()
    sent = service.deliver(service.reply(game_id, guest, "unsubscribe"))
    assert service.game(game_id)[0].status == "cancelled"
    to_guest = [m for m in sent if m.to_address == "guest@y.test"]
    assert len(to_guest) == 1 and "You are unsubscribed" in text_of(to_guest[0])
    assert any(m.to_address == "host@x.test" for m in sent)


def test_news_of_a_real_change_is_sent_even_after_many_mistakes(service):
    """The answer budget counts answers to mistakes, not news like a game being called off."""
    game_id, guest, _ = service.invite_guest()
    for n in range(22):
        service.deliver(service.to_service("host@x.test", f"fly to the moon {n}"))
    sent = service.deliver(service.reply(game_id, guest, "decline"))
    assert [m.kind for m in sent if m.to_address == "host@x.test"] == ["news"]


def test_a_mail_naming_two_turns_is_refused_with_an_answer(service):
    """Two different ``#N`` guards are the player's mistake: explained, never a failed mail."""
    game_id = service.new_game()
    mover = service.to_move(game_id)[0]
    move = service.legal(game_id, mover)[0]
    sent = service.deliver(service.reply(game_id, mover, f"#1\n{move}\n#2"))
    with transaction(service.settings.database_url) as session:
        row = session.scalars(select(InboundMail)).one()
        assert (row.status, row.error) == ("refused", "")
        assert session.scalar(select(func.count()).select_from(Move)) == 0
    assert [(m.kind, m.to_address) for m in sent] == [
        ("error", service.seat(game_id, mover)["address"])
    ]
    assert "#1 and #2" in text_of(sent[0])


def test_a_service_mail_naming_two_turns_is_answered(service):
    sent = service.deliver(service.to_service("host@x.test", "#1 help\n#2"))
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "host@x.test")]
    assert "#1 and #2" in text_of(sent[0])


def test_an_invitation_refused_for_an_unsubscribed_address_leaves_no_game(service):
    game_id = service.new_game(players=2)
    leaver = service.game(game_id)[1][1]
    service.deliver(service.reply(game_id, leaver["name"], "unsubscribe"))
    answer = service.deliver(
        service.to_service("host@x.test", f"new honga with {leaver['address']}")
    )
    assert "asked us not to send them mail" in text_of(answer[0])
    with transaction(service.settings.database_url) as session:
        assert session.scalars(select(Game.id)).all() == [game_id]


def _mailto_unsubscribe(service, game_id, name, body: str) -> bytes:
    """What a mail client sends for the ``mailto:`` of our List-Unsubscribe header."""
    seat = service.seat(game_id, name)
    message = EmailMessage()
    message["From"] = seat["address"]
    message["To"] = service.settings.reply_address(seat["token"])
    message["Subject"] = "unsubscribe"
    message["Message-ID"] = make_msgid()
    message.set_content(body)
    return message.as_bytes()


def test_the_list_unsubscribe_mailto_unsubscribes(service):
    """Our List-Unsubscribe header offers ``mailto:REPLY?subject=unsubscribe``: the subject is
    the request, whatever (or nothing) the client puts in the body."""
    game_id = service.new_game(players=3)
    bodies = ("", "This message was automatically generated by Mail to unsubscribe.")
    for leaver, body in zip(service.game(game_id)[1][1:], bodies, strict=True):
        sent = service.deliver(_mailto_unsubscribe(service, game_id, leaver["name"], body))
        assert service.seat(game_id, leaver["name"])["status"] == "resigned"
        answers = [m for m in sent if m.to_address == leaver["address"]]
        assert [m.kind for m in answers] == ["news"]
        assert "We will not mail you any more" in " ".join(text_of(answers[0]).split())


def test_a_forged_unsubscribe_to_the_service_address_resigns_nothing(service):
    """The From of a mail is easily forged: without a seat's secret address nobody may resign
    another player's games. The address's owner is told how to unsubscribe."""
    game_id = service.new_game(players=2)
    victim = service.game(game_id)[1][1]
    sent = service.deliver(service.to_service(victim["address"], "unsubscribe"))
    assert service.seat(game_id, victim["name"])["status"] == "joined"
    with transaction(service.settings.database_url) as session:
        assert (
            session.scalar(select(Player.unsubscribed).where(Player.address == victim["address"]))
            is False
        )
    assert [(m.kind, m.to_address) for m in sent] == [("notice", victim["address"])]
    assert "unsubscribe" in text_of(sent[0])


def test_a_second_resign_changes_nothing_and_mails_nobody_else(service):
    """The position stays: the others' replies written for it (``#N``) still apply."""
    game_id = service.new_game(players=3)
    leaver = service.game(game_id)[1][2]
    service.deliver(service.reply(game_id, leaver["name"], "resign yes"))
    version = service.game(game_id)[0].version
    again = service.deliver(service.reply(game_id, leaver["name"], "resign"))
    assert service.game(game_id)[0].version == version
    assert [(m.kind, m.to_address) for m in again] == [("error", leaver["address"])]
