"""--backend ray: the same reports as the local backend (the ray extra is in ``dev``, so
this runs everywhere the tests do). One test starts a cluster, on purpose: under
pytest-xdist every worker that runs a Ray test starts its own (several seconds on two
cores), so the checks share one small local cluster; the other starts none."""

import json
import logging

import ray

from fliptable.sim.balance import TIMING_KEYS as BALANCE_TIMING
from fliptable.sim.balance import balance
from fliptable.sim.simulate import TIMING_KEYS, simulate
from fliptable.sim.tournament import tournament

from ..cli.helpers import one_line_error, run

TOURNAMENT_TIMING = ("elapsed_seconds", "workers", "backend")


def _numbers(report, timing=TIMING_KEYS):
    return {k: v for k, v in report.items() if k not in timing}


def test_the_ray_backend_gives_the_local_reports(capsys, monkeypatch):
    started = not ray.is_initialized()
    if started:  # one CPU: the test checks results, not speed
        ray.init(
            address="local", num_cpus=1, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR
        )  # "local": not a `ray start` cluster found on the machine
    try:
        sent = []
        real = ray.remote

        def remote(*args, **kwargs):  # the jobs really go through Ray
            if len(args) == 1 and callable(args[0]) and not kwargs:
                sent.append(args[0].__name__)
            return real(*args, **kwargs)

        monkeypatch.setattr(ray, "remote", remote)

        # simulate
        args = ("flip7", 30, 3, ["ev", "threshold:20", "random"], 5)
        local = simulate(*args, 1, None)
        assert sent == []
        on_ray = simulate(*args, 2, None, backend="ray")
        assert sent == ["run_chunk"]
        assert on_ray["backend"] == "ray" and on_ray["games"] == 30
        assert _numbers(on_ray) == _numbers(local)
        assert on_ray["score_counts"] == local["score_counts"]

        # tournament
        args = ("go-to-the-store", ["greedy", "random"], 12)
        local = tournament(*args, seed=3)
        on_ray = tournament(*args, seed=3, workers=2, backend="ray")
        assert sent == ["run_chunk", "_play_chunk"]
        assert on_ray["backend"] == "ray" and not on_ray["interrupted"] and on_ray["games"] == 12
        assert _numbers(on_ray, TOURNAMENT_TIMING) == _numbers(local, TOURNAMENT_TIMING)
        other = tournament(*args, seed=4, backend="ray")
        assert _numbers(other, TOURNAMENT_TIMING) != _numbers(local, TOURNAMENT_TIMING)

        # balance
        args = {"players": [2], "vary": {"rules": ["rulebook", "official"]}, "games": 6, "seed": 2}
        local = balance("flip7", **args)
        on_ray = balance("flip7", workers=2, backend="ray", **args)
        assert sent[-1] == "run_chunk" and sent.count("run_chunk") == 2 and on_ray["games"] == 12
        assert _numbers(on_ray, BALANCE_TIMING) == _numbers(local, BALANCE_TIMING)

        # the command line
        for command in (
            ["simulate", "flip7", "--games", "8"],
            ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4"],
        ):
            code, out, err = run(capsys, *command, "--json", "--workers", "1")
            assert code == 0, err
            code, out_ray, err = run(capsys, *command, "--json", "--workers", "1", "--backend", "ray")
            assert code == 0, err
            assert err == ""
            timing = (*TIMING_KEYS, "elapsed_seconds")
            assert _numbers(json.loads(out_ray), timing) == _numbers(json.loads(out), timing)
            assert json.loads(out_ray)["backend"] == "ray"
    finally:
        if started:
            ray.shutdown()


def test_ray_is_started_locally_or_joined_and_its_failures_are_one_line(capsys, monkeypatch):
    """No cluster is started here: ``ray.init`` is replaced by one that records how it was
    called and fails as Ray does."""
    calls = []

    def init(**kwargs):
        calls.append(kwargs)
        raise ValueError("Invalid address format: nonsense\nmore detail")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    command = ["simulate", "flip7", "--games", "2", "--workers", "3", "--backend", "ray"]

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    code, out, err = run(capsys, *command)
    one_line_error(code, err)
    # a new local cluster with --workers CPUs, even where `ray start` left one running
    assert calls[-1]["address"] == "local" and calls[-1]["num_cpus"] == 3
    assert "could not use a local Ray cluster: Invalid address format: nonsense;" in err and out == ""

    monkeypatch.setenv("RAY_ADDRESS", "nonsense")
    code, out, err = run(
        capsys, "tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2", "--backend", "ray"
    )
    one_line_error(code, err)
    assert calls[-1]["address"] == "nonsense" and "num_cpus" not in calls[-1]  # a cluster's own CPUs
    assert "RAY_ADDRESS='nonsense'" in err and out == ""
