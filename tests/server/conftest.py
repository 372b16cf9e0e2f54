"""Fixtures of the server's tests: a database URL for each backend (an SQLite file in a
temporary folder; PostgreSQL at 127.0.0.1:5432/test in a schema of its own, dropped
after the test), and a way to start the application on it."""

from __future__ import annotations

import asyncio
import os
import secrets

import pytest

from fliptable.server.config import Settings

#: the PostgreSQL the machine runs (trust auth); FLIPTABLE_TEST_PG overrides it
PG_URL = os.environ.get("FLIPTABLE_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")


async def _drop_schema(schema: str) -> None:
    import asyncpg

    dsn = PG_URL.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request):
    return request.param


@pytest.fixture
def db_settings(backend, tmp_path):
    """``Settings`` for a fresh database of the test's backend (bots at full speed,
    unless a test overrides it). PostgreSQL is not optional here: if it is not running,
    these tests fail (set FLIPTABLE_TEST_PG to point them elsewhere)."""
    if backend == "sqlite":
        yield Settings(db=f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", bot_delay_ms=0.0)
        return
    schema = "ft_test_" + secrets.token_hex(6)
    yield Settings(db=PG_URL, db_schema=schema, bot_delay_ms=0.0)
    asyncio.run(_drop_schema(schema))


@pytest.fixture
def sqlite_settings(tmp_path):
    return Settings(db=f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", bot_delay_ms=0.0)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "servers(n, *args): test_cluster.py's processes: how many, and the options they are started with"
    )
