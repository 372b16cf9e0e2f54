"""Public tables: whether the lobby lists a table (``public``, set by its creator).
Tables made before this become private (reached by their link), the safe side: nobody
asked for them to be listed.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

# Alembic's revision form, the same in every migration on purpose: a released migration is
# frozen history, never changed to share code with another one.
revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ft_tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("ft_tables") as batch:
        batch.drop_column("public")
