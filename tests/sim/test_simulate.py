"""`simulate`: statistics that depend only on the seed, logs that replay, errors."""

import json
import shlex

import pytest

from fliptable.bots.base import make_agent
from fliptable.core.errors import BotSpecError, FliptableError, OptionError, PlayerCountError, UnknownGame
from fliptable.core.log import load_log, replay
from fliptable.core.registry import all_game_ids, get_game
from fliptable.core.rng import derive_seed
from fliptable.sim.match import play_match
from fliptable.sim.simulate import TIMING_KEYS, seat_specs, simulate

from ..cli.helpers import one_line_error, run

REPORT_KEYS = {
    "game",
    "options",
    "players",
    "bots",
    "games",
    "seed",
    "workers",
    "wins",
    "win_rate",
    "win_rate_ci95",
    "mean_score",
    "games_per_second",
    "decisions_per_second",
    "stats",
}


def _numbers(report):
    return {k: v for k, v in report.items() if k not in TIMING_KEYS}


def test_the_same_seed_gives_the_same_numbers_whatever_the_workers():
    runs = [simulate("flip7", 150, 4, ["ev", "threshold:20", "random"], 7, w, {"rules": "official"}) for w in (1, 2, 3)]
    assert _numbers(runs[0]) == _numbers(runs[1]) == _numbers(runs[2])
    assert runs[0]["bots"] == ["ev", "threshold:20", "random", "random"]
    assert runs[0]["options"] == get_game("flip7").resolve_options({"rules": "official"})


def test_another_seed_gives_other_games():
    a = simulate("flip7", 60, 4, ["random"], 1, 1, None)
    b = simulate("flip7", 60, 4, ["random"], 2, 1, None)
    assert a["mean_score"] != b["mean_score"]


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_game_simulates_identically_on_one_and_two_workers(game_id):
    one = simulate(game_id, 4, None, None, 3, 1, None)
    two = simulate(game_id, 4, None, None, 3, 2, None)
    assert _numbers(one) == _numbers(two)
    assert sum(one["wins"]) <= 4 + 1e-9


def test_game_i_is_the_match_with_the_derived_seed():
    """Each game's seed is derive_seed(run seed, index): simulate == play_match per game."""
    game = get_game("flip7")
    report = simulate(game, 5, 3, ["threshold:20"], 42, 1, None)
    totals = [0.0] * 3
    for i in range(5):
        match = play_match(game, [make_agent(game, "threshold:20") for _ in range(3)], None, derive_seed(42, i))
        for s, score in enumerate(match.state.result().scores):
            totals[s] += score
    assert report["mean_score"] == [t / 5 for t in totals]


def test_report_shape_and_flip7_stats():
    report = simulate("flip7", 40, 4, ["random"], 0, 1, None)
    assert set(report) >= REPORT_KEYS
    assert report["games"] == 40 and report["players"] == 4 and report["seed"] == 0
    assert sum(report["wins"]) == pytest.approx(40)  # Flip 7 always has one winner
    for rate, (lo, hi) in zip(report["win_rate"], report["win_rate_ci95"], strict=True):
        assert 0 <= lo <= rate <= hi <= 1
    assert set(report["stats"]) == {"mean_rounds", "mean_round_score", "bust_rate", "flip7_rate"}
    assert report["games_per_second"] > 0 and report["decisions_per_second"] > report["games_per_second"]


def test_a_test_game_with_races_and_simultaneous_steps_runs_in_worker_processes(snap):
    one = simulate(snap, 30, 3, ["random"], 5, 1, None)
    two = simulate(snap, 30, 3, ["random"], 5, 2, None)
    assert _numbers(one) == _numbers(two)


def test_progress_is_reported_up_to_the_total():
    seen = []
    simulate("flip7", 10, 4, ["random"], 0, 2, None, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 10) and seen[-1] == (10, 10)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_logs_are_written_and_replay_to_the_same_result(tmp_path):
    report = simulate("flip7", 6, 3, ["ev", "random"], 9, 2, None, logs_dir=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [p.name for p in files] == sorted(f"flip7-{i}.json" for i in range(6))
    totals = [0.0] * 3
    for i in range(6):
        log = load_log(tmp_path / f"flip7-{i}.json")
        assert log.seed == derive_seed(9, i) and log.players == 3
        state = replay(log)
        assert state.is_over()
        assert json.loads(json.dumps(state.result().to_json())) == log.result
        for s, score in enumerate(state.result().scores):
            totals[s] += score
    assert report["mean_score"] == [t / 6 for t in totals]


def test_seat_specs_fill_with_the_last():
    assert seat_specs(["ev", "random"], 4) == ["ev", "random", "random", "random"]
    assert seat_specs([], 3) == ["random"] * 3
    with pytest.raises(BotSpecError, match="3 --bot specs given for 2 players"):
        seat_specs(["a", "b", "c"], 2)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"game": "chess"}, UnknownGame),
        ({"players": 0}, PlayerCountError),
        ({"options": {"rules": "house"}}, OptionError),
        ({"options": {"colour": "red"}}, OptionError),
        ({"bot_specs": ["genius"]}, BotSpecError),
        ({"bot_specs": ["human"]}, BotSpecError),
        ({"games": 0}, FliptableError),
        ({"workers": 0}, FliptableError),
        ({"backend": "cloud"}, FliptableError),
    ],
)
def test_bad_arguments_raise_typed_errors(kwargs, error):
    args = {
        "game": "flip7",
        "games": 2,
        "players": 4,
        "bot_specs": None,
        "seed": 0,
        "workers": 1,
        "options": None,
        **kwargs,
    }
    with pytest.raises(error):
        simulate(**args)


def test_cli_simulate_json(capsys):
    code, out, err = run(
        capsys,
        *shlex.split("simulate flip7 --games 30 --bot threshold:25 --workers 2 --seed 3 --json -o rules=official"),
    )
    assert code == 0, err
    report = json.loads(out)
    assert set(report) >= REPORT_KEYS
    assert report["bots"] == ["threshold:25"] * 4 and report["workers"] == 2 and report["seed"] == 3
    _, out1, _ = run(
        capsys, *shlex.split("simulate flip7 -n 30 -b threshold:25 -w 1 --seed 3 --json -o rules=official")
    )
    assert _numbers(json.loads(out1)) == _numbers(report)


def test_cli_simulate_table(capsys):
    code, out, _ = run(capsys, "simulate", "flip7", "--games", "12", "--workers", "1")
    assert code == 0
    assert "win rate" in out and "mean_rounds" in out and "1/k" in out


def test_cli_simulate_logs_then_replay(capsys, tmp_path):
    code, out, _ = run(
        capsys,
        *shlex.split("simulate flip7 --games 3 --players 2 --bot ev --logs"),
        str(tmp_path / "logs"),
        "--json",
    )
    assert code == 0
    log = tmp_path / "logs" / "flip7-2.json"
    code, out, err = run(capsys, "replay", str(log), "--json")
    assert code == 0, err
    data = json.loads(out)
    recorded = json.loads(log.read_text())
    assert data == {
        "over": True,
        "scores": recorded["result"]["scores"],
        "winners": recorded["result"]["winners"],
        "actions_applied": len(recorded["actions"]),
    }


@pytest.mark.parametrize(
    "args, says",
    [
        (["simulate", "chess", "--games", "2"], "unknown game 'chess'"),
        (["simulate", "flip7", "--games", "2", "--players", "13"], "1 to 12 players"),
        (["simulate", "flip7", "--games", "2", "-o", "rules=house"], "accepted: rulebook|official"),
        (["simulate", "flip7", "--games", "2", "-o", "nope=1"], "no option 'nope'"),
        (["simulate", "flip7", "--games", "2", "--bot", "genius"], "bots: ev, ismcts, random, threshold"),
        (["simulate", "flip7", "--games", "2", "--bot", "threshold:-5"], "threshold"),
        (
            ["simulate", "flip7", "--games", "2", "--bot", "ev:depth=3"],
            "unknown parameter(s) depth; accepted: ev:endgame",
        ),
        (["simulate", "flip7", "--games", "2", "--bot", ":3"], "no name"),
        (["simulate", "flip7", "--games", "2", "--bot", "human"], "human"),
        (
            ["simulate", "flip7", "--games", "2", "--players", "2", "--bot", "ev", "--bot", "ev", "--bot", "ev"],
            "3 --bot specs given for 2 players",
        ),
        (["simulate", "flip7", "--games", "2"] + ["--bot", "ev"] * 13, "13 --bot specs given for 12 players"),
        (["simulate", "flip7", "--games", "0"], "--games"),
        (["simulate", "flip7", "--games", "2", "--workers", "0"], "--workers"),
        (["simulate", "flip7", "--games", "2", "--backend", "cloud"], "accepted: local, ray"),
    ],
)
def test_cli_simulate_errors_are_one_line(capsys, args, says):
    code, out, err = run(capsys, *args)
    one_line_error(code, err)
    assert says in err and out == ""


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "flip7", "--games", "2"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2"],
    ],
)
def test_cli_ray_backend_needs_ray(capsys, monkeypatch, command):
    """Without Ray installed, --backend ray is one line (tests/sim/test_ray.py runs it)."""
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    code, out, err = run(capsys, *command, "--backend", "ray")
    one_line_error(code, err)
    assert "pip install 'fliptable[ray]'" in err and out == ""


def test_cli_simulate_more_bots_than_the_default_table_add_seats(capsys):
    code, out, _ = run(capsys, "simulate", "flip7", "--games", "2", *["--bot", "random"] * 6, "--json")
    assert code == 0 and json.loads(out)["players"] == 6


def test_ctrl_c_stops_the_workers_and_reports_one_line():
    """SIGINT during a long two-worker run: exit 130 with one line, well before the run's end."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    proc = subprocess.Popen(
        [sys.executable, "-m", "fliptable", "simulate", "flip7", "--games", "1000000", "--workers", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # wait until both workers run (Linux), else 2 s
        time.sleep(0.2)
        if not children.exists():
            time.sleep(2.0)
            break
        if len(children.read_text().split()) >= 2:
            time.sleep(0.3)
            break
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130 and out == ""
    assert err == "fliptable: error: interrupted\n"


def test_cli_simulate_logs_into_a_file_is_one_line(capsys, tmp_path):
    target = tmp_path / "taken"
    target.write_text("")
    code, out, err = run(capsys, "simulate", "flip7", "--games", "2", "--logs", str(target))
    one_line_error(code, err)
    assert "cannot write logs to" in err and out == ""
