"""Expiry of abandoned tables: when a connection to a table last opened or closed
(``seen``), and whether the table was closed for it (``expired``).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

# Alembic's revision form, the same in every migration on purpose: a released migration is
# frozen history, never changed to share code with another one.
revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite cannot alter a table in place: batch mode copies it where it must
    with op.batch_alter_table("ft_tables") as batch:
        batch.add_column(sa.Column("seen", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("ft_tables") as batch:
        batch.drop_column("expired")
        batch.drop_column("seen")
