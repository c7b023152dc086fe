"""outbound mails remember the position they showed (a late reply is guarded by it); seats
remember an unconfirmed resign

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbound_mail") as batch_op:
        batch_op.add_column(sa.Column("position", sa.Integer(), nullable=True))
    with op.batch_alter_table("seat") as batch_op:
        batch_op.add_column(sa.Column("resign_asked", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as batch_op:
        batch_op.drop_column("resign_asked")
    with op.batch_alter_table("outbound_mail") as batch_op:
        batch_op.drop_column("position")
