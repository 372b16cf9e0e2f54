"""Bots never block the server (docs/server.md, "Bots"): they think in a pool of worker
processes under the server's ``--max-bot-ms``; a spec asking for more is refused; the
server answers while a decision is known to be running in a worker; a worker that
overruns is replaced and the table plays on; running tables resume in the background."""

from __future__ import annotations

import asyncio
import time

import pytest

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from fliptable.core.table import Table
from fliptable.server.botpool import BotPool
from fliptable.server.store import Store

from .helpers import client, create, wait_for

#: an issue-23 reproduction: this request froze every other request of the server
HEAVY = {"game": "flip7", "seats": ["ismcts:ms=8000", "ismcts:ms=8000"], "bot_delay_ms": 0}


def test_a_bot_asking_for_more_than_the_servers_limit_is_refused(sqlite_settings):
    with client(sqlite_settings) as c:
        r = c.post("/api/tables", json=HEAVY)
        assert r.status_code == 400
        assert r.json()["error"] == (
            "bot 'ismcts:ms=8000' asks for 8000 ms or more a decision; this server allows "
            "at most 2000 ms (--max-bot-ms): ismcts:ms=2000 or fewer iterations"
        )
        r = c.post("/api/tables", json={"game": "flip7", "seats": ["human", "ismcts:iterations=10000000"]})
        assert r.status_code == 400 and "at most 2000 ms (--max-bot-ms)" in r.json()["error"]
        # within the limit: accepted
        assert c.post("/api/tables", json={"game": "flip7", "seats": ["human", "ismcts:ms=2000"]}).status_code == 201
    with client(sqlite_settings, max_bot_ms=500.0) as c:
        r = c.post("/api/tables", json={"game": "flip7", "seats": ["human", "ismcts:ms=2000"]})
        assert r.status_code == 400 and "at most 500 ms (--max-bot-ms)" in r.json()["error"]


def _running(c, table: str):
    """The decisions of ``table``'s bots running in a worker now."""
    return [r for r in c.app.state.lobby.pool.running() if r[0] == table]


def test_the_server_answers_while_a_bots_decision_runs_in_a_worker(db_settings):
    """The issue's reproduction with a server that allows heavy bots: each decision
    takes a minute; while one is known to be running in a worker, other requests are
    answered and another table is played."""
    with client(db_settings, max_bot_ms=60_000.0) as c:
        heavy = create(c, **{**HEAVY, "seats": ["ismcts:ms=60000", "ismcts:ms=60000"]})["table"]
        (thinking,) = wait_for(lambda: _running(c, heavy), timeout=60)
        assert c.get("/api/games").status_code == 200
        assert c.get(f"/api/tables/{heavy}").json()["ply"] == 0
        assert c.post("/api/tables", json={"game": "flush", "seats": ["human", "random"]}).status_code == 201
        assert _running(c, heavy) == [thinking]  # all of it while that decision ran


def test_a_person_plays_at_one_table_while_anothers_bot_thinks(sqlite_settings):
    with client(sqlite_settings, max_bot_ms=60_000.0, bot_workers=2) as c:
        heavy = create(c, **{**HEAVY, "seats": ["ismcts:ms=60000", "ismcts:ms=60000"]})["table"]
        (thinking,) = wait_for(lambda: _running(c, heavy), timeout=60)
        made = create(c, game="flip7", seats=["human", "random"], bot_delay_ms=0, seed=5)
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            frame = None
            while frame is None or frame.get("ply", -1) < 2:
                m = ws.receive_json()
                if m["type"] == "frame":
                    frame = m
                    if m["legal"] and m["ply"] == 0:
                        ws.send_json({"type": "act", "action": "hit", "ply": 0})
                    if m["decision"]["kind"] == "over":
                        break
        # the person's action and the other table's bot's answer both landed
        assert frame["ply"] >= 2 or frame["decision"]["kind"] == "over"
        assert _running(c, heavy) == [thinking]


def test_running_tables_resume_in_the_background(sqlite_settings, monkeypatch):
    """Start-up never waits for the tables to resume: with resumption held up, the
    server already answers; once it goes on, the table's bots play again."""
    with client(sqlite_settings) as c:
        table = create(c, game="flip7", seats=["random", "random"], seed=3, bot_delay_ms=1500)["table"]
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["started"])
    gate = asyncio.Event()  # bound to the server's loop when first awaited there
    load_actions = Store.load_actions

    async def held(self, table_id):
        await gate.wait()
        return await load_actions(self, table_id)

    monkeypatch.setattr(Store, "load_actions", held)
    with client(sqlite_settings, bot_delay_ms=0.0) as c:
        assert c.get("/api/games").status_code == 200  # answered: start-up did not wait
        lobby = c.app.state.lobby
        assert lobby.resuming is not None and not lobby.resuming.done()
        c.portal.call(gate.set)
        wait_for(lambda: lobby.resuming.done())
        assert lobby.resuming.exception() is None and table in lobby.live
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["ply"] > 0)


class _Asker:
    """A table as the pool sees it, for the pool alone."""

    def __init__(self, table: Table, spec: str):
        self.id = "t1"
        self.table = table
        self.spec = spec
        self.answers: asyncio.Queue = asyncio.Queue()

    def bot_setup(self):
        s = self.table.state
        return (s.game.id, dict(s.options), s.players, 1, s.game.rules_version, [self.spec] * s.players)

    def all_actions(self):
        return self.table.actions

    def still_asks(self, seat, ply):
        return self.table.asks(seat, ply)

    def bot_answer(self, seat, ply, action, delay_ms, failed):
        self.answers.put_nowait((seat, ply, action, failed))


def _pool_table(spec: str) -> Table:
    from fliptable.server.botpool import RemoteBot

    game = get_game("flip7")
    return Table(
        game.new_state(2, game.resolve_options({}), 1),
        [RemoteBot(make_agent(game, spec)) for _ in range(2)],
        seed=1,
        strict_agents=False,
    )


def test_a_search_stops_at_the_servers_limit_and_plays_its_best_move_so_far():
    """ismcts asked for ten million iterations answers once its deadline has passed."""

    async def main():
        table = _pool_table("ismcts:iterations=10000000")
        pool = BotPool(1, 100.0)
        asker = _Asker(table, "ismcts:iterations=10000000")
        try:
            ((seat, role, ply),) = table.take_requests()
            pool.ask(asker, seat, role, ply)
            seat, ply, action, failed = await asker.answers.get()
        finally:
            await pool.close()
        assert failed is None and action in table.state.legal_actions(seat)
        assert pool.answered == 1 and pool.failed == 0

    asyncio.run(main())


def _stuck_worker(conn):  # a bot worker whose bot never answers
    conn.send(("ready",))
    while True:
        message = conn.recv()
        if message[0] == "ask":
            time.sleep(3600)


def test_a_worker_that_overruns_is_replaced_and_the_table_plays_the_default_action(monkeypatch):
    import fliptable.server.botworker as botworker

    async def main():
        table = _pool_table("random")
        pool = BotPool(1, 50.0)
        asker = _Asker(table, "random")
        monkeypatch.setattr(botworker, "main", _stuck_worker)
        try:
            ((seat, role, ply),) = table.take_requests()
            default = table.state.timeout_action(seat)
            pool.ask(asker, seat, role, ply)
            _, _, action, failed = await asker.answers.get()
            assert action is None and failed == "it took more than the server's limit of 50 ms"
            assert pool.failed == 1 and pool.running() == []
            table.answer(seat, ply, action, None, failed)
            (landed,) = table.advance()
            assert landed.action == default
            # a real worker takes over for the next question
            monkeypatch.setattr(botworker, "main", real_main)
            ((seat, role, ply),) = table.take_requests()
            pool.ask(asker, seat, role, ply)
            _, _, action, failed = await asker.answers.get()
            assert failed is None and action in table.state.legal_actions(seat)
        finally:
            await pool.close()

    real_main = botworker.main
    asyncio.run(main())


def test_a_worker_that_cannot_start_is_replaced_and_the_question_answered(monkeypatch):
    """A worker process whose start fails is replaced, and the question waiting for it
    is answered by the next one (before, stopping the never-started process raised "can
    only join a started process" in the event loop's callback: no new worker was asked
    for, and the question was never answered)."""

    async def main():
        table = _pool_table("random")
        pool = BotPool(1, 5000.0)
        asker = _Asker(table, "random")
        real_start = pool._ctx.Process.start
        calls = []

        def start(self):
            calls.append(self.name)
            if len(calls) == 1:
                raise OSError("no more processes")
            return real_start(self)

        monkeypatch.setattr(pool._ctx.Process, "start", start)
        try:
            ((seat, role, ply),) = table.take_requests()
            pool.ask(asker, seat, role, ply)
            _, _, action, failed = await asyncio.wait_for(asker.answers.get(), 60)
            assert failed is None and action in table.state.legal_actions(seat) and len(calls) == 2
        finally:
            await pool.close()

    asyncio.run(main())


@pytest.mark.parametrize("game", ["flyswatter", "flinch"])
def test_bots_play_whole_games_through_the_pool(sqlite_settings, game):
    """Races, claims and memories: bot-only tables of races (Fly-swatter) and long
    games (FLINCH) finish through the workers, every action legal (the log replays)."""
    from fliptable.core.log import parse_log, replay

    with client(sqlite_settings, bot_workers=2) as c:
        g = get_game(game)
        table = create(c, game=game, seats=[g.default_bot] * g.default_players, seed=11, bot_delay_ms=0)["table"]
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["over"], timeout=240, every=0.2)
        log = c.get(f"/api/tables/{table}/log").json()
    replay(parse_log(log))
    assert len(log["actions"]) > 10


OWN_BOT = '''
from fliptable.core.agent import Agent

open({marker!r}, "a").close()   # every import of this module leaves a mark


class First(Agent):
    """Always the first legal action: a bot of one's own."""
    name = "first"
    needs_view = False

    def act(self, view, legal):
        return legal[0]
'''


def test_a_stored_bot_the_server_no_longer_allows_is_never_loaded_on_resume(sqlite_settings, tmp_path, monkeypatch):
    """A table seated a bot of one's own while ``--allow-bot`` listed it; the server
    restarted without it: the resumed table is not driven and says why, its module is
    not imported again (here or in a bot worker), and acting is refused with that reason."""
    import sys

    from fliptable.core.errors import BotSpecError
    from fliptable.server.botworker import Mirror

    name = f"ownbot_{tmp_path.name.replace('-', '_')}"
    marker = tmp_path / "imported"
    (tmp_path / f"{name}.py").write_text(OWN_BOT.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = f"{name}:First"
    try:
        with client(sqlite_settings, allowed_bots=(spec,), bot_delay_ms=60_000.0) as c:
            made = create(c, game="flip7", seats=["human", spec], seed=4)
            table = made["table"]
            with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:  # the game starts
                while (m := ws.receive_json())["type"] != "frame":
                    pass
                ws.send_json({"type": "act", "action": "hit", "ply": 0})
                while (m := ws.receive_json())["type"] != "frame" or m["ply"] < 1:
                    pass
        assert marker.exists()
        marker.unlink()
        sys.modules.pop(name, None)
        with client(sqlite_settings) as c:  # restarted without --allow-bot
            facts = wait_for(lambda: (lambda f: f if f["started"] else None)(c.get(f"/api/tables/{table}").json()))
            assert facts["ply"] == 1 and not facts["over"]
            with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
                assert ws.receive_json()["type"] == "table"
                said = ws.receive_json()
                assert said["type"] == "error" and said["message"] == (
                    f"this table cannot go on: seat 1's bot {spec!r} is not offered here: this server runs only "
                    f"the bots of your own that its operator lists (fliptable serve --allow-bot NAME)"
                )
                ws.send_json({"type": "act", "action": "stay", "ply": 1})
                refused = ws.receive_json()
                assert refused["type"] == "error" and refused["ply"] == 1
                assert refused["message"] == said["message"] + "; no action is accepted"
            assert c.get(f"/api/tables/{table}").json()["ply"] == 1  # nothing played for the bot
        assert not marker.exists()  # never imported again
        setup = ("flip7", {}, 2, 4, get_game("flip7").rules_version, [None, spec])
        with pytest.raises(BotSpecError, match="is not offered here"):  # a bot worker refuses it too
            Mirror(*setup, ())
        assert not marker.exists()
        assert type(Mirror(*setup, (spec,)).agents[1]).__name__ == "First"
    finally:
        sys.modules.pop(name, None)
