"""``fliptable bench-server``: a real server, real websockets, a latency report."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys


def _bench_server(args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """``fliptable bench-server ARGS`` run in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "fliptable", "bench-server", *shlex.split(args)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_bench_server_measures_action_to_frame_latency():
    r = _bench_server("--tables 3 --players 3 --seconds 2 --think-ms 50 --json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["sockets"] == 9 and report["tables"] == 3
    assert report["actions"] > 10 and report["errors"] == 0
    assert 0 < report["p50_ms"] <= report["p90_ms"] <= report["p99_ms"] <= report["max_ms"]


def test_bench_server_user_errors():
    r = _bench_server("--players 99", timeout=60)
    assert r.returncode == 2 and "flip7 takes 1 to 12 players" in r.stderr and len(r.stderr.splitlines()) == 1


def test_bench_server_tells_refusals_from_errors():
    """Fly-swatter clients acting the instant each frame comes: some actions are refused
    (the rate limit; lost races when loaded), counted apart from errors, and only accepted
    actions are timed."""
    r = _bench_server("-g flyswatter --tables 3 --players 4 --seconds 2 --think-ms 0 --json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["errors"] == 0 and report["error_samples"] == [], report
    assert report["refused_stale"] >= 0 and report["refused_rate"] >= 0, report  # how many: the load's doing
    assert report["actions"] > 10 and report["p99_ms"] <= report["max_ms"]


class _ScriptedSocket:
    """A server's side of one seat, scripted: each action sent is answered by the next
    reply (an error echoing the action's ply, or nothing); frames follow in order."""

    def __init__(self, frames, replies):
        self.frames, self.replies, self.inbox, self.sent = list(frames), list(replies), [], []

    async def __aenter__(self):
        self.inbox.append(self.frames.pop(0))
        return self

    async def __aexit__(self, *exc):
        return False

    async def send(self, text):
        sent = json.loads(text)
        self.sent.append(sent)
        reply = self.replies.pop(0)
        if reply is not None:
            self.inbox.append({"type": "error", "ply": sent["ply"], "message": reply})
        self.inbox.append(self.frames.pop(0))

    async def recv(self):
        return json.dumps(self.inbox.pop(0))


def _frame(ply, events=(), over=False):
    return {
        "type": "frame",
        "ply": ply,
        "events": list(events),
        "legal": [] if over else ["swat:1"],
        "decision": {"kind": "over" if over else "race"},
    }


def test_bench_server_counts_lost_races_and_the_rate_limit_apart_from_errors(monkeypatch):
    """The bench's client tells the protocol's refusals (a stale ply, the rate limit) from
    real errors, and times only what a frame shows landed — whatever the machine's load."""
    import asyncio

    import websockets.asyncio.client as client

    from fliptable.bench.server import _Run

    socket = _ScriptedSocket(
        frames=[_frame(0), _frame(1), _frame(1), _frame(2), _frame(3, [{"player": 0}]), _frame(4, over=True)],
        replies=[
            "'swat:1' was meant for ply 0, but the window closed (the game is at ply 1); nothing changed",
            "too many messages: at most 20 a second",
            "something went wrong",
            None,
            None,
        ],
    )
    monkeypatch.setattr(client, "connect", lambda *a, **kw: socket)
    run = _Run("http://bench.invalid", "flyswatter", 1, 0.0, {}, 1)
    sleep = asyncio.sleep
    monkeypatch.setattr(asyncio, "sleep", lambda seconds: sleep(0))  # the rate limit's pause, skipped
    assert asyncio.run(run.seat("t", "token", 0)) is True
    assert (run.stale, run.rate_limited, run.errors) == (1, 1, 1)
    assert list(run.samples) == ["something went wrong"]
    assert len(run.latencies) == 1 and [a["ply"] for a in socket.sent] == [0, 1, 1, 2, 3]


def test_bench_server_with_bot_tables_and_the_race_probe():
    """The mode of issue 23: all-bot tables of searching bots play while a person's
    act -> frame and GET /api/games are timed, and the swat-race probe runs (what it
    reports, not how fast: no timing is asserted)."""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "fliptable",
            "bench-server",
            "--tables",
            "1",
            "--players",
            "2",
            "--bot-tables",
            "1",
            "--bot",
            "ismcts:iterations=20",
            "--race-probe",
            "--seconds",
            "3",
            "--think-ms",
            "50",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["bot_tables"] == 1 and report["bot"] == "ismcts:iterations=20" and report["errors"] == 0
    assert report["api_games_ms"]["samples"] > 0 and report["api_games_ms"]["p50"] <= report["api_games_ms"]["max"]
    probe = report["race_probe"]
    assert probe["gap_ms"] == 50.0 and 0 <= probe["earlier_won"] <= probe["races"]
    assert probe["share"] is None or 0.0 <= probe["share"] <= 1.0


def test_bench_server_flag_errors():
    for args, words in (
        (["--port", "0"], "--port must be 1 to 65535, not 0"),
        (["--bot-tables", "201"], "--bot-tables must be 0 to 200, not 201"),
        (["--bot-tables", "1", "--bot", "nosuchbot"], "unknown bot 'nosuchbot'"),
    ):
        r = subprocess.run(
            [sys.executable, "-m", "fliptable", "bench-server", *args], capture_output=True, text=True, timeout=60
        )
        assert r.returncode == 2 and words in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
