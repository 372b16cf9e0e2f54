"""issue 25 "Rematch": after a game its players may ask for a rematch — the same game,
seats and options at a new table with a new seed. Each person who accepts sits again at
their own seat (the same token), the bots are seated again, and the game starts once
every person is there; a person who does not come loses the seat after the seat timeout,
and anyone may take it with the join link."""

from __future__ import annotations

from fliptable.server.security import rematch_id

from .helpers import Player, Replayed, client, create, join, wait_for
from .test_seats import Clock, _until


def _play(c, table: str, tokens: list[str]) -> list[Player]:
    players = [Player(c, table, t, seed=k) for k, t in enumerate(tokens)]
    for p in players:
        p.start()
    for p in players:
        p.finish()
    return players


def _over(c, table: str) -> dict:
    return wait_for(lambda: (lambda f: f if f["over"] else None)(c.get(f"/api/tables/{table}").json()), timeout=60)


def test_a_rematch_seats_the_same_people_and_bots_with_a_new_seed(db_settings):
    with client(db_settings) as c:
        made = create(
            c,
            game="flip7",
            seats=["human", "human", "threshold:20"],
            name="Ana",
            options={"round_limit": 1},
            public=True,
        )
        table = made["table"]
        ben = join(c, table, "Ben")
        # not before the end
        r = c.post(f"/api/tables/{table}/rematch", json={"token": made["token"]})
        assert r.status_code == 403 and r.json()["error"] == "a rematch is offered once the game is over"
        _play(c, table, [made["token"], ben["token"]])
        old = _over(c, table)
        assert old["rematch"] is None
        # only a player of the table may ask, with their token
        for body, code, words in (
            ({}, 400, "with your seat's token"),
            ({"token": "nope"}, 403, "holds no seat"),
            ({"token": made["token"], "seat": 1}, 400, "unknown field 'seat'"),
        ):
            r = c.post(f"/api/tables/{table}/rematch", json=body)
            assert r.status_code == code and words in r.json()["error"], (body, r.text)
        with c.websocket_connect(f"/ws/{table}?token={ben['token']}") as ben_ws:
            _until(ben_ws, "table")
            r = c.post(f"/api/tables/{table}/rematch", json={"token": made["token"]})
            assert r.status_code == 201, r.text
            new = r.json()
            assert new["table"] == rematch_id(table) != table and new["seat"] == 0 and new["created"] is True
            assert new["join"].endswith(f"/table/{new['table']}")
            # Ben, still at the finished table, is told there is a rematch
            told = _until(ben_ws, "table")
            assert told["rematch"] == new["table"] and told["over"] is True
        assert c.get(f"/api/tables/{table}").json()["rematch"] == new["table"]
        # Ben accepts: the same table, his own seat
        again = c.post(f"/api/tables/{table}/rematch", json={"token": ben["token"]})
        assert again.status_code == 200 and again.json() == {**new, "seat": 1, "created": False}
        facts = c.get(f"/api/tables/{new['table']}").json()
        assert (facts["game"], facts["players"], facts["options"], facts["public"]) == (
            "flip7",
            3,
            old["options"],
            True,
        )
        assert [(s["kind"], s.get("bot"), s["name"], s["taken"]) for s in facts["seats"]] == [
            ("human", None, "Ana", True),
            ("human", None, "Ben", True),
            ("bot", "threshold:20", "threshold:20", True),
        ]
        assert facts["started"] is False and facts["seeded"] is False and facts["waiting_for"] == [0, 1]
        # each sits again with the token they had: the game starts and is played to the end
        ana_again, ben_again = _play(c, new["table"], [made["token"], ben["token"]])
        _over(c, new["table"])
        # each was sent the rematch's frames at their own seat, to its end
        for p, seat in ((ana_again, 0), (ben_again, 1)):
            assert {f["seat"] for f in p.frames} == {seat} and p.frames[-1]["decision"]["kind"] == "over"
        first = c.get(f"/api/tables/{table}/log").json()
        second = c.get(f"/api/tables/{new['table']}/log").json()
    assert second["seed"] != first["seed"]
    assert (second["game"], second["options"], second["players"]) == (first["game"], first["options"], first["players"])
    Replayed(second)  # a real game of the rules


def test_who_does_not_come_loses_the_seat_to_the_join_link(sqlite_settings):
    clock = Clock()
    with client(sqlite_settings, now=clock, seat_timeout_s=120.0, seat_check_s=3600.0) as c:
        lobby = c.app.state.lobby
        made = create(c, game="flip7", seats=["human", "human"], name="Ana", options={"round_limit": 1})
        table = made["table"]
        ben = join(c, table, "Ben")
        _play(c, table, [made["token"], ben["token"]])
        _over(c, table)
        # Ben asks; Ana (the first seat, the creator of the first table) does not come
        new = c.post(f"/api/tables/{table}/rematch", json={"token": ben["token"]}).json()["table"]
        with c.websocket_connect(f"/ws/{new}?token={ben['token']}") as ben_ws:
            facts = _until(ben_ws, "table")
            assert facts["waiting_for"] == [0] and not facts["started"]
            assert c.post(f"/api/tables/{new}/join", json={"name": "Cy"}).status_code == 409  # Ana's seat is hers
            clock.t += 121
            assert c.portal.call(lobby.free_stale_seats) == [(new, 0)]
            assert _until(ben_ws, "seat_freed")["seat"] == 0
            cy = join(c, new, "Cy")
            assert cy["seat"] == 0
            # Ana's old token holds no seat there any more
            with c.websocket_connect(f"/ws/{new}?token={made['token']}") as gone:
                assert gone.receive_json()["message"] == "this token holds no seat at this table"
            with c.websocket_connect(f"/ws/{new}?token={cy['token']}") as cy_ws:
                assert _until(cy_ws, "table")["seats"][0]["name"] == "Cy"
                assert _until(cy_ws, "frame")["ply"] == 0  # everyone is here: the game started


def test_the_rematch_is_found_again_after_a_restart(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"], options={"round_limit": 1})
        table = made["table"]
        _play(c, table, [made["token"]])
        _over(c, table)
        new = c.post(f"/api/tables/{table}/rematch", json={"token": made["token"]}).json()["table"]
    with client(sqlite_settings) as c:  # a new server process on the same database
        assert c.get(f"/api/tables/{table}").json()["rematch"] == new
        again = c.post(f"/api/tables/{table}/rematch", json={"token": made["token"]})
        assert again.status_code == 200 and again.json()["table"] == new
        with c.websocket_connect(f"/ws/{new}?token={made['token']}") as ws:
            assert _until(ws, "frame")["ply"] == 0  # the one person sits again: it starts
        assert c.get(f"/api/tables/{new}").json()["started"] is True


def test_options_the_current_rules_refuse_are_said_and_nothing_is_made(sqlite_settings, tmp_path):
    import sqlite3

    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"], options={"round_limit": 1})
        table = made["table"]
        _play(c, table, [made["token"]])
        _over(c, table)
    # a table stored under older rules, with an option these rules no longer have
    db = sqlite3.connect(tmp_path / "server.db")
    with db:
        db.execute("UPDATE ft_tables SET options = ? WHERE id = ?", ('{"round_limit": 1, "old_rule": true}', table))
    db.close()
    with client(sqlite_settings) as c:
        r = c.post(f"/api/tables/{table}/rematch", json={"token": made["token"]})
        assert r.status_code == 400, r.text
        message = r.json()["error"]
        assert (
            message.startswith("this table's options cannot be played again under the current rules: ")
            and "old_rule" in message
        ), message
        assert c.get(f"/api/tables/{rematch_id(table)}").status_code == 404
        assert c.get(f"/api/tables/{table}").json()["rematch"] is None
