"""The first schema: tables, seats, actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ft_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("seeded", sa.Boolean, nullable=False),
        sa.Column("turn_limit_ms", sa.Float, nullable=True),
        sa.Column("bot_delay_ms", sa.Float, nullable=False),
        sa.Column("started", sa.Boolean, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ft_tables_created", "ft_tables", ["created"])
    op.create_table(
        "ft_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("ft_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "ft_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("ft_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ft_actions")
    op.drop_table("ft_seats")
    op.drop_index("ix_ft_tables_created", "ft_tables")
    op.drop_table("ft_tables")
