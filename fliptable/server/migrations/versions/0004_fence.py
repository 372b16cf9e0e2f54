"""Fencing tokens (issue 27, several server processes): ``fence`` counts the claims of a
table; a process stores a table's actions only while the fence is the one it took when
it claimed the table, so a process that lost its lease can never store an action.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

# Alembic's revision form, the same in every migration on purpose: a released migration is
# frozen history, never changed to share code with another one.
revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ft_tables") as batch:
        batch.add_column(sa.Column("fence", sa.Integer, nullable=False, server_default=sa.text("0")))


def downgrade() -> None:
    with op.batch_alter_table("ft_tables") as batch:
        batch.drop_column("fence")
