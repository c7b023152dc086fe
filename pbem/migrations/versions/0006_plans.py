"""plans: the moves a player writes ahead for their next turns, per seat

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 14:00:00
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.add_column(sa.Column("plan", json, nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_column("plan")
