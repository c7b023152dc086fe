"""The digest at each player's own hour, on a controlled clock: zones, a daylight-saving
change, one digest per due time whatever runs at once, and what it says."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta
from email import message_from_bytes, policy

import pytest
from service_mails import text_of
from sqlalchemy import func, select

from pbem import clock, digest, jobs, players
from pbem.db import transaction
from pbem.models import DigestSent, OutboundMail, Player
from tests.service.test_operator import pbem

# Monday 30 November 2026, 09:00 UTC; Europe changes to summer time on Sunday 28 March 2027
MONDAY = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("every", "weekday", "minute", "zone", "after", "due"),
    [
        # Monday 18:00 in Madrid is 17:00 UTC in winter, 16:00 UTC in summer
        ("weekly", 0, 18 * 60, "Europe/Madrid", MONDAY, datetime(2026, 11, 30, 17, 0)),
        (
            "weekly",
            0,
            18 * 60,
            "Europe/Madrid",
            datetime(2026, 11, 30, 17, 0, tzinfo=UTC),
            datetime(2026, 12, 7, 17, 0),
        ),
        (
            "weekly",
            0,
            18 * 60,
            "Europe/Madrid",
            datetime(2027, 3, 22, 17, 0, tzinfo=UTC),
            datetime(2027, 3, 29, 16, 0),
        ),
        # daily 7:30: 12:30 UTC in New York in winter, 22:30 UTC the day before in Tokyo
        ("daily", 0, 7 * 60 + 30, "America/New_York", MONDAY, datetime(2026, 11, 30, 12, 30)),
        ("daily", 0, 7 * 60 + 30, "Asia/Tokyo", MONDAY, datetime(2026, 11, 30, 22, 30)),
        # a wall time the clocks skip goes out with the offset before the change
        (
            "daily",
            0,
            2 * 60 + 30,
            "Europe/Madrid",
            datetime(2027, 3, 27, 12, 0, tzinfo=UTC),
            datetime(2027, 3, 28, 1, 30),
        ),
        ("weekly", 0, 8 * 60, "", MONDAY, datetime(2026, 12, 7, 8, 0)),
        # back to winter time (Sunday 25 October 2026 in Madrid, 1 November in New York)
        (
            "weekly",
            0,
            18 * 60,
            "Europe/Madrid",
            datetime(2026, 10, 19, 16, 0, tzinfo=UTC),
            datetime(2026, 10, 26, 17, 0),
        ),
        (
            "daily",
            0,
            7 * 60 + 30,
            "America/New_York",
            datetime(2026, 10, 31, 11, 30, tzinfo=UTC),
            datetime(2026, 11, 1, 12, 30),
        ),
        # a wall time the clocks pass twice goes out the first time
        (
            "daily",
            0,
            2 * 60 + 30,
            "Europe/Madrid",
            datetime(2026, 10, 24, 12, 0, tzinfo=UTC),
            datetime(2026, 10, 25, 0, 30),
        ),
    ],
)
def test_the_next_digest_is_at_the_players_hour(every, weekday, minute, zone, after, due):
    assert clock.next_due(every, weekday, minute, zone, after) == due.replace(tzinfo=UTC)


def test_no_digest_when_it_is_off():
    assert clock.next_due("off", 0, 480, "UTC", MONDAY) is None


def test_a_wrong_zone_gets_the_closest_names():
    assert clock.find_zone("europe/madrid") == "Europe/Madrid"
    assert "Europe/Madrid" in clock.closest_zones("Europe/Madird")
    assert clock.closest_zones("madrid") == ["Europe/Madrid"]


@pytest.mark.parametrize(
    ("header", "zone"),
    [
        ("Mon, 30 Nov 2026 10:00:00 +0100", "Etc/GMT-1"),
        ("Mon, 30 Nov 2026 04:00:00 -0500", "Etc/GMT+5"),
        ("Mon, 30 Nov 2026 14:30:00 +0530", "UTC"),  # no fixed zone for half hours
        ("Mon, 30 Nov 2026 09:00:00 -0000", "UTC"),  # "unknown", says RFC 5322
        ("yesterday", "UTC"),
        (None, "UTC"),
    ],
)
def test_the_zone_a_first_mail_tells(header, zone):
    assert clock.zone_from_date(header) == zone


@pytest.mark.parametrize(
    ("zone", "label"),
    [("Etc/GMT-1", "UTC+1"), ("Etc/GMT+5", "UTC-5"), ("Europe/Madrid", "Europe/Madrid")],
)
def test_a_zone_is_shown_as_players_read_it(zone, label):
    assert clock.zone_label(zone) == label


@pytest.fixture
def monday(time_machine):
    time_machine.move_to(MONDAY, tick=False)
    return time_machine


def setup(service, zone="Europe/Madrid", schedule="weekly monday 18:00"):
    game_id = service.new_game(players=2)
    with transaction(service.settings.database_url) as session:
        for player in session.scalars(select(Player)):
            players.set_timezone(player, zone, MONDAY)
            players.set_digest(player, schedule, MONDAY)
    return game_id


def run(service, at) -> list[OutboundMail]:
    ids = []
    jobs.digest(service.settings, at, enqueue=ids.extend)
    return service.outbox(ids)


def test_the_digest_goes_out_once_at_the_players_hour(service, monday):
    setup(service)
    assert run(service, datetime(2026, 11, 30, 16, 59, tzinfo=UTC)) == []
    sent = run(service, datetime(2026, 11, 30, 17, 0, tzinfo=UTC))
    assert sorted(m.to_address for m in sent) == ["a1@x.test", "a2@x.test"]
    assert run(service, datetime(2026, 11, 30, 17, 3, tzinfo=UTC)) == []
    with transaction(service.settings.database_url) as session:
        assert {p.digest_due for p in session.scalars(select(Player))} == {
            datetime(2026, 12, 7, 17, 0, tzinfo=UTC)
        }


def test_across_the_change_to_summer_time_it_stays_at_six_in_madrid(service, time_machine):
    time_machine.move_to(datetime(2027, 3, 22, 9, 0, tzinfo=UTC), tick=False)
    setup(service)
    assert len(run(service, datetime(2027, 3, 22, 17, 0, tzinfo=UTC))) == 2
    assert run(service, datetime(2027, 3, 29, 15, 59, tzinfo=UTC)) == []
    assert len(run(service, datetime(2027, 3, 29, 16, 0, tzinfo=UTC))) == 2


def test_across_the_change_to_winter_time_each_zone_keeps_its_hour(service, time_machine):
    """Madrid goes back on 25 October, New York on 1 November: in the week between, 18:00 in
    Madrid is 17:00 UTC and 12:00 in New York still 16:00 UTC; each moves by an hour on its
    own day."""
    start = datetime(2026, 10, 12, 9, 0, tzinfo=UTC)
    time_machine.move_to(start, tick=False)
    service.new_game(players=2)
    with transaction(service.settings.database_url) as session:
        for player, zone, hour in zip(
            session.scalars(select(Player).order_by(Player.id)),
            ("Europe/Madrid", "America/New_York"),
            ("18:00", "12:00"),
            strict=True,
        ):
            players.set_timezone(player, zone, start)
            players.set_digest(player, f"weekly monday {hour}", start)
    for week, madrid, new_york in (
        (0, 16, 16),  # both on summer time
        (1, 16, 16),
        (2, 17, 16),  # 26 October: Madrid on winter time, New York not yet
        (3, 17, 17),  # 2 November: both on winter time
    ):
        monday = start.replace(hour=0) + timedelta(weeks=week)
        due = {"a1@x.test": madrid, "a2@x.test": new_york}
        assert run(service, monday.replace(hour=min(due.values())) - timedelta(minutes=1)) == []
        for hour in sorted(set(due.values())):
            sent = run(service, monday.replace(hour=hour))
            assert sorted(m.to_address for m in sent) == sorted(
                address for address, at in due.items() if at == hour
            ), (monday, hour)


def test_the_digest_shows_who_is_away(service, monday):
    game_id = setup(service)
    mover = service.to_move(game_id)[0]
    away = service.seat(game_id, mover)
    with transaction(service.settings.database_url) as session:
        player = session.scalar(select(Player).where(Player.address == away["address"]))
        players.go_away(session, player, date(2026, 12, 24), MONDAY)
    sent = run(service, datetime(2026, 11, 30, 17, 0, tzinfo=UTC))
    own = " ".join(text_of(next(m for m in sent if m.to_address == away["address"])).split())
    assert "You are away until Dec 24: your time to move is paused." in own
    other = next(m for m in sent if m.to_address != away["address"])
    assert f"{mover} is away until Dec 24" in " ".join(text_of(other).split())


def test_players_in_different_zones_get_it_at_their_own_hour(service, monday):
    service.new_game(players=2)
    with transaction(service.settings.database_url) as session:
        for player, zone in zip(
            session.scalars(select(Player).order_by(Player.id)),
            ("Asia/Tokyo", "America/Lima"),
            strict=True,
        ):
            players.set_timezone(player, zone, MONDAY)
            players.set_digest(player, "daily 7:30", MONDAY)
    # 7:30 in Lima is 12:30 UTC; in Tokyo, 22:30 UTC
    assert [m.to_address for m in run(service, datetime(2026, 11, 30, 12, 30, tzinfo=UTC))] == [
        "a2@x.test"
    ]
    assert [m.to_address for m in run(service, datetime(2026, 11, 30, 22, 30, tzinfo=UTC))] == [
        "a1@x.test"
    ]


def test_a_scan_after_days_without_one_sends_one_digest_not_many(service, monday):
    setup(service, schedule="daily 7:00")
    assert len(run(service, MONDAY + timedelta(days=5))) == 2
    assert run(service, MONDAY + timedelta(days=5, minutes=5)) == []


def test_two_scans_at_once_send_each_digest_once(service, monday):
    setup(service)
    at = datetime(2026, 11, 30, 17, 1, tzinfo=UTC)
    found: list[int] = []
    threads = [
        threading.Thread(target=jobs.digest, args=(service.settings, at, found.extend))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(m.to_address for m in service.outbox(found)) == ["a1@x.test", "a2@x.test"]
    with transaction(service.settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(DigestSent)) == 2


def test_a_claim_already_made_is_not_sent_again(service, monday):
    setup(service)
    at = datetime(2026, 11, 30, 17, 1, tzinfo=UTC)
    with transaction(service.settings.database_url) as session:
        players_due = digest.due_players(session, at, 1, 10)
        assert len(digest.claim(session, players_due)) == 2
        assert digest.claim(session, players_due) == set()  # the same (player, due): ours already


def test_a_worker_dying_half_way_leaves_the_digest_for_the_next_scan(service, monday, monkeypatch):
    setup(service)
    at = datetime(2026, 11, 30, 17, 1, tzinfo=UTC)
    real = digest.compose_for
    calls = []

    def dies(*args):
        calls.append(1)
        if len(calls) == 2:
            raise SystemExit("worker killed")
        return real(*args)

    monkeypatch.setattr(digest, "compose_for", dies)
    with pytest.raises(SystemExit):
        jobs.digest(service.settings, at)
    with transaction(service.settings.database_url) as session:
        assert session.scalar(select(func.count()).select_from(DigestSent)) == 0
    monkeypatch.setattr(digest, "compose_for", real)
    assert len(run(service, at)) == 2
    assert run(service, at) == []


def test_the_digest_says_whose_turn_since_when_the_deadline_and_how_to_act(service, monday):
    game_id = setup(service)
    sent = run(service, datetime(2026, 11, 30, 17, 0, tzinfo=UTC))
    mover = service.to_move(game_id)[0]
    seat = service.seat(game_id, mover)
    mine = next(m for m in sent if m.to_address == seat["address"])
    text = " ".join(text_of(mine).split())
    assert "Times are in Europe/Madrid." in text
    assert "It is your turn, since Mon, Nov 30, 10:00." in text  # 09:00 UTC
    assert "Please move by Mon, Dec 7, 10:00 (Europe/Madrid)." in text
    assert f"to play, write to {service.settings.reply_address(seat['token'])}" in text
    other = next(m for m in sent if m.to_address != seat["address"])
    assert f"Waiting for {mover}, since Mon, Nov 30, 10:00." in " ".join(text_of(other).split())
    message = message_from_bytes(mine.message, policy=policy.default)
    with transaction(service.settings.database_url) as session:
        token = session.scalar(select(Player.token).where(Player.address == seat["address"]))
    assert message["Reply-To"] == service.settings.reply_address(token)
    assert f"/unsubscribe/{token}" in message["List-Unsubscribe"]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_players_in_no_running_game_get_none_and_are_scheduled_on(service, monday):
    with transaction(service.settings.database_url) as session:
        from pbem.games import player_for

        player_for(session, "idle@x.test")
    assert run(service, MONDAY + timedelta(days=8)) == []
    with transaction(service.settings.database_url) as session:
        idle = session.scalar(select(Player).where(Player.address == "idle@x.test"))
        assert idle.digest_due == datetime(2026, 12, 14, 8, 0, tzinfo=UTC)


def test_pbem_digest_runs_the_scan_as_if_at_a_given_time(service, monday):
    setup(service)
    ran = pbem(service.settings, "digest", "--now", "2026-11-30T18:00+01:00")
    assert ran.returncode == 0, ran.stderr
    assert b"queued 2 digests" in ran.stdout


def test_the_first_mail_sets_the_zone_and_moves_the_digest(service, monday):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    address = service.seat(game_id, mover)["address"]
    service.deliver(
        service.reply(game_id, mover, "status", headers={"Date": "Mon, 30 Nov 2026 10:00 +0100"})
    )
    with transaction(service.settings.database_url) as session:
        player = session.scalar(select(Player).where(Player.address == address))
        assert player.timezone == "Etc/GMT-1"
        assert player.digest_due == datetime(2026, 12, 7, 7, 0, tzinfo=UTC)  # 08:00 at +01:00
