"""``fliptable bench-server``: N tables played over real websockets against a real
``fliptable serve`` process on this machine; the action -> frame latency each player
sees (from sending ``act`` to receiving the frame that shows it), p50/p90/p99.

Every seat is a client-side bot (random legal actions after a think time), so the
server does what it does for people: submit through the driver, commit, broadcast.
The server runs in its own process on 127.0.0.1 with a fresh SQLite file (or ``db``)
and is stopped at the end; the run stops by itself after ``seconds``. Tables are set up
``SETUP_AT_ONCE`` at a time per server process (players arrive over time); a socket the
server closes with 1012 or 1013 is opened again, as the browser does (``reconnects``).

Besides: ``GET /api/games`` is timed every ``PROBE_SECONDS`` throughout (``api_games``);
``bot_tables`` all-bot tables (``bot`` at every seat, bot pace 0, a new one as each
ends) load the server's bot workers meanwhile; ``race_probe`` plays a two-seat table of
the first registered real-time game (``race_probe_game``: Fly-swatter) where, at every
race both seats are in, one seat sends the first action legal to both (a swat) and the
other the same action ``RACE_GAP_MS`` later (the seats taking turns at being first), and
reports how often the earlier one landed first. Between races the probe moves the game on
with the first legal action of a turn and the last of a race (the notation lists a
race's pass last: Fly-swatter's ``done``).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from ..core.errors import FliptableError
from ..core.registry import REFERENCE_GAME

#: an action neither shown in a frame nor refused after this long is given up on, s
UNSEEN_SECONDS = 10.0
#: how often ``GET /api/games`` is timed, s
PROBE_SECONDS = 0.1
#: the race probe's gap between the earlier and the later swat, ms
RACE_GAP_MS = 50.0
#: tables being set up (created, joined, their sockets opened) at once, per server process:
#: players arrive over time, not all in one instant; the rest wait their turn
SETUP_AT_ONCE = 16


class BenchError(FliptableError):
    """The benchmark could not run (the server did not start)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float | None:
    """The process's user + system CPU time (Linux /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(q / 100.0 * (len(sorted_values) - 1))))
    return sorted_values[k]


class _Run:
    def __init__(self, base: str, game: str, players: int, think_ms: float, options: dict, seed: int):
        self.base, self.game, self.players, self.think_ms, self.options = base, game, players, think_ms, options
        self.wsbase = "ws" + base[len("http") :]
        self.latencies: list[float] = []
        self.errors = 0  # refusals that are not a lost race, a stale ply or the rate limit
        self.stale = 0  # refused: another action landed first (a lost race, a stale ply)
        self.rate_limited = 0  # refused: over the per-socket rate limit (sent again later)
        self.samples: dict[str, None] = {}  # the first few real errors' messages
        self.unseen = 0  # actions neither shown in a frame nor refused within UNSEEN_SECONDS
        self.games_done = 0
        self.sockets = 0
        self.reconnects = 0  # connections closed by a server process (the table moved) and opened again
        self.rng = random.Random(seed)
        self.stop = asyncio.Event()
        self.gates: dict[str, asyncio.Semaphore] = {}

    async def table(self, http, base: str | None = None) -> None:
        """One table after another at this place, until the run stops; created on the
        process at ``base`` (several processes: the tables are spread over them), its
        seats connected there. At most ``SETUP_AT_ONCE`` tables per process are being
        set up at a time (the ramp): a table's turn ends once its sockets are open."""
        base = base or self.base
        wsbase = "ws" + base[len("http") :]
        gate = self.gates.setdefault(base, asyncio.Semaphore(SETUP_AT_ONCE))
        while not self.stop.is_set():
            playing: list[asyncio.Future] = []
            try:
                async with gate:
                    r = await http.post(
                        f"{base}/api/tables",
                        json={"game": self.game, "seats": ["human"] * self.players, "options": self.options},
                    )
                    if r.status_code != 201:
                        raise BenchError(f"creating a table failed: {r.status_code} {r.text[:200]}")
                    made = r.json()
                    seats = [(made["seat"], made["token"])]
                    for _ in range(self.players - 1):
                        joined = (await http.post(f"{base}/api/tables/{made['table']}/join", json={})).json()
                        seats.append((joined["seat"], joined["token"]))
                    opened = [asyncio.Event() for _ in seats]
                    playing = [
                        asyncio.ensure_future(self.seat(made["table"], t, s, wsbase, o))
                        for (s, t), o in zip(seats, opened, strict=True)
                    ]
                    # until every socket is open (or a seat failed: the gather below says so)
                    while not all(o.is_set() for o in opened) and not any(t.done() for t in playing):
                        await asyncio.sleep(0.05)
                ended = await asyncio.gather(*playing)
            finally:
                for t in playing:
                    t.cancel()
            if any(ended):
                self.games_done += 1

    async def seat(
        self, table: str, token: str, seat: int, wsbase: str | None = None, opened: asyncio.Event | None = None
    ) -> bool:
        """Play one seat; True when the game ended (False: the run stopped first).

        One action at a time is outstanding. It is *accepted* when a frame shows it (a
        later ply whose events include one of this seat's: every game's actions make
        one), and its latency is then counted; it is *refused* when an ``error`` echoes
        its ply: a lost race or a stale ply (another action landed first: the protocol
        refuses it, correctly), the rate limit, or anything else (a real error)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        while True:
            try:
                async with connect(
                    f"{wsbase or self.wsbase}/ws/{table}?token={token}",
                    max_size=2**22,
                    open_timeout=60,
                    ping_interval=None,
                ) as ws:
                    self.sockets += 1
                    if opened is not None:
                        opened.set()
                    try:
                        return await self._play(ws, seat)
                    finally:
                        self.sockets -= 1
            except ConnectionClosed as closed:
                # the table moved to another server process (1012) or its owner did not
                # answer in time (1013): a client reconnects with its token, as the browser does
                if closed.rcvd is None or closed.rcvd.code not in (1012, 1013) or self.stop.is_set():
                    raise
                self.reconnects += 1
                await asyncio.sleep(0.2)

    async def _play(self, ws, seat: int) -> bool:
        """One connection's play (``seat``); True when the game ended."""
        sent_at: float | None = None  # the outstanding action's send time
        sent_ply = -1
        last: dict | None = None  # the newest frame
        acted_on = -1  # the ply of the newest frame acted on

        async def act(frame: dict) -> None:
            nonlocal sent_at, sent_ply, acted_on
            if self.think_ms > 0:
                await asyncio.sleep(self.think_ms / 1000.0 * self.rng.uniform(0.5, 1.5))
            if self.stop.is_set():
                return
            sent_ply = acted_on = frame["ply"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": self.rng.choice(frame["legal"]), "ply": sent_ply}))

        while not self.stop.is_set():
            m = json.loads(await ws.recv())  # the run's end cancels this task
            if m["type"] == "error":
                if sent_at is None or m.get("ply") != sent_ply:
                    self.errors += 1
                    self.samples.setdefault(m["message"][:120], None)
                    continue
                sent_at = None
                message = m["message"]
                if "was meant for ply" in message:  # StaleAction: lost a race, or late
                    self.stale += 1
                elif message.startswith("too many messages"):
                    self.rate_limited += 1
                    await asyncio.sleep(0.1)
                    acted_on = -1  # act on the newest frame again
                else:
                    self.errors += 1
                    if len(self.samples) < 5:
                        self.samples.setdefault(message[:120], None)
                if (
                    last is not None
                    and last["legal"]
                    and last["decision"]["kind"] != "over"
                    and last["ply"] != acted_on
                ):
                    await act(last)
                continue
            if m["type"] != "frame":
                continue
            last = m
            if sent_at is not None and m["ply"] > sent_ply:
                now = time.perf_counter()
                if any(e.get("player") == seat for e in m["events"]):
                    self.latencies.append((now - sent_at) * 1000.0)
                    sent_at = None
                elif now - sent_at > UNSEEN_SECONDS:  # neither shown nor refused: stop waiting
                    self.unseen += 1
                    sent_at = None
            if m["decision"]["kind"] == "over":
                return True
            if m["legal"] and sent_at is None and m["ply"] != acted_on:
                await act(m)
        return False


class _Probes:
    """What is measured beside the players: ``GET /api/games``, the bot tables and the
    race probe (see the module)."""

    def __init__(self, base: str, game: str, players: int, bot: str):
        self.base, self.game, self.players, self.bot = base, game, players, bot
        self.wsbase = "ws" + base[len("http") :]
        self.api: list[float] = []
        self.bot_games = 0
        self.races = 0
        self.earlier_won = 0
        self.measuring = False

    async def api_games(self) -> None:
        """``GET /api/games`` every ``PROBE_SECONDS`` on a client of its own (never queued
        behind the players' requests for a connection)."""
        import httpx

        # kept alive for less than the server's 5 s (uvicorn closes an idle connection then)
        async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(keepalive_expiry=2.0)) as http:
            await self._api_games(http)

    async def _api_games(self, http) -> None:
        import httpx

        while True:
            t = time.perf_counter()
            try:
                r = await http.get(f"{self.base}/api/games")
            except httpx.RemoteProtocolError:  # a kept-alive connection the server had just closed:
                t = time.perf_counter()  # asked again on a new one, as a browser does
                r = await http.get(f"{self.base}/api/games")
            if r.status_code != 200:
                raise BenchError(f"GET /api/games answered {r.status_code}")
            if self.measuring:
                self.api.append((time.perf_counter() - t) * 1000.0)
            await asyncio.sleep(PROBE_SECONDS)

    async def bot_table(self, http) -> None:
        """One all-bot table after another."""
        while True:
            r = await http.post(
                f"{self.base}/api/tables",
                json={"game": self.game, "seats": [self.bot] * self.players, "bot_delay_ms": 0},
            )
            if r.status_code != 201:
                raise BenchError(f"creating a bot table failed: {r.status_code} {r.text[:200]}")
            table = r.json()["table"]
            while not (await http.get(f"{self.base}/api/tables/{table}")).json()["over"]:
                await asyncio.sleep(1.0)
            self.bot_games += 1

    async def race(self, http) -> None:
        """The race probe: two seats of one table of ``race_probe_game``, one client."""
        from websockets.asyncio.client import connect

        while True:
            r = await http.post(
                f"{self.base}/api/tables", json={"game": race_probe_game(), "seats": ["human", "human"]}
            )
            made = r.json()
            other = (await http.post(f"{self.base}/api/tables/{made['table']}/join", json={})).json()
            tokens = {made["seat"]: made["token"], other["seat"]: other["token"]}
            async with (
                connect(f"{self.wsbase}/ws/{made['table']}?token={tokens[0]}", ping_interval=None) as ws0,
                connect(f"{self.wsbase}/ws/{made['table']}?token={tokens[1]}", ping_interval=None) as ws1,
            ):
                await self._race_game((ws0, ws1))

    async def _race_game(self, sockets) -> None:
        """One game of the race probe. A window is probed once both seats have its frame:
        the same fly, legal for both; a window where the earlier swat was refused (an
        ``error`` echoing its ply) is not counted."""
        inbox: asyncio.Queue = asyncio.Queue()

        async def read(seat, ws):
            async for raw in ws:
                inbox.put_nowait((seat, json.loads(raw)))

        readers = [asyncio.create_task(read(s, ws)) for s, ws in enumerate(sockets)]
        try:
            latest: dict[int, dict] = {}
            probed: set[int] = set()
            sent: dict[int, int] = {}  # seat -> the ply it last acted on
            waiting: list | None = None  # [ply swatted at, the earlier seat, refused]
            while True:
                seat, m = await inbox.get()
                if m["type"] == "error":
                    if waiting is not None and seat == waiting[1] and m.get("ply") == waiting[0]:
                        waiting[2] = True
                    continue
                if m["type"] != "frame":
                    continue
                latest[seat] = m
                ply, d = m["ply"], m["decision"]
                if d["kind"] == "over":
                    return
                if waiting is not None and seat == 0 and ply > waiting[0]:
                    first = next((e["player"] for e in m["events"] if "player" in e), None)  # who landed
                    if first is not None and not waiting[2] and self.measuring:
                        self.races += 1
                        self.earlier_won += first == waiting[1]
                    waiting = None
                if waiting is not None or len(latest) < 2 or latest[0]["ply"] != latest[1]["ply"]:
                    continue
                if d["kind"] == "race" and d["window"] not in probed and set(d["players"]) == {0, 1}:
                    both = [a for a in latest[0]["legal"][:-1] if a in latest[1]["legal"][:-1]]  # not the pass
                    if both:
                        probed.add(d["window"])
                        early = len(probed) % 2
                        await sockets[early].send(json.dumps({"type": "act", "action": both[0], "ply": ply}))
                        await asyncio.sleep(RACE_GAP_MS / 1000.0)
                        await sockets[1 - early].send(json.dumps({"type": "act", "action": both[0], "ply": ply}))
                        waiting = [ply, early, False]
                        continue
                # otherwise move the game on: the turn's first action, or both seats pass the race
                for s in d["players"]:
                    if sent.get(s) != ply and latest[s]["legal"]:
                        sent[s] = ply
                        action = latest[s]["legal"][-1 if d["kind"] == "race" else 0]
                        await sockets[s].send(json.dumps({"type": "act", "action": action, "ply": ply}))
        finally:
            for t in readers:
                t.cancel()


async def _wait_up(base: str, proc: subprocess.Popen, log_path: str, timeout: float = 60.0) -> None:
    import httpx

    end = time.monotonic() + timeout
    async with httpx.AsyncClient() as http:
        while time.monotonic() < end:
            if proc.poll() is not None:
                with open(log_path, "rb") as f:
                    raise BenchError(f"the server exited: {f.read().decode(errors='replace')[-500:]}")
            try:
                if (await http.get(base + "/api/games", timeout=2)).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise BenchError("the server did not start in time")


async def _bench(
    tables: int,
    players: int,
    seconds: float,
    game: str,
    think_ms: float,
    db: str | None,
    options: dict,
    seed: int,
    url: str | None,
    # the same keywords as run_bench_server() below on purpose: it passes them through
    port: int | None = None,
    bot_tables: int = 0,
    bot: str = "ismcts",
    race_probe: bool = False,
    servers: list[str] | None = None,
) -> dict[str, Any]:
    import httpx

    port = port or _free_port()
    if servers:  # several processes already running (``serve --redis``): tables spread over them
        url = servers[0]
    base = url.rstrip("/") if url else f"http://127.0.0.1:{port}"
    bases = [u.rstrip("/") for u in servers] if servers else [base]
    with tempfile.TemporaryDirectory(prefix="fliptable-bench-") as tmp:
        db_arg = db or os.path.join(tmp, "bench.db")
        log_path = os.path.join(tmp, "server.log")
        with open(log_path, "wb") as log:  # the server writes to its own copy of the descriptor
            proc = (
                None
                if url
                else subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "fliptable",
                        "serve",
                        "--port",
                        str(port),
                        "--db",
                        db_arg,
                        "--bot-delay-ms",
                        "0",
                        "--creates-per-minute",
                        "1000000",
                        "--joins-per-minute",
                        "1000000",
                        "--seat-timeout",
                        "0",
                    ],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        try:
            if proc is not None:
                await _wait_up(base, proc, log_path)
            run = _Run(base, game, players, think_ms, options, seed)
            probes = _Probes(base, game, players, bot)
            # no keep-alive: uvicorn closes idle connections after 5 s, and setting up 800 sockets
            # on a loaded machine can leave one idle that long
            limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)
            # setting up hundreds of tables per process queues for the pool: the pool's wait is
            # not a request's time
            timeout = httpx.Timeout(60, pool=None)
            async with httpx.AsyncClient(limits=limits, timeout=timeout) as http:
                tasks = [
                    asyncio.create_task(run.table(http, bases[k % len(bases)]), name=f"table {k}")
                    for k in range(tables)
                ]
                tasks += [asyncio.create_task(probes.api_games(), name="the GET /api/games probe")]
                tasks += [asyncio.create_task(probes.bot_table(http), name=f"bot table {k}") for k in range(bot_tables)]
                if race_probe:
                    tasks.append(asyncio.create_task(probes.race(http), name="the race probe"))
                try:
                    # the measured part starts once every socket is open
                    end_setup = time.monotonic() + 120 * len(bases)
                    while run.sockets < tables * players and time.monotonic() < end_setup:
                        for t in tasks:
                            if t.done() and t.exception() is not None:
                                raise BenchError(
                                    f"{t.get_name()} failed: {type(t.exception()).__name__}: {str(t.exception())[:200]}"
                                )
                        await asyncio.sleep(0.05)
                    opened = run.sockets
                    run.latencies.clear()
                    run.errors = run.stale = run.rate_limited = run.unseen = run.reconnects = 0
                    started = time.perf_counter()
                    probes.measuring = True
                    cpu0 = _cpu_seconds(proc.pid) if proc is not None else None
                    await asyncio.sleep(seconds)
                    cpu1 = _cpu_seconds(proc.pid) if proc is not None else None
                    probes.measuring = False
                    run.stop.set()
                    elapsed = time.perf_counter() - started
                    server_side = [(await http.get(f"{b}/api/stats")).json()["latency_ms"] for b in bases]
                finally:
                    for t in tasks:
                        t.cancel()
                    results = await asyncio.gather(*tasks, return_exceptions=True)
                failures = [
                    (t.get_name(), r)
                    for t, r in zip(tasks, results, strict=True)
                    if isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError)
                ]
                if failures:
                    name, first = failures[0]
                    raise BenchError(
                        f"{len(failures)} task(s) failed, first {name}: {type(first).__name__}: {str(first)[:200]}"
                    )
        finally:
            if proc is not None:
                proc.kill()
                proc.wait(10)
    lat = sorted(run.latencies)
    return {
        "tables": tables,
        "players": players,
        "sockets": opened,
        "game": game,
        "think_ms": think_ms,
        "seconds": round(elapsed, 2),
        "actions": len(lat),
        "actions_per_second": round(len(lat) / elapsed, 1),
        "p50_ms": round(_percentile(lat, 50), 2),
        "p90_ms": round(_percentile(lat, 90), 2),
        "p99_ms": round(_percentile(lat, 99), 2),
        "max_ms": round(lat[-1], 2) if lat else None,
        "mean_ms": round(statistics.fmean(lat), 2) if lat else None,
        "refused_stale": run.stale,
        "refused_rate": run.rate_limited,
        "errors": run.errors,
        "unseen": run.unseen,
        "reconnects": run.reconnects,
        "error_samples": list(run.samples)[:5],
        "games_finished": run.games_done,
        "server_ms": server_side[0] if len(bases) == 1 else server_side,
        "servers": len(bases),
        "server_cpu_ms_per_action": (
            round((cpu1 - cpu0) * 1000.0 / len(lat), 3) if cpu0 is not None and cpu1 is not None and lat else None
        ),
        "server_cpu_share": round((cpu1 - cpu0) / elapsed, 3) if cpu0 is not None and cpu1 is not None else None,
        "db": "sqlite" if db is None else db.split("://")[0],
        "cores": os.cpu_count(),
        "api_games_ms": _summary(probes.api),
        "bot_tables": bot_tables,
        "bot": bot if bot_tables else None,
        "bot_games_finished": probes.bot_games,
        "race_probe": (
            {
                "races": probes.races,
                "earlier_won": probes.earlier_won,
                "gap_ms": RACE_GAP_MS,
                "share": round(probes.earlier_won / probes.races, 4) if probes.races else None,
            }
            if race_probe
            else None
        ),
    }


def race_probe_game() -> str:
    """The game the race probe plays: the first registered real-time game (Fly-swatter)."""
    from ..core.registry import all_game_ids, get_game

    return next(gid for gid in all_game_ids() if get_game(gid).dynamics == "real-time")


def _summary(values: list[float]) -> dict[str, Any]:
    lat = sorted(values)
    return {
        "samples": len(lat),
        "p50": round(_percentile(lat, 50), 2),
        "p99": round(_percentile(lat, 99), 2),
        "max": round(lat[-1], 2) if lat else None,
    }


def run_bench_server(
    tables: int = 20,
    players: int = 4,
    seconds: float = 10.0,
    game: str = REFERENCE_GAME,
    think_ms: float = 500.0,
    db: str | None = None,
    options: dict | None = None,
    seed: int = 0,
    url: str | None = None,
    # the same keywords as _bench() above on purpose: this passes them through
    port: int | None = None,
    bot_tables: int = 0,
    bot: str = "ismcts",
    race_probe: bool = False,
    servers: list[str] | None = None,
) -> dict[str, Any]:
    """Run the benchmark (see the module); its report as a dict. ``url``: measure a
    server already running there (it must allow many table creations) instead;
    ``servers``: several processes already running (``serve --redis``), the tables
    spread over them in turn; ``port``: the port the started server listens on
    (default: a free one)."""
    return asyncio.run(
        _bench(
            tables,
            players,
            seconds,
            game,
            think_ms,
            db,
            options or {},
            seed,
            url,
            port,
            bot_tables,
            bot,
            race_probe,
            servers,
        )
    )
