"""--backend ray: the same reports as the local backend (the ray extra is in ``dev``, so
these run everywhere the tests do). One small local Ray cluster serves the module."""
import json
import logging

import pytest
import ray

from fliptable.sim.simulate import TIMING_KEYS, simulate
from fliptable.sim.tournament import tournament

from ..cli.helpers import run


@pytest.fixture(scope="module", autouse=True)
def cluster():
    started = not ray.is_initialized()
    if started:  # one CPU: the tests check results, not speed (ray.init takes seconds)
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    yield
    if started:
        ray.shutdown()


def _numbers(report, timing=TIMING_KEYS):
    return {k: v for k, v in report.items() if k not in timing}


def test_simulate_on_ray_is_the_local_report(monkeypatch):
    sent = []
    real = ray.remote

    def remote(fn):  # the chunks really go through Ray
        sent.append(fn.__name__)
        return real(fn)

    monkeypatch.setattr(ray, "remote", remote)
    args = ("flip7", 30, 3, ["ev", "threshold:20", "random"], 5)
    local = simulate(*args, 1, None)
    assert sent == []
    on_ray = simulate(*args, 2, None, backend="ray")
    assert sent == ["run_chunk"]
    assert on_ray["backend"] == "ray" and on_ray["games"] == 30
    assert _numbers(on_ray) == _numbers(local)
    assert on_ray["score_counts"] == local["score_counts"]


def test_tournament_on_ray_is_the_local_report():
    args = ("go-to-the-store", ["greedy", "random"], 12)
    local = tournament(*args, seed=3)
    on_ray = tournament(*args, seed=3, workers=2, backend="ray")
    assert on_ray["backend"] == "ray" and not on_ray["interrupted"] and on_ray["games"] == 12
    timing = ("elapsed_seconds", "workers", "backend")
    assert _numbers(on_ray, timing) == _numbers(local, timing)
    other = tournament(*args, seed=4, backend="ray")
    assert _numbers(other, timing) != _numbers(local, timing)


def test_cli_backend_ray(capsys):
    for command in (["simulate", "flip7", "--games", "8"],
                    ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4"]):
        code, out, err = run(capsys, *command, "--json", "--workers", "1")
        assert code == 0, err
        code, out_ray, err = run(capsys, *command, "--json", "--workers", "1", "--backend", "ray")
        assert code == 0, err
        timing = TIMING_KEYS + ("elapsed_seconds",)
        assert _numbers(json.loads(out_ray), timing) == _numbers(json.loads(out), timing)
        assert json.loads(out_ray)["backend"] == "ray"
