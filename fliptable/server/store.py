"""Every read and write of the database (SQLAlchemy 2 Core on an async engine):
SQLite through aiosqlite by default, PostgreSQL through asyncpg."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, event, insert, or_, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import migrate
from .config import Settings
from .models import actions, seats, tables
from .tasks import cancel_and_wait

#: how often SQLite's write-ahead log is checkpointed into the database, s
CHECKPOINT_SECONDS = 2.0

#: PostgreSQL's group commit as one statement (one round trip, one durable commit: a
#: statement outside a transaction block commits by itself, and its data-modifying WITH
#: runs in full whether or not it is read): each table's new ply (and, once over, its
#: result) where the table is still at the ply the actions follow and, for a process of
#: several, still under the fence that process claimed it with; then the new actions of
#: exactly those tables. The ids stored come back: any other table was refused (its
#: actions stored by another process, or claimed by one: ``Refused``). The row's lock
#: orders this against a claim (``Store.claim``): either these actions are stored before
#: the claim and the claimer loads them, or the fence moved and nothing is stored.
PG_GROUP_COMMIT = """
WITH ok AS (
    UPDATE ft_tables AS t
    SET ply = u.ply, over = t.over OR u.over,
        result = CASE WHEN u.over THEN u.result::json ELSE t.result END
    FROM unnest($5::varchar[], $6::int[], $7::bool[], $8::text[], $9::int[], $10::int[])
         AS u(id, ply, over, result, first, fence)
    WHERE t.id = u.id AND t.ply = u.first AND (u.fence IS NULL OR t.fence = u.fence)
    RETURNING t.id
), new_actions AS (
    INSERT INTO ft_actions (table_id, idx, seat, action)
    SELECT a.table_id, a.idx, a.seat, a.action
    FROM unnest($1::varchar[], $2::int[], $3::int[], $4::text[]) AS a(table_id, idx, seat, action)
    WHERE a.table_id IN (SELECT id FROM ok)
)
SELECT id FROM ok
"""


class Refused(Exception):
    """The database refused a table's actions: it is not at the ply they follow, or
    another process claimed the table since this one did (its fence moved on). The
    table's driver stops; whoever drives it now loads it from the database."""


#: every SQLite connection's settings: WAL (a commit survives the process being killed),
#: foreign keys, and checkpoints apart from commits (Store._checkpoints), so a commit
#: never waits for a checkpoint's fsync
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA wal_autocheckpoint=0",
)


def make_engine(settings: Settings) -> AsyncEngine:
    """The async engine for ``settings.db``: SQLite in WAL mode (a commit survives the
    process being killed), PostgreSQL optionally in its own schema."""
    url = make_url(settings.db)
    options: dict[str, Any] = dict(settings.engine_options)
    backend = url.get_backend_name()
    if backend == "sqlite":
        options.setdefault("connect_args", {"timeout": 30})
    elif backend == "postgresql" and settings.db_schema:
        options.setdefault("connect_args", {"server_settings": {"search_path": settings.db_schema}})
    engine = create_async_engine(url, **options)
    if backend == "sqlite":

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection, _record):  # pragma: no cover - run by the driver
            cursor = dbapi_connection.cursor()
            for pragma in SQLITE_PRAGMAS:
                cursor.execute(pragma)
            cursor.close()

    return engine


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t


def _human_seat(table_id: str, seat: int, held: Any):
    """An update of a table's human seat, where ``held`` (its token's condition) still holds."""
    return update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human", held)


def _row(r) -> dict[str, Any]:
    return dict(r._mapping)


class Store:
    """The database of one server: tables, their seats, their actions."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine = make_engine(settings)
        self.backend = self.engine.url.get_backend_name()
        self._pending: list[tuple] = []
        self._kick = asyncio.Event()
        self._writer: asyncio.Task | None = None
        self._checkpointer: asyncio.Task | None = None
        # SQLite: the group commit's own thread and connection (see _write_sqlite)
        database = self.engine.url.database if self.backend == "sqlite" else None
        self._sqlite_path = database if database and database != ":memory:" else None
        self._sqlite_thread = (
            ThreadPoolExecutor(1, thread_name_prefix="fliptable-sqlite") if self._sqlite_path else None
        )
        self._sqlite_conn: sqlite3.Connection | None = None
        # PostgreSQL: the group commit's own connection, used through asyncpg directly
        self._pg_conn: Any = None
        #: asyncpg's own connection under ``_pg_conn`` (untyped: asyncpg ships no types)
        self._pg_driver: Any = None

    async def open(self) -> None:
        """Create the schema (PostgreSQL: the settings' schema first) or upgrade it."""
        if self.backend == "postgresql" and self.settings.db_schema:
            async with self.engine.begin() as conn:
                await conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{self.settings.db_schema}"'))
        await migrate.upgrade(self.engine)
        if self.backend == "sqlite":
            self._checkpointer = asyncio.get_running_loop().create_task(
                self._checkpoints(), name="fliptable store checkpoints"
            )

    async def _checkpoints(self) -> None:
        """SQLite: copy the write-ahead log into the database every few seconds (a
        passive checkpoint, beside the writer, never blocking it)."""
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                async with self.engine.connect() as conn:
                    await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except asyncio.CancelledError:
                raise
            except Exception:  # the next one will try again
                pass

    async def close(self) -> None:
        await cancel_and_wait(self._writer, self._checkpointer)
        if self._pg_conn is not None:
            conn, self._pg_conn = self._pg_conn, None
            with contextlib.suppress(Exception):  # a connection the server lost: nothing to give back
                await conn.close()
        if self._sqlite_thread is not None:
            conn, self._sqlite_conn = self._sqlite_conn, None
            if conn is not None:
                await asyncio.get_running_loop().run_in_executor(self._sqlite_thread, conn.close)
            self._sqlite_thread.shutdown(wait=False)
        await self.engine.dispose()

    # -- writes ------------------------------------------------------------------------
    async def create_table(self, row: dict[str, Any], seat_rows: Sequence[dict[str, Any]]) -> None:
        row = {**row, "seed": json.dumps(row["seed"])}
        row.setdefault("created", datetime.now(UTC))
        async with self.engine.begin() as conn:
            await conn.execute(insert(tables), [row])
            await conn.execute(insert(seats), [{**s, "table_id": row["id"]} for s in seat_rows])

    async def take_seat(self, table_id: str, seat: int, name: str | None, token_hash: str, start: bool = False) -> bool:
        """Give a free human seat its token (and mark the table started, if ``start``).
        False when the seat was taken meanwhile."""
        async with self.engine.begin() as conn:
            done = await conn.execute(
                _human_seat(table_id, seat, seats.c.token_hash.is_(None)).values(token_hash=token_hash, name=name)
            )
            if done.rowcount != 1:
                return False
            if start:
                await conn.execute(update(tables).where(tables.c.id == table_id).values(started=True))
        return True

    async def free_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Free a human seat held by ``token_hash`` (its token stops working, anyone may
        join it again). False when that seat is not held by that token any more."""
        async with self.engine.begin() as conn:
            done = await conn.execute(
                _human_seat(table_id, seat, seats.c.token_hash == token_hash).values(token_hash=None, name=None)
            )
        return done.rowcount == 1

    async def mark_started(self, table_id: str) -> None:
        """The table's game has started (its driver runs; a restart resumes it)."""
        async with self.engine.begin() as conn:
            await conn.execute(update(tables).where(tables.c.id == table_id).values(started=True))

    async def touch(self, table_ids: Sequence[str], when: datetime) -> None:
        """Someone was connected to these tables at ``when`` (expiry counts from it).
        ``seen`` only moves forward: two touches committed out of order keep the later."""
        if not table_ids:
            return
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables)
                .where(tables.c.id.in_(list(table_ids)), or_(tables.c.seen.is_(None), tables.c.seen < when))
                .values(seen=when)
            )

    async def idle_since(self, cutoff: datetime) -> list[str]:
        """Ids of the tables not over nor expired whose last connection opened or closed
        (or, never connected, that were created) before ``cutoff``."""
        query = select(tables.c.id, tables.c.created, tables.c.seen).where(
            tables.c.over.is_(False), tables.c.expired.is_(False)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        out = []
        for table_id, created, seen in rows:  # compared here: SQLite keeps no time zone (it was UTC)
            last = max(_utc(t) for t in (created, seen) if t is not None)
            if last < cutoff:
                out.append(table_id)
        return out

    async def expire(self, table_id: str) -> None:
        """Close a table nobody came back to: it is never resumed, joined or played again."""
        async with self.engine.begin() as conn:
            # a game that ended meanwhile is never closed: its log and replay stay
            await conn.execute(
                update(tables).where(tables.c.id == table_id, tables.c.over.is_(False)).values(expired=True)
            )

    async def append_actions(
        self, table_id: str, first: int, new: Sequence[Sequence[Any]], result: dict | None, fence: int | None = None
    ) -> None:
        """Store actions ``first``.. of a table and its new ply (and its result once
        over); returns once they are committed. ``fence``: the claim this process holds
        (several processes, PostgreSQL): ``Refused`` once another process claimed the
        table since. Every table's pending actions go to one
        writer that commits them together (group commit: one transaction for all the
        tables that landed actions meanwhile, and no writers contending for SQLite's lock)."""
        loop = asyncio.get_running_loop()
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_loop(), name="fliptable store writer")
        done = loop.create_future()
        self._pending.append((table_id, first, list(new), result, done, fence))
        self._kick.set()
        await done

    async def _write_loop(self) -> None:
        while True:
            await self._kick.wait()
            self._kick.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                refused = await self._write(batch) or set()
            except asyncio.CancelledError:
                for b in batch:
                    if not b[4].done():
                        b[4].cancel()
                raise
            except Exception as exc:  # each table retries its own actions
                for b in batch:
                    if not b[4].done():
                        b[4].set_exception(exc)
                continue
            for b in batch:
                if not b[4].done():
                    if b[0] in refused:
                        b[4].set_exception(Refused(f"table {b[0]}: actions {b[1]}.. were refused by the database"))
                    else:
                        b[4].set_result(None)

    async def _write(self, batch) -> set[str]:
        """Commit ``batch``; the ids of the tables refused (PostgreSQL only: SQLite serves
        one process, which alone drives its tables)."""
        if self._sqlite_path is not None:
            await asyncio.get_running_loop().run_in_executor(self._sqlite_thread, self._write_sqlite, batch)
            return set()
        if self.backend == "postgresql":
            return await self._write_postgresql(batch)
        rows = [
            {"table_id": table_id, "idx": first + i, "seat": seat, "action": action}
            for table_id, first, new, *_ in batch
            for i, (seat, action) in enumerate(new)
        ]
        running = [
            {"tid": table_id, "new_ply": first + len(new)}
            for table_id, first, new, result, *_ in batch
            if result is None
        ]
        ended = [
            {"tid": table_id, "new_ply": first + len(new), "new_result": result}
            for table_id, first, new, result, *_ in batch
            if result is not None
        ]
        async with self.engine.begin() as conn:
            if rows:
                await conn.execute(insert(actions), rows)
            if running:
                await conn.execute(
                    update(tables).where(tables.c.id == bindparam("tid")).values(ply=bindparam("new_ply")), running
                )
            if ended:
                await conn.execute(
                    update(tables)
                    .where(tables.c.id == bindparam("tid"))
                    .values(ply=bindparam("new_ply"), over=True, result=bindparam("new_result")),
                    ended,
                )
        return set()

    async def _write_postgresql(self, batch) -> set[str]:
        """PostgreSQL's group commit: ``PG_GROUP_COMMIT`` on the writer's own asyncpg
        connection (checked out of the engine's pool once), without SQLAlchemy's layers
        and its BEGIN / INSERT / UPDATE / COMMIT round trips. A connection that fails is
        dropped; the next batch opens another."""
        if self._pg_conn is None:
            conn = await self.engine.connect()
            try:
                raw = await conn.get_raw_connection()
                self._pg_driver = raw.driver_connection
            except BaseException:
                await conn.close()
                raise
            self._pg_conn = conn
        ids, idx, seats_, acts = [], [], [], []
        for table_id, first, new, *_ in batch:
            for i, (seat, action) in enumerate(new):
                ids.append(table_id)
                idx.append(first + i)
                seats_.append(seat)
                acts.append(action)
        plies: dict[str, list] = {}  # a table twice in a batch: its first ply, its later ply
        for table_id, first, new, result, _, fence in batch:
            got = plies.setdefault(table_id, [first, 0, None, fence])
            got[1], got[2] = first + len(new), result
        values = list(plies.values())
        try:
            stored = await self._pg_driver.fetch(
                PG_GROUP_COMMIT,
                ids,
                idx,
                seats_,
                acts,
                list(plies),
                [p[1] for p in values],
                [p[2] is not None for p in values],
                [None if p[2] is None else json.dumps(p[2]) for p in values],
                [p[0] for p in values],
                [p[3] for p in values],
            )
        except BaseException:
            conn, self._pg_conn = self._pg_conn, None
            with contextlib.suppress(Exception):
                await conn.invalidate()
            raise
        return set(plies) - {r[0] for r in stored}

    def _write_sqlite(self, batch) -> None:
        """SQLite's group commit in the store's own writer thread, on a plain ``sqlite3``
        connection: the same rows SQLAlchemy would write (JSON as text, booleans as 0/1),
        without its async layers, which cost a millisecond of CPU per commit."""
        conn = self._sqlite_conn
        if conn is None:
            assert self._sqlite_path is not None  # _write calls this only for a database file
            conn = self._sqlite_conn = sqlite3.connect(
                self._sqlite_path, timeout=30, isolation_level=None, check_same_thread=False
            )
            for pragma in SQLITE_PRAGMAS:
                conn.execute(pragma)
        rows = [
            (table_id, first + i, seat, action)
            for table_id, first, new, *_ in batch
            for i, (seat, action) in enumerate(new)
        ]
        conn.execute("BEGIN IMMEDIATE")
        try:
            if rows:
                conn.executemany("INSERT INTO ft_actions (table_id, idx, seat, action) VALUES (?, ?, ?, ?)", rows)
            for table_id, first, new, result, *_ in batch:
                if result is None:
                    conn.execute("UPDATE ft_tables SET ply = ? WHERE id = ?", (first + len(new), table_id))
                else:
                    conn.execute(
                        "UPDATE ft_tables SET ply = ?, over = 1, result = ? WHERE id = ?",
                        (first + len(new), json.dumps(result), table_id),
                    )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    async def claim(self, table_id: str) -> int | None:
        """This process claims the table (it holds its lease): the table's fence moves on,
        and the new fence is returned (None: no such table). Waits for a commit of the
        table in flight (the row's lock): once it returns, every action stored under an
        older fence is loadable, and none can be stored any more."""
        async with self.engine.begin() as conn:
            row = (
                await conn.execute(
                    update(tables)
                    .where(tables.c.id == table_id)
                    .values(fence=tables.c.fence + 1)
                    .returning(tables.c.fence)
                )
            ).first()
        return None if row is None else int(row[0])

    # -- reads -------------------------------------------------------------------------
    async def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """A table's row (the seed decoded) and its seats in seat order; None: no such table."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables).where(tables.c.id == table_id))).first()
            if row is None:
                return None
            seat_rows = (
                await conn.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))
            ).all()
        out = _row(row)
        out["seed"] = json.loads(out["seed"])
        return out, [_row(s) for s in seat_rows]

    async def load_actions(self, table_id: str) -> list[list[Any]]:
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(actions.c.idx, actions.c.seat, actions.c.action)
                    .where(actions.c.table_id == table_id)
                    .order_by(actions.c.idx)
                )
            ).all()
        out = []
        for i, (idx, seat, action) in enumerate(rows):
            if idx != i:
                raise RuntimeError(f"table {table_id}: stored action {i} is missing")
            out.append([seat, action])
        return out

    async def recent(
        self, status: str | None, limit: int = 100, public_only: bool = True
    ) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The most recent tables (rows and seats, as ``load``): ``status`` open,
        running, over, expired or None (all); only the public ones unless ``public_only``
        is False."""
        query = select(tables).order_by(tables.c.created.desc()).limit(limit)
        if public_only:
            query = query.where(tables.c.public.is_(True))
        if status == "open":
            query = query.where(tables.c.started.is_(False), tables.c.expired.is_(False))
        elif status == "running":
            query = query.where(tables.c.started.is_(True), tables.c.over.is_(False), tables.c.expired.is_(False))
        elif status == "over":
            query = query.where(tables.c.over.is_(True))
        elif status == "expired":
            query = query.where(tables.c.expired.is_(True))
        async with self.engine.connect() as conn:
            rows = [_row(r) for r in (await conn.execute(query)).all()]
            ids = [r["id"] for r in rows]
            seat_rows = (
                (
                    await conn.execute(
                        select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.table_id, seats.c.seat)
                    )
                ).all()
                if ids
                else []
            )
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seat_rows:
            by_table.setdefault(s.table_id, []).append(_row(s))
        for r in rows:
            r["seed"] = None  # never needed for a listing
        return [(r, by_table.get(r["id"], [])) for r in rows]

    async def resumable(self) -> list[str]:
        """Ids of every table that started and is neither over nor expired: the ones to resume."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(tables.c.id).where(
                    tables.c.started.is_(True), tables.c.over.is_(False), tables.c.expired.is_(False)
                )
            )
            return [r[0] for r in rows.all()]
