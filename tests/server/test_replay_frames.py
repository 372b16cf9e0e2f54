"""``GET /api/tables/{id}/frames``: a finished game's table at every ply, for the replay
viewer — the spectator's frames, or with a seat's token that seat's; each equal to the
frame the log gives at that ply, the events in order; refused while the game is played."""

from __future__ import annotations

from fliptable.server.narration import line

from .helpers import Player, Replayed, client, create, wait_for


def _body(frame: dict) -> dict:
    return {k: v for k, v in frame.items() if k not in ("events", "narration", "action")}


def test_frames_at_every_ply_of_a_finished_game(db_settings):
    with client(db_settings) as c:
        made = create(c, game="flip7", seats=["human", "threshold"], options={"round_limit": 1}, seed=8)
        table = made["table"]
        ana = Player(c, table, made["token"], seed=1, stop_at_ply=2)
        ana.start()
        ana.finish()
        # while the game is played: refused (the seat's future would not leak, but the log's seed may)
        r = c.get(f"/api/tables/{table}/frames")
        assert r.status_code == 403 and "once the game is over" in r.json()["error"]
        ana = Player(c, table, made["token"], seed=1)
        ana.start()
        ana.finish()
        log = c.get(f"/api/tables/{table}/log").json()
        watched = c.get(f"/api/tables/{table}/frames").json()
        mine = c.get(f"/api/tables/{table}/frames", params={"token": made["token"]}).json()
        wrong = c.get(f"/api/tables/{table}/frames", params={"token": "not-a-token"})
    assert wrong.status_code == 403 and "holds no seat" in wrong.json()["error"]
    replayed = Replayed(log)
    n = len(log["actions"])
    for seat, got in ((None, watched), (0, mine)):
        assert got["seat"] == seat and len(got["frames"]) == n + 1
        assert [_body(f) for f in got["frames"]] == [replayed.frames[k][seat] for k in range(n + 1)]
        assert [e for f in got["frames"] for e in f["events"]] == replayed.events[seat]
        assert [f["action"] for f in got["frames"]] == [None] + log["actions"]
        # each event's line as the game words it for that reader (the live table's lines)
        game = replayed.state.game
        assert [f["narration"] for f in got["frames"]] == [
            [line(game, e, seat) for e in f["events"]] for f in got["frames"]
        ]
    lines = [x for f in mine["frames"] for x in f["narration"]]
    assert any(x.startswith("you ") for x in lines) and not any("seat 0" in x for x in lines)
    # the seat's frames show its hand's legal actions; the spectator's never
    assert any(f["legal"] for f in mine["frames"]) and not any(f["legal"] for f in watched["frames"])


def test_the_frames_come_compressed_to_a_client_that_accepts_it(sqlite_settings):
    with client(sqlite_settings) as c:
        table = create(c, game="flip7", seats=["random", "random"], options={"round_limit": 2}, seed=2)["table"]
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["over"])
        plain = c.get(f"/api/tables/{table}/frames", headers={"Accept-Encoding": "identity"})
        packed = c.get(f"/api/tables/{table}/frames", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) * 3 < len(plain.content)
    assert packed.json() == plain.json()  # the same frames, a third of the bytes or less


def test_a_seats_frames_show_its_hand_and_no_other(sqlite_settings):
    """FLAPS hides hands: the seat's replay frames carry its own hand (as the log gives
    it at each ply) and the spectator's carry none."""
    with client(sqlite_settings) as c:
        made = create(c, game="flaps", seats=["human", "random"], options={"level": 2}, seed=13)
        table = made["table"]
        Player(c, table, made["token"], seed=3).start()
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["over"], timeout=60)
        log = c.get(f"/api/tables/{table}/log").json()
        mine = c.get(f"/api/tables/{table}/frames", params={"token": made["token"]}).json()["frames"]
        watched = c.get(f"/api/tables/{table}/frames").json()["frames"]
    replayed = Replayed(log)
    assert [_body(f) for f in mine] == [replayed.frames[k][0] for k in range(len(mine))]
    assert [_body(f) for f in watched] == [replayed.frames[k][None] for k in range(len(watched))]
    assert all(isinstance(f["view"]["hand"], list) for f in mine)
    assert not any("hand" in f["view"] for f in watched)


def test_a_seats_token_opens_only_its_own_tables_frames(sqlite_settings):
    """A token is a seat at one table: at another finished table it is refused (not taken
    for a spectator's or some seat's frames), and at its own table while the game is
    played it opens nothing either."""
    with client(sqlite_settings) as c:
        done = create(c, game="flaps", seats=["human", "random"], options={"level": 2}, seed=13)
        Player(c, done["table"], done["token"], seed=3).start()
        other = create(c, game="flaps", seats=["human", "random"], options={"level": 2}, seed=14)
        playing = Player(c, other["table"], other["token"], seed=3, stop_at_ply=1)
        playing.start()
        playing.finish()
        wait_for(lambda: c.get(f"/api/tables/{done['table']}").json()["over"], timeout=60)
        crossed = c.get(f"/api/tables/{done['table']}/frames", params={"token": other["token"]})
        early = c.get(f"/api/tables/{other['table']}/frames", params={"token": other["token"]})
        own = c.get(f"/api/tables/{done['table']}/frames", params={"token": done["token"]})
    assert crossed.status_code == 403 and list(crossed.json()) == ["error"]
    assert early.status_code == 403 and list(early.json()) == ["error"]
    assert own.status_code == 200 and own.json()["seat"] == 0


def test_replays_are_limited_per_address(sqlite_settings):
    # each request replays the whole game (tens of ms of CPU for a long one, on the
    # loop every live table shares): one address may not ask for them without end
    with client(sqlite_settings, replays_per_minute=3) as c:
        table = create(c, game="flip7", seats=["random", "random"], options={"round_limit": 1}, seed=2)["table"]
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["over"])
        codes = [c.get(f"/api/tables/{table}/frames").status_code for _ in range(4)]
        r = c.get(f"/api/tables/{table}/frames")
        assert c.get(f"/api/tables/{table}").status_code == 200  # the rest of the API is not limited by it
    assert codes == [200, 200, 200, 429]
    assert r.status_code == 429 and r.json() == {"error": "at most 3 replays a minute from one address"}


def test_a_finished_table_is_not_replayed_on_the_servers_loop_for_every_visitor(sqlite_settings, monkeypatch):
    """A finished game that is no longer in memory: its facts, its log, a join or a free
    cost a database read, never a replay of the game (a 20-game FLAPS match is some 2,600
    plies, 40 ms of the server's only loop each: anyone asking again and again froze every
    table). A spectator's connection, which gets the final frame, replays it, and is
    limited per address as replays are."""
    from fliptable.server import live as live_module

    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"], options={"round_limit": 1}, seed=8)
        table = made["table"]
        Player(c, table, made["token"], seed=1).start()
        wait_for(lambda: c.get(f"/api/tables/{table}").json()["over"])
    replays = []
    real = live_module.start_state
    monkeypatch.setattr(live_module, "start_state", lambda log: replays.append(log.game) or real(log))
    with client(sqlite_settings, replays_per_minute=2) as c:  # a new server: nothing in memory
        for _ in range(5):
            facts = c.get(f"/api/tables/{table}").json()
            assert facts["over"] and facts["result"] is not None
        assert c.get(f"/api/tables/{table}/log").status_code == 200
        assert c.post(f"/api/tables/{table}/join", json={}).status_code == 409
        assert c.post(f"/api/tables/{table}/free", json={"token": made["token"], "seat": 1}).status_code in (400, 403)
        assert replays == []
        for _ in range(2):  # a spectator: the final frame
            with c.websocket_connect(f"/ws/{table}") as ws:
                assert ws.receive_json()["type"] == "table"
                frame = ws.receive_json()
                assert frame["type"] == "frame" and frame["decision"]["kind"] == "over"
        assert replays == ["flip7", "flip7"]
        with c.websocket_connect(f"/ws/{table}") as ws:  # a third within the minute
            message = ws.receive_json()
            assert message["type"] == "error" and "at most 2 replays a minute" in message["message"]
