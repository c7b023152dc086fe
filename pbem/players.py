"""A player's own settings, as the commands set them: how much mail, the digest's day and
hour, the time zone, the name, and absences.

Each setter checks what was typed and raises :class:`SettingError` with a sentence for the
player, or changes the rows and returns the sentence that confirms it. Nothing here commits.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine.i18n import _, ngettext, use
from pbem import clock, deadlines, digest, games, i18n, languages, notify
from pbem.models import Absence, Game, Player, Seat

AWAY_PER_QUARTER = timedelta(days=30)
NAME_LONGEST = 16


class SettingError(ValueError):
    """A setting typed wrongly or not allowed; the message is for the player."""


def level_words() -> dict[str, str]:
    """What each mail level means, for answers and ``status``."""
    return {
        "every": _("every move"),
        "turns": _("your turns, the start and the end"),
        "digest": _("the digest only"),
    }


def learn_zone(player: Player, date_header: str | None, at: datetime) -> None:
    """A player's first mail: their zone from its Date header, when it can be told."""
    if not player.timezone:
        player.timezone = clock.zone_from_date(date_header)
        digest.schedule(player, at)


#: The settings a player changes by mail, each with the command of its name.
SETTINGS = ("mail", "name", "digest", "timezone", "away", "back")


def change(session: Session, settings, player: Player, name: str, argument: str, at) -> str:
    """Carry out the setting command ``name`` (one of :data:`SETTINGS`) with ``argument``, in
    English words (the commands read other languages' words as English); return the sentence
    that confirms it. Raises :class:`SettingError` with a sentence for the player."""
    if name == "mail":
        return set_mail(player, argument)
    if name == "name":
        return set_name(player, argument)
    if name == "digest":
        return set_digest(player, argument, at)
    if name == "timezone":
        return set_timezone(player, argument, at)
    if name == "away":
        told = go_away(session, player, away_day(player, argument, at), at)
        tell_away(session, settings, player)
        return told
    if name == "back":
        told = come_back(session, player, at)
        tell_back(session, settings, player)
        return told
    raise ValueError(f"{name!r} is no setting")


def away_day(player: Player, argument: str, at: datetime) -> date:
    """The day ``away until DAY`` names (:func:`pbem.clock.read_day`; a day without a year is
    the next one in the player's zone)."""
    typed = argument.split()[-1]
    found = clock.read_day(typed, at.astimezone(clock.zone(player.timezone)).date())
    if found is None:
        raise SettingError(_("{day} is not a day: write it like 2026-12-24.").format(day=typed))
    return found


def learn_zone_of(session: Session, address: str, date_header: str | None, at: datetime) -> None:
    """A mail from ``address`` to the service address: if they are a player, their zone from
    its Date header, when not known yet."""
    player = session.scalar(select(Player).where(Player.address == address)) if address else None
    if player is not None:
        learn_zone(player, date_header, at)


def set_mail(player: Player, argument: str) -> str:
    """``mail every|turns|digest`` for all of the player's games."""
    wanted = argument.strip().lower()
    if wanted not in notify.MAIL_LEVELS:
        raise SettingError(_("Write mail every, mail turns or mail digest."))
    player.mail = wanted
    if wanted == "every":
        return _("You now get a mail for every move of your games.")
    if wanted == "turns":
        return _(
            "You now get mail when it is your turn, and at the start and the end of your games."
        )
    return _("You now get the digest only: no mail for each move of your games.")


def mute(seat: Seat, muted: bool) -> str:
    """``mute``: this game's news only in the digest; ``unmute``: as the player's setting."""
    seat.mail = "digest" if muted else None
    if muted:
        return _("Game {id} is muted: its news come in your digest.").format(id=seat.game_id)
    return _("Game {id} is not muted any more.").format(id=seat.game_id)


def set_digest(player: Player, argument: str, at: datetime) -> str:
    """``digest weekly monday 18:00``, ``digest daily 7:30``, ``digest off``; a missing day or
    hour keeps the current one."""
    words = argument.lower().replace(",", " ").split()
    every = words[0] if words else ""
    if every not in ("weekly", "daily", "off"):
        raise SettingError(_("Write digest weekly monday 18:00, digest daily 7:30 or digest off."))
    weekday, minute = player.digest_weekday, player.digest_minute
    for word in words[1:]:
        if word in clock.WEEKDAYS and every == "weekly":
            weekday = clock.WEEKDAYS.index(word)
        elif (found := clock.wall_minute(word)) is not None:
            minute = found
        else:
            raise SettingError(
                _("{word} is neither a day (monday ... sunday) nor an hour like 18:00.").format(
                    word=word
                )
            )
    player.digest_every, player.digest_weekday, player.digest_minute = every, weekday, minute
    digest.schedule(player, at)
    return describe_digest(player)


def describe_digest(player: Player) -> str:
    """The digest setting in words: "weekly, on Monday at 18:00 (Europe/Madrid)"."""
    zone_name = player.timezone or "UTC"
    hour = f"{player.digest_minute // 60:02d}:{player.digest_minute % 60:02d}"
    if player.digest_every == "off":
        return _("You get no digest.")
    if player.digest_every == "daily":
        return _("Your digest comes every day at {hour} ({zone}).").format(
            hour=hour, zone=clock.zone_label(zone_name)
        )
    return _("Your digest comes every {day} at {hour} ({zone}).").format(
        day=clock.weekday_name(player.digest_weekday, player.language),
        hour=hour,
        zone=clock.zone_label(zone_name),
    )


def set_timezone(player: Player, argument: str, at: datetime) -> str:
    """``timezone Europe/Madrid`` (IANA names); a wrong name gets the closest ones."""
    name = clock.find_zone(argument)
    if name is None:
        close = clock.closest_zones(argument)
        if close:
            raise SettingError(
                _("We do not know the time zone {name}. Did you mean {close}?").format(
                    name=argument, close=", ".join(close)
                )
            )
        raise SettingError(
            _("We do not know the time zone {name}: write a name like Europe/Madrid.").format(
                name=argument
            )
        )
    player.timezone = name
    digest.schedule(player, at)
    zone = _("Your time zone is {zone}: times in your mails are in it.").format(
        zone=clock.zone_label(name)
    )
    return f"{zone} {describe_digest(player)}"


def set_name(player: Player, argument: str) -> str:
    """``name Ana``: the name the others see in games started from now on."""
    name = argument.strip()
    if not name or len(name) > NAME_LONGEST or not all(c.isalnum() for c in name):
        raise SettingError(
            _("A name is one word of letters and digits, at most {most} long.").format(
                most=NAME_LONGEST
            )
        )
    player.name = name
    return _("In the games you start or join from now on, the others see you as {name}.").format(
        name=name
    )


def _quarter(day: date) -> tuple[date, date]:
    first = date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    following = date(first.year + (first.month == 10), (first.month + 2) % 12 + 1, 1)
    return first, following


def _quarters(start: datetime, end: datetime, zone_name: str) -> list[tuple[datetime, datetime]]:
    """The calendar quarters (in the player's zone) that [start, end) touches."""
    local = clock.zone(zone_name)
    found, day = [], start.astimezone(local).date()
    while True:
        first, following = _quarter(day)
        bounds = (
            datetime.combine(first, datetime.min.time(), tzinfo=local),
            datetime.combine(following, datetime.min.time(), tzinfo=local),
        )
        found.append(bounds)
        if bounds[1] >= end:
            return found
        day = following


def _overlap(a: tuple[datetime, datetime], b: tuple[datetime, datetime]) -> timedelta:
    return max(timedelta(0), min(a[1], b[1]) - max(a[0], b[0]))


def current_absence(session: Session, player: Player, at: datetime) -> Absence | None:
    """The absence the player is in at ``at``, if any."""
    return session.scalar(
        select(Absence)
        .where(Absence.player_id == player.id, Absence.start <= at, Absence.end > at)
        .order_by(Absence.id.desc())
    )


def go_away(session: Session, player: Player, until: date, at: datetime) -> str:
    """``away until DATE``: deadlines pause in all the player's games until the start of
    ``until`` in their zone; at most 30 days a quarter. Returns the confirmation."""
    zone_name = player.timezone or "UTC"
    end = datetime.combine(until, datetime.min.time(), tzinfo=clock.zone(zone_name))
    if end <= at:
        raise SettingError(_("Please name a day after today, for example away until 2026-12-24."))
    current = current_absence(session, player, at)
    start = current.start if current else at
    others = session.scalars(
        select(Absence).where(
            Absence.player_id == player.id, Absence.id != (current.id if current else -1)
        )
    ).all()
    for quarter in _quarters(start, end, zone_name):
        used = sum((_overlap((a.start, a.end), quarter) for a in others), timedelta(0))
        if used + _overlap((start, end), quarter) > AWAY_PER_QUARTER:
            left = max(timedelta(0), AWAY_PER_QUARTER - used)
            raise SettingError(
                _(
                    "You can be away at most {most} days a quarter, and this absence would take "
                    "more: {left} days are left in the quarter that ends {day}. Please choose an "
                    "earlier day."
                ).format(
                    most=AWAY_PER_QUARTER.days,
                    left=left.days,
                    day=clock.day(quarter[1] - timedelta(days=1), zone_name, player.language),
                )
            )
    was = player.away_until if player.away_until and player.away_until > at else at
    if current is None:
        session.add(Absence(player_id=player.id, start=at, end=end))
    else:
        current.end = end
    player.away_until = end
    for game, seat in running_seats(session, player):
        deadlines.pause(game, seat, end - was)
    return _("You are away until {day}: your time to move is paused in all your games.").format(
        day=clock.day(end, zone_name, player.language)
    )


def come_back(session: Session, player: Player, at: datetime) -> str:
    """``back``: the absence ends now; the deadlines run again from here."""
    current = current_absence(session, player, at)
    if current is None or player.away_until is None:
        raise SettingError(_("You are not away."))
    for game, seat in running_seats(session, player):
        deadlines.pause(game, seat, at - player.away_until)
    current.end = at
    player.away_until = None
    return _("Welcome back: your time to move runs again in all your games.")


def _tell_sharing(session: Session, settings, player: Player, told) -> None:
    """Everybody who shares a running game with ``player`` and hears of its news (not only in
    the digest, which shows absences) gets one notice for all the games they share, in their
    language: ``told(reader, games)`` writes its subject and its sentence (``games``: their
    numbers, listed)."""
    others: dict[int, tuple[Player, list[int]]] = {}
    for game, _seat in running_seats(session, player):
        for other in game.seats:
            hears = other.status == "joined" and notify.level(other) != "digest"
            if other.player_id != player.id and hears:
                others.setdefault(other.player_id, (other.player, []))[1].append(game.id)
    for reader, game_ids in others.values():
        with use(i18n.translations(reader.language)):
            subject, sentence = told(reader, game_ids)
            notify.notice(
                session,
                settings,
                reader.address,
                subject,
                [sentence],
                locale=reader.language,
                news=True,
            )


def tell_back(session: Session, settings, player: Player) -> None:
    """Everybody told of ``player``'s absence is told it ended early, once: else they would
    wait for the day they were told."""

    def told(reader: Player, game_ids: list[int]) -> tuple[str, str]:
        return _("{name} is back").format(name=player.name), ngettext(
            "{name} is back: their time to move runs again in your game {games}.",
            "{name} is back: their time to move runs again in your games {games}.",
            len(game_ids),
        ).format(name=player.name, games=", ".join(map(str, game_ids)))

    _tell_sharing(session, settings, player, told)


def tell_away(session: Session, settings, player: Player) -> None:
    """Everybody who shares a running game with ``player`` is told of the absence, once,
    in their own language and zone."""

    def told(reader: Player, game_ids: list[int]) -> tuple[str, str]:
        day = clock.day(player.away_until, reader.timezone or "UTC", reader.language)
        return _("{name} is away until {day}").format(name=player.name, day=day), ngettext(
            "{name} is away until {day}: their time to move is paused in your game {games}.",
            "{name} is away until {day}: their time to move is paused in your games {games}.",
            len(game_ids),
        ).format(name=player.name, day=day, games=", ".join(map(str, game_ids)))

    _tell_sharing(session, settings, player, told)


def running_seats(session: Session, player: Player) -> list[tuple[Game, Seat]]:
    seats = session.scalars(
        select(Seat)
        .join(Game)
        .where(Seat.player_id == player.id, Game.status == "active")
        .order_by(Seat.game_id)
    )
    return [(seat.game, seat) for seat in seats]


def games_in_words(session: Session, player: Player, at: datetime) -> list[str]:
    """One sentence per game of the player: its state, whose turn, deadlines, settings."""
    lines = []
    seats = session.scalars(select(Seat).where(Seat.player_id == player.id).order_by(Seat.game_id))
    for seat in seats:
        game = seat.game
        title = engine.load(game.kind).title
        if game.status != "active" or seat.status not in ("joined", "autopilot"):
            lines.append(
                _("Game {id} ({title}): {status}.").format(
                    id=game.id, title=title, status=games.status_words(game)
                )
            )
            continue
        waiting = engine.load(game.kind).to_move(engine.load(game.kind).restore(game.state))
        if seat.name in waiting:
            line = _("Game {id} ({title}, position #{version}): your turn.")
        else:
            line = _("Game {id} ({title}, position #{version}): waiting for {names}.")
        parts = [
            line.format(id=game.id, title=title, version=game.version, names=", ".join(waiting))
        ]
        parts += notify.timing(game, seat, waiting)
        if seat.status == "autopilot":
            parts.append(_("The bot plays your seat; write to this game to take it back."))
        elif seat.mail:
            parts.append(_("Mail of this game: {what}.").format(what=level_words()[seat.mail]))
        lines.append(" ".join(parts))
    return lines or [_("You are in no game yet.")]


def status(session: Session, player: Player, at: datetime) -> list[str]:
    """The ``status`` answer: the player's settings, then their games."""
    settings = [
        _("Your name in new games: {name}.").format(name=player.name),
        _("Mail: {what}.").format(what=level_words()[player.mail]),
        describe_digest(player),
        languages.describe(player),
    ]
    if player.away_until and player.away_until > at:
        settings.append(
            _("You are away until {day}.").format(
                day=clock.day(player.away_until, player.timezone or "UTC", player.language)
            )
        )
    how = _(
        "Change them with: mail every, mail turns or mail digest; digest weekly monday 18:00, "
        "digest daily 7:30 or digest off; timezone Europe/Madrid; name Ana; away until "
        "2026-12-24 and back. In a game: mute and unmute."
    )
    return [" ".join(settings), *games_in_words(session, player, at), how]
