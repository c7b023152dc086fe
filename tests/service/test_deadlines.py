"""Deadlines on a controlled clock: the options, both reminders, every late policy, absences."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from service_mails import text_of
from sqlalchemy import select

import engine
from engine.i18n import use
from pbem import deadlines, i18n, jobs, players
from pbem.db import transaction
from pbem.models import Game, Move, Player, Seat
from tests.service.test_operator import pbem

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


def scan(service, at) -> list:
    ids = []
    jobs.deadlines(service.settings, at, enqueue=ids.extend)
    return service.outbox(ids)


def seat_row(service, game_id, name) -> Seat:
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == name))
        session.expunge(seat)
        return seat


def test_new_takes_the_services_options_and_hands_the_rest_to_the_engine(service):
    sent = service.deliver(
        service.to_service(
            "host@x.test", "new stoneage with guest@y.test deadline=3 late=wait mammoth_herd=yes"
        )
    )
    game_id = next(m for m in sent if m.kind == "invite").game_id
    game, _seats = service.game(game_id)
    assert (game.deadline_days, game.late) == (3, "wait")
    assert game.options["mammoth_herd"] is True and "deadline" not in game.options
    off = service.deliver(
        service.to_service("host@x.test", "new honga with guest@y.test deadline=off")
    )
    assert service.game(next(m for m in off if m.kind == "invite").game_id)[0].deadline_days is None
    default = service.deliver(service.to_service("host@x.test", "new honga with guest@y.test"))
    game, _seats = service.game(next(m for m in default if m.kind == "invite").game_id)
    assert (game.deadline_days, game.late) == (7, "autopilot")


@pytest.mark.parametrize(
    ("options", "reason"),
    [("deadline=0", "from 1 to 60"), ("deadline=soon", "from 1 to 60"), ("late=never", "wait")],
)
def test_a_bad_deadline_option_is_refused_with_the_reason(service, options, reason):
    sent = service.deliver(service.to_service("host@x.test", f"new honga with g@y.test {options}"))
    assert [m.kind for m in sent] == ["notice"]
    assert reason in " ".join(text_of(sent[0]).split())


def test_the_turn_mail_shows_the_deadline_in_the_readers_zone(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3})
    with transaction(service.settings.database_url) as session:
        for player in session.scalars(select(Player)):
            player.timezone = "Europe/Madrid"
    mover = service.to_move(game_id)[0]
    first, *_rest = service.turn_of(game_id, mover)
    text = " ".join(text_of(service.deliver(service.reply(game_id, mover, first))[0]).split())
    # 3 days after 09:00 UTC is 10:00 in Madrid
    assert "Please move by Fri, Dec 4, 10:00 (Europe/Madrid)." in text
    assert "the bot plays this turn for you" in text


def test_two_reminders_each_once_then_the_game_waits(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3, "late": "wait"})
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    assert scan(service, START + timedelta(hours=23)) == []
    first = scan(service, START + timedelta(days=1, minutes=1))  # 48 h before the deadline
    assert [(m.kind, m.to_address) for m in first] == [("reminder", address)]
    assert "A reminder: it is your turn" in " ".join(text_of(first[0]).split())
    assert scan(service, START + timedelta(days=1, minutes=2)) == []
    second = scan(service, START + timedelta(days=2, hours=12, minutes=1))  # 12 h before
    assert [(m.kind, m.to_address) for m in second] == [("reminder", address)]
    assert scan(service, START + timedelta(days=2, hours=13)) == []
    assert scan(service, START + timedelta(days=30)) == []  # late=wait: no more than two
    assert service.to_move(game_id) == [mover]
    assert seat_row(service, game_id, mover).alarm is None


def test_a_player_who_wants_only_the_digest_still_gets_both_reminders(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3, "late": "wait"})
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == address)).mail = "digest"
    first = scan(service, START + timedelta(days=1, minutes=1))
    second = scan(service, START + timedelta(days=2, hours=12, minutes=1))
    assert [(m.kind, m.to_address) for m in first + second] == [("reminder", address)] * 2


def test_a_scan_that_comes_late_sends_one_reminder_not_two(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3, "late": "wait"})
    late = scan(service, START + timedelta(days=2, hours=23))  # both reminder times passed
    assert [m.kind for m in late] == ["reminder"]
    assert scan(service, START + timedelta(days=2, hours=23, minutes=5)) == []
    assert seat_row(service, game_id, service.to_move(game_id)[0]).reminders == 2


def test_a_one_day_deadline_has_only_the_twelve_hour_reminder(service, clock):
    service.new_game(players=2, options={"deadline": 1, "late": "wait"})
    assert scan(service, START + timedelta(hours=11)) == []
    assert [m.kind for m in scan(service, START + timedelta(hours=12, minutes=1))] == ["reminder"]
    assert scan(service, START + timedelta(days=3)) == []


def test_a_move_stops_the_clock_and_starts_the_next_players(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 2})
    first, second = service.to_move(game_id)[0], None
    clock.shift(timedelta(hours=5))
    service.deliver(service.reply(game_id, first, "\n".join(service.turn_of(game_id, first))))
    second = service.to_move(game_id)[0]
    assert seat_row(service, game_id, first).deadline is None
    assert seat_row(service, game_id, second).deadline == START + timedelta(days=2, hours=5)


def test_autopilot_plays_for_the_late_player_and_everybody_is_told(service, clock):
    game_id = service.new_game(players=3, options={"deadline": 1})
    late = service.to_move(game_id)[0]
    others = [s for s in service.game(game_id)[1] if s["name"] != late]
    before = service.state(game_id)
    mails = scan(service, START + timedelta(days=1, minutes=1))
    assert late not in service.to_move(game_id)
    with transaction(service.settings.database_url) as session:
        played = [m.command for m in session.scalars(select(Move).where(Move.game_id == game_id))]
    assert played
    mine = [m for m in mails if m.to_address == service.seat(game_id, late)["address"]]
    assert len(mine) == 1
    text = " ".join(text_of(mine[0]).split())
    # each command with the bot's reason, given in the position it was played in
    game = engine.load(service.game(game_id)[0].kind)
    told = []
    for command in played:
        told.append(f"{command} ({game.reason_for(before, late, command)})")
        before = game.play(before, late, command)
    assert f"the bot played for you: {' '.join('; '.join(told).split())}." in text
    for other in others:
        theirs = [m for m in mails if m.to_address == other["address"]]
        assert len(theirs) == 1, other
        assert f"{late}'s time to move ran out, so the bot played their turn." in " ".join(
            text_of(theirs[0]).split()
        )
    assert seat_row(service, game_id, late).autopilot == 1
    assert scan(service, START + timedelta(days=1, minutes=2)) == []  # played once


def test_after_three_late_turns_in_a_row_the_bot_keeps_the_seat_until_the_player_writes(
    service, clock
):
    game_id = service.new_game(players=2, options={"deadline": 1})
    late = service.to_move(game_id)[0]
    other = next(s["name"] for s in service.game(game_id)[1] if s["name"] != late)
    at = START
    for count in (1, 2, 3):
        at += timedelta(days=1, minutes=1)
        mails = scan(service, at)
        assert seat_row(service, game_id, late).autopilot == count
        if count == 3:
            assert "the bot keeps your seat from now on" in " ".join(
                text_of(next(m for m in mails if "bot played for you" in text_of(m))).split()
            )
        clock.move_to(at + timedelta(minutes=1), tick=False)
        at = at + timedelta(minutes=1)
        service.deliver(service.reply(game_id, other, "\n".join(service.turn_of(game_id, other))))
    assert seat_row(service, game_id, late).status == "autopilot"
    assert service.to_move(game_id) == [other]  # the bot played at once
    service.deliver(service.reply(game_id, late, "status"))
    back = seat_row(service, game_id, late)
    assert (back.status, back.autopilot) == ("joined", 0)


def test_writing_between_late_turns_starts_the_count_again(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 1})
    late = service.to_move(game_id)[0]
    scan(service, START + timedelta(days=1, minutes=1))
    assert seat_row(service, game_id, late).autopilot == 1
    service.deliver(service.reply(game_id, late, "status"))
    assert seat_row(service, game_id, late).autopilot == 0


def test_drop_takes_the_late_player_out_and_the_game_goes_on(service, clock):
    game_id = service.new_game(players=3, options={"deadline": 2, "late": "drop"})
    late = service.to_move(game_id)[0]
    mails = scan(service, START + timedelta(days=2, minutes=1))
    assert seat_row(service, game_id, late).status == "resigned"
    game, _seats = service.game(game_id)
    assert game.status == "active" and late not in service.to_move(game_id)
    told = {m.to_address for m in mails}
    assert told == {s["address"] for s in service.game(game_id)[1]}
    assert any(f"so {late} left the game" in " ".join(text_of(m).split()) for m in mails)


def test_no_deadline_no_reminders(service, clock):
    game_id = service.new_game(players=2, options={"deadline": False})
    assert seat_row(service, game_id, service.to_move(game_id)[0]).alarm is None
    assert scan(service, START + timedelta(days=90)) == []


def test_pbem_deadlines_runs_the_scan_as_if_at_a_given_time(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 1})
    late = service.to_move(game_id)[0]
    ran = pbem(service.settings, "deadlines", "--now", "2026-12-02T09:01:00+00:00")
    assert ran.returncode == 0, ran.stderr
    assert b"acted on deadlines in 1 games" in ran.stdout
    assert late not in service.to_move(game_id)


def away(service, address, until, at):
    with transaction(service.settings.database_url) as session:
        player = session.scalar(select(Player).where(Player.address == address))
        return players.go_away(session, player, until, at)


def test_an_absence_pauses_the_deadline_and_its_reminders(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3, "late": "wait"})
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    away(service, address, date(2026, 12, 11), START)  # ten days from 09:00 to midnight
    paused = START + timedelta(days=3) + (datetime(2026, 12, 11, tzinfo=UTC) - START)
    assert seat_row(service, game_id, mover).deadline == paused
    assert scan(service, START + timedelta(days=2, hours=13)) == []  # was the 12 h reminder
    assert [m.kind for m in scan(service, paused - timedelta(hours=47))] == ["reminder"]


def test_back_early_moves_the_deadline_back(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3})
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    away(service, address, date(2026, 12, 11), START)
    with transaction(service.settings.database_url) as session:
        player = session.scalar(select(Player).where(Player.address == address))
        players.come_back(session, player, START + timedelta(days=2))
        assert player.away_until is None
    assert seat_row(service, game_id, mover).deadline == START + timedelta(days=5)


def test_a_turn_that_comes_while_away_starts_its_clock_at_the_return(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 2})
    first = service.to_move(game_id)[0]
    other = next(s for s in service.game(game_id)[1] if s["name"] != first)
    away(service, other["address"], date(2026, 12, 5), START)
    service.deliver(service.reply(game_id, first, "\n".join(service.turn_of(game_id, first))))
    assert seat_row(service, game_id, other["name"]).deadline == datetime(2026, 12, 7, tzinfo=UTC)


def test_at_most_thirty_days_a_quarter(service, clock):
    service.new_game(players=2)
    # from Dec 1, 09:00 to Dec 21: 19 days and 15 hours of the quarter
    assert "away until Dec 21" in away(service, "a1@x.test", date(2026, 12, 21), START)
    later = datetime(2026, 12, 21, 8, tzinfo=UTC)
    with pytest.raises(players.SettingError, match="at most 30 days a quarter") as refused:
        away(service, "a1@x.test", date(2027, 1, 2), later)  # 10 days 16 hours of this quarter
    assert "10 days are left in the quarter that ends Dec 31" in str(refused.value)
    assert "away until Dec 31" in away(service, "a1@x.test", date(2026, 12, 31), later)
    # the next quarter starts afresh
    assert away(service, "a1@x.test", date(2027, 1, 30), datetime(2027, 1, 1, tzinfo=UTC))
    with pytest.raises(players.SettingError, match="at most 30 days a quarter"):
        away(service, "a1@x.test", date(2027, 2, 2), datetime(2027, 1, 1, tzinfo=UTC))


def test_the_others_see_the_absence_in_their_turn_mail(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 3})
    first = service.to_move(game_id)[0]
    other = next(s for s in service.game(game_id)[1] if s["name"] != first)
    away(service, other["address"], date(2026, 12, 24), START)
    # first's turn passes to the absent player: the mail goes to them; first asks for status
    service.deliver(service.reply(game_id, first, "\n".join(service.turn_of(game_id, first))))
    text = " ".join(text_of(service.deliver(service.reply(game_id, first, "status"))[0]).split())
    assert f"{other['name']} is away until Dec 24: their time is paused." in text
    with transaction(service.settings.database_url) as session:
        assert session.get(Game, game_id).status == "active"


def test_the_autopilot_tells_the_late_player_what_it_played_in_their_language(service, clock):
    game_id = service.new_game(players=2, options={"deadline": 1})
    late = service.to_move(game_id)[0]
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == late))
        seat.player.locale = "es"
    state = service.state(game_id)
    mails = scan(service, START + timedelta(days=1, minutes=1))
    mine = next(m for m in mails if m.to_address == service.seat(game_id, late)["address"])
    text = " ".join(text_of(mine).split())
    with transaction(service.settings.database_url) as session:
        played = [m.command for m in session.scalars(select(Move).where(Move.game_id == game_id))]
    game = engine.load(service.game(game_id)[0].kind)
    positions = []
    for command in played:
        positions.append((state, command))
        state = game.play(state, late, command)
    english = game.reason_for(positions[0][0], late, played[0])
    with use(i18n.translations("es")):
        told = deadlines.played_for(game, late, positions)
        spanish = game.reason_for(positions[0][0], late, played[0])
    first = game.shown(played[0], "es")
    assert first != played[0] and told.startswith(f"{first} ({spanish})")
    assert spanish != english and english not in text
    assert " ".join(told.split()) in text


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("es", "Hola\n\nnuevo stoneage con guest@y.test plazo=no retraso=esperar manada=sí"),
        ("de", "Hallo\n\nneu stoneage mit guest@y.test Frist=aus Verspätung=warten Mammutherde=ja"),
        ("pt", "Olá\n\nnovo stoneage com guest@y.test prazo=não atraso=esperar manada=sim"),
    ],
)
def test_options_are_written_in_the_players_language(service, language, typed):
    """A player writes a new game's options (names and values) in their language, as they
    read them in ``help new``; the English words stay good in every language."""
    sent = service.deliver(service.to_service("host@x.test", typed))
    game_id = next(m for m in sent if m.kind == "invite").game_id
    game, _seats = service.game(game_id)
    assert (game.deadline_days, game.late, game.options["mammoth_herd"]) == (None, "wait", True)


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("Hola\n\nnuevo honga con g@y.test plazo=99", "de 1 a 60, o no: por ejemplo plazo=3."),
        ("Hola\n\nnuevo honga con g@y.test retraso=nunca", "esperar, piloto o retirar"),
        ("Hallo\n\nneu honga mit g@y.test Frist=99", "oder aus: zum Beispiel frist=3."),
        ("Olá\n\nnovo honga com g@y.test atraso=nunca", "por exemplo atraso=esperar."),
    ],
)
def test_a_bad_option_is_refused_in_the_players_words(service, typed, reason):
    sent = service.deliver(service.to_service("host@x.test", typed))
    assert [m.kind for m in sent] == ["notice"]
    assert reason in " ".join(text_of(sent[0]).split())


@pytest.mark.parametrize(
    ("language", "typed", "shown"),
    [
        ("es", "Hola\n\nayuda nuevo", ("manada=...", "plazo=N", "retraso=...", "esperar")),
        ("de", "Hallo\n\nhilfe neu", ("mammutherde=...", "frist=N", "verspätung=...", "warten")),
        ("pt", "Olá\n\najuda novo", ("manada=...", "prazo=N", "atraso=...", "esperar")),
    ],
)
def test_help_new_shows_the_options_in_the_players_words(service, language, typed, shown):
    (answer,) = service.deliver(service.to_service("host@x.test", typed))
    body = " ".join(text_of(answer).split())
    assert all(word in body for word in shown), body
    assert "mammoth_herd" not in body and "deadline=" not in body


def test_an_unknown_option_is_refused_with_the_known_ones_in_the_players_words(service):
    typed = "Hola\n\nnuevo stoneage con g@y.test tamaño=5"
    sent = service.deliver(service.to_service("host@x.test", typed))
    assert [m.kind for m in sent] == ["notice"]
    assert "manada, recursos_limitados" in " ".join(text_of(sent[0]).split())
