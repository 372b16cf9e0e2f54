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
            assert await migrate.current(store.engine) == migrate.head() == "0001"
            async with store.engine.connect() as conn:
                return await conn.run_sync(
                    lambda sync: compare_metadata(MigrationContext.configure(sync, opts={"version_table": migrate.VERSION_TABLE}),
                                                  metadata))
        finally:
            await store.close()

    diff = asyncio.run(check())
    assert diff == []


def test_the_migrations_are_package_data():
    versions = resources.files("fliptable.server") / "migrations" / "versions"
    assert (versions / "0001_initial.py").is_file()
    assert (resources.files("fliptable.server") / "migrations" / "env.py").is_file()


def test_db_urls():
    assert db_url(None).startswith("sqlite+aiosqlite:///")
    assert db_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert db_url("postgresql://u@h/d") == "postgresql+asyncpg://u@h/d"
    assert db_url("/tmp/x.db") == "sqlite+aiosqlite:////tmp/x.db"


def test_serve_user_errors_are_one_line_exit_2(tmp_path, capsys):
    from fliptable.cli import main

    for args, words in ((["--port", "0"], "--port must be 1 to 65535"),
                        (["--db", "mysql://u@h/d"], "SQLite or PostgreSQL"),
                        (["--bot-delay-ms", "-1"], "--bot-delay-ms must be 0 to 10000"),
                        (["--creates-per-minute", "0"], "--creates-per-minute must be 1 to 1000000"),
                        (["--db", str(tmp_path / "no" / "such" / "dir" / "x.db")], "does not exist"),
                        (["--db", "/proc/fliptable.db"], "cannot open the database"),
                        (["--db", "postgresql://u:pw@127.0.0.1:1/x"], "u:***@127.0.0.1:1")):
        with pytest.raises(SystemExit) as exited:
            main(["serve", *args])
        err = capsys.readouterr().err
        assert exited.value.code == 2, (args, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and "Traceback" not in err and ":pw@" not in err, (args, err)
    # and as a process: the same one line
    r = subprocess.run([sys.executable, "-m", "fliptable", "serve", "--db", "/proc/fliptable.db"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_the_wheel_carries_the_migrations(tmp_path):
    import zipfile
    from pathlib import Path

    builder = pytest.importorskip("hatchling.builders.wheel")
    repo = Path(__file__).resolve().parents[2]
    wheel = next(builder.WheelBuilder(str(repo)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("fliptable/server/migrations/env.py", "fliptable/server/migrations/script.py.mako",
                 "fliptable/server/migrations/versions/0001_initial.py", "fliptable/server/app.py"):
        assert name in names, name
