"""Time through the table driver on a real clock: a race decided by arrival at the
server (people first, then a bot at its reaction time), and a turn clock that plays the
game's timeout action for a player who went away."""

from __future__ import annotations

import time

from .helpers import client, create, join, next_frame, stored_actions


def test_flyswatter_race_is_decided_by_arrival(sqlite_settings):
    with client(sqlite_settings) as c:
        # the bot swats 4 s into a 6 s window: the people, however loaded the machine, come first
        made = create(
            c,
            game="flyswatter",
            seats=["human", "human", "swatter:rt=4000,sd=0,err=0"],
            seed=1,
            options={"window_ms": 6000},
        )
        table = made["table"]
        other = join(c, table)
        with (
            c.websocket_connect(f"/ws/{table}?token={made['token']}") as a,
            c.websocket_connect(f"/ws/{table}?token={other['token']}") as b,
        ):
            fa, fb = next_frame(a), next_frame(b)
            while fa["decision"]["kind"] != "race":  # flip on our turns until a swat window opens
                for ws, f in ((a, fa), (b, fb)):
                    if f["legal"] == ["flip"]:
                        ws.send_json({"type": "act", "action": "flip", "ply": f["ply"]})
                fa = next_frame(a, fa["ply"] + 1)
                fb = next_frame(b, fa["ply"])
            race_ply = fa["ply"]
            assert fa["decision"]["players"] == [0, 1, 2]
            assert fa["clock"]["limit_ms"] == 6000.0 and 0 < fa["clock"]["remaining_ms"] <= 6000.0
            swat = next(x for x in fa["legal"] if x.startswith("swat:"))
            # seat 1 arrives first, then seat 0 with the ply it saw (same window: still counts)
            b.send_json({"type": "act", "action": swat, "ply": race_ply})
            next_frame(b, race_ply + 1)
            a.send_json({"type": "act", "action": swat, "ply": race_ply})
            deadline = time.monotonic() + 10
            while len(stored_actions(c, table)) < race_ply + 2 and time.monotonic() < deadline:
                time.sleep(0.05)
        actions = stored_actions(c, table)
    assert actions[race_ply : race_ply + 2] == [[1, swat], [0, swat]]


def test_turn_clock_plays_for_a_player_who_went_away(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"], seed=4, turn_limit_ms=1000)
        table = made["table"]
        assert c.get(f"/api/tables/{table}").json()["turn_limit_ms"] == 1000.0
        # the clock starts once the person has connected, never before: timed from here, a
        # first frame read late (a loaded machine) cannot make the wait look shorter
        connecting = time.monotonic()
        with (
            c.websocket_connect(f"/ws/{table}?token={made['token']}") as ws,
            c.websocket_connect(f"/ws/{table}") as spectator,
        ):
            first = next_frame(ws)
            assert first["ply"] == 0 and first["decision"]["players"] == [0]
            assert first["clock"]["limit_ms"] == 1000.0 and first["clock"]["remaining_ms"] <= 1000.0
            start = time.monotonic()
            told = []
            while True:  # nobody acts: the clock does, and says so before the frame
                m = ws.receive_json()
                if m["type"] == "frame" and m["ply"] >= 1:
                    break
                told.append(m)
            played = time.monotonic()
            waited, waited_since_first = played - connecting, played - start
            seen = spectator.receive_json()
            while seen["type"] != "timeout":
                seen = spectator.receive_json()
        actions = stored_actions(c, table)
    assert waited >= 0.8 and waited_since_first < 15.0, (waited, waited_since_first)
    assert actions[0][0] == 0 and actions[0][1] in first["legal"]
    assert m["ply"] >= 1
    # the person is told what was played for them; others only that the clock played for seat 0
    assert [t for t in told if t["type"] == "timeout"] == [
        {"type": "timeout", "player": 0, "ply": 0, "action": actions[0][1]}
    ]
    assert seen == {"type": "timeout", "player": 0, "ply": 0, "action": None}


def test_friends_tables_have_no_turn_clock(sqlite_settings):
    with client(sqlite_settings) as c:
        made = create(c, game="flip7", seats=["human", "random"])
        with c.websocket_connect(f"/ws/{made['table']}?token={made['token']}") as ws:
            assert next_frame(ws)["clock"] is None


def test_a_claim_out_of_turn_is_accepted_through_the_driver(sqlite_settings):
    """Muggins: while it is seat 2's turn, seat 0 may call 'muggins' (a claimant): its
    claim arrives, lands and is logged as seat 0's action."""
    import random

    from fliptable.core.registry import get_game

    state = get_game("muggins").new_state(3, {}, 0)
    rng = random.Random(0)
    prefix = []
    while not state.decision().claimants:  # the same random opening as the kernel scan
        p = state.decision().players[0]
        action = rng.choice(state.legal_actions(p))
        prefix.append((p, action))
        state.apply(p, action)
    claimant = state.decision().claimants[0]
    with client(sqlite_settings) as c:
        made = create(c, game="muggins", seats=["human"] * 3, seed=0)
        table = made["table"]
        tokens = [made["token"], join(c, table)["token"], join(c, table)["token"]]
        sockets = [c.websocket_connect(f"/ws/{table}?token={t}") for t in tokens]
        ws = [s.__enter__() for s in sockets]
        try:
            frames = [next_frame(w) for w in ws]
            for ply, (seat, action) in enumerate(prefix):
                ws[seat].send_json({"type": "act", "action": action, "ply": ply})
                frames = [next_frame(w, ply + 1) for w in ws]
            ply = len(prefix)
            mine = frames[claimant]
            assert mine["decision"]["claimants"] == [claimant] and "muggins" in mine["legal"]
            assert mine["decision"]["players"] != [claimant]
            ws[claimant].send_json({"type": "act", "action": "muggins", "ply": ply})
            after = next_frame(ws[claimant], ply + 1)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
        actions = stored_actions(c, table)
    assert actions[ply] == [claimant, "muggins"] and after["ply"] == ply + 1
