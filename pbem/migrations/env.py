"""Alembic environment: the URL comes from the settings (or the caller's config)."""

from __future__ import annotations

from alembic import context

from pbem.config import load
from pbem.db import engine_for
from pbem.models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url") or load().database_url

if context.is_offline_mode():
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    with engine_for(url).connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()
