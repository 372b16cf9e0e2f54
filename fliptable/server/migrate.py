"""Schema migrations: Alembic, run by the server on its own connection from the
migrations shipped inside the package (so an installed wheel migrates too)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import AsyncEngine

#: where the migration scripts are: a package resource, found in a wheel as in a checkout
SCRIPT_LOCATION = "fliptable.server:migrations"
VERSION_TABLE = "ft_alembic_version"


def _config(connection=None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision the package ships."""
    revision = ScriptDirectory.from_config(_config()).get_current_head()
    if revision is None:  # the package's migrations/versions is missing or empty
        raise RuntimeError(f"no schema migrations found in {SCRIPT_LOCATION}")
    return revision


def _upgrade(connection) -> None:
    command.upgrade(_config(connection), "head")


def _current(connection) -> str | None:
    return MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE}).get_current_revision()


#: PostgreSQL: the advisory lock the migrations run under, so that several server
#: processes starting at once on one database (``serve --redis``) migrate it one at a time
MIGRATION_LOCK = 0x66746D67  # "ftmg"


async def upgrade(engine: AsyncEngine) -> None:
    """Create or upgrade the schema to the newest revision (``alembic upgrade head``)."""
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # held until this transaction ends
            await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        await conn.run_sync(_upgrade)


async def current(engine: AsyncEngine) -> str | None:
    """The database's revision (None: never migrated)."""
    async with engine.connect() as conn:
        return await conn.run_sync(_current)
