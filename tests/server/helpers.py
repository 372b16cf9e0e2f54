"""Helpers of the server's tests: clients that play over the WebSocket protocol, and the
frames and events a finished game's log says each seat should have been sent."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from fliptable.core.log import parse_log, start_state
from fliptable.server.app import create_app
from fliptable.server.config import Settings
from fliptable.server.narration import line


def client(settings: Settings, **changes: Any) -> TestClient:
    """A TestClient on a new application (use it as a context manager: lifespan)."""
    return TestClient(create_app(replace(settings, **changes) if changes else settings))


def create(c: TestClient, **body: Any) -> dict:
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def join(c: TestClient, table: str, name: str | None = None) -> dict:
    r = c.post(f"/api/tables/{table}/join", json={} if name is None else {"name": name})
    assert r.status_code == 200, r.text
    return r.json()


def next_frame(ws, ply_at_least: int = 0) -> dict:
    """The next frame on ``ws`` at ply ``ply_at_least`` or later (other messages skipped)."""
    while True:
        m = ws.receive_json()
        if m["type"] == "frame" and m["ply"] >= ply_at_least:
            return m


def stored_actions(c: TestClient, table: str) -> list:
    """The actions the store holds for ``table``."""
    return c.portal.call(c.app.state.lobby.store.load_actions, table)


def arrive(c: TestClient, table: str, token: str) -> None:
    """The seat's person connects once and goes (a game starts only once every person
    at it has connected: docs/server.md)."""
    with c.websocket_connect(f"/ws/{table}?token={token}") as ws:
        assert ws.receive_json()["type"] == "table"


class Player(threading.Thread):
    """A person at a browser, as a thread: connects with ``token`` (None: a spectator),
    records every message, and answers every frame that has legal actions with
    ``choose(frame)`` until the game is over (or ``stop_at_ply`` is reached)."""

    def __init__(
        self,
        c: TestClient,
        table: str,
        token: str | None,
        choose: Callable[[dict], str] | None = None,
        seed: int = 0,
        stop_at_ply: int | None = None,
    ):
        super().__init__(daemon=True)
        self.c, self.table, self.token = c, table, token
        rng = random.Random(seed)
        self.choose = choose or (lambda frame: rng.choice(frame["legal"]))
        self.stop_at_ply = stop_at_ply
        self.messages: list[dict] = []
        self.error: BaseException | None = None

    @property
    def frames(self) -> list[dict]:
        return [m for m in self.messages if m["type"] == "frame"]

    def run(self) -> None:
        url = f"/ws/{self.table}" + (f"?token={self.token}" if self.token else "")
        try:
            with self.c.websocket_connect(url) as ws:
                sent: dict | None = None  # the last action sent, until a frame follows it
                while True:
                    m = ws.receive_json()
                    self.messages.append(m)
                    if m["type"] == "table" and m["over"]:
                        return  # sent after the last frame, with the result
                    if (
                        m["type"] == "error"
                        and sent is not None
                        and m["ply"] == sent["ply"]
                        and m["message"].startswith("too many messages")
                    ):
                        time.sleep(0.1)  # a bot at pace 0 answers at once: past the rate limit,
                        ws.send_json(sent)  # the person waits a moment and acts again
                        continue
                    if m["type"] != "frame" or m["decision"]["kind"] == "over":
                        continue
                    sent = None
                    if self.stop_at_ply is not None and m["ply"] >= self.stop_at_ply:
                        return
                    if m["legal"] and self.token:
                        sent = {"type": "act", "action": self.choose(m), "ply": m["ply"]}
                        ws.send_json(sent)
        except BaseException as exc:  # reported by finish()
            self.error = exc

    def finish(self, timeout: float = 60.0) -> Player:
        self.join(timeout)
        assert not self.is_alive(), f"player at {self.table} did not finish in {timeout} s"
        if self.error is not None:
            raise self.error
        return self


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Replayed:
    """A finished game's log replayed: each seat's frame at every ply and every event as
    each seat saw it — what the server should have sent."""

    def __init__(self, log: dict):
        parsed = parse_log(log)
        state = start_state(parsed)
        n = state.players
        seats = [*range(n), None]
        self.frames: list[dict] = [{s: _json(state.frame(s)) for s in seats}]
        self.events: dict = {s: [_json(e.for_player(s)) for e in state.opening] for s in seats}
        for seat, action in parsed.actions:
            events = state.apply(seat, action)
            for s in seats:
                self.events[s] += [_json(e.for_player(s)) for e in events]
            self.frames.append({s: _json(state.frame(s)) for s in seats})
        self.state = state

    def check(self, seat: int | None, frames: list[dict], whole: bool = True) -> int:
        """Every frame sent to ``seat`` equals the log's frame at its ply; the events sent
        are, in order, the seat's events (``whole``: all of them, none missing). The
        number of frames checked."""
        sent_events: list = []
        game = self.state.game
        for f in frames:
            body = {k: v for k, v in f.items() if k not in ("type", "events", "narration", "clock")}
            expected = self.frames[f["ply"]][seat]
            assert body == expected, f"seat {seat}'s frame at ply {f['ply']} differs from the log's"
            # each event's line, as the game words it for this seat (the terminal's text)
            assert f["narration"] == [line(game, e, seat) for e in f["events"]], (
                f"seat {seat}'s narration at ply {f['ply']} is not the game's"
            )
            sent_events += f["events"]
        if whole:
            assert sent_events == self.events[seat], f"seat {seat}'s events differ from the log's"
        return len(frames)


def wait_for(predicate: Callable[[], Any], timeout: float = 60.0, every: float = 0.02) -> Any:
    """``predicate()``'s first true value, asked every ``every`` s. The default wait is
    sized for a loaded machine (CI runs the suite on two busy cores): a table with bots
    starts only once the pool's first worker is up, which alone may take seconds."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(every)
