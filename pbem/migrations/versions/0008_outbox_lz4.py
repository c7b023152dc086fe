"""outbox messages compressed by lz4 on PostgreSQL: pglz, the default, took about 1 ms of the
server's CPU for each 50 KB turn mail (a picture in base64), a third of its CPU a move; lz4
keeps the same size in a fraction of the time (docs/PROOF.md). Nothing changes where
PostgreSQL was built without lz4, nor on SQLite.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 23:05:00
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _lz4() -> bool:
    """PostgreSQL 14 or newer, built with lz4 (the compressions it offers name it)."""
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or bind.dialect.server_version_info < (14,):
        return False
    offered = bind.exec_driver_sql(
        "SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'"
    ).scalar()
    return "lz4" in (offered or [])


def upgrade() -> None:
    if _lz4():
        op.execute("ALTER TABLE outbound_mail ALTER COLUMN message SET COMPRESSION lz4")


def downgrade() -> None:
    if _lz4():
        op.execute("ALTER TABLE outbound_mail ALTER COLUMN message SET COMPRESSION pglz")
