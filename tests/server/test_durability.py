"""Every accepted action is committed before it is broadcast: a frame never shows an
action the database does not hold, even when the database is slow or fails for a while."""

from __future__ import annotations

import asyncio
import time
from contextlib import contextmanager

from fliptable.server.store import Store

from .helpers import arrive, client, create, join, next_frame, stored_actions


@contextmanager
def _seat_zero(c):
    """A Flip 7 table of two people, both arrived: seat 0's socket and its first frame."""
    made = create(c, game="flip7", seats=["human", "human"], seed=3)
    table = made["table"]
    arrive(c, table, join(c, table)["token"])
    with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
        yield table, ws, next_frame(ws)


def test_a_slow_commit_holds_the_frame_back(db_settings, monkeypatch):
    real = Store._write

    async def slow(self, batch):
        await asyncio.sleep(0.4)
        await real(self, batch)

    with client(db_settings) as c, _seat_zero(c) as (table, ws, first):
        monkeypatch.setattr(Store, "_write", slow)
        sent = time.monotonic()
        ws.send_json({"type": "act", "action": "hit", "ply": first["ply"]})
        frame = next_frame(ws, 1)
        waited = time.monotonic() - sent
        stored = stored_actions(c, table)  # read at once: the frame came, so the action is stored
    assert waited >= 0.4
    assert stored == [[0, "hit"]] and frame["ply"] == 1


def test_a_failing_database_is_retried_and_nothing_is_shown_meanwhile(sqlite_settings, monkeypatch):
    real = Store._write
    failures = []

    async def flaky(self, batch):
        if not failures:
            failures.append(time.monotonic())
            raise OSError("disk unplugged")
        await real(self, batch)

    with client(sqlite_settings) as c, _seat_zero(c) as (table, ws, first):
        monkeypatch.setattr(Store, "_write", flaky)
        ws.send_json({"type": "act", "action": "hit", "ply": first["ply"]})
        frame = next_frame(ws, 1)
        arrived = time.monotonic()
        stored = stored_actions(c, table)
    assert failures and arrived - failures[0] >= 0.9  # the table waited and tried again (1 s)
    assert stored == [[0, "hit"]] and frame["ply"] == 1
