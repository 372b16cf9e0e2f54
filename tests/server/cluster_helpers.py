"""Helpers of tests/server/test_cluster.py: several real ``fliptable serve --redis``
processes on one fresh PostgreSQL database, and people playing over real WebSockets who
reconnect (to the next process) whenever their connection drops."""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import PG_URL
from .helpers import Replayed, wait_for

#: the Redis the machine runs; FLIPTABLE_TEST_REDIS overrides it
REDIS_URL = os.environ.get("FLIPTABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def services_or_skip() -> None:
    """PostgreSQL and Redis must answer: in CI (which starts them, .ci/run) a test fails
    when they do not; elsewhere it is skipped, saying which one is missing."""
    import asyncpg
    import redis

    missing = []
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        missing.append(f"Redis at {REDIS_URL} ({exc})")

    async def pg():
        conn = await asyncpg.connect(PG_URL.replace("postgresql+asyncpg://", "postgresql://"), timeout=3)
        await conn.close()

    try:
        asyncio.run(pg())
    except Exception as exc:
        missing.append(f"PostgreSQL at {PG_URL} ({exc})")
    if missing:
        message = "several server processes need " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run should have started it")
        pytest.skip(message + " (set FLIPTABLE_TEST_PG / FLIPTABLE_TEST_REDIS)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _admin(sql: str) -> None:
    import asyncpg

    async def run():
        conn = await asyncpg.connect(PG_URL.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


class Servers:
    """``n`` server processes sharing a new database (dropped at ``close``) and Redis.
    ``via``: process index -> the proxies (``FreezableProxy``: PostgreSQL's, Redis's)
    that process reaches them through."""

    def __init__(self, folder, n: int = 3, *extra: str, via: dict[int, tuple[Any, Any]] | None = None):
        self.folder = folder
        self.db_name = "ft_cluster_" + secrets.token_hex(6)
        _admin(f'CREATE DATABASE "{self.db_name}"')
        self.db = PG_URL.rsplit("/", 1)[0] + "/" + self.db_name
        self.extra = extra
        self.via = via or {}
        self.ports = [_free_port() for _ in range(n)]
        self.procs: list[subprocess.Popen | None] = [None] * n
        self.nodes: list[str | None] = [None] * n
        try:
            for i in range(n):  # started together, then waited for
                self.start(i, wait=False)
            for i in range(n):
                self.wait_up(i)
        except BaseException:  # a process that did not start: the others stopped, the database dropped
            self.close()
            raise

    def log(self, i: int) -> str:
        return str(self.folder / f"server{i}.log")

    def base(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def ws(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.ports[i]}"

    def start(self, i: int, wait: bool = True) -> None:
        db, redis_url = self.db, REDIS_URL
        if i in self.via:
            db, redis_url = self.via[i][0].url(db), self.via[i][1].url(redis_url)
        with open(self.log(i), "ab") as log:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "fliptable",
                    "serve",
                    "--port",
                    str(self.ports[i]),
                    "--db",
                    db,
                    "--redis",
                    redis_url,
                    "--bot-delay-ms",
                    "0",
                    "--bot-workers",
                    "1",
                    "--creates-per-minute",
                    "1000",
                    "--joins-per-minute",
                    "1000",
                    *self.extra,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.procs[i] = proc
        if wait:
            self.wait_up(i)

    def wait_up(self, i: int) -> None:
        proc = self.procs[i]

        def up():
            if proc.poll() is not None:
                raise AssertionError(f"server {i} exited: {Path(self.log(i)).read_text()[-3000:]}")
            try:
                r = httpx.get(self.base(i) + "/api/stats", timeout=2)
            except httpx.HTTPError:
                return None
            return r.json()["node"] if r.status_code == 200 else None

        self.nodes[i] = wait_for(up, timeout=60, every=0.1)

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.procs) if p is not None and p.poll() is None]

    def owner(self, table: str) -> int | None:
        """The index of the process holding the table's lease (None: nobody)."""
        import redis

        node = redis.Redis.from_url(REDIS_URL, decode_responses=True).get(f"ft:lease:{table}")
        return self.nodes.index(node) if node in self.nodes else None

    def kill(self, i: int, sig: int = signal.SIGKILL) -> None:
        self.procs[i].send_signal(sig)
        if sig == signal.SIGKILL:
            self.procs[i].wait(10)

    def close(self) -> None:
        for p in self.procs:
            if p is not None and p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.terminate()
        for p in self.procs:
            if p is not None:
                try:
                    p.wait(15)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(5)
        _admin(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')


class NetPlayer(threading.Thread):
    """A person at a browser over real WebSockets: connects to ``servers``' process
    ``first``, answers each frame with legal actions by a random choice, and on a dropped
    connection reconnects to the next process alive. Every connection's messages are kept
    (``connections``); every action sent (``sent``: ply -> action) and every one a frame
    acknowledged (``acked``: a frame at a later ply on the same connection, answering a
    turn only that seat could play). ``hook(player, frame)``, before acting, may kill."""

    def __init__(
        self,
        servers: Servers,
        table: str,
        token: str,
        seat: int,
        first: int,
        seed: int = 0,
        hook: Callable[[NetPlayer, dict], Any] | None = None,
        timeout: float = 120.0,
    ):
        super().__init__(daemon=True)
        self.servers, self.table, self.token, self.seat, self.at = servers, table, token, seat, first
        self.rng = random.Random(seed)
        self.hook = hook
        self.timeout = timeout
        self.connections: list[list[dict]] = []
        self.sent: dict[int, list[str]] = {}
        self.acked: dict[int, str] = {}
        self.closes: list[Any] = []
        self.error: BaseException | None = None
        self.done = False

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        end = time.monotonic() + self.timeout
        try:
            while not self.done:
                if time.monotonic() > end:
                    raise AssertionError(f"seat {self.seat}: the game did not end in {self.timeout} s")
                alive = self.servers.alive()
                if self.at not in alive:  # the next process alive
                    self.at = min(alive, key=lambda i: (i - self.at) % len(self.servers.procs))
                try:
                    with connect(
                        f"{self.servers.ws(self.at)}/ws/{self.table}?token={self.token}", open_timeout=5
                    ) as ws:
                        self._play(ws)
                except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as exc:
                    self.closes.append((self.at, repr(exc)[:200]))
                    self.at = (self.at + 1) % len(self.servers.procs)
                    time.sleep(0.2)
        except BaseException as exc:  # reported by finish()
            self.error = exc

    def _play(self, ws) -> None:
        messages: list[dict] = []
        self.connections.append(messages)
        pending: tuple[int, str, bool] | None = None
        while True:
            m = json.loads(ws.recv(timeout=20))
            messages.append(m)
            if m["type"] == "table" and m["over"]:
                self.done = True
                return
            if m["type"] == "error" and pending is not None and m["message"].startswith("too many messages"):
                time.sleep(0.1)
                ws.send(json.dumps({"type": "act", "action": pending[1], "ply": pending[0]}))
                continue
            if m["type"] != "frame":
                continue
            if pending is not None and m["ply"] > pending[0] and pending[2]:
                self.acked[pending[0]] = pending[1]
            pending = None
            if m["decision"]["kind"] == "over" or not m["legal"]:
                continue
            action = self.rng.choice(m["legal"])
            if self.hook is not None and self.hook(self, m) is False:
                continue
            self.sent.setdefault(m["ply"], []).append(action)
            ws.send(json.dumps({"type": "act", "action": action, "ply": m["ply"]}))
            pending = (m["ply"], action, m["decision"]["kind"] == "turn" and m["decision"]["players"] == [self.seat])
            if self.hook is not None:
                self.hook(self, {**m, "sent": action})

    def finish(self) -> NetPlayer:
        self.join(self.timeout + 30)
        assert not self.is_alive(), f"seat {self.seat} did not finish"
        if self.error is not None:
            raise self.error
        return self


def check_player(replayed: Replayed, log: dict, p: NetPlayer) -> None:
    """Every frame the player got equals the log's frame at its ply; each connection's
    events are the seat's events from the deal on, in order; every action the player had
    acknowledged is in the log at its ply, once; every action of its seat in the log is
    one it sent (for that ply or earlier in the moment), each sending applied at most once."""
    for messages in p.connections:
        frames = [m for m in messages if m["type"] == "frame"]
        replayed.check(p.seat, frames, whole=False)
        events = [e for f in frames for e in f["events"]]
        assert events == replayed.events[p.seat][: len(events)], f"seat {p.seat}'s events differ from the log's"
    actions = log["actions"]
    for ply, action in p.acked.items():
        assert actions[ply] == [p.seat, action], f"seat {p.seat}'s acknowledged {action!r} at ply {ply} was lost"
    # each action of the seat in the log answers one sending of it, at that ply or earlier in
    # the same moment (a race's window spans plies: table.md "Stale actions"), never one twice
    unused = sorted((ply, i, a) for ply, sent in p.sent.items() for i, a in enumerate(sent))
    for ply, (seat, action) in enumerate(actions):
        if seat == p.seat:
            match = [u for u in unused if u[0] <= ply and u[2] == action]
            assert match, f"seat {p.seat}'s {action!r} at ply {ply} was never sent (or was applied twice)"
            unused.remove(match[-1])


class FreezableProxy:
    """A TCP proxy, in a thread of its own, between server processes and a service
    (Redis, PostgreSQL): ``freeze()`` stops forwarding in both directions without closing
    anything (new connections wait too), as a paused service or a cut-off network would
    look to the server; ``thaw()`` forwards again what waited. ``url(u)``: ``u`` with
    its host and port replaced by the proxy's."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.port = _free_port()
        self.loop = asyncio.new_event_loop()
        self._open: asyncio.Event | None = None
        self._server: Any = None
        self._writers: set = set()
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self._thread.start()
        started.wait(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)

        async def serve():
            self._open = asyncio.Event()
            self._open.set()
            self._server = await asyncio.start_server(self._connection, "127.0.0.1", self.port)
            started.set()

        self.loop.run_until_complete(serve())
        self.loop.run_forever()

    async def _connection(self, reader, writer) -> None:
        await self._open.wait()
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer), return_exceptions=True)

    async def _pump(self, reader, writer) -> None:
        try:
            while True:
                data = await reader.read(65536)
                await self._open.wait()  # frozen: held here, nothing read or written meanwhile
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()
            self._writers.discard(writer)

    def _call(self, fn) -> None:
        self.loop.call_soon_threadsafe(fn)

    def freeze(self) -> None:
        done = threading.Event()
        self._call(lambda: (self._open.clear(), done.set()))
        done.wait(5)

    def thaw(self) -> None:
        self._call(self._open.set)

    def url(self, url: str) -> str:
        """``url`` (``scheme://[user@]host:port/rest``) through this proxy."""
        scheme, rest = url.split("://", 1)
        auth, _, hostpath = rest.rpartition("@")
        path = hostpath.split("/", 1)[1] if "/" in hostpath else ""
        return f"{scheme}://{auth + '@' if auth else ''}127.0.0.1:{self.port}/{path}"

    def close(self) -> None:
        async def stop():
            self._open.set()
            self._server.close()
            for w in list(self._writers):
                w.close()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
