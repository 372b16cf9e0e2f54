"""Several ``fliptable serve --redis`` processes on one PostgreSQL database and one Redis
(issue 27; docs/server.md "Several processes"): a table played by people connected to
different processes, tables surviving ``kill -9`` of their owner (twice, at different
moments), a paused owner that never drives a table beside its new owner, the database's
fence, and the per-address limits counted over every process."""

from __future__ import annotations

import asyncio
import re
import secrets
import signal
import threading
import time
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from fliptable.server.config import Settings

from .cluster_helpers import FreezableProxy, NetPlayer, Servers, check_player, services_or_skip
from .conftest import PG_URL, _drop_schema
from .helpers import Replayed, wait_for

#: one xdist worker runs these one after another (.ci/run: --dist loadgroup): each starts
#: two or three servers, and two such groups at once on two cores slow the other tests' servers
pytestmark = pytest.mark.xdist_group("cluster")


@pytest.fixture
def servers(request, tmp_path):
    services_or_skip()
    marker = request.node.get_closest_marker("servers")
    n, extra = (marker.args[0], marker.args[1:]) if marker else (3, ())
    group = Servers(tmp_path, n, *extra)
    yield group
    group.close()


def _create(servers: Servers, i: int, **body) -> dict:
    r = httpx.post(servers.base(i) + "/api/tables", json=body, timeout=60)
    assert r.status_code == 201, r.text
    return r.json()


def _flip7(servers: Servers, seats: list[str], seed: int, bot_delay_ms: int, round_limit: int, **body) -> dict:
    """A Flip 7 table created through process 0, of ``round_limit`` rounds at most."""
    return _create(
        servers,
        0,
        game="flip7",
        seats=seats,
        seed=seed,
        bot_delay_ms=bot_delay_ms,
        options={"round_limit": round_limit},
        **body,
    )


def _join(servers: Servers, i: int, table: str, name: str) -> dict:
    r = httpx.post(f"{servers.base(i)}/api/tables/{table}/join", json={"name": name}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _facts(servers: Servers, i: int, table: str) -> dict:
    r = httpx.get(f"{servers.base(i)}/api/tables/{table}", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _log(servers: Servers, table: str) -> dict:
    i = servers.alive()[0]
    r = httpx.get(f"{servers.base(i)}/api/tables/{table}/log", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _play_to_the_end(servers: Servers, table: str, *players: NetPlayer) -> tuple[dict, Replayed]:
    """The players started and finished; the table's log and its replay (a game over)."""
    for p in players:
        p.start()
    for p in players:
        p.finish()
    log = _log(servers, table)
    replayed = Replayed(log)
    assert replayed.state.is_over()
    return log, replayed


def _saw_the_whole_game(replayed: Replayed, log: dict, *players: NetPlayer) -> None:
    """Each player's first connection had every frame and event of the game, from the deal on."""
    for p in players:
        frames = [m for m in p.connections[0] if m["type"] == "frame"]
        assert replayed.check(p.seat, frames) > 0
        check_player(replayed, log, p)


def test_two_people_on_different_processes_play_to_the_end(servers):
    made = _flip7(servers, ["human", "random", "human"], seed=5, bot_delay_ms=100, round_limit=3, name="Ana")
    table = made["table"]
    assert servers.owner(table) == 0  # its creator owns it first
    ben = _join(servers, 1, table, "Ben")  # joined through another process
    facts = [_facts(servers, i, table) for i in range(3)]
    assert facts[0] == facts[1] == facts[2]  # the same answer from every process
    assert [s["taken"] for s in facts[0]["seats"]] == [True, True, True] and not facts[0]["started"]
    ana = NetPlayer(servers, table, made["token"], 0, first=0, seed=1)
    bob = NetPlayer(servers, table, ben["token"], 2, first=2, seed=2)  # on a process not owning it
    ana.start()
    bob.start()
    ana.finish()
    bob.finish()
    assert len(ana.connections) == len(bob.connections) == 1  # nobody was cut off
    log = _log(servers, table)
    replayed = Replayed(log)
    assert replayed.state.is_over()
    _saw_the_whole_game(replayed, log, ana, bob)
    wait_for(lambda: servers.owner(table) is None, timeout=10)  # finished, nobody there: its lease given back
    listed = [httpx.get(servers.base(i) + "/api/tables?status=over", timeout=10).json() for i in range(3)]
    assert listed[0] == listed[1] == listed[2]


class Killer:
    """Kills the table's owner (``kill -9``) when asked, once per moment, and measures
    how long until another process holds the table's lease."""

    def __init__(self, servers: Servers, table: str):
        self.servers, self.table = servers, table
        self.lock = threading.Lock()
        self.moments: dict[str, int] = {}  # moment -> ply when the owner was killed
        self.failover_s: list[float] = []

    def kill(self, moment: str, ply: int) -> None:
        with self.lock:
            if moment in self.moments:
                return
            owner = self.servers.owner(self.table)
            if owner is None or owner not in self.servers.alive():
                return  # between owners: the next frame tries again
            self.servers.kill(owner)
            self.moments[moment] = ply
            killed = time.monotonic()
        try:
            new = wait_for(
                lambda: (lambda o: o if o is not None and o in self.servers.alive() else None)(
                    self.servers.owner(self.table)
                ),
                timeout=30,
                every=0.05,
            )
        except AssertionError:  # what the processes left said, to tell why
            logs = {i: Path(self.servers.log(i)).read_text()[-1500:] for i in self.servers.alive()}
            raise AssertionError(f"no process took table {self.table} over in 30 s after {moment!r}: {logs}") from None
        assert new != owner
        self.failover_s.append(time.monotonic() - killed)


def test_kill_9_of_the_owner_twice_and_play_goes_on(servers):
    """The owner killed between a person's action and its frame, then the new owner
    killed during a bot's turn: the people reconnect to the process left and play on;
    no acknowledged action is lost or applied twice, and the finished log replays."""
    made = _flip7(servers, ["human", "random", "human"], seed=11, bot_delay_ms=1000, round_limit=6, name="Ana")
    table = made["table"]
    ben = _join(servers, 1, table, "Ben")
    killer = Killer(servers, table)

    def ana_hook(player, frame):
        if "sent" in frame and frame["ply"] >= 3:  # the action is on its way: its frame is not back yet
            killer.kill("after an act", frame["ply"])

    ana = NetPlayer(servers, table, made["token"], 0, first=0, seed=3, hook=ana_hook, timeout=180)
    bob = NetPlayer(servers, table, ben["token"], 2, first=1, seed=4, timeout=180)
    ana.start()
    bob.start()

    def bots_turn():  # a frame says the bot (seat 1) is to act: kill its driver now
        if "after an act" not in killer.moments or "during a bot's turn" in killer.moments:
            return None
        for p in (ana, bob):
            for messages in p.connections[-1:]:
                frames = [m for m in messages if m["type"] == "frame"]
                if (
                    frames
                    and frames[-1]["decision"]["players"] == [1]
                    and frames[-1]["ply"] > killer.moments["after an act"]
                ):
                    killer.kill("during a bot's turn", frames[-1]["ply"])
                    return True
        return ana.done and bob.done

    wait_for(bots_turn, timeout=120, every=0.02)
    ana.finish()
    bob.finish()
    assert set(killer.moments) == {"after an act", "during a bot's turn"}, killer.moments
    assert all(s < 10.0 for s in killer.failover_s), killer.failover_s  # another process took over in time
    log = _log(servers, table)
    replayed = Replayed(log)
    assert replayed.state.is_over() and len(servers.alive()) == 1
    assert len(ana.connections) >= 2  # on the first owner: cut off, reconnected, played on
    for p in (ana, bob):  # (Bob's socket on a process left follows the table: Cluster._move)
        check_player(replayed, log, p)


def test_sockets_on_the_processes_left_stay_open_when_the_owner_dies(servers):
    """Both people connected to processes that do not own the table; the owner is
    killed: their sockets stay open and follow the table to its new owner (nobody
    reconnects), each connection's frames and events those of the log from the deal on."""
    made = _flip7(servers, ["human", "random", "human"], seed=21, bot_delay_ms=300, round_limit=4, name="Ana")
    table = made["table"]
    ben = _join(servers, 2, table, "Ben")
    killer = Killer(servers, table)

    def hook(player, frame):
        if "sent" in frame and frame["ply"] >= 4:  # the action is on its way to the owner
            killer.kill("after an act", frame["ply"])

    ana = NetPlayer(servers, table, made["token"], 0, first=1, seed=7, hook=hook, timeout=180)
    bob = NetPlayer(servers, table, ben["token"], 2, first=2, seed=8, timeout=180)
    log, replayed = _play_to_the_end(servers, table, ana, bob)
    assert "after an act" in killer.moments and killer.failover_s[0] < 10.0, killer.failover_s
    assert len(ana.connections) == len(bob.connections) == 1, (ana.closes, bob.closes)
    _saw_the_whole_game(replayed, log, ana, bob)


@pytest.mark.servers(2)
def test_kill_9_during_a_fly_swatter_window(servers):
    made = _create(servers, 0, game="flyswatter", seats=["human", "human"], seed=2, name="Ana")
    table = made["table"]
    ben = _join(servers, 1, table, "Ben")
    killer = Killer(servers, table)

    def hook(player, frame):
        if "sent" not in frame and frame["decision"]["kind"] == "race" and frame["ply"] >= 20:
            killer.kill("during a window", frame["ply"])

    ana = NetPlayer(servers, table, made["token"], 0, first=0, seed=5, hook=hook, timeout=240)
    bob = NetPlayer(servers, table, ben["token"], 1, first=1, seed=6, timeout=240)
    log, replayed = _play_to_the_end(servers, table, ana, bob)
    assert "during a window" in killer.moments and killer.failover_s[0] < 10.0, killer.failover_s
    for p in (ana, bob):
        check_player(replayed, log, p)


@pytest.mark.servers(2)
def test_a_paused_owner_never_drives_beside_the_new_one(servers):
    """The owner stopped (SIGSTOP) for longer than its lease: the other process claims
    the table and plays on; woken, the old owner's driver stores nothing (the database's
    fence) and stops. The log is one game, every action stored once."""
    made = _flip7(servers, ["random", "random", "random"], seed=8, bot_delay_ms=400, round_limit=6)
    table = made["table"]
    wait_for(lambda: _facts(servers, 1, table)["ply"] >= 2, timeout=30)
    servers.kill(0, signal.SIGSTOP)
    paused = time.monotonic()
    wait_for(lambda: servers.owner(table) == 1, timeout=20, every=0.05)
    taken_after = time.monotonic() - paused
    at = _facts(servers, 1, table)["ply"]
    wait_for(lambda: _facts(servers, 1, table)["ply"] > at + 1, timeout=30)
    servers.kill(0, signal.SIGCONT)  # wakes with its clocks overdue and a lease long gone
    wait_for(lambda: _facts(servers, 1, table)["over"], timeout=120, every=0.1)
    time.sleep(1.0)
    log = _log(servers, table)
    replayed = Replayed(log)  # one legal game: no action stored twice, none out of turn
    assert replayed.state.is_over() and len(log["actions"]) == _facts(servers, 0, table)["ply"]
    woken = Path(servers.log(0)).read_text()
    assert "lease lost" in woken or "refused" in woken
    # not before the lease lapsed (renewed up to a second before the stop), well within 10 s
    assert 2.9 <= taken_after < 10.0, taken_after


def _stored(servers: Servers, table: str) -> tuple[int, int, int]:
    """The table's ply, fence and number of stored actions, read from the database."""
    import asyncpg

    async def read():
        conn = await asyncpg.connect(servers.db.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            row = await conn.fetchrow("SELECT ply, fence FROM ft_tables WHERE id = $1", table)
            n = await conn.fetchval("SELECT count(*) FROM ft_actions WHERE table_id = $1", table)
        finally:
            await conn.close()
        return row["ply"], row["fence"], n

    return asyncio.run(read())


def _logged_at(servers: Servers, i: int, pattern: str) -> list[datetime]:
    """When process ``i`` logged lines matching ``pattern`` (its log's timestamps)."""
    return [
        datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f")
        for line in Path(servers.log(i)).read_text().splitlines()
        if re.search(pattern, line)
    ]


@pytest.mark.parametrize("paused", ["redis", "both", "database"])
def test_an_owner_cut_off_from_its_services_never_drives_beside_another(tmp_path, paused):
    """The owner reaches Redis and PostgreSQL through proxies that are frozen (nothing
    forwarded, nothing closed) for longer than the lease: Redis alone (it could still
    store actions), both, or the database alone (it keeps its lease). The owner stops
    driving before another process claims the table (their logs' times); the table is
    played to the end, and the log is one game, every action stored once."""
    services_or_skip()
    host, port = PG_URL.split("@", 1)[1].split("/", 1)[0].split(":")
    pg, rd = FreezableProxy(host, int(port)), FreezableProxy("127.0.0.1", 6379)
    servers = None
    try:
        servers = Servers(tmp_path, 2, via={0: (pg, rd)})
        made = _flip7(servers, ["random", "random", "random"], seed=8, bot_delay_ms=250, round_limit=8)
        table = made["table"]
        assert servers.owner(table) == 0
        wait_for(lambda: _stored(servers, table)[0] >= 3, timeout=30)
        frozen = {"redis": [rd], "both": [rd, pg], "database": [pg]}[paused]
        for proxy in frozen:
            proxy.freeze()
        before = _stored(servers, table)
        if paused == "database":  # its lease is renewed: nobody else may take the table
            end = time.monotonic() + 8.0
            while time.monotonic() < end:
                assert servers.owner(table) == 0
                time.sleep(0.2)
            assert _stored(servers, table) == before  # nothing stored meanwhile: the table waited
        else:
            wait_for(lambda: servers.owner(table) == 1, timeout=20, every=0.05)
            wait_for(lambda: _stored(servers, table)[0] > before[0] + 2, timeout=30)  # played on by process 1
            time.sleep(2.0)  # longer than the lease, all told
        for proxy in frozen:
            proxy.thaw()
        wait_for(lambda: _stored(servers, table)[0] > 0 and _facts(servers, 1, table)["over"], timeout=180, every=0.2)
        time.sleep(1.0)  # whatever the old owner still had in flight has arrived
        log = _log(servers, table)
        replayed = Replayed(log)  # one legal game: no action stored twice, none out of turn
        ply, fence, n = _stored(servers, table)
        assert replayed.state.is_over() and len(log["actions"]) == ply == n
        stopped = _logged_at(servers, 0, rf"table {table}: lease lost")
        claimed = _logged_at(servers, 1, rf"table {table}: claimed")
        if paused == "database":
            assert stopped == claimed == [] and fence == 1
            wait_for(lambda: servers.owner(table) is None, timeout=10)  # over: given back
        else:  # the owner stopped driving before the other process claimed the table
            assert len(stopped) == len(claimed) == 1 and fence == 2, (stopped, claimed, fence)
            assert stopped[0] < claimed[0], (stopped, claimed)
    finally:
        if servers is not None:
            servers.close()
        pg.close()
        rd.close()


@pytest.mark.servers(2, "--creates-per-minute", "3", "--joins-per-minute", "2", "--trust-proxy", "127.0.0.1")
def test_limits_per_address_hold_over_every_process(servers):
    # one address of this test's own (the processes believe the proxy's header), counted in
    # the one Redis every process uses
    me = {"X-Forwarded-For": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"}
    other = {"X-Forwarded-For": "192.0.2.1" if me["X-Forwarded-For"] != "192.0.2.1" else "192.0.2.2"}

    def post(i, path, body, headers=me):
        return httpx.post(servers.base(i) + path, json=body, headers=headers, timeout=10)

    tables = []
    for i in (0, 1, 0):
        r = post(i, "/api/tables", {"game": "flip7", "seats": ["human", "human", "human"]})
        assert r.status_code == 201, r.text
        tables.append(r.json()["table"])
    for i in (0, 1):
        r = post(i, "/api/tables", {"game": "flip7", "seats": ["random", "random"]})
        assert r.status_code == 429 and "at most 3 tables a minute" in r.json()["error"]
    assert post(1, f"/api/tables/{tables[0]}/join", {}).status_code == 200  # not its owner
    assert post(0, f"/api/tables/{tables[1]}/join", {}).status_code == 200  # not its owner
    r = post(1, f"/api/tables/{tables[2]}/join", {})
    assert r.status_code == 429 and "at most 2 seats a minute" in r.json()["error"]
    assert post(1, f"/api/tables/{tables[2]}/join", {}, other).status_code == 200  # another address


def test_the_database_refuses_actions_under_an_old_fence():
    """Two stores on one database: once the second claimed a table, the first's actions
    are refused and nothing of them is stored; the claimer's are stored."""
    services_or_skip()
    from fliptable.server.store import Refused, Store

    schema = "ft_test_" + secrets.token_hex(6)

    async def run():
        a, b = Store(Settings(db=PG_URL, db_schema=schema)), Store(Settings(db=PG_URL, db_schema=schema))
        await a.open()
        await b.open()
        try:
            row = {
                # a table row spelled out on purpose, as bench/store_commit.py does: each stands alone
                "id": "t1",
                "game": "flip7",
                "rules_version": "1",
                "players": 2,
                "options": {},
                "seed": 1,
                "seeded": True,
                "turn_limit_ms": None,
                "bot_delay_ms": 0.0,
                "started": True,
                "over": False,
                "ply": 0,
                "result": None,
                "expired": False,
                "public": False,
            }
            await a.create_table(
                row, [{"seat": s, "kind": "bot", "bot": "random", "name": None, "token_hash": None} for s in (0, 1)]
            )
            first = await a.claim("t1")
            await a.append_actions("t1", 0, [[0, "hit"]], None, first)
            second = await b.claim("t1")
            assert second == first + 1
            with pytest.raises(Refused):
                await a.append_actions("t1", 1, [[1, "stay"]], None, first)
            with pytest.raises(Refused):  # the same ply twice: refused too, whoever asks
                await b.append_actions("t1", 0, [[0, "stay"]], None, second)
            await b.append_actions("t1", 1, [[1, "hit"]], None, second)
            return await b.load_actions("t1")
        finally:
            await a.close()
            await b.close()

    try:
        assert asyncio.run(run()) == [[0, "hit"], [1, "hit"]]
    finally:
        asyncio.run(_drop_schema(schema))


@pytest.mark.parametrize(
    "args, message",
    [
        (["--redis", "http://x"], "is not a Redis URL"),
        (["--redis", "redis://127.0.0.1:6379/0"], "share one PostgreSQL database"),
    ],
)
def test_serve_refuses_a_redis_it_cannot_use(args, message, capsys, tmp_path):
    from fliptable.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", "--db", str(tmp_path / "x.db"), *args])
    assert exited.value.code != 0
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.servers(2)
def test_bench_server_spreads_its_tables_over_the_processes(servers):
    from fliptable.bench.server import run_bench_server

    report = run_bench_server(
        tables=4, players=2, seconds=2.0, think_ms=50.0, servers=[servers.base(0), servers.base(1)]
    )
    assert report["servers"] == 2 and report["errors"] == 0 and report["actions"] > 0, report
    # each process played its own tables: both measured the act -> frame latency of some
    assert [s["samples"] > 0 for s in report["server_ms"]] == [True, True], report["server_ms"]


def test_bench_server_refuses_servers_that_are_not_urls(capsys):
    from fliptable.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["bench-server", "--servers", "127.0.0.1:8001,http://127.0.0.1:8002"])
    assert exited.value.code != 0
    err = capsys.readouterr().err
    assert "--servers must be http(s) URLs" in err and "Traceback" not in err
