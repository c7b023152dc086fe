"""The Alembic migrations build exactly the schema the models describe, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from pbem.db import engine_for
from pbem.models import Base


def test_migrations_match_the_models(settings):
    with engine_for(settings.database_url).connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
