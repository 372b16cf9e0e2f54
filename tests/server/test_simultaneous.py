"""A simultaneous step over the WebSocket protocol: FLAPS Level 2's TRUMPS, where every
player lays a card face down at once (docs/rules/flaps.md "K - TRUMPS"). A seat's
commitment is hidden from the other seats and spectators until everyone has committed;
a second commitment and a stale one are refused and change nothing; the game goes on
and every frame sent equals the log's frame for that seat. Level 4's SPOOF too: its cards
stay hidden past the simultaneous step, through the calls that follow it."""

from __future__ import annotations

from contextlib import ExitStack, contextmanager

from fliptable.core.registry import get_game

from .helpers import Player, Replayed, client, create, join, next_frame, stored_actions, wait_for

#: seed 13, three players, Level 2: seat 0's first card can be the K - TRUMPS of Diamonds
SEED, CALL = 13, "ktd:c"


def _frame(ws, ply: int) -> dict:
    """The next frame, which must be the one at ``ply``."""
    m = next_frame(ws, ply)
    assert m["ply"] == ply, f"expected the frame at ply {ply}, got {m['ply']}"
    return m


def _reply(ws, types=("error", "pong")) -> dict:
    while True:
        m = ws.receive_json()
        assert m["type"] != "frame", f"a frame arrived where none should: ply {m['ply']}"
        if m["type"] in types:
            return m


@contextmanager
def _three_seats_and_a_watcher(c, table: str, tokens: list[str]):
    """The three seats' sockets and a spectator's (in that order), a ``frames(ply)`` that
    reads the frame at ``ply`` on each of them, and ``seen``: each one's frames so far."""
    urls = [f"/ws/{table}?token={t}" for t in tokens] + [f"/ws/{table}"]
    with ExitStack() as stack:
        ws = [stack.enter_context(c.websocket_connect(u)) for u in urls]
        seen: dict = {s: [] for s in (0, 1, 2, None)}

        def frames(ply: int) -> list[dict]:
            out = [_frame(w, ply) for w in ws]
            for seat, f in zip((0, 1, 2, None), out, strict=True):
                seen[seat].append(f)
            return out

        yield ws, frames, seen


def _played_to_the_end(c, table: str, tokens: list[str], seen: dict) -> dict:
    """The three seats and a spectator play the game on to its end; every frame each was
    sent (``seen`` before, then these) equals the log's frame for it. The log."""
    players = [Player(c, table, t, seed=i) for i, t in enumerate(tokens)]
    watcher = Player(c, table, None)
    for p in (*players, watcher):
        p.start()
    for p in (*players, watcher):
        p.finish(120)
    log = c.get(f"/api/tables/{table}/log").json()
    assert log["result"]["over"] is True
    replayed = Replayed(log)
    for seat in (0, 1, 2, None):
        replayed.check(seat, seen[seat], whole=False)
    for seat, p in zip((0, 1, 2, None), (*players, watcher), strict=True):
        assert replayed.check(seat, p.frames) >= 1
    return log


def test_trumps_commitments_over_websockets(db_settings):
    state = get_game("flaps").new_state(3, {"level": 2}, SEED)
    assert CALL in state.legal_actions(0)
    with client(db_settings, rate_per_second=1000.0, rate_burst=1000.0) as c:
        made = create(c, game="flaps", seats=["human"] * 3, options={"level": 2}, seed=SEED, name="Ana")
        table = made["table"]
        tokens = [made["token"], join(c, table, "Ben")["token"], join(c, table, "Cy")["token"]]
        with _three_seats_and_a_watcher(c, table, tokens) as (ws, frames, seen):
            frames(0)
            ws[0].send_json({"type": "act", "action": CALL, "ply": 0})
            f = frames(1)
            assert f[0]["decision"] == {"kind": "simultaneous", "players": [0, 1, 2], "claimants": []}
            assert all(x["view"]["trumps"]["committed"] == [False] * 3 for x in f)
            assert all(x["legal"] and all(a.startswith("t:") for a in x["legal"]) for x in f[:3])
            assert f[3]["legal"] == []
            # Ben lays a card face down: the others see that he did, never which card
            ben_card = f[1]["legal"][0]
            ws[1].send_json({"type": "act", "action": ben_card, "ply": 1})
            f = frames(2)
            name = ben_card[2:]
            assert f[1]["view"]["trumps"]["mine"] == name and f[1]["legal"] == []
            assert f[1]["events"] == [{"type": "commit", "player": 1, "card": name}]
            for other in (f[0], f[2], f[3]):
                assert other["view"]["trumps"]["committed"] == [False, True, False]
                assert "mine" not in other["view"]["trumps"] or other["view"]["trumps"]["mine"] != name
                assert other["events"] == [{"type": "commit", "player": 1}]
            assert f[0]["legal"] and f[2]["legal"]  # the other two still choose
            # a second commitment is refused (illegal now), so is one for a moment that passed
            ws[1].send_json({"type": "act", "action": seen[1][1]["legal"][1], "ply": 2})
            refused = _reply(ws[1])
            assert (
                refused["type"] == "error"
                and refused["ply"] == 2
                and refused["message"].endswith(": it is not your move now")
            )
            ws[1].send_json({"type": "act", "action": ben_card, "ply": 1})
            stale = _reply(ws[1])
            assert stale["type"] == "error" and stale["ply"] == 1 and "that moment has passed" in stale["message"]
            ws[1].send_json({"type": "ping"})
            assert _reply(ws[1], ("pong",))["ply"] == 2
            assert len(stored_actions(c, table)) == 2
            # Cy answers the frame she chose from (ply 1): the same step, only Ben acted since
            cy_card = seen[2][1]["legal"][-1]
            ws[2].send_json({"type": "act", "action": cy_card, "ply": 1})
            f = frames(3)
            assert all(x["view"]["trumps"]["committed"] == [False, True, True] for x in f)
            assert f[0]["decision"]["players"] == [0] and f[0]["legal"]
            assert f[1]["legal"] == [] and f[2]["legal"] == []
            assert f[0]["events"] == [{"type": "commit", "player": 2}]
            # the last commitment resolves the step: the cards are turned up for everyone
            ana_card = f[0]["legal"][0]
            ws[0].send_json({"type": "act", "action": ana_card, "ply": 3})
            f = frames(4)
            assert f[0]["view"]["trumps"] is None
            assert f[3]["decision"]["kind"] == "turn"
            told = str(f[3]["events"])
            assert all(card[2:] in told for card in (ana_card, ben_card, cy_card))
        assert stored_actions(c, table) == [[0, CALL], [1, ben_card], [2, cy_card], [0, ana_card]]
        # the game goes on to its end through the same protocol
        log = _played_to_the_end(c, table, tokens, seen)
    assert len(log["actions"]) > 4


def test_a_bot_commits_beside_people_and_the_clock_plays_for_a_person_who_went_away(sqlite_settings):
    """A bot's commitment lands at its pace, and hidden; with a turn clock the step is
    finished for a person who does not choose (the game's timeout action)."""
    with client(sqlite_settings) as c:
        made = create(
            c,
            game="flaps",
            seats=["human", "human", "random"],
            options={"level": 2},
            seed=SEED,
            # 4 s: seat 1 answers the bot's frame well within the step's limit even on a loaded
            # machine (past it, the clock would play for seat 1 too, before seat 0)
            turn_limit_ms=4000,
            bot_delay_ms=100,
        )
        table = made["table"]
        other = join(c, table)
        with (
            c.websocket_connect(f"/ws/{table}?token={made['token']}") as a,
            c.websocket_connect(f"/ws/{table}?token={other['token']}") as b,
        ):
            _frame(a, 0)
            _frame(b, 0)
            a.send_json({"type": "act", "action": CALL, "ply": 0})
            _frame(a, 1)
            fb = _frame(b, 1)
            # the bot commits at its pace (100 ms): seat 1 sees that it did, not what
            fb = _frame(b, 2)
            assert fb["view"]["trumps"]["committed"] == [False, False, True]
            assert fb["events"] == [{"type": "commit", "player": 2}]
            assert fb["clock"] is not None and fb["clock"]["limit_ms"] == 4000.0
            b.send_json({"type": "act", "action": fb["legal"][0], "ply": 2})
            _frame(b, 3)
            # seat 0 never chooses (its socket sends nothing more): only the clock can lay
            # a card for it, and the step resolves (no wall-clock bound is asserted: the
            # limit counts from the step's start, the bot's thinking in its worker included)
            wait_for(lambda: len(stored_actions(c, table)) >= 4, timeout=20)
        actions = stored_actions(c, table)
    assert actions[3][0] == 0 and actions[3][1].startswith("t:")


#: seed 10, three players, Level 4: seat 0's first card can be the K - SPOOF of Clubs
SPOOF_SEED = 10


def test_spoof_lays_and_calls_over_websockets(db_settings):
    """FLAPS Level 4's SPOOF: after the face-down lays (a simultaneous step) the cards stay
    hidden through the calls (turns, one seat at a time) — each seat sees only its own,
    a spectator none — until the last call turns them up; a number already called is
    refused with the rule's words and changes nothing."""
    state = get_game("flaps").new_state(3, {"level": 4}, SPOOF_SEED)
    assert "ksc" in state.legal_actions(0)
    with client(db_settings, rate_per_second=1000.0, rate_burst=1000.0) as c:
        made = create(c, game="flaps", seats=["human"] * 3, options={"level": 4}, seed=SPOOF_SEED)
        table = made["table"]
        tokens = [made["token"], join(c, table)["token"], join(c, table)["token"]]
        with _three_seats_and_a_watcher(c, table, tokens) as (ws, frames, seen):
            frames(0)
            ws[0].send_json({"type": "act", "action": "ksc", "ply": 0})
            f = frames(1)
            assert f[0]["decision"] == {"kind": "simultaneous", "players": [0, 1, 2], "claimants": []}
            laid = {}
            for ply, seat in enumerate((1, 2, 0), start=1):  # each answers the frame it chose from (ply 1)
                laid[seat] = seen[seat][1]["legal"][0]
                assert laid[seat].startswith("t:")
                ws[seat].send_json({"type": "act", "action": laid[seat], "ply": 1})
                f = frames(ply + 1)
            cards = {s: a[2:] for s, a in laid.items()}

            def hidden(f: list[dict], calls: list) -> None:
                # the others' cards stay face down: a seat's spoof view holds its own card only
                for seat, frame in zip((0, 1, 2, None), f, strict=True):
                    mine = {} if seat is None else {"mine": cards[seat]}
                    assert frame["view"]["spoof"] == {"caller": 0, "committed": [True] * 3, "calls": calls, **mine}
                    for e in frame["events"]:
                        assert "card" not in e or e.get("player") == seat, e

            assert f[0]["decision"]["kind"] == "turn" and f[0]["decision"]["players"] == [1]
            hidden(f, [None] * 3)
            for seat in (0, 1, 2, None):  # the lays' events: a seat was told its own card only
                for frame in seen[seat]:
                    for e in frame["events"]:
                        if e["type"] == "commit":
                            assert ("card" in e) == (e["player"] == seat) and e.get(
                                "card", cards[e["player"]]
                            ) == cards[e["player"]]
            # the calls go round from the caller's left; a number taken is refused, nothing changes
            ws[1].send_json({"type": "act", "action": "call:20", "ply": 4})
            f = frames(5)
            hidden(f, [None, 20, None])
            assert f[2]["legal"] and "call:20" not in f[2]["legal"]
            ws[2].send_json({"type": "act", "action": "call:20", "ply": 5})
            refused = _reply(ws[2])
            assert refused["ply"] == 5 and "20 has been called already" in refused["message"]
            assert len(stored_actions(c, table)) == 5
            ws[2].send_json({"type": "act", "action": "call:21", "ply": 5})
            f = frames(6)
            hidden(f, [None, 20, 21])
            assert f[0]["decision"]["players"] == [0]
            ws[0].send_json({"type": "act", "action": "call:3", "ply": 6})
            f = frames(7)
            # the last call turns every card up, for every seat and the spectator
            for frame in f:
                told = str(frame["events"])
                assert all(repr(card) in told for card in cards.values()), told
        assert stored_actions(c, table) == [
            [0, "ksc"],
            [1, laid[1]],
            [2, laid[2]],
            [0, laid[0]],
            [1, "call:20"],
            [2, "call:21"],
            [0, "call:3"],
        ]
        _played_to_the_end(c, table, tokens, seen)
