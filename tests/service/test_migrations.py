"""The Alembic migrations build exactly the schema the models describe, on both databases."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session

from pbem.db import engine_for
from pbem.migrate import alembic_config
from pbem.models import Base, Game


def test_migrations_match_the_models(settings):
    with engine_for(settings.database_url).connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_games_started_before_0007_number_their_next_move_after_their_last(tmp_path):
    """0007 keeps a game's last move number on its row, counted from the moves it has."""
    url = f"sqlite:///{tmp_path / 'before.db'}"
    command.upgrade(alembic_config(url), "0006")
    old = create_engine(url)
    with old.begin() as connection:
        for game_id, moves in ((1, 3), (2, 0), (3, 1)):
            connection.execute(
                text(
                    "INSERT INTO game (id, kind, options, seed, version, status, late, created,"
                    " updated) VALUES (:id, 'honga', '{}', 1, 0, 'active', 'autopilot',"
                    " '2026-12-01', '2026-12-01')"
                ),
                {"id": game_id},
            )
            for number in range(1, moves + 1):
                connection.execute(
                    text(
                        "INSERT INTO move (game_id, number, seat_id, command, at)"
                        " VALUES (:game, :number, 1, 'pass', '2026-12-01')"
                    ),
                    {"game": game_id, "number": number},
                )
    old.dispose()
    command.upgrade(alembic_config(url), "head")
    with Session(engine_for(url)) as session:
        assert {g.id: g.moves for g in session.scalars(select(Game))} == {1: 3, 2: 0, 3: 1}


def test_outbox_messages_are_compressed_by_lz4_on_postgresql(postgres_settings):
    """0008: PostgreSQL compresses the outbox's messages with lz4, not its default pglz."""
    with engine_for(postgres_settings.database_url).connect() as connection:
        method = connection.execute(
            text(
                "SELECT attcompression FROM pg_attribute"
                " WHERE attrelid = 'outbound_mail'::regclass AND attname = 'message'"
            )
        ).scalar()
    assert method == "l"
