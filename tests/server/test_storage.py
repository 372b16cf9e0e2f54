"""The schema: Alembic migrations shipped in the package build exactly the models'
schema, on both backends, and run again harmlessly; the server's CLI entry."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from importlib import resources

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from fliptable.server import migrate
from fliptable.server.config import db_url
from fliptable.server.models import metadata
from fliptable.server.store import Store


def test_migrations_build_the_models_schema(db_settings):
    async def check():
        store = Store(db_settings)
        try:
            assert await migrate.current(store.engine) is None
            await store.open()
            await store.open()  # again: nothing to do
            assert await migrate.current(store.engine) == migrate.head() == "0004"
            async with store.engine.connect() as conn:
                return await conn.run_sync(
                    lambda sync: compare_metadata(
                        MigrationContext.configure(sync, opts={"version_table": migrate.VERSION_TABLE}), metadata
                    )
                )
        finally:
            await store.close()

    diff = asyncio.run(check())
    assert diff == []


def test_upgrading_from_0001_keeps_the_tables_and_none_is_expired(db_settings):
    """A database made by the first schema (before expiry) with a table in it: the
    upgrade adds ``seen`` and ``expired`` and keeps the table, not expired; and
    ``public`` (0003), false: a table nobody asked to list is reached by its link."""
    from alembic import command
    from sqlalchemy import select, text

    from fliptable.server.models import tables

    async def check():
        store = Store(db_settings)
        try:
            if store.backend == "postgresql":
                async with store.engine.begin() as conn:
                    await conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{db_settings.db_schema}"'))
            async with store.engine.begin() as conn:
                await conn.run_sync(lambda sync: command.upgrade(migrate._config(sync), "0001"))
                await conn.execute(
                    text(
                        "INSERT INTO ft_tables (id, game, rules_version, players, options, seed, seeded, "
                        "turn_limit_ms, bot_delay_ms, started, over, ply, result, created) VALUES "
                        "('old', 'flip7', '1', 2, '{}', '1', false, NULL, 0, true, false, 3, NULL, "
                        "'2026-11-01 10:00:00')"
                    )
                )
            assert await migrate.current(store.engine) == "0001"
            await store.open()
            assert await migrate.current(store.engine) == "0004"
            async with store.engine.connect() as conn:
                row = (await conn.execute(select(tables).where(tables.c.id == "old"))).first()._mapping
            return dict(row), await store.resumable()
        finally:
            await store.close()

    row, resumable = asyncio.run(check())
    assert row["ply"] == 3 and row["expired"] is False and row["seen"] is None and row["public"] is False
    assert row["fence"] == 0  # 0004: never claimed by a process of several
    assert resumable == ["old"]


def test_the_migrations_are_package_data():
    versions = resources.files("fliptable.server") / "migrations" / "versions"
    assert (versions / "0001_initial.py").is_file() and (versions / "0002_expiry.py").is_file()
    assert (versions / "0003_public.py").is_file() and (versions / "0004_fence.py").is_file()
    assert (resources.files("fliptable.server") / "migrations" / "env.py").is_file()


def test_db_urls():
    assert db_url(None).startswith("sqlite+aiosqlite:///")
    assert db_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert db_url("postgresql://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert db_url("/tmp/x.db") == "sqlite+aiosqlite:////tmp/x.db"


def test_serve_user_errors_are_one_line_exit_2(tmp_path, capsys):
    from fliptable.cli import main

    for args, words in (
        (["--port", "0"], "--port must be 1 to 65535"),
        (["--db", "mysql://u@h/d"], "SQLite or PostgreSQL"),
        (["--bot-delay-ms", "-1"], "--bot-delay-ms must be 0 to 10000"),
        (["--creates-per-minute", "0"], "--creates-per-minute must be 1 to 1000000"),
        (["--expire-after", "-1"], "--expire-after must be 0 (never) to 8760 hours"),
        (["--seat-timeout", "-5"], "--seat-timeout must be 0 (never) to 86400 seconds"),
        (["--seat-timeout", "nan"], "--seat-timeout must be 0 (never) to 86400 seconds"),
        (["--joins-per-minute", "0"], "--joins-per-minute must be 1 to 1000000"),
        (["--trust-proxy", "*"], "--trust-proxy '*' is not an address or network"),
        (["--trust-proxy", "proxy.local"], "accepted: e.g. 127.0.0.1, 10.0.0.0/8"),
        (["--bot-workers", "0"], "--bot-workers must be 1 to 256, not 0"),
        (["--max-bot-ms", "5"], "--max-bot-ms must be 10 to 600000, not 5"),
        (["--max-bot-ms", "inf"], "--max-bot-ms must be 10 to 600000, not inf"),
        (["--db", str(tmp_path / "no" / "such" / "dir" / "x.db")], "does not exist"),
        (["--db", "/proc/fliptable.db"], "cannot open the database"),
        (["--db", "postgresql://u:pw@127.0.0.1:1/x"], "u:***@127.0.0.1:1"),
    ):
        with pytest.raises(SystemExit) as exited:
            main(["serve", *args])
        err = capsys.readouterr().err
        assert exited.value.code == 2, (args, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and "Traceback" not in err and ":pw@" not in err, (args, err)
    # and as a process: the same one line
    r = subprocess.run(
        [sys.executable, "-m", "fliptable", "serve", "--db", "/proc/fliptable.db"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_the_wheel_carries_the_migrations(tmp_path):
    import zipfile
    from pathlib import Path

    builder = pytest.importorskip("hatchling.builders.wheel")
    repo = Path(__file__).resolve().parents[2]
    wheel = next(builder.WheelBuilder(str(repo)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "fliptable/server/migrations/env.py",
        "fliptable/server/migrations/script.py.mako",
        "fliptable/server/migrations/versions/0001_initial.py",
        "fliptable/server/migrations/versions/0002_expiry.py",
        "fliptable/server/migrations/versions/0003_public.py",
        "fliptable/server/migrations/versions/0004_fence.py",
        "fliptable/server/app.py",
    ):
        assert name in names, name


def test_serve_passes_the_seat_limits_on(monkeypatch):
    from fliptable.cli import main
    from fliptable.server import serve

    got = []
    monkeypatch.setattr(serve, "run_server", lambda *args, **kw: got.append((args, kw)))
    for args in (
        ["--seat-timeout", "30", "--joins-per-minute", "5"],
        ["--seat-timeout", "0"],
        [],
        ["--trust-proxy", "127.0.0.1", "--trust-proxy", "10.0.0.0/8"],
        ["--bot-workers", "3", "--max-bot-ms", "500"],
    ):
        with pytest.raises(SystemExit) as exited:
            main(["serve", *args])
        assert exited.value.code == 0
    bots = {"bot_workers": None, "max_bot_ms": 2000.0, "allowed_bots": (), "redis": None}
    assert [kw for _, kw in got] == [
        {"seat_timeout_s": 30.0, "joins_per_minute": 5, "trusted_proxies": (), **bots},
        {"seat_timeout_s": None, "joins_per_minute": 30, "trusted_proxies": (), **bots},
        {"seat_timeout_s": 120.0, "joins_per_minute": 30, "trusted_proxies": (), **bots},
        {"seat_timeout_s": 120.0, "joins_per_minute": 30, "trusted_proxies": ("127.0.0.1", "10.0.0.0/8"), **bots},
        {
            "seat_timeout_s": 120.0,
            "joins_per_minute": 30,
            "trusted_proxies": (),
            "bot_workers": 3,
            "max_bot_ms": 500.0,
            "allowed_bots": (),
            "redis": None,
        },
    ]


def test_serve_quiets_the_garbage_collector():
    """``run_server`` freezes what is alive at start-up and makes collections rarer
    (``serve.quiet_gc``; run in a process of its own: freezing is for the whole process)."""
    code = (
        "import gc; from fliptable.server.serve import GC_THRESHOLDS, quiet_gc; quiet_gc(); "
        "assert gc.get_threshold() == GC_THRESHOLDS, gc.get_threshold(); "
        "assert gc.get_freeze_count() > 10000, gc.get_freeze_count(); print('ok')"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
