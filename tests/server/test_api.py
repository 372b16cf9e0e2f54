"""The HTTP API: the game list, creating, joining, public facts, the log only once
over, tokens stored hashed, one-line errors with their statuses."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import select

from fliptable.core.registry import REFERENCE_GAME, all_game_ids
from fliptable.server.lobby import Lobby
from fliptable.server.models import seats
from fliptable.server.store import Store

from .helpers import Replayed, client, create, join, wait_for


def test_games_list_for_the_lobby(sqlite_settings):
    with client(sqlite_settings) as c:
        games = c.get("/api/games").json()["games"]
    ids = [g["id"] for g in games]
    assert ids == all_game_ids()
    flip7 = games[ids.index("flip7")]
    assert flip7["players"] == [1, 12] and "ev" in flip7["bots"] and "random" in flip7["bots"]
    assert {o["name"] for o in flip7["options"]} >= {"rules"}
    assert all({"name", "default", "accepted"} <= set(o) for o in flip7["options"])
    assert games[ids.index("flyswatter")]["dynamics"] == "real-time"
    # beside people, Fly-swatter's gentler bot (issue 25): a choice in the lobby, its default
    fly = games[ids.index("flyswatter")]
    assert fly["play_bot"] == "swatter:rt=900,sd=250" and fly["play_bot"] in fly["bots"]
    assert fly["default_bot"] == "swatter" and flip7["play_bot"] == flip7["default_bot"] == "ev"


def test_create_join_and_public_facts(db_settings):
    with client(db_settings) as c:
        made = create(
            c,
            game="flip7",
            seats=["human", "ev", "human", "human"],
            options={"rules": "official"},
            name="Ana",
            public=True,
        )
        table = made["table"]
        assert set(made) == {"table", "seat", "token", "join"} and made["seat"] == 0
        assert len(made["token"]) >= 40
        facts = c.get(f"/api/tables/{table}").json()
        assert facts["options"]["rules"] == "official" and facts["started"] is False and facts["public"] is True
        assert [s["taken"] for s in facts["seats"]] == [True, True, False, False]
        assert facts["seats"][1] == {"seat": 1, "kind": "bot", "name": "ev", "bot": "ev", "taken": True}
        text = c.get(f"/api/tables/{table}").text
        assert made["token"] not in text and "seed" not in text.replace("seeded", "")
        # the log is refused while the game is played
        r = c.get(f"/api/tables/{table}/log")
        assert r.status_code == 403 and "over" in r.json()["error"]
        first = join(c, table, "Ben")
        assert first["seat"] == 2 and c.get(f"/api/tables/{table}").json()["started"] is False
        second = join(c, table)
        assert second["seat"] == 3
        assert len({made["token"], first["token"], second["token"]}) == 3
        facts = c.get(f"/api/tables/{table}").json()
        # every seat is taken: the game starts once each person has connected
        assert facts["started"] is False and facts["seats"][2]["name"] == "Ben"
        assert facts["waiting_for"] == [0, 2, 3] and facts["expired"] is False
        tokens = (made["token"], first["token"], second["token"])
        sockets = [c.websocket_connect(f"/ws/{table}?token={t}") for t in tokens]
        for s in sockets:
            s.__enter__().receive_json()
        try:
            facts = wait_for(lambda: (lambda f: f if f["started"] else None)(c.get(f"/api/tables/{table}").json()))
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        assert facts["waiting_for"] == []
        r = c.post(f"/api/tables/{table}/join", json={"name": "Cy"})
        assert r.status_code == 409 and "taken" in r.json()["error"]
        assert c.get(f"/api/tables/{table}/log").status_code == 403
        assert [t["table"] for t in c.get("/api/tables?status=running").json()["tables"]] == [table]
        assert c.get("/api/tables?status=open").json()["tables"] == []
        # tokens are stored hashed: the database holds the SHA-256, never the token
        lobby: Lobby = c.app.state.lobby
        hashes = c.portal.call(_seat_hashes, lobby.store, table)
    assert hashes == [
        hashlib.sha256(t.encode()).hexdigest()
        for t in (made["token"], None, first["token"], second["token"])
        if t is not None
    ]
    assert not any(t in " ".join(hashes) for t in (made["token"], first["token"], second["token"]))


async def _seat_hashes(store: Store, table: str) -> list:
    """Every stored token hash of the table's seats (bots have none)."""
    async with store.engine.connect() as conn:
        rows = await conn.execute(select(seats.c.token_hash).where(seats.c.table_id == table).order_by(seats.c.seat))
        return [r[0] for r in rows.all() if r[0] is not None]


def test_all_bot_table_starts_at_once_and_its_log_is_served_when_over(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["random", "random", "random"], seed="abc", public=True)
        assert made["seat"] is None and made["token"] is None
        table = made["table"]
        # bots at full speed, once the pool's first worker is up (seconds on a loaded machine)
        facts = wait_for(lambda: (lambda f: f if f["over"] else None)(c.get(f"/api/tables/{table}").json()), timeout=60)
        assert facts["over"] and facts["seeded"] is True
        log = c.get(f"/api/tables/{table}/log").json()
        assert log["seed"] == "abc" and len(log["actions"]) == facts["ply"] and log["result"] == facts["result"]
        listed = c.get("/api/tables?status=over").json()["tables"]
        assert [t["table"] for t in listed] == [table] and listed[0]["result"] == facts["result"]
    with client(sqlite_settings, resume=False) as c:  # a new server lists it from the database alone
        assert [t["table"] for t in c.get("/api/tables").json()["tables"]] == [table]
        assert c.app.state.lobby.live == {}
        # and shows the finished game to a spectator: the last frame and the whole history
        with c.websocket_connect(f"/ws/{table}") as ws:
            told = ws.receive_json()
            assert told["type"] == "table" and told["over"] is True and told["you"] is None
            frame = ws.receive_json()
            while frame["type"] != "frame":
                frame = ws.receive_json()
    replayed = Replayed(log)
    assert frame["decision"]["kind"] == "over" and frame["ply"] == len(log["actions"])
    replayed.check(None, [frame])


@pytest.mark.parametrize(
    "body,status,words",
    [
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"game": "flip7", "options": {"rules": "house"}}, 400, "rulebook|official"),
        ({"game": "flip7", "seats": ["human", "grandmaster"]}, 400, "unknown bot 'grandmaster'"),
        ({"game": "flip7", "seats": ["human", "ev"], "players": 3}, 400, "players is 3 but 2 seats"),
        ({"game": "flyswatter", "seats": ["human"]}, 400, "2 to 8 players"),
        ({"game": "flaps", "players": 12}, 400, "12 players need two packs: option packs=2"),
        ({"game": "flip7", "colour": "red"}, 400, "unknown field 'colour'"),
        ({"game": "flip7", "seed": 1.5}, 400, "seed must be a non-negative integer or text"),
        ({"game": "flip7", "seed": -5}, 400, "seed must be a non-negative integer or text, got -5"),
        ({"game": "flip7", "turn_limit_ms": 5}, 400, "turn_limit_ms must be a number of milliseconds in 1000"),
        ({"game": "flip7", "turn_limit_ms": "1000"}, 400, 'in 1000..3600000, got "1000"'),  # text, quoted as text
        ({"game": "flip7", "players": "4"}, 400, 'flip7 takes 1 to 12 players, not "4"'),
        ({"game": "flip7", "options": "fast"}, 400, 'got "fast"'),
        # JSON's null, true and lists are shown as JSON spells them, not as Python would
        ({"game": "flip7", "public": None}, 400, "or false (reached by its link), got null"),
        ({"game": "flip7", "seed": True}, 400, "non-negative integer or text, got true"),
        ({"game": "flip7", "options": ["fast"]}, 400, 'option: value, got ["fast"]'),
        ({"game": "flip7", "players": {"n": 4}}, 400, 'not {"n": 4}'),
        ({"game": "flip7", "name": "x" * 41}, 400, "at most 40"),
        ({"game": "flip7", "turn_limit_ms": 2000, "bot_delay_ms": 2000}, 400, "must be shorter than turn_limit_ms"),
        ([1, 2], 400, "JSON object"),
    ],
)
def test_bad_requests_are_one_line(sqlite_settings, body, status, words):
    with client(sqlite_settings) as c:
        r = c.post("/api/tables", json=body)
    assert r.status_code == status
    message = r.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message


def test_the_example_of_a_request_is_a_table_the_server_makes(sqlite_settings):
    with client(sqlite_settings) as c:
        message = c.post("/api/tables", json=[1, 2]).json()["error"]
        example = json.loads(message.split(" like ", 1)[1])
        assert example["game"] == REFERENCE_GAME  # the registry's, not a name written here
        assert c.post("/api/tables", json=example).status_code == 201


def test_limits_origin_and_internal_errors(sqlite_settings, monkeypatch):
    with client(sqlite_settings, creates_per_minute=5) as c:
        r = c.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
        r = c.post("/api/tables", content=b"[" * 70000)
        assert r.status_code == 413
        r = c.post("/api/tables", json={"game": "flip7"}, headers={"origin": "https://evil.example"})
        assert r.status_code == 403 and "origin" in r.json()["error"]
        assert c.post("/api/tables", json={"game": "flip7"}, headers={"origin": "http://testserver"}).status_code == 201
        assert c.get("/api/tables/nosuch").status_code == 404
        assert c.post("/api/tables/nosuch/join").status_code == 404
        assert c.get("/api/tables/nosuch/log").status_code == 404
        assert c.get("/api/tables?status=weird").status_code == 400

        async def boom(self, spec):
            raise RuntimeError("secret detail of the server")

        with monkeypatch.context() as m:
            m.setattr(Lobby, "create", boom)
            r = c.post("/api/tables", json={"game": "flip7"})
            assert r.status_code == 500 and r.json() == {"error": "internal error"}
        # every attempt counts towards the limit: 4 so far (the origin check comes first)
        assert c.post("/api/tables", json={"game": "flip7"}).status_code == 201
        r = c.post("/api/tables", json={"game": "flip7"})
        assert r.status_code == 429 and "5 tables a minute" in r.json()["error"]


def test_the_browser_client_is_served_and_unknown_api_paths_are_json(sqlite_settings):
    from importlib import resources

    index = resources.files("fliptable") / "web" / "index.html"
    with client(sqlite_settings) as c:
        home, page = c.get("/"), c.get("/table/anything")
        missing = c.get("/api/nothing/here")
        wrong_method = c.delete("/api/tables")
        # the web assets only: never the package's Python sources, caches or notes
        sources = [
            c.get(p).status_code
            for p in (
                "/faces.py",
                "/__init__.py",
                "/README.md",
                "/__pycache__/",
                "/__pycache__/faces.cpython-312.pyc",
                "/%2e%2e/cli.py",
                "/../server/app.py",
                "/FACES.PY",
            )
        ]
        if index.is_file():
            for asset in ("/app.js", "/style.css", "/index.html", "/faces.js", "/table.js"):
                assert c.get(asset).status_code == 200, asset
    if index.is_file():
        assert home.status_code == page.status_code == 200
        assert home.text == page.text == index.read_text()
    else:
        assert home.status_code == 404 and "browser client is not installed" in home.json()["error"]
    assert missing.status_code == 404 and "no such API" in missing.json()["error"]
    assert sources == [404] * len(sources)
    assert wrong_method.status_code == 404 and "DELETE /api/tables" in wrong_method.json()["error"]


def test_concurrent_joins_give_each_seat_once(db_settings):
    import threading

    with client(db_settings) as c:
        made = create(c, game="flip7", seats=["human"] * 4)
        table = made["table"]
        answers: list = []

        def join_once(i):
            r = c.post(f"/api/tables/{table}/join", json={"name": f"p{i}"})
            answers.append((r.status_code, r.json()))

        threads = [threading.Thread(target=join_once, args=(i,)) for i in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        facts = c.get(f"/api/tables/{table}").json()
    ok = [a for code, a in answers if code == 200]
    assert sorted(a["seat"] for a in ok) == [1, 2, 3]
    assert sorted(code for code, _ in answers) == [200] * 3 + [409] * 7
    assert not facts["started"] and all(s["taken"] for s in facts["seats"])  # nobody connected yet
    assert facts["waiting_for"] == [0, 1, 2, 3]
