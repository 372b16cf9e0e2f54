"""When a table's game starts, and when an abandoned table is closed (docs/server.md
"Starting" and "Expiry"): bots never play ahead of a person who has not connected yet;
a table nobody has been connected to for ``expire_after_s`` (on a clock the test moves)
stops, is stored as expired, and refuses joins and connections with a clear error."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import client, create, join, next_frame, wait_for

HOUR = 3600.0


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self):
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


def test_bots_wait_for_the_person_to_connect(db_settings):
    with client(db_settings) as c:
        # seat 0 is a bot that would act at once; the person sits at seat 1
        made = create(c, game="flip7", seats=["random", "human", "random"], seed=5, bot_delay_ms=0)
        table = made["table"]
        time.sleep(0.5)
        facts = c.get(f"/api/tables/{table}").json()
        assert facts["started"] is False and facts["ply"] == 0 and facts["waiting_for"] == [1]
        assert c.portal.call(c.app.state.lobby.store.load_actions, table) == []
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            told = ws.receive_json()
            assert told["type"] == "table" and told["you"] == 1
            first = next_frame(ws)
            # the person sees the game from its deal: every event since the start
            assert first["events"]
            started = wait_for(lambda: (lambda f: f if f["ply"] >= 1 else None)(c.get(f"/api/tables/{table}").json()))
        assert started["started"] is True and started["waiting_for"] == []


def test_a_person_alone_with_bots_after_a_restart_still_starts_the_game(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["random", "human"], seed=5)
    with client(sqlite_settings) as c:  # a new server: the table waits for its person still
        table = made["table"]
        assert c.get(f"/api/tables/{table}").json()["started"] is False
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            assert next_frame(ws)["seat"] == 1
        assert c.get(f"/api/tables/{table}").json()["started"] is True


def test_abandoned_tables_are_closed(db_settings):
    clock = Clock()
    settings = {"now": clock, "expire_after_s": HOUR, "expire_check_s": HOUR}
    with client(db_settings, **settings) as c:
        lobby = c.app.state.lobby
        waiting = create(c, game="flip7", seats=["random", "human"], public=True)["table"]  # nobody came
        bots = create(c, game="flip7", seats=["random", "random"], bot_delay_ms=1000, public=True)["table"]  # unwatched
        watched = create(c, game="flip7", seats=["human", "random"], bot_delay_ms=0)
        done = create(c, game="flip7", seats=["random", "random"], options={"round_limit": 1}, bot_delay_ms=0)
        wait_for(lambda: c.get(f"/api/tables/{done['table']}").json()["over"])
        ws = c.websocket_connect(f"/ws/{watched['table']}?token={watched['token']}")
        ws.__enter__()
        try:
            next_frame(ws)
            clock.t += HOUR / 2
            assert c.portal.call(lobby.expire_idle) == []
            clock.t += HOUR / 2 + 60
            closed = c.portal.call(lobby.expire_idle)
            # the table someone is connected to stays, and so does the finished one
            assert sorted(closed) == sorted([waiting, bots])
        finally:
            ws.__exit__(None, None, None)
        for table in (waiting, bots):
            facts = c.get(f"/api/tables/{table}").json()
            assert facts["expired"] is True and facts["over"] is False
        # its bots stopped
        ply = c.get(f"/api/tables/{bots}").json()["ply"]
        time.sleep(1.5)
        assert c.get(f"/api/tables/{bots}").json()["ply"] == ply and bots not in lobby.live
        # joining and playing get a clear error
        r = c.post(f"/api/tables/{waiting}/join", json={})
        assert r.status_code == 410 and "nobody was connected to it for 1 hour" in r.json()["error"]
        with c.websocket_connect(f"/ws/{bots}") as closing:
            m = closing.receive_json()
            assert m["type"] == "error" and "this table was closed" in m["message"]
            with pytest.raises(WebSocketDisconnect) as gone:
                closing.receive_json()
            assert gone.value.code == 4410
        listed = {t["table"] for t in c.get("/api/tables?status=expired").json()["tables"]}
        assert listed == {waiting, bots}
        assert bots not in {t["table"] for t in c.get("/api/tables?status=running").json()["tables"]}
        # the watched table's last connection closed just now: an hour from then, it goes too
        clock.t += HOUR / 2
        assert c.portal.call(lobby.expire_idle) == []
        clock.t += HOUR / 2 + 60
        assert c.portal.call(lobby.expire_idle) == [watched["table"]]
        assert c.get(f"/api/tables/{done['table']}").json()["expired"] is False
    with client(db_settings, **settings) as c:  # a restart resumes none of them
        assert c.app.state.lobby.live == {}
        assert c.get(f"/api/tables/{bots}").json()["expired"] is True


def test_expiry_can_be_turned_off(sqlite_settings):
    clock = Clock()
    with client(sqlite_settings, now=clock, expire_after_s=None) as c:
        table = create(c, game="flip7", seats=["random", "human"])["table"]
        clock.t += 1000 * HOUR
        assert c.portal.call(c.app.state.lobby.expire_idle) == []
        assert c.get(f"/api/tables/{table}").json()["expired"] is False


def _seen(c, table: str) -> float | None:
    row, _ = c.portal.call(c.app.state.lobby.store.load, table)
    seen = row["seen"]
    return None if seen is None else (seen if seen.tzinfo else seen.replace(tzinfo=UTC)).timestamp()


def test_a_connected_table_is_stored_as_seen_at_every_round(db_settings):
    # after a kill -9 no closing connection is stored: the idle time must count from about
    # when the people were last there, not from when they connected hours before
    clock = Clock()
    with client(db_settings, now=clock, expire_after_s=HOUR, expire_check_s=HOUR) as c:
        lobby = c.app.state.lobby
        made = create(c, game="flip7", seats=["human", "random"], seed=5)
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            next_frame(ws)
            opened = wait_for(lambda: _seen(c, made["table"]))
            assert opened == pytest.approx(clock.t, abs=1e-3)
            clock.t += 3 * HOUR
            assert c.portal.call(lobby.expire_idle) == []
            assert _seen(c, made["table"]) == pytest.approx(clock.t, abs=1e-3)


def test_seen_only_moves_forward(sqlite_settings):
    clock = Clock()
    with client(sqlite_settings, now=clock) as c:
        store = c.app.state.lobby.store
        table = create(c, game="flip7", seats=["random", "human"])["table"]
        later, earlier = (datetime.fromtimestamp(clock.t + dt, UTC) for dt in (60, 30))
        c.portal.call(store.touch, [table], later)
        c.portal.call(store.touch, [table], earlier)  # an opening stored after the closing
        assert _seen(c, table) == pytest.approx(later.timestamp(), abs=1e-3)


def test_the_time_the_server_was_down_does_not_count(db_settings):
    clock = Clock()
    settings = {"now": clock, "expire_after_s": HOUR, "expire_check_s": HOUR}
    with client(db_settings, **settings) as c:
        made = create(c, game="flip7", seats=["human", "random"], seed=5)
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            next_frame(ws)
    clock.t += 5 * HOUR  # the server was down; its people could not come back
    with client(db_settings, **settings) as c:
        lobby = c.app.state.lobby
        clock.t += HOUR / 2
        assert c.portal.call(lobby.expire_idle) == []
        assert c.get(f"/api/tables/{made['table']}").json()["expired"] is False
        clock.t += HOUR / 2 + 60  # up for an hour and nobody came: now it goes
        assert c.portal.call(lobby.expire_idle) == [made["table"]]


def test_a_table_read_while_it_is_being_closed_is_closed(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["random", "human"])
    with client(sqlite_settings) as c:  # not in memory: the next request reads it
        lobby = c.app.state.lobby
        lobby._expiring.add(made["table"])  # as expire_idle does while it stores the closing
        try:
            assert c.get(f"/api/tables/{made['table']}").json()["expired"] is True
            with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
                assert ws.receive_json()["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as gone:
                    ws.receive_json()
                assert gone.value.code == 4410
        finally:
            lobby._expiring.discard(made["table"])


def test_a_person_who_came_and_went_still_counts_as_arrived(sqlite_settings):
    # the rule is "connected at least once": Ana looks in and leaves, Ben joins and
    # connects, the game starts without waiting for Ana to come back; when she does she
    # gets the whole history
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "human", "random"], seed=5, name="Ana")
        table = made["table"]
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            assert ws.receive_json()["waiting_for"] == []  # her own seat: here; seat 1 is free
        ben = join(c, table, "Ben")
        facts = c.get(f"/api/tables/{table}").json()
        assert facts["started"] is False and facts["waiting_for"] == [1]
        with c.websocket_connect(f"/ws/{table}?token={ben['token']}") as ws:
            first = next_frame(ws)
            assert first["seat"] == 1
        assert c.get(f"/api/tables/{table}").json()["waiting_for"] == []
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            told = ws.receive_json()
            assert told["type"] == "table" and told["started"] is True
            back = next_frame(ws)
            # from the deal on, as her seat saw it
            assert back["seat"] == 0 and back["events"][0]["type"] == first["events"][0]["type"]
            assert len(back["events"]) >= len(first["events"])
