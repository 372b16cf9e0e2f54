"""The store's group commit alone (``Store.append_actions``), without sockets: N tables
each appending one action every 0.25-0.75 s, for S seconds; the wait for each commit
(p50/p90/p99/max) and the process's CPU time per append.

    python bench/store_commit.py --db sqlite          # a fresh SQLite file in /tmp
    python bench/store_commit.py --db postgresql      # a fresh schema in 127.0.0.1:5432/test, dropped after
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import tempfile
import time

from fliptable.server.config import Settings
from fliptable.server.store import Store

PG = os.environ.get("FLIPTABLE_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")


async def run(db: str, seconds: float, tables: int) -> str:
    schema = "ft_bench_" + secrets.token_hex(4)
    folder = tempfile.mkdtemp(prefix="fliptable-store-")
    settings = (
        Settings(db=PG, db_schema=schema)
        if db == "postgresql"
        else Settings(db=f"sqlite+aiosqlite:///{folder}/store.db")
    )
    store = Store(settings)
    await store.open()
    ids = []
    for _ in range(tables):
        tid = secrets.token_hex(8)
        await store.create_table(
            {
                # a table row spelled out on purpose, as tests/server/test_cluster.py does: each stands alone
                "id": tid,
                "game": "flip7",
                "rules_version": "1",
                "players": 4,
                "options": {},
                "seed": 1,
                "seeded": True,
                "turn_limit_ms": None,
                "bot_delay_ms": 0.0,
                "started": True,
                "over": False,
                "ply": 0,
                "result": None,
                "seen": None,
                "expired": False,
            },
            [{"seat": k, "kind": "human", "bot": None, "name": None, "token_hash": None} for k in range(4)],
        )
        ids.append(tid)
    waits: list[float] = []
    end = time.perf_counter() + seconds

    async def table(tid: str) -> None:
        rng = random.Random(tid)
        n = 0
        while time.perf_counter() < end:
            await asyncio.sleep(rng.uniform(0.25, 0.75))
            t = time.perf_counter()
            await store.append_actions(tid, n, [[n % 4, "hit"]], None)
            waits.append((time.perf_counter() - t) * 1000.0)
            n += 1

    cpu = time.process_time()
    await asyncio.gather(*(table(t) for t in ids))
    cpu = time.process_time() - cpu
    await store.close()
    if db == "postgresql":
        import asyncpg

        conn = await asyncpg.connect(PG.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        finally:
            await conn.close()
    waits.sort()

    def q(p: float) -> float:
        return round(waits[int(p / 100 * (len(waits) - 1))], 2)

    return (
        f"{db}: {len(waits)} appends, commit wait p50 {q(50)} ms, p90 {q(90)} ms, p99 {q(99)} ms, "
        f"max {waits[-1]:.1f} ms; CPU {cpu * 1000 / len(waits):.3f} ms an append"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=200)
    args = parser.parse_args()
    print(asyncio.run(run(args.db, args.seconds, args.tables)))


if __name__ == "__main__":
    main()
