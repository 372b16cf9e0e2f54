"""A run's bounds, and its worker processes stopping with it: SIGTERM to ``simulate``
stops every worker (exit 143, one line), and workers die with a parent killed outright."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fliptable.sim.parallel import MAX_WORKERS, run_jobs
from fliptable.sim.simulate import MAX_GAMES, _chunks
from tests.cli.helpers import one_line_error, run

ROOT = Path(__file__).resolve().parents[2]
linux_only = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")


def _descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (a forkserver's workers are its grandchildren)."""
    found, stack = [], [pid]
    while stack:
        here = stack.pop()
        try:
            kids = [
                int(k)
                for task in os.listdir(f"/proc/{here}/task")
                for k in Path(f"/proc/{here}/task/{task}/children").read_text().split()
            ]
        except OSError:
            kids = []
        found += kids
        stack += kids
    return found


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status  # a zombie has stopped (its parent reaps it)


def _simulate_for_ever(workers: int) -> subprocess.Popen:
    """``fliptable simulate`` of a million Flip 7 games on ``workers`` processes, started."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fliptable",
            "simulate",
            "flip7",
            "--games",
            "1000000",
            "--workers",
            str(workers),
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _start_long_run() -> tuple[subprocess.Popen, list[int]]:
    proc = _simulate_for_ever(2)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = _descendants(proc.pid)
    time.sleep(0.3)
    workers = _descendants(proc.pid)
    if len(workers) < 2:
        proc.kill()
        pytest.fail(f"the run did not start its two workers: {workers}")
    return proc, workers


def _gone(pids: list[int], seconds: float = 10.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(_running(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if _running(p)]


@linux_only
def test_sigterm_stops_every_worker_and_reports_one_line():
    proc, workers = _start_long_run()
    try:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)  # a worker left running would hold the pipes open
    finally:
        proc.kill()
        for pid in _descendants(proc.pid):
            os.kill(pid, signal.SIGKILL)
    assert _gone(workers) == []
    assert proc.returncode == 143 and out == "" and err == "fliptable: error: terminated\n"


@linux_only
def test_workers_die_with_a_parent_killed_outright():
    proc, workers = _start_long_run()
    proc.kill()  # SIGKILL: the parent runs no code at all
    proc.wait(10)
    left = _gone(workers)
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == []


@pytest.mark.parametrize(
    "args,phrase",
    [
        (
            ["simulate", "flip7", "--games", "99999999999999999999999"],
            "--games must be a whole number from 1 to 1,000,000,000",
        ),
        (["simulate", "flip7", "--games", str(MAX_GAMES + 1)], "not 1000000001"),
        (["simulate", "flip7", "--games", "-3"], "--games"),
        (
            ["simulate", "flip7", "--games", "2", "--workers", "100000"],
            f"--workers must be a whole number from 1 to {MAX_WORKERS}",
        ),
        (["simulate", "flip7", "--games", "2", "--workers", "-1"], "--workers"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "1000001"], "1 to 1,000,000"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4", "--workers", "257"], "1 to 256"),
    ],
)
def test_counts_out_of_bounds_are_one_line_before_any_game(capsys, monkeypatch, args, phrase):
    started = []
    for module in ("fliptable.sim.simulate", "fliptable.sim.parallel"):  # tournament: parallel.gather
        monkeypatch.setattr(f"{module}.run_jobs", lambda *a, **k: started.append(a))
    code, out, err = run(capsys, *args)
    one_line_error(code, err)
    assert phrase in err and out == "" and started == []


def test_the_jobs_of_a_huge_run_are_made_as_they_are_needed():
    chunks = _chunks(MAX_GAMES)
    assert not isinstance(chunks, (list, tuple))
    assert next(iter(chunks)) == (0, 200)
    made = []

    def jobs():
        for i in range(10**12):
            made.append(i)
            yield i

    results = run_jobs(abs, jobs(), 1)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    results.close()
    assert len(made) <= 3 + 8  # at most a window ahead, never the whole run


def test_the_largest_worker_count_is_accepted(monkeypatch):
    from fliptable.sim.simulate import simulate

    report = simulate("flip7", 3, 2, ["random"], seed=1, workers=MAX_WORKERS)
    assert report["games"] == 3 and report["workers"] == MAX_WORKERS


def _catches_sigterm(pid: int) -> bool:
    """Whether ``pid`` has a handler for SIGTERM (``SigCgt`` in /proc/PID/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return False


@linux_only
def test_sigterm_to_a_one_worker_run_is_one_line_too():
    proc = _simulate_for_ever(1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _catches_sigterm(proc.pid):  # playing: its handler is set
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 143 and out == "" and err == "fliptable: error: terminated\n"
