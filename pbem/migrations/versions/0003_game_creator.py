"""games remember who asked for them, for the cap on games a sender starts a day

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(sa.Column("creator_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_game_creator_id", ["creator_id"])
        batch_op.create_foreign_key("fk_game_creator_id_player", "player", ["creator_id"], ["id"])


def downgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_constraint("fk_game_creator_id_player", type_="foreignkey")
        batch_op.drop_index("ix_game_creator_id")
        batch_op.drop_column("creator_id")
