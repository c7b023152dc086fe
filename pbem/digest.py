"""The digest: one mail per player at their own hour, listing all their running games.

Scheduling is stored, never a countdown: ``player.digest_due`` (indexed) is the next time, in
UTC. A scan (beat every few minutes; ``pbem digest --now``) walks the due players in pages of
ids, each page a batch (first id, last id): beat's task hands the batches to the workers, the
operator's command composes them itself. Each digest is claimed by a unique (player, due time)
row written in the same transaction as its outbox row and the player's next due time: two
scans at once, batches that overlap, or a scan after a worker died half way, send it exactly
once. A batch's players come in id order, so players of one game, who often joined together,
share its restored state (:class:`States`).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, selectinload

import engine
from engine.i18n import use
from pbem import clock, games, i18n, notify
from pbem.config import Settings
from pbem.mail import compose
from pbem.mail.outgoing import OutgoingMail
from pbem.models import DigestSent, Game, Player, Seat, now

EVENTS_SHOWN = 5
KEPT = timedelta(days=8)  # claims older than a week's digest are no longer needed


def next_time(player: Player, after: datetime) -> datetime | None:
    """The player's next digest time after ``after`` from their settings (None: off)."""
    if player.unsubscribed:
        return None
    return clock.next_due(
        player.digest_every, player.digest_weekday, player.digest_minute, player.timezone, after
    )


def schedule(player: Player, after: datetime) -> None:
    """Set the player's next digest time after ``after``."""
    player.digest_due = next_time(player, after)


def due_page(session: Session, at: datetime, after: int, size: int) -> list[int]:
    """The ids of up to ``size`` players due at ``at`` with ids above ``after``, in order: the
    scan walks the due players page by page (keyset), nothing locked."""
    query = (
        select(Player.id)
        .where(Player.digest_due <= at, Player.id > after)
        .order_by(Player.id)
        .limit(size)
    )
    return list(session.scalars(query))


def due_players(session: Session, at: datetime, first: int, last: int) -> list[Player]:
    """The players with ids from ``first`` to ``last`` whose digest is due at ``at``, locked;
    rows another scan holds are skipped (PostgreSQL), so batches that overlap share the work."""
    query = (
        select(Player)
        .where(Player.digest_due <= at, Player.id.between(first, last))
        .order_by(Player.id)
        .with_for_update(key_share=True, skip_locked=True)
    )
    return list(session.scalars(query))


def claim(session: Session, players: list[Player]) -> set[int]:
    """Claim each player's digest for their due time; return the ids claimed by us (a claim
    another transaction made first, even one not committed yet, is theirs)."""
    if not players:
        return set()
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    statement = (
        dialect.insert(DigestSent)
        .values([{"player_id": p.id, "due": p.digest_due} for p in players])
        .on_conflict_do_nothing(index_elements=["player_id", "due"])
        .returning(DigestSent.player_id)
    )
    return set(session.scalars(statement))


def forget_old_claims(session: Session, at: datetime) -> None:
    """Claims whose due time is long past: no scan can take those players for them again."""
    session.execute(delete(DigestSent).where(DigestSent.due < at - KEPT))


def seats_of(session: Session, player_ids: list[int]) -> dict[int, list[Seat]]:
    """Each player's seats in running games, with the games' seats and players loaded."""
    seats = session.scalars(
        select(Seat)
        .join(Game)
        .where(
            Seat.player_id.in_(player_ids),
            Game.status == "active",
            Seat.status.in_(("joined", "autopilot")),
        )
        .order_by(Seat.game_id)
        .options(selectinload(Seat.game).selectinload(Game.seats).selectinload(Seat.player))
    )
    found: dict[int, list[Seat]] = {}
    for seat in seats:
        found.setdefault(seat.player_id, []).append(seat)
    return found


class States:
    """Each game's state restored once per batch, however many of its players are in it."""

    def __init__(self):
        self._states: dict[int, dict] = {}

    def __call__(self, game: Game) -> dict:
        if game.id not in self._states:
            self._states[game.id] = engine.load(game.kind).restore(game.state)
        return self._states[game.id]


def entry(settings: Settings, seat: Seat, state: dict, reader: Player) -> dict:
    """One game of the digest, as ``seat``'s player may see it, times in their zone."""
    game = seat.game
    game_engine = engine.load(game.kind)
    view = game_engine.view(state, seat.name)
    zone_name = reader.timezone or "UTC"
    waiting = [s for s in game.seats if s.name in view["to_move"]]
    since = min((s.turn_since for s in waiting if s.turn_since), default=None)
    return {
        "game_id": game.id,
        "title": game_engine.title,
        "status": games.status_words(game),
        "version": game.version,
        "your_turn": seat.name in view["to_move"],
        "waiting_for": view["to_move"],
        "since": clock.moment(since, zone_name, reader.language) if since else None,
        "timing": notify.timing(game, seat, view["to_move"]),
        "muted": seat.mail == "digest",
        "autopilot": seat.status == "autopilot",
        "last_events": [game_engine.describe(e) for e in view["log"][-EVENTS_SHOWN:]],
        "reply_address": settings.reply_address(seat.token),
    }


def compose_for(
    settings: Settings, player: Player, seats: list[Seat], states: States
) -> OutgoingMail | None:
    """The digest mail of ``player`` (None when they are in no running game)."""
    if not seats:
        return None
    zone_name = player.timezone or "UTC"
    with use(i18n.translations(player.language)):
        games = [entry(settings, seat, states(seat.game), player) for seat in seats]
    away = player.away_until if player.away_until and player.away_until > now() else None
    context = {
        "player": player.name,
        "games": games,
        "daily": player.digest_every == "daily",
        "zone": clock.zone_label(zone_name),
        "away_until": clock.day(away, zone_name, player.language) if away else None,
    }
    thread = compose.thread_for(settings, None, "pbem", [], player.token)
    return compose.compose("digest", player.address, context, thread, settings, player.language)


def send_batch(settings: Settings, session: Session, at: datetime, first: int, last: int) -> None:
    """Queue the digests of the due players with ids from ``first`` to ``last`` (the caller
    counts what ``session.info["queued"]`` gathers).

    Every player taken gets their next due time, digest or not (no running game, or a claim
    another scan made): one UPDATE for each distinct next time.
    """
    players = due_players(session, at, first, last)
    if not players:
        return
    mine = claim(session, players)
    seats = seats_of(session, sorted(mine))
    states = States()
    next_times: dict[datetime | None, list[int]] = {}
    for player in players:
        if player.id in mine and not player.unsubscribed:
            message = compose_for(settings, player, seats.get(player.id, []), states)
            if message is not None:
                notify.queue(session, message, "digest", None)
        next_times.setdefault(next_time(player, max(player.digest_due, at)), []).append(player.id)
    for due, ids in next_times.items():
        session.execute(
            update(Player)
            .where(Player.id.in_(ids))
            .values(digest_due=due)
            .execution_options(synchronize_session=False)
        )
