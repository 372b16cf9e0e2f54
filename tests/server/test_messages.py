"""Messages that must change nothing: stale, illegal, unauthorised, malformed, too
large, too many; refused connections; no stack trace ever reaches a client."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from fliptable.server.live import LiveTable

from .helpers import arrive, client, create, join


def _until(ws, kind: str) -> dict:
    """The next message of ``kind`` (skipping others)."""
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message")


def _ply(c, table) -> int:
    return c.get(f"/api/tables/{table}").json()["ply"]


def test_bad_messages_change_nothing(db_settings):
    with client(db_settings) as c:
        made = create(c, game="flip7", seats=["human", "human"], seed=11)
        table = made["table"]
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws0:
            first = ws0.receive_json()
            assert first["type"] == "table" and first["you"] == 0 and first["started"] is False
            ws0.send_json({"type": "act", "action": "hit", "ply": 0})
            err = _until(ws0, "error")
            assert "not started" in err["message"] and err["ply"] == 0
            other = join(c, table, "Ben")
            # every seat is taken, but Ben has not connected yet: still nothing is played
            ws0.send_json({"type": "act", "action": "hit", "ply": 0})
            err = _until(ws0, "error")
            assert "waiting for seat 1 to connect" in err["message"] and err["ply"] == 0
            with (
                c.websocket_connect(f"/ws/{table}?token={other['token']}") as ws1,
                c.websocket_connect(f"/ws/{table}") as spectator,
            ):
                frame0 = _until(ws0, "frame")
                assert frame0["ply"] == 0 and frame0["decision"]["players"] == [0] and "hit" in frame0["legal"]
                frame1 = _until(ws1, "frame")
                assert frame1["seat"] == 1 and frame1["legal"] == []
                _until(spectator, "frame")
                # not your turn: said to the person who reads it ("you", not "player 1")
                ws1.send_json({"type": "act", "action": "hit", "ply": 0})
                err = _until(ws1, "error")
                assert err["message"] == "'hit': it is not your move now" and err["ply"] == 0
                # an action the rules refuse on your turn: the rule, the legal actions, no "player 0"
                ws0.send_json({"type": "act", "action": "fly away", "ply": 0})
                err = _until(ws0, "error")
                assert err["message"].startswith("'fly away' is not legal now") and "; legal: " in err["message"]
                assert "player 0" not in err["message"], err
                # a spectator cannot act
                spectator.send_json({"type": "act", "action": "hit", "ply": 0})
                assert "spectator" in _until(spectator, "error")["message"]
                # a seat field naming another seat
                ws1.send_json({"type": "act", "action": "hit", "ply": 0, "seat": 0})
                assert "seat 1 only" in _until(ws1, "error")["message"]
                # malformed
                for bad, words in (
                    ("not json", "JSON object"),
                    ("[1, 2]", "JSON object"),
                    (json.dumps({"type": "dance"}), "unknown message type"),
                    (json.dumps({"type": "act", "action": "hit"}), "needs the ply"),
                    (
                        json.dumps({"type": "act", "action": "hit", "ply": "0"}),
                        'ply must be an integer, got "0"',
                    ),  # a string is quoted as one
                    (json.dumps({"type": "act", "action": "hit", "ply": 0, "seat": "1"}), 'not "1"'),
                    (json.dumps({"type": "act", "action": "hit", "ply": False}), "ply must be an integer, got false"),
                    (json.dumps({"type": "act", "action": "hit", "ply": 0, "seat": None}), "not null"),
                    (json.dumps({"type": "act", "action": 5, "ply": 0}), "needs an action"),
                    (json.dumps({"type": "act", "action": "fly away", "ply": 0}), "fly away"),
                ):
                    ws0.send_text(bad)
                    err = _until(ws0, "error")
                    assert words in err["message"], (bad, err)
                    assert "Traceback" not in err["message"]
                ws0.send_json({"type": "ping"})
                assert _until(ws0, "pong")["ply"] == 0
                assert _ply(c, table) == 0  # nothing changed
                # a good action lands and everyone gets the frame
                ws0.send_json({"type": "act", "action": "hit", "ply": 0})
                after = _until(ws0, "frame")
                assert after["ply"] == 1
                assert _until(ws1, "frame")["ply"] == 1
                assert _until(spectator, "frame")["ply"] == 1
                assert after["decision"]["players"] == [1]
                # the same action again at the old ply: stale, refused, nothing changed
                ws0.send_json({"type": "act", "action": "hit", "ply": 0})
                err = _until(ws0, "error")
                assert "ply 0" in err["message"] and "nothing changed" in err["message"] and err["ply"] == 0
                assert "that moment has passed" in err["message"]
                # a ply the game has not reached yet: said so, not "passed"
                ws1.send_json({"type": "act", "action": "stay", "ply": 7})
                err = _until(ws1, "error")
                assert "meant for ply 7, but that ply is not yet reached (the game is at ply 1)" in err["message"]
                assert _ply(c, table) == 1
                # seat 1 acts at the right ply
                before = c.get("/api/stats").json()
                ws1.send_json({"type": "act", "action": "stay", "ply": 1})
                assert _until(ws1, "frame")["ply"] == 2
                after = c.get("/api/stats").json()
                assert after["latency_ms"]["samples"] == before["latency_ms"]["samples"] + 1
                assert after["connections"] >= 3 and after["tables_live"] >= 1
        log = None
    assert log is None


def test_refused_connections(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"])
        table = made["table"]
        for url, code, words in (
            (f"/ws/{table}?token=not-a-token", 4401, "token"),
            ("/ws/nosuchtable", 4404, "no such table"),
        ):
            with c.websocket_connect(url) as ws:
                err = ws.receive_json()
                assert err["type"] == "error" and words in err["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == code
        with c.websocket_connect(f"/ws/{table}", headers={"origin": "https://evil.example"}) as ws:
            assert "origin" in ws.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        # the server's own origin is accepted
        with c.websocket_connect(f"/ws/{table}?token={made['token']}", headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "table"


def test_connections_per_table_are_capped(sqlite_settings):
    with client(sqlite_settings, max_connections_per_table=2) as c:
        made = create(c, game="flip7", seats=["human", "random"])
        table = made["table"]
        with c.websocket_connect(f"/ws/{table}") as one, c.websocket_connect(f"/ws/{table}") as two:
            assert one.receive_json()["type"] == two.receive_json()["type"] == "table"
            with c.websocket_connect(f"/ws/{table}") as three:  # a spectator (the seat's person: test_seats)
                assert "too many connections" in three.receive_json()["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == 1013
        with c.websocket_connect(f"/ws/{table}") as again:  # room again
            assert again.receive_json()["type"] == "table"


def test_message_size_cap_and_rate_limit(sqlite_settings):
    with client(sqlite_settings, rate_per_second=0.2, rate_burst=5.0, flood_close_after=20) as c:
        # seed 3: seat 0 (the person) acts first (a random deal can give the bot an action
        # card to play first, moving the ply without the person)
        made = create(c, game="flip7", seats=["human", "random"], seed=3)
        table = made["table"]
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            _until(ws, "frame")
            for i in range(10):
                ws.send_json({"type": "ping", "ply": i})
            answers = [ws.receive_json() for _ in range(10)]
            pongs = [m for m in answers if m["type"] == "pong"]
            refused = [m for m in answers if m["type"] == "error"]
            assert 5 <= len(pongs) <= 6 and len(refused) == 10 - len(pongs)
            assert all("too many messages" in m["message"] for m in refused)
            assert sorted(m["ply"] for m in refused) == list(range(len(pongs), 10))  # each echoes its ply
            # flooding on closes the socket
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(100):
                    ws.send_json({"type": "ping"})
                for _ in range(200):
                    ws.receive_json()
            assert closed.value.code == 1008
        with c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws:
            _until(ws, "frame")
            ws.send_text(json.dumps({"type": "act", "action": "x" * 5000, "ply": 0}))
            err = _until(ws, "error")
            assert "at most 4096 bytes" in err["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009
        assert c.get(f"/api/tables/{table}").json()["ply"] == 0


def test_an_unexpected_failure_is_internal_error_without_a_trace(sqlite_settings, monkeypatch):
    def boom(self, seat, action, ply):
        raise RuntimeError("secret detail of the server")

    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"])
        monkeypatch.setattr(LiveTable, "submit", boom)
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            frame = _until(ws, "frame")
            ws.send_json({"type": "act", "action": "hit", "ply": frame["ply"]})
            err = _until(ws, "error")
        assert err["message"] == "internal error"


def test_reconnect_gets_the_frame_and_the_whole_history(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random", "random"], seed=21)
        table = made["table"]
        url = f"/ws/{table}?token={made['token']}"
        seen: list = []
        with c.websocket_connect(url) as ws:
            frame = _until(ws, "frame")
            seen += frame["events"]
            ws.send_json({"type": "act", "action": "hit", "ply": frame["ply"]})
            while True:  # the bots play on until it is seat 0's turn again (or the round ends)
                frame = _until(ws, "frame")
                seen += frame["events"]
                if frame["legal"] or frame["decision"]["kind"] == "over":
                    break
        with c.websocket_connect(url) as ws:
            assert _until(ws, "table")["you"] == 0
            again = _until(ws, "frame")
        assert again["ply"] == frame["ply"] and again["legal"] == frame["legal"] and again["view"] == frame["view"]
        assert again["events"] == seen and len(seen) > 3


def test_junk_never_changes_the_game_or_breaks_the_socket(sqlite_settings):
    import random

    rng = random.Random(12)
    pieces = [
        None,
        True,
        0,
        -1,
        2**70,
        1.5,
        "",
        "hit",
        "stay",
        "act",
        "ping",
        [],
        {},
        [1],
        {"a": 1},
        "\u0000",
        "é" * 10,
    ]

    def junk():
        kind = rng.random()
        if kind < 0.3:
            return "".join(chr(rng.randrange(1, 0x2FF)) for _ in range(rng.randrange(0, 40)))
        message = {
            k: rng.choice(pieces) for k in rng.sample(["type", "action", "ply", "seat", "x"], rng.randrange(0, 5))
        }
        if kind < 0.8:
            message["type"] = rng.choice(["act", "act", "ping", "nope", None, 3])
        if message.get("type") == "act" and message.get("ply") in (0, None):
            message["ply"] = -1  # never the current ply: junk must not be a legal move
        return json.dumps(message)

    with client(sqlite_settings, rate_per_second=1000.0, rate_burst=1000.0) as c:
        made = create(c, game="flip7", seats=["human", "human"], seed=2)
        arrive(c, made["table"], join(c, made["table"])["token"])
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            _until(ws, "frame")
            for _ in range(300):
                ws.send_text(junk())
                answer = ws.receive_json()
                assert answer["type"] in ("error", "pong"), answer
                if answer["type"] == "error":
                    assert answer["message"] and "Traceback" not in answer["message"]
            ws.send_json({"type": "ping"})
            assert _until(ws, "pong")["ply"] == 0
        assert c.get(f"/api/tables/{made['table']}").json()["ply"] == 0
