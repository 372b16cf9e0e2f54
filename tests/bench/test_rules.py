"""`fliptable bench`: the random-play loop and the report's shape."""

import json
import random

from fliptable.bench.rules import bench_clone, bench_game, play_random, run_bench
from fliptable.core.registry import all_game_ids, get_game

from ..cli.helpers import one_line_error, run


def test_random_play_finishes_every_game():
    for gid in all_game_ids():
        game = get_game(gid)
        decisions, finished = play_random(game, game.default_players, 1, random.Random(1))
        assert finished and decisions > 0


def test_random_play_handles_races_and_simultaneous_steps(snap):
    decisions, finished = play_random(snap, 3, 4, random.Random(4))
    assert finished and decisions >= 20


def test_bench_game_counts():
    r = bench_game("flip7", seconds=0.05)
    assert r["game"] == "flip7" and r["players"] == 4 and r["games"] >= 1
    assert r["decisions_per_second"] > r["games_per_second"] > 0


def test_run_bench_covers_every_game():
    report = run_bench(seconds=0.01)
    assert [r["game"] for r in report["results"]] == all_game_ids()
    assert report["simulate"][0]["game"] == "flip7"


def test_cli_bench_json_shape(capsys):
    code, out, err = run(capsys, "bench", "--json", "--seconds", "0.05", "--game", "flip7")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["results"]) == 1
    (r,) = data["results"]
    assert {"game", "players", "decisions_per_second", "games_per_second"} <= set(r)
    assert r["game"] == "flip7" and r["decisions_per_second"] > 0
    assert data["simulate"][0]["bots"] == "random"


def test_cli_bench_table(capsys):
    code, out, _ = run(capsys, "bench", "--seconds", "0.02", "-g", "flip7")
    assert code == 0 and "decisions/s" in out and "flip7" in out


def test_cli_bench_errors(capsys):
    code, _, err = run(capsys, "bench", "--game", "chess")
    one_line_error(code, err)
    code, _, err = run(capsys, "bench", "--seconds", "0")
    one_line_error(code, err)


def test_bench_reports_the_search_clone_or_null():
    r = bench_game("flip7", seconds=0.05)
    assert r["clone_per_second"] is None or r["clone_per_second"] > 0
    report = run_bench(["flip7"], seconds=0.05)
    side = report["clone_vs_decisions"]
    if side is not None:  # Flip 7 clones with rng= once it declares its FIELDS
        assert side["game"] == "flip7" and side["clones"] > 0 and side["decisions"] > 0
        assert side["clone_over_two_decisions"] == side["clone_us"] / (2 * side["decision_us"])


def test_a_game_that_cannot_clone_with_an_rng_reports_null(snap, monkeypatch):
    exact = snap.state_class.clone
    monkeypatch.setattr(snap.state_class, "clone", lambda self: exact(self))  # no rng= yet
    assert bench_clone(snap, 2, seconds=0.01) is None


def test_races_in_random_play_are_arbitrated_by_the_table(snap, monkeypatch):
    from fliptable.core import table as table_mod

    calls = []
    real = table_mod.Table.resolve
    monkeypatch.setattr(table_mod.Table, "resolve", lambda self, d=None: calls.append(d) or real(self, d))
    decisions, finished = play_random(snap, 3, 4, random.Random(4))
    assert finished and calls and len(calls) < decisions  # turns stay on the fast path
