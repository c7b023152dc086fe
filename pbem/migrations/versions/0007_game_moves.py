"""game moves: the number of a game's last move, kept on its row (no MAX over its moves a mail)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 21:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("moves", sa.Integer(), nullable=False, server_default="0"))
    op.execute(
        "UPDATE game SET moves = (SELECT coalesce(max(move.number), 0) FROM move"
        " WHERE move.game_id = game.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("moves")
