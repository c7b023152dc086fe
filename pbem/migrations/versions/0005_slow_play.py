"""slow play: mail settings, digest schedule, time zones, deadlines, absences

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 10:00:00
"""

import secrets
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _next_monday_eight() -> datetime:
    """The old fixed digest time (Monday 08:00 UTC), next after now: existing players keep it."""
    now = datetime.now(UTC).replace(second=0, microsecond=0)
    due = now.replace(hour=8, minute=0) + timedelta(days=(7 - now.weekday()) % 7)
    return due if due > now else due + timedelta(days=7)


def upgrade() -> None:
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("mail", sa.String(length=8), nullable=False, server_default="turns")
        )
        batch_op.add_column(
            sa.Column("digest_every", sa.String(length=8), nullable=False, server_default="weekly")
        )
        batch_op.add_column(
            sa.Column("digest_weekday", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column("digest_minute", sa.Integer(), nullable=False, server_default="480")
        )
        batch_op.add_column(sa.Column("digest_due", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("timezone", sa.String(length=64), nullable=False, server_default="")
        )
        batch_op.add_column(sa.Column("away_until", sa.DateTime(timezone=True), nullable=True))

    player = sa.table(
        "player",
        sa.column("id", sa.Integer),
        sa.column("token", sa.String),
        sa.column("digest", sa.Boolean),
        sa.column("digest_every", sa.String),
        sa.column("digest_due", sa.DateTime(timezone=True)),
    )
    connection = op.get_bind()
    due = _next_monday_eight()
    for player_id, wants_digest in connection.execute(sa.select(player.c.id, player.c.digest)):
        connection.execute(
            player.update()
            .where(player.c.id == player_id)
            .values(
                token=secrets.token_hex(10),
                digest_every="weekly" if wants_digest else "off",
                digest_due=due if wants_digest else None,
            )
        )

    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.alter_column("token", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint("uq_player_token", ["token"])
        batch_op.create_index(batch_op.f("ix_player_digest_due"), ["digest_due"], unique=False)
        batch_op.drop_column("digest")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deadline_days", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("late", sa.String(length=16), nullable=False, server_default="autopilot")
        )
    game = sa.table("game", sa.column("deadline_days", sa.Integer))
    connection.execute(game.update().values(deadline_days=7))

    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mail", sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("reminders", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("alarm", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("autopilot", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.create_index(batch_op.f("ix_seat_alarm"), ["alarm"], unique=False)

    op.create_table(
        "absence",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("end", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("absence", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_absence_player_id"), ["player_id"], unique=False)

    op.create_table(
        "digest_sent",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "due"),
    )
    with op.batch_alter_table("digest_sent", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_digest_sent_due"), ["due"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("digest_sent", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_digest_sent_due"))
    op.drop_table("digest_sent")
    with op.batch_alter_table("absence", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_absence_player_id"))
    op.drop_table("absence")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seat_alarm"))
        for column in ("autopilot", "alarm", "reminders", "deadline", "turn_since", "mail"):
            batch_op.drop_column(column)
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("late")
        batch_op.drop_column("deadline_days")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("digest", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    player = sa.table("player", sa.column("digest", sa.Boolean), sa.column("digest_every"))
    op.get_bind().execute(
        player.update().where(player.c.digest_every == "off").values(digest=False)
    )
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_digest_due"))
        batch_op.drop_constraint("uq_player_token", type_="unique")
        for column in (
            "away_until",
            "timezone",
            "digest_due",
            "digest_minute",
            "digest_weekday",
            "digest_every",
            "mail",
            "token",
        ):
            batch_op.drop_column(column)
