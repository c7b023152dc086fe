"""A player's settings by mail: mail level, mute, digest, time zone, name, away and back,
status; from a game mail, the digest's reply address, and (refused) the service address."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, date, datetime
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from service_mails import text_of
from sqlalchemy import select

from engine.i18n import use
from pbem import clock, i18n
from pbem.db import transaction
from pbem.mail import commands
from pbem.models import Player, Seat

MONDAY = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
CORPUS = Path(__file__).parents[1] / "mail" / "corpus"


def flat(mail) -> str:
    return " ".join(text_of(mail).split())


def player(service, address) -> Player:
    with transaction(service.settings.database_url) as session:
        row = session.scalar(select(Player).where(Player.address == address))
        session.expunge(row)
        return row


def to_player(service, address, body, subject="Re: Your week in pbem", sender=None) -> bytes:
    """A reply to the digest: to the player's own address."""
    message = EmailMessage()
    message["From"] = sender or address
    message["To"] = service.settings.reply_address(player(service, address).token)
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="x.test")
    message.set_content(body)
    return message.as_bytes()


@pytest.fixture
def monday(time_machine):
    time_machine.move_to(MONDAY, tick=False)


def test_settings_in_a_game_mail_get_one_answer(service, monday):
    game_id = service.new_game(players=2)
    name = service.to_move(game_id)[0]
    address = service.seat(game_id, name)["address"]
    sent = service.deliver(
        service.reply(
            game_id, name, "mail digest\ndigest daily 7:30\ntimezone europe/madrid\nname Ana"
        )
    )
    assert [m.kind for m in sent] == ["news"]
    text = flat(sent[0])
    assert "You now get the digest only: no mail for each move of your games." in text
    assert "every day at 07:30 (Europe/Madrid)" in text
    assert "the others see you as Ana" in text
    row = player(service, address)
    assert (row.mail, row.digest_every, row.digest_minute, row.timezone, row.name) == (
        "digest",
        "daily",
        450,
        "Europe/Madrid",
        "Ana",
    )
    assert row.digest_due == datetime(2026, 12, 1, 6, 30, tzinfo=UTC)
    again = service.deliver(service.to_service(address, "new honga with z@x.test"))
    game = next(m for m in again if m.kind == "invite").game_id
    assert service.game(game)[1][0]["name"] == "Ana"


def test_a_wrong_time_zone_gets_the_closest_names_and_changes_nothing(service):
    game_id = service.new_game(players=2)
    name = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, name, "mail every\ntimezone Europe/Madird"))
    assert [m.kind for m in sent] == ["error"]
    assert "Did you mean Europe/Madrid" in flat(sent[0])
    assert player(service, service.seat(game_id, name)["address"]).mail == "turns"


def test_mute_and_unmute_are_for_this_game(service):
    game_id = service.new_game(players=2)
    name = service.to_move(game_id)[0]
    assert "is muted" in flat(service.deliver(service.reply(game_id, name, "mute"))[0])
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == name))
        assert seat.mail == "digest"
    service.deliver(service.reply(game_id, name, "unmute"))
    with transaction(service.settings.database_url) as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == name))
        assert seat.mail is None


def test_away_is_told_to_the_others_once_and_shown_in_status(service, monday):
    game_id = service.new_game(players=3)
    _game, (ann, bob, cy) = service.game(game_id)
    second = service.new_game(players=3, seed=9)  # the same three players again
    sent = service.deliver(service.reply(game_id, bob["name"], "away until 2026-12-24"))
    told = sorted(m.to_address for m in sent if m.kind == "news" and m.to_address != bob["address"])
    assert told == sorted([ann["address"], cy["address"]])  # once each, for both games
    assert all(f"games {game_id}, {second}" in flat(m) for m in sent if m.to_address in told)
    mine = next(m for m in sent if m.to_address == bob["address"])
    assert "You are away until Dec 24" in flat(mine)
    status = service.deliver(service.reply(game_id, bob["name"], "status"))
    assert "You are away until Dec 24." in flat(status[0])
    refused = service.deliver(service.reply(game_id, bob["name"], "away until 2027-03-01"))
    assert [m.kind for m in refused] == ["error"]
    assert "at most 30 days a quarter" in flat(refused[0])
    back = service.deliver(service.reply(game_id, bob["name"], "back"))
    assert "Welcome back" in flat(next(m for m in back if m.to_address == bob["address"]))
    assert player(service, bob["address"]).away_until is None
    # those told of the absence are told it ended early, once each, for both games
    told_back = [m for m in back if m.to_address != bob["address"]]
    assert sorted(m.to_address for m in told_back) == sorted([ann["address"], cy["address"]])
    assert all(
        f"{bob['name']} is back: their time to move runs again in your games {game_id}, "
        f"{second}." in flat(m)
        for m in told_back
    )


def test_status_in_a_game_shows_the_position_the_settings_and_the_games(service, monday):
    game_id = service.new_game(players=2, options={"deadline": 3})
    name = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, name, "status"))
    assert [m.kind for m in sent] == ["turn"]
    text = flat(sent[0])
    assert "Your settings and games:" in text
    assert "Mail: your turns, the start and the end." in text
    assert "Your digest comes every Monday at 08:00 (UTC)." in text
    assert f"Game {game_id} (HONGA, position #1): your turn." in text


def test_status_to_the_service_address_lists_settings_and_games(service):
    game_id = service.new_game(players=2)
    sent = service.deliver(service.to_service("a1@x.test", "status"))
    assert [m.to_address for m in sent] == ["a1@x.test"]
    assert f"Game {game_id} (HONGA, position #1)" in flat(sent[0])


def test_settings_to_the_service_address_are_refused_they_could_be_forged(service):
    service.new_game(players=2)
    sent = service.deliver(service.to_service("a1@x.test", "mail digest"))
    assert "Anybody can write a mail in your name" in flat(sent[0])
    assert player(service, "a1@x.test").mail == "turns"


def test_the_digest_address_takes_settings_and_status(service):
    service.new_game(players=2)
    service.new_game(players=2, seed=8)
    sent = service.deliver(to_player(service, "a1@x.test", "Hi!\ndigest weekly friday 18:30\nAnn"))
    assert "every Friday at 18:30" in flat(sent[0])
    assert player(service, "a1@x.test").digest_weekday == 4
    status = service.deliver(to_player(service, "a1@x.test", "status"))
    assert "Your digest comes every Friday at 18:30 (UTC)." in flat(status[0])


def test_an_answer_to_the_players_own_address_says_what_it_takes(service):
    """The digest's address is the player's, no seat: its answers' footer said "Its reply
    address is your seat", which would have them send moves there."""
    service.new_game(players=2)
    service.new_game(players=2, seed=8)
    sent = service.deliver(to_player(service, "a1@x.test", "mail turns"))
    own = (
        "Reply to this mail with status, or with a setting such as mail turns or timezone "
        "Europe/Madrid. To play, reply to a mail of your game."
    )
    message = email.message_from_bytes(sent[0].message, policy=email.policy.default)
    html = " ".join(message.get_body(("html",)).get_content().split())
    for part in (flat(sent[0]), html):
        assert own in part
        assert "Its reply address is your seat" not in part


def test_a_game_command_to_the_digest_of_several_games_says_where_to_send_it(service):
    first = service.new_game(players=2)
    second = service.new_game(players=2, seed=8)
    move = service.legal(first, "a1")[0]
    sent = service.deliver(to_player(service, "a1@x.test", move))
    assert [m.kind for m in sent] == ["notice"]
    text = flat(sent[0])
    assert "Nothing was applied" in text
    for game_id in (first, second):
        address = service.settings.reply_address(service.seat(game_id, "a1")["token"])
        assert f"Game {game_id} (HONGA): {address}" in text


def test_a_game_command_to_the_digest_of_one_game_is_played_there(service):
    game_id = service.new_game(players=2)
    mover = service.to_move(game_id)[0]
    lines = service.turn_of(game_id, mover)
    address = service.seat(game_id, mover)["address"]
    service.deliver(to_player(service, address, "\n".join(lines)))
    assert mover not in service.to_move(game_id)


def test_the_digests_one_click_mail_stops_the_digest_alone(service):
    game_id = service.new_game(players=2)
    sent = service.deliver(to_player(service, "a1@x.test", "unsubscribe", subject="unsubscribe"))
    assert "You get no digest." in flat(sent[0])
    row = player(service, "a1@x.test")
    assert (row.digest_every, row.digest_due, row.unsubscribed) == ("off", None, False)
    assert service.seat(game_id, "a1")["status"] == "joined"


def test_a_forged_mail_to_the_digest_address_changes_nothing(service):
    service.new_game(players=2)
    sent = service.deliver(
        to_player(service, "a1@x.test", "mail digest", sender="mallory@evil.test")
    )
    assert [m.to_address for m in sent] == ["a1@x.test"]
    assert player(service, "a1@x.test").mail == "turns"


@pytest.mark.parametrize(
    ("line", "kind", "name"),
    [
        ("mail digest", "service", "mail"),
        ("mail me when it is my turn", "chat", "mail"),
        ("digest daily 7:30", "service", "digest"),
        ("away until 2026-12-24", "service", "away"),
        ("away until next monday", "mistyped", "away"),
        ("back", "service", "back"),
        ("back to the boat", "game", ""),  # Hengist's action I
        ("timezone America/Argentina/Buenos_Aires", "service", "timezone"),
        ("name Ana", "service", "name"),
    ],
)
def test_setting_lines_are_commands_only_in_their_shape(line, kind, name):
    parsed = commands.parse(f"status\n{line}\ngames")
    assert (parsed.lines[1].kind, parsed.lines[1].name) == (kind, name)


@pytest.mark.parametrize(
    ("language", "line", "name", "argument"),
    [
        ("es", "correo turnos", "mail", "turns"),
        ("es", "Correo todo", "mail", "every"),
        ("de", "Post Zusammenfassung", "mail", "digest"),
        ("pt", "correio resumo", "mail", "digest"),
        ("es", "resumen semanal el lunes a las 18:00", "digest", "weekly monday 18:00"),
        ("es", "resumen diario 7:30", "digest", "daily 7:30"),
        ("es", "resumen no", "digest", "off"),
        (
            "de",
            "Zusammenfassung wöchentlich am Mittwoch um 18:00 Uhr",
            "digest",
            "weekly wednesday 18:00",
        ),
        ("de", "Übersicht täglich 7:30", "digest", "daily 7:30"),
        ("de", "Zusammenfassung aus", "digest", "off"),
        ("pt", "resumo semanal na segunda-feira às 18:00", "digest", "weekly monday 18:00"),
        ("pt", "resumo semanal sábado 9:00", "digest", "weekly saturday 9:00"),
        ("pt", "resumo não", "digest", "off"),
        ("es", "zona horaria Europe/Madrid", "timezone", "Europe/Madrid"),
        ("de", "Zeitzone Europe/Berlin", "timezone", "Europe/Berlin"),
        ("pt", "fuso horário America/Sao_Paulo", "timezone", "America/Sao_Paulo"),
        ("es", "nombre Ana", "name", "Ana"),
        ("pt", "nome Rui", "name", "Rui"),
        ("es", "ausente hasta 24/12/2026", "away", "until 24/12/2026"),
        ("de", "abwesend bis 24.12.2026", "away", "until 24.12.2026"),
        ("pt", "ausente até 24/12/2026", "away", "until 24/12/2026"),
        ("de", "abwesend bis 2026-12-24", "away", "until 2026-12-24"),
        ("es", "vuelvo", "back", ""),
        ("de", "zurück", "back", ""),
        ("pt", "voltei", "back", ""),
        ("es", "silenciar", "mute", ""),
        ("de", "stumm", "mute", ""),
        ("pt", "reativar", "unmute", ""),
        ("de", "entstummen", "unmute", ""),
        ("es", "estado", "status", ""),
        ("de", "Stand", "status", ""),
        ("pt", "situação", "status", ""),
    ],
)
def test_settings_are_written_in_every_language_and_read_in_english(language, line, name, argument):
    with use(i18n.translations(language)):
        parsed = commands.parse(f"status\n{line}\ngames")
    assert (parsed.lines[1].kind, parsed.lines[1].name, parsed.lines[1].argument) == (
        "service",
        name,
        argument,
    )


@pytest.mark.parametrize(
    ("language", "line", "kind"),
    [
        ("de", "zurück zum Boot", "game"),  # Hengist's action I, as "back to the boat"
        ("es", "resumen cuando pueda", "mistyped"),
        ("de", "abwesend bis nächste Woche", "mistyped"),
        ("en", "digest no", "mistyped"),  # "no" is off only to a Spanish reader
    ],
)
def test_setting_words_of_other_languages_are_commands_only_in_their_shape(language, line, kind):
    with use(i18n.translations(language)):
        assert commands.parse(f"status\n{line}\ngames").lines[1].kind == kind


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("2026-12-24", date(2026, 12, 24)),
        ("24.12.2026", date(2026, 12, 24)),
        ("24/12/2026", date(2026, 12, 24)),
        ("24-12-2026", date(2026, 12, 24)),
        ("24.12.26", date(2026, 12, 24)),
        ("5.1.2027", date(2027, 1, 5)),
        ("1/2/2027", date(2027, 2, 1)),  # the day first, as in Europe
        ("12/24/2026", date(2026, 12, 24)),  # the month first only where the day cannot be
        ("24.12.", date(2026, 12, 24)),  # no year: the next 24 December
        ("5.1.", date(2027, 1, 5)),
        ("31.02.2027", None),
        ("2026-12", None),
        ("24.12.202", None),
        ("next monday", None),
    ],
)
def test_the_day_of_an_absence_is_read_as_people_write_it(typed, day):
    assert clock.read_day(typed, date(2026, 12, 1)) == day


def test_settings_in_german_in_a_game_mail_are_carried_out_and_answered_once(service, monday):
    game_id = service.new_game(players=2)
    name = service.to_move(game_id)[0]
    address = service.seat(game_id, name)["address"]
    with transaction(service.settings.database_url) as session:
        session.scalar(select(Player).where(Player.address == address)).locale = "de"
    lines = "Zusammenfassung täglich 7:30\nZeitzone Europe/Berlin\nabwesend bis 24.12.2026"
    sent = service.deliver(service.reply(game_id, name, lines))
    mine = [m for m in sent if m.to_address == address]
    assert [m.kind for m in mine] == ["news"]
    row = player(service, address)
    assert (row.digest_every, row.digest_minute, row.timezone) == ("daily", 450, "Europe/Berlin")
    assert row.away_until == datetime(2026, 12, 23, 23, 0, tzinfo=UTC)  # midnight in Berlin


def test_leave_this_game_from_the_page_resigns_the_seat_and_tells_the_others(service):
    from pbem.app import create_app

    game_id = service.new_game(players=3)
    leaver = service.to_move(game_id)[0]
    token = service.seat(game_id, leaver)["token"]
    before = len(service.outbox())
    client = create_app(service.settings, lambda _id: None).test_client()
    response = client.post(f"/unsubscribe/{token}", data={"choice": "leave"})
    assert response.status_code == 200 and f"You left game {game_id}." in response.get_data(
        as_text=True
    )
    assert service.seat(game_id, leaver)["status"] == "resigned"
    assert leaver not in service.to_move(game_id)
    assert len(service.outbox()) > before  # the next player's turn mail, sent by the sweep


def test_an_encrypted_mail_to_the_digest_of_several_games_is_told_it_cannot_be_read(service):
    """As a game's address answers it: nothing applied, and why (not 'no command found')."""
    first = service.new_game(players=2)
    service.new_game(players=2, seed=8)
    raw = (CORPUS / "outlook_smime_encrypted_en.eml").read_bytes()
    raw = raw.replace(b"ann@example.org", b"a1@x.test").replace(
        b"play+0123456789abcdef0123@pbem.test",
        service.settings.reply_address(player(service, "a1@x.test").token).encode(),
    )
    sent = service.deliver(raw)
    assert [(m.kind, m.to_address) for m in sent] == [("notice", "a1@x.test")]
    assert "we cannot read encrypted mail" in flat(sent[0])
    assert service.game(first)[0].version == 1


def test_chat_of_a_commands_shape_alone_to_the_digest_of_several_games_is_a_try(service):
    """Read by its shape, as a game's address reads it when nothing else is a command: the
    answer says where game commands go, not that the mail held no command."""
    first = service.new_game("hengist")
    second = service.new_game("hengist", seed=8)
    sent = service.deliver(to_player(service, "a1@x.test", "Hi Bob,\nMove a muscle\nCheers"))
    assert [m.kind for m in sent] == ["notice"]
    text = flat(sent[0])
    assert "Nothing was applied" in text and "We found no command" not in text
    for game_id in (first, second):
        address = service.settings.reply_address(service.seat(game_id, "a1")["token"])
        assert f"Game {game_id} (Hengist): {address}" in text


@pytest.mark.parametrize(
    ("level", "sentence"),
    [
        ("every", "You now get a mail for every move of your games."),
        (
            "turns",
            "You now get mail when it is your turn, and at the start and the end of your games.",
        ),
        ("digest", "You now get the digest only: no mail for each move of your games."),
    ],
)
def test_a_mail_level_is_confirmed_in_a_sentence_of_its_own(service, level, sentence):
    """'You now get mail about the digest only in your games' read as if the digest were a
    game's news; each level says in its own words what comes now."""
    game_id = service.new_game(players=2)
    name = service.to_move(game_id)[0]
    sent = service.deliver(service.reply(game_id, name, f"mail {level}"))
    assert sentence in flat(sent[0])
