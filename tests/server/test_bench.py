"""``fliptable bench-server``: a real server, real websockets, a latency report."""
from __future__ import annotations

import json
import subprocess
import sys


def test_bench_server_measures_action_to_frame_latency():
    r = subprocess.run([sys.executable, "-m", "fliptable", "bench-server", "--tables", "3", "--players", "3",
                        "--seconds", "2", "--think-ms", "50", "--json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["sockets"] == 9 and report["tables"] == 3
    assert report["actions"] > 10 and report["errors"] == 0
    assert 0 < report["p50_ms"] <= report["p90_ms"] <= report["p99_ms"] <= report["max_ms"]


def test_bench_server_user_errors():
    r = subprocess.run([sys.executable, "-m", "fliptable", "bench-server", "--players", "99"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "flip7 takes 1 to 12 players" in r.stderr and len(r.stderr.splitlines()) == 1


def test_bench_server_tells_refusals_from_errors():
    """Fly-swatter clients acting the instant each frame comes: some actions are refused
    (the rate limit; lost races when loaded), counted apart from errors, and only accepted
    actions are timed."""
    r = subprocess.run([sys.executable, "-m", "fliptable", "bench-server", "-g", "flyswatter", "--tables", "3",
                        "--players", "4", "--seconds", "2", "--think-ms", "0", "--json"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["errors"] == 0 and report["error_samples"] == [], report
    assert report["refused_stale"] + report["refused_rate"] > 0, report
    assert report["actions"] > 10 and report["p99_ms"] <= report["max_ms"]
