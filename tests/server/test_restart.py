"""Durability: a new server on the same database resumes every running table at the
same ply, with every seat's history, and its bots play on — after an orderly stop
(both backends) and after ``kill -9`` of a real ``fliptable serve`` process."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from .conftest import PG_URL
from .helpers import Player, Replayed, arrive, client, create, join, next_frame, wait_for


def test_new_app_on_the_same_database_resumes_tables_and_bots(db_settings):
    with client(db_settings) as c:
        # a table of bots taking 4 s a turn: the server stops between two of its actions (the
        # ply read below must still be the table's when this app has shut down, seconds later
        # on a loaded machine)
        bots_table = create(c, game="flip7", seats=["random", "random"], seed=3, bot_delay_ms=4000)["table"]
        made = create(
            c, game="flip7", seats=["human", "ev", "human"], seed=7, bot_delay_ms=300, options={"round_limit": 2}
        )
        table = made["table"]
        ben = join(c, table, "Ben")
        arrive(c, table, ben["token"])
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            before = [next_frame(ws)]
            assert before[0]["ply"] == 0 and before[0]["decision"]["players"] == [0]
            ws.send_json({"type": "act", "action": "hit", "ply": 0})
            before.append(next_frame(ws, 1))
        # the bot at seat 1 is to act in 300 ms: the server stops first (or it acted, and is stored)
        assert before[-1]["ply"] == 1 and before[-1]["decision"]["players"] == [1]
        stopped = wait_for(lambda: (lambda f: f if f["ply"] >= 1 else None)(c.get(f"/api/tables/{bots_table}").json()))
    seen_before = [e for f in before for e in f["events"]]

    with client(db_settings) as c:  # a new application: everything comes from the database
        facts = c.get(f"/api/tables/{table}").json()
        assert facts["ply"] in (1, 2) and facts["started"] and not facts["over"]
        resumed_at = c.get(f"/api/tables/{bots_table}").json()
        assert resumed_at["ply"] == stopped["ply"] and not resumed_at["over"]
        ana = Player(c, table, made["token"], seed=1)
        bob = Player(c, table, ben["token"], seed=2)
        ana.start()
        bob.start()
        ana.finish()
        bob.finish()
        log = c.get(f"/api/tables/{table}/log").json()
        # the all-bot table plays on
        wait_for(lambda: c.get(f"/api/tables/{bots_table}").json()["ply"] > resumed_at["ply"])
    assert log["actions"][:2] == [[0, "hit"], [1, log["actions"][1][1]]]  # the bot acted after the restart
    replayed = Replayed(log)
    # the reconnecting seat got its whole history, the part before the restart unchanged
    assert ana.frames[0]["events"][: len(seen_before)] == seen_before
    replayed.check(0, ana.frames)
    replayed.check(2, bob.frames)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(db: str, port: int, log_path: str | None = None) -> subprocess.Popen:
    log_path = log_path or db + ".log"
    with open(log_path, "ab") as log:  # the server writes to its own copy of the descriptor
        proc = subprocess.Popen(
            [sys.executable, "-m", "fliptable", "serve", "--port", str(port), "--db", db, "--bot-delay-ms", "0"],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"

    def up():
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {Path(log_path).read_text()[-2000:]}")
        try:
            return httpx.get(base + "/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    wait_for(up, timeout=30, every=0.1)
    return proc


def _ws_frame(ws, ply_at_least: int = 0) -> dict:
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == "frame" and m["ply"] >= ply_at_least:
            return m


@pytest.fixture(params=["sqlite", "postgresql"])
def served_db(request, tmp_path):
    """A database for a real ``fliptable serve``: an SQLite file, or a fresh PostgreSQL
    database (the server resumes every running table of its database), dropped after."""
    if request.param == "sqlite":
        yield str(tmp_path / "server.db")
        return
    import asyncpg

    name = "ft_kill_" + secrets.token_hex(6)
    admin = PG_URL.replace("postgresql+asyncpg://", "postgresql://")

    async def run(sql):
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    yield PG_URL.rsplit("/", 1)[0] + "/" + name
    asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def test_kill_9_and_restart_resume_at_the_same_ply(served_db, tmp_path):
    """Every acknowledged action survives ``kill -9``; the restarted server opens its port
    at once, even with a table of searching bots to resume (issue 23: it never did)."""
    from websockets.sync.client import connect

    db = served_db
    log_path = str(tmp_path / "server.log")
    port = _free_port()
    base, wsbase = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = _serve(db, port, log_path)
    try:
        # the first bot table waits for the bot pool's first worker to start: slow on a loaded machine
        bots = httpx.post(
            base + "/api/tables", json={"game": "flip7", "seats": ["random"] * 3, "bot_delay_ms": 1500}, timeout=60
        ).json()["table"]
        searching = httpx.post(
            base + "/api/tables", json={"game": "flush", "seats": ["ismcts:ms=2000"] * 4, "bot_delay_ms": 0}
        ).json()["table"]
        # seed 3: seat 0's first hit is a number card, so seat 1 acts next (an action card
        # would leave seat 0 to choose, and seat 1's 'stay' would be refused)
        made = httpx.post(base + "/api/tables", json={"game": "flip7", "seats": ["human", "human"], "seed": 3}).json()
        table = made["table"]
        other = httpx.post(f"{base}/api/tables/{table}/join", json={}).json()
        with (
            connect(f"{wsbase}/ws/{table}?token={made['token']}") as a,
            connect(f"{wsbase}/ws/{table}?token={other['token']}") as b,
        ):
            fa = _ws_frame(a)
            a.send(json.dumps({"type": "act", "action": "hit", "ply": fa["ply"]}))
            fb = _ws_frame(b, 1)
            b.send(json.dumps({"type": "act", "action": "stay", "ply": fb["ply"]}))
            last = _ws_frame(a, 2)
            seen = fa["events"]
            # a table of bots (a turn every 1.5 s), killed between two of its actions
            before = wait_for(
                lambda: (lambda f: f if f["ply"] >= 1 else None)(httpx.get(f"{base}/api/tables/{bots}").json())
            )
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
        proc = _serve(db, port, log_path)  # answers GET /api/games: the port opened
        searched_ply = httpx.get(f"{base}/api/tables/{searching}").json()["ply"]
        facts = httpx.get(f"{base}/api/tables/{table}").json()
        assert facts["ply"] == last["ply"] == 2
        resumed = httpx.get(f"{base}/api/tables/{bots}").json()
        assert resumed["ply"] == before["ply"] and not resumed["over"]
        with (
            connect(f"{wsbase}/ws/{table}?token={made['token']}") as a,
            connect(f"{wsbase}/ws/{table}?token={other['token']}") as b,
        ):
            again = _ws_frame(a)
            assert again["ply"] == 2
            assert {k: v for k, v in again.items() if k not in ("events", "narration", "clock")} == {
                k: v for k, v in last.items() if k not in ("events", "narration", "clock")
            }
            assert again["events"][: len(seen)] == seen
            assert again["narration"][: len(seen)] == fa["narration"]  # the same lines after the restart
            mover, frame = (a, again) if again["legal"] else (b, _ws_frame(b))
            mover.send(json.dumps({"type": "act", "action": frame["legal"][0], "ply": 2}))
            assert _ws_frame(mover, 3)["ply"] == 3
        # the bots' table resumed at the same ply, and its bots play on
        wait_for(lambda: httpx.get(f"{base}/api/tables/{bots}").json()["ply"] > before["ply"], timeout=30, every=0.1)
        # and so does the table of searching bots
        wait_for(
            lambda: httpx.get(f"{base}/api/tables/{searching}").json()["ply"] > searched_ply, timeout=60, every=0.2
        )
    finally:
        proc.kill()
        proc.wait(10)
    # the server logged every connection, and never a token
    log = Path(log_path).read_text()
    assert f"/ws/{table}?token=***" in log
    assert made["token"] not in log and other["token"] not in log
