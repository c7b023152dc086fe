"""The tables. The database is the source of truth for every game and every mail.

``game.state`` is the engine's ``dump``; the ``move`` rows, replayed from ``game.seed``, rebuild
it exactly (``pbem verify``). Inbound mail is stored raw before it is acknowledged; outbound
mail is written here in the same transaction as the move that caused it, and sent afterwards.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

JSONData = JSON().with_variant(JSONB(), "postgresql")


def now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of all tables."""


class UTCDateTime(TypeDecorator):
    """A moment stored in UTC and read back timezone-aware on every database (SQLite keeps no
    offset), so times read from a row compare with ``now()``."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return value.astimezone(UTC) if value is not None and value.tzinfo else value

    def process_result_value(self, value, dialect):
        return value.replace(tzinfo=UTC) if value is not None and not value.tzinfo else value


def new_token() -> str:
    """A secret for a reply address (``play+TOKEN@domain``) or an unsubscribe link."""
    return secrets.token_hex(10)


class Player(Base):
    """A person known by a mail address, with their settings.

    ``mail`` is how much game mail they get (every, turns, digest); the digest goes out
    ``digest_every`` (weekly, daily, off) at ``digest_minute`` past midnight of their
    ``timezone`` (``""`` until their first mail tells, then an IANA name), on
    ``digest_weekday`` (0 = Monday) if weekly; ``digest_due`` is the next time, in UTC. The
    ``token`` is their own secret reply address, used by the digest.
    """

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(320), unique=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(64))
    #: the language they read ("es", "pt_BR"); "" until their first mail tells (pbem.languages)
    locale: Mapped[str] = mapped_column(String(16), default="")
    mail: Mapped[str] = mapped_column(String(8), default="turns")
    digest_every: Mapped[str] = mapped_column(String(8), default="weekly")
    digest_weekday: Mapped[int] = mapped_column(Integer, default=0)
    digest_minute: Mapped[int] = mapped_column(Integer, default=8 * 60)
    digest_due: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True, index=True)
    timezone: Mapped[str] = mapped_column(String(64), default="")
    away_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    unsubscribed: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    @property
    def language(self) -> str:
        """The locale their mails are written in: theirs, English while it is not known."""
        return self.locale or "en"


class Absence(Base):
    """A time a player said they are away (``away until``): counted against the quarter's cap."""

    __tablename__ = "absence"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    start: Mapped[datetime] = mapped_column(UTCDateTime)
    end: Mapped[datetime] = mapped_column(UTCDateTime)


class DigestSent(Base):
    """A digest queued for one player's due time: the unique pair is the claim, so two beats
    (or a beat after a worker died) never send the same digest twice."""

    __tablename__ = "digest_sent"
    __table_args__ = (UniqueConstraint("player_id", "due"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    due: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class Game(Base):
    """One game: its engine state, version (bumped by every applied mail) and status.

    ``deadline_days`` (None: no deadline) and ``late`` (wait, autopilot, drop) are the
    service's options, set at creation; ``options`` are the engine's.
    """

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSONData, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    state: Mapped[dict | None] = mapped_column(JSONData, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    # the number of its last move (its moves are numbered from 1)
    moves: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    status: Mapped[str] = mapped_column(String(16), default="inviting")
    # who asked for it by mail (None: the operator); counts against their games a day
    creator_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id"), nullable=True, index=True
    )
    deadline_days: Mapped[int | None] = mapped_column(Integer, nullable=True)
    late: Mapped[str] = mapped_column(String(16), default="autopilot")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)

    seats: Mapped[list[Seat]] = relationship(back_populates="game", order_by="Seat.position")


class Seat(Base):
    """A player's place in a game, with the secret token of its reply address.

    ``status``: invited, joined, declined, resigned, or autopilot (the bot plays it after
    three late turns in a row, until the player writes). ``mail`` overrides the player's
    setting for this game (None: follow it; "digest": muted). While the seat is to move,
    ``turn_since`` says since when, ``deadline`` when its time is up, ``reminders`` how many
    were sent and ``alarm`` when the deadline scan must look at it next. ``plan``: the moves
    its player wrote ahead for their next turns (:mod:`pbem.plans`), each a list of
    alternatives as typed; the service's, never the engine's, and shown to nobody else.
    """

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "position"),
        UniqueConstraint("game_id", "name"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="invited")
    joined: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    seen: Mapped[int] = mapped_column(Integer, default=0)  # last log event mailed to this seat
    #: When the player wrote ``resign`` without confirming: a second ``resign`` confirms.
    resign_asked: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    mail: Mapped[str | None] = mapped_column(String(8), nullable=True)
    turn_since: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    reminders: Mapped[int] = mapped_column(Integer, default=0)
    alarm: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True, index=True)
    autopilot: Mapped[int] = mapped_column(Integer, default=0)  # late turns in a row
    plan: Mapped[list] = mapped_column(JSONData, default=list)

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class Move(Base):
    """One applied engine command: the replayable log of a game."""

    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id"))
    command: Mapped[str] = mapped_column(Text)
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound_mail.id"), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class InboundMail(Base):
    """A received message, stored raw before it is acknowledged; Message-ID is idempotent."""

    __tablename__ = "inbound_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(998), unique=True)
    digest: Mapped[str] = mapped_column(String(64), index=True)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    source: Mapped[str] = mapped_column(String(16))
    envelope_to: Mapped[str] = mapped_column(String(320), default="")
    received: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    status: Mapped[str] = mapped_column(String(16), default="pending", index=True)
    kind: Mapped[str] = mapped_column(String(16), default="")
    error: Mapped[str] = mapped_column(Text, default="")
    attempts: Mapped[int] = mapped_column(Integer, default=0)  # tries that ended in an error
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id"), nullable=True)
    seat_id: Mapped[int | None] = mapped_column(ForeignKey("seat.id"), nullable=True)


class OutboundMail(Base):
    """A composed message waiting to be sent (or sent), written with the change that caused it."""

    __tablename__ = "outbound_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(Text)
    message: Mapped[bytes] = mapped_column(LargeBinary)
    message_id: Mapped[str] = mapped_column(String(998), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id"), nullable=True, index=True)
    #: The game's position the mail showed: a reply to it is meant for that position.
    position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="pending", index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    last_error: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    sent: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class WebhookToken(Base):
    """A provider's one-time webhook token already used: a second use is a replay."""

    __tablename__ = "webhook_token"
    __table_args__ = (UniqueConstraint("provider", "token"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    provider: Mapped[str] = mapped_column(String(16))
    token: Mapped[str] = mapped_column(String(256))
    seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
