"""The database schema (SQLAlchemy Core). Changing it needs a new Alembic migration in
``migrations/versions``; ``tests/server`` checks the migrated schema matches this."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    text,
)

metadata = MetaData()

tables = Table(
    "ft_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    #: the seed as JSON text (an integer or a string): never leaves the server before the end
    Column("seed", Text, nullable=False),
    Column("seeded", Boolean, nullable=False),
    Column("turn_limit_ms", Float, nullable=True),
    Column("bot_delay_ms", Float, nullable=False),
    Column("started", Boolean, nullable=False, default=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("ply", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False, index=True),
    #: when a connection to the table last opened or closed (null: never connected)
    Column("seen", DateTime(timezone=True), nullable=True),
    #: closed after nobody connected for the server's --expire-after (migration 0002)
    Column("expired", Boolean, nullable=False, default=False, server_default=false()),
    #: listed in the lobby (``GET /api/tables``) because its creator asked (migration 0003);
    #: other tables are reached by their link only
    Column("public", Boolean, nullable=False, default=False, server_default=false()),
    #: the table's fencing token: how many times a server process claimed it (migration
    #: 0004; docs/server.md "Several processes"): actions are stored only under the latest
    Column("fence", Integer, nullable=False, default=0, server_default=text("0")),
)

seats = Table(
    "ft_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("ft_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" | "bot"
    Column("bot", String(200), nullable=True),  # the bot spec
    Column("name", String(80), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 hex of the seat's token
)

actions = Table(
    "ft_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("ft_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # null: a race's clock
    Column("action", Text, nullable=False),
)
