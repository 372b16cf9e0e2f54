"""issue 23 "Seats cannot be held hostage": a seat taken by joining whose person does
not connect within the server's seat timeout is freed again and the table says so; the
creator may free another person's seat before the start; joins are limited per address;
only tables their creator marks public are listed in the lobby."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import client, create, join


class Clock:
    """``Settings.now``, moved by the test."""

    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def _until(ws, kind: str) -> dict:
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return m


def _refused(c, table: str, token: str | None) -> tuple[int, str]:
    with c.websocket_connect(f"/ws/{table}" + (f"?token={token}" if token else "")) as ws:
        m = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as gone:
            ws.receive_json()
    return gone.value.code, m["message"]


def test_a_seat_not_connected_within_the_timeout_is_freed_and_the_table_says_so(db_settings):
    clock = Clock()
    # the loop would look every hour: the test frees by calling it, on its own clock
    with client(db_settings, now=clock, seat_timeout_s=120.0, seat_check_s=3600.0) as c:
        lobby = c.app.state.lobby
        made = create(c, game="flip7", seats=["human", "human", "human"], name="Ana")
        table = made["table"]
        ben = join(c, table, "Ben")
        clock.t += 60
        cy = join(c, table, "Cy")
        with (
            c.websocket_connect(f"/ws/{table}?token={made['token']}") as ana,
            c.websocket_connect(f"/ws/{table}?token={cy['token']}") as cy_ws,
        ):
            _until(ana, "table")
            clock.t += 59.0  # Ben joined 119 s ago
            assert c.portal.call(lobby.free_stale_seats) == []
            clock.t += 1.0  # 120 s: Ben never connected; Cy did (60 s ago), Ana created the table
            assert c.portal.call(lobby.free_stale_seats) == [(table, 1)]
            for ws in (ana, cy_ws):
                told = _until(ws, "seat_freed")
                assert told == {
                    "type": "seat_freed",
                    "seat": 1,
                    "name": "Ben",
                    "reason": "timeout",
                    "message": "Ben did not connect within 120 s; seat 1 is free again",
                }
                facts = _until(ws, "table")
                assert facts["seats"][1]["taken"] is False and facts["seats"][1]["name"] is None
                assert facts["started"] is False
            clock.t += 10_000  # the people connected keep their seats, however long the wait
            assert c.portal.call(lobby.free_stale_seats) == []
        # Ben's token holds no seat any more; the seat can be taken by someone else
        code, message = _refused(c, table, ben["token"])
        assert code == 4401 and "holds no seat" in message
        assert join(c, table, "Dee")["seat"] == 1
    with client(db_settings, now=clock, resume=False) as c:  # stored: the database agrees
        facts = c.get(f"/api/tables/{table}").json()
    assert [s["name"] for s in facts["seats"]] == ["Ana", "Dee", "Cy"]


def test_the_creators_seat_is_never_freed_and_a_loaded_table_counts_from_its_loading(db_settings):
    clock = Clock()
    with client(db_settings, now=clock, seat_timeout_s=120.0, seat_check_s=3600.0) as c:
        made = create(c, game="flip7", seats=["human", "human"])
        table = made["table"]
        ben = join(c, table, "Ben")
    clock.t += 5000  # the server was down; then a new one loads the table
    with client(db_settings, now=clock, seat_timeout_s=120.0, seat_check_s=3600.0) as c:
        lobby = c.app.state.lobby
        assert c.get(f"/api/tables/{table}").json()["seats"][1]["taken"] is True
        clock.t += 119
        assert c.portal.call(lobby.free_stale_seats) == []
        clock.t += 1
        assert c.portal.call(lobby.free_stale_seats) == [(table, 1)]
        facts = c.get(f"/api/tables/{table}").json()
    assert [s["taken"] for s in facts["seats"]] == [True, False]  # the creator's stays
    assert ben["token"]


def test_a_tiny_seat_timeout_frees_the_seat_by_itself(sqlite_settings):
    """The server's own loop (a 0.2 s timeout): the creator, connected, is told."""
    with client(sqlite_settings, seat_timeout_s=0.2, seat_check_s=0.05) as c:
        made = create(c, game="flip7", seats=["human", "human"])
        table = made["table"]
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ana:
            _until(ana, "table")
            join(c, table, "Ben")
            told = _until(ana, "seat_freed")  # arrives by itself: no sleep here
            assert told["seat"] == 1 and told["reason"] == "timeout" and "within 0.2 s" in told["message"]
        assert c.get(f"/api/tables/{table}").json()["seats"][1]["taken"] is False


def test_the_creator_may_free_another_persons_seat_before_the_start(db_settings):
    with client(db_settings, seat_timeout_s=None) as c:
        made = create(c, game="flip7", seats=["human", "ev", "human", "human"], name="Ana")
        table = made["table"]
        ben = join(c, table, "Ben")
        url = f"/api/tables/{table}/free"
        for body, status, words in (
            ({"token": ben["token"], "seat": 3}, 403, "only the table's creator (the token of seat 0)"),
            ({"token": "guess", "seat": 2}, 403, "only the table's creator"),
            ({"seat": 2}, 403, "only the table's creator"),
            ({"token": made["token"], "seat": 0}, 400, "another person's seat at this table (2, 3), got 0"),
            ({"token": made["token"], "seat": 1}, 400, "(2, 3), got 1"),  # a bot's
            ({"token": made["token"], "seat": "2"}, 400, 'got "2"'),
            ({"token": made["token"], "seat": 3}, 400, "seat 3 is free already"),
            ({"token": made["token"], "seat": 2, "why": "x"}, 400, "unknown field 'why'"),
        ):
            r = c.post(url, json=body)
            assert r.status_code == status and words in r.json()["error"], (body, r.text)
        assert c.post("/api/tables/nosuch/free", json={"token": made["token"], "seat": 2}).status_code == 404
        # Ben is connected: his connection is told why and closed; Ana is told
        with (
            c.websocket_connect(f"/ws/{table}?token={made['token']}") as ana,
            c.websocket_connect(f"/ws/{table}?token={ben['token']}") as ben_ws,
        ):
            _until(ben_ws, "table")
            r = c.post(url, json={"token": made["token"], "seat": 2})
            assert r.status_code == 200 and r.json() == {"seat": 2, "freed": True}
            err = _until(ben_ws, "error")
            assert err["message"] == "your seat was freed: the table's creator freed seat 2"
            with pytest.raises(WebSocketDisconnect) as gone:
                ben_ws.receive_json()
            assert gone.value.code == 4401
            told = _until(ana, "seat_freed")
            assert told["seat"] == 2 and told["name"] == "Ben" and told["reason"] == "creator"
        assert _refused(c, table, ben["token"])[0] == 4401
        # once everyone is there the game starts, and seats are kept
        tokens = [made["token"], join(c, table)["token"], join(c, table)["token"]]
        sockets = [c.websocket_connect(f"/ws/{table}?token={t}") for t in tokens]
        opened = [s.__enter__() for s in sockets]
        try:
            for ws in opened:
                _until(ws, "frame")
            r = c.post(url, json={"token": made["token"], "seat": 2})
            assert r.status_code == 403 and "the game has started" in r.json()["error"]
        finally:
            for s in sockets:
                s.__exit__(None, None, None)


def test_joins_are_limited_per_address(sqlite_settings):
    with client(sqlite_settings, joins_per_minute=3) as c:
        table = create(c, game="flip7", seats=["human"] * 6)["table"]
        assert [c.post(f"/api/tables/{table}/join", json={}).status_code for _ in range(4)] == [200, 200, 200, 429]
        r = c.post(f"/api/tables/{table}/join", json={})
        assert r.status_code == 429 and "at most 3 seats a minute" in r.json()["error"]


def test_only_public_tables_are_listed(db_settings):
    with client(db_settings) as c:
        friends = create(c, game="flip7", seats=["human", "human"])["table"]
        open_to_all = create(c, game="flip7", seats=["human", "human"], public=True)["table"]
        for status in ("", "?status=open"):
            listed = [t["table"] for t in c.get(f"/api/tables{status}").json()["tables"]]
            assert listed == [open_to_all]
        facts = c.get(f"/api/tables/{friends}").json()  # reached by its link
        assert facts["public"] is False and facts["seats"][1]["taken"] is False
        assert join(c, friends, "Ben")["seat"] == 1
        r = c.post("/api/tables", json={"game": "flip7", "public": "yes"})
        assert r.status_code == 400 and "public must be true" in r.json()["error"] and '"yes"' in r.json()["error"]


def test_spectators_filling_a_table_never_keep_its_people_out(sqlite_settings):
    """Watching is open to anyone with the link (a public table: anyone), so spectators
    alone may fill the table's connections; a seat's own person still gets in (else a
    joined seat would time out and the game never start), up to a few connections a seat."""
    with client(sqlite_settings, max_connections_per_table=2, max_connections_per_seat=2) as c:
        made = create(c, game="flip7", seats=["human", "human"], public=True)
        table = made["table"]
        ben = join(c, table, "Ben")
        with c.websocket_connect(f"/ws/{table}") as one, c.websocket_connect(f"/ws/{table}") as two:
            assert one.receive_json()["type"] == two.receive_json()["type"] == "table"
            code, message = _refused(c, table, None)
            assert code == 1013 and "too many connections" in message
            with (
                c.websocket_connect(f"/ws/{table}?token={made['token']}") as ana,
                c.websocket_connect(f"/ws/{table}?token={ben['token']}") as ben_ws,
            ):
                assert _until(ana, "frame")["ply"] == 0 and _until(ben_ws, "frame")["ply"] == 0  # started
                with c.websocket_connect(f"/ws/{table}?token={ben['token']}") as again:
                    assert _until(again, "frame")["ply"] == 0
                    code, message = _refused(c, table, ben["token"])  # a third for one seat
                    assert code == 1013 and "seat 1 has 2 connections" in message


def _from_address(app):
    """The application as reached from the address in the test's ``x-test-peer`` header
    (the TCP peer a real server sees; the server itself reads no such header)."""

    async def peer(scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            for name, value in scope.get("headers", []):
                if name == b"x-test-peer":
                    scope = {**scope, "client": (value.decode(), 50000)}
        await app(scope, receive, send)

    return peer


def test_an_ipv6_network_is_one_address_for_the_limits(sqlite_settings):
    """An IPv6 subscriber picks any of its /64's 2**64 addresses: limits per address
    count the /64 (an IPv4-mapped address counts as its IPv4 one)."""
    from dataclasses import replace

    from starlette.testclient import TestClient

    from fliptable.server.app import create_app

    with TestClient(_from_address(create_app(replace(sqlite_settings, joins_per_minute=3)))) as c:
        table = create(c, game="flip7", seats=["human"] * 12)["table"]

        def status(peer):
            return c.post(f"/api/tables/{table}/join", json={}, headers={"x-test-peer": peer}).status_code

        assert [status(f"2001:db8:1:2::{i:x}") for i in range(1, 5)] == [200, 200, 200, 429]
        assert status("2001:db8:1:2:ffff:1:2:3") == 429
        assert status("2001:db8:1:3::1") == 200  # another /64
        assert [status(p) for p in ("203.0.113.7", "::ffff:203.0.113.7", "203.0.113.7")] == [200, 200, 200]
        assert status("::ffff:cb00:7107") == 429  # 203.0.113.7 spelt as IPv6
        assert [status("203.0.113.8"), status("fe80::1%eth0"), status("fe80::2%eth1")] == [200, 200, 200]


def test_behind_a_trusted_proxy_the_limits_count_the_forwarded_address(sqlite_settings):
    """``--trust-proxy ADDR``: a request from that proxy counts as the address its
    X-Forwarded-For names (the last one the proxy added); from anyone else the header is
    ignored, so it cannot be used to take more seats."""
    from dataclasses import replace

    from starlette.testclient import TestClient

    from fliptable.server.app import create_app
    from fliptable.server.serve import behind_proxies

    app = behind_proxies(create_app(replace(sqlite_settings, joins_per_minute=2)), ("10.0.0.0/8",))
    with TestClient(_from_address(app)) as c:
        table = create(c, game="flip7", seats=["human"] * 12)["table"]

        def status(peer, forwarded):
            return c.post(
                f"/api/tables/{table}/join", json={}, headers={"x-test-peer": peer, "x-forwarded-for": forwarded}
            ).status_code

        # through the proxy: each client its own allowance; a client's own header is not believed
        assert [status("10.1.2.3", f"198.51.100.{i}") for i in (1, 2, 3)] == [200, 200, 200]
        assert [status("10.1.2.3", f"203.0.113.{i}, 198.51.100.1") for i in (1, 2)] == [200, 429]
        # straight from the internet: the header changes nothing
        assert [status("192.0.2.9", f"198.51.100.{i}") for i in (4, 5, 6)] == [200, 200, 429]
