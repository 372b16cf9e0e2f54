"""The command's rough edges (issue 8): help once, --version, TERM=dumb, the terminal's
width, command-line spellings, non-finite numbers, bot parameters, seeds, strict JSON."""

import io
import json
import re
import sys
import types

import pytest

from fliptable import cli
from fliptable.core.rng import fresh_seed

from .helpers import one_line_error, run


def _strict(text):
    def refuse(name):
        raise AssertionError(f"{name} in --json output")

    return json.loads(text, parse_constant=refuse)


def test_no_arguments_prints_the_help_once(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert out.count("Usage") == 1 and "simulate" in out


def test_version(capsys):
    code, out, err = run(capsys, "--version")
    assert code == 0 and err == ""
    assert out == f"fliptable {cli._version()}\n" and out.split()[1][0].isdigit()


def _fake_terminal(monkeypatch):
    calls = []
    fake = types.ModuleType("fliptable.tui.app")
    fake.run_play = lambda *args, **kwargs: calls.append((args, kwargs)) or 0
    monkeypatch.setitem(sys.modules, "fliptable.tui.app", fake)
    import fliptable.tui

    monkeypatch.setattr(fliptable.tui, "app", fake, raising=False)
    tty = io.StringIO("q\n")
    tty.isatty = lambda: True
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    return calls


def test_a_dumb_terminal_gets_the_plain_prompt(capsys, monkeypatch):
    calls = _fake_terminal(monkeypatch)
    monkeypatch.setenv("TERM", "dumb")
    code, out, err = run(capsys, "play", "flip7", "--seed", "4")
    assert code == 0, err
    assert calls == [] and "You left the table." in out


def test_a_real_terminal_gets_the_full_screen_ui(capsys, monkeypatch):
    calls = _fake_terminal(monkeypatch)
    monkeypatch.setenv("TERM", "xterm-256color")
    code, _, err = run(capsys, "play", "flip7", "--seed", "4")
    assert code == 0, err
    assert len(calls) == 1


@pytest.mark.parametrize("columns", [60, 100, 200])
def test_games_follows_the_terminal_width(capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) == columns


def test_games_spells_values_as_the_command_line_does(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run(capsys, "games")
    assert "-o strict=true" in out and "-o window_ms=3000 " in out and "-o partnership=false" in out
    assert "True" not in out and "False" not in out and "3000.0" not in out
    assert "1 (default 1)" not in out and "1-1 " not in out  # Patience: one player


def test_simulate_spells_options_as_the_command_line_does(capsys):
    code, out, err = run(capsys, "simulate", "flyswatter", "--games", "2", "--workers", "1", "--bot", "random")
    assert code == 0, err
    assert re.search(r"window_ms=3000[ :]", out) and "3000.0" not in out


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "NaN", "²", "9" * 5000])
@pytest.mark.parametrize("option", ["window_ms", "remove"])
def test_non_finite_options_are_refused(capsys, option, value):
    code, out, err = run(capsys, "simulate", "flyswatter", "--games", "1", "-o", f"{option}={value}")
    one_line_error(code, err)
    assert f"option {option}=" in err and "accepted: " in err and out == "" and len(err) < 200


@pytest.mark.parametrize(
    "spec, says",
    [
        ("random:5", "bot random takes no parameters"),
        ("random:speed=2", "bot random takes no parameters"),
        ("swatter:rt=nan", "rt='nan' is invalid"),
        ("swatter:rt=inf", "rt='inf' is invalid"),
        ("swatter:sd=1e999", "sd='1e999' is invalid"),
        ("swatter:err=-inf", "err='-inf' is invalid"),
        ("swatter:bogus=1", "has no parameter 'bogus'"),
    ],
)
def test_bad_bot_parameters_are_one_line(capsys, spec, says):
    code, _, err = run(capsys, "simulate", "flyswatter", "--games", "1", "--bot", spec)
    one_line_error(code, err)
    assert says in err and "Traceback" not in err and "RandomAgent" not in err


def test_bench_refuses_a_non_finite_time(capsys):
    code, _, err = run(capsys, "bench", "--seconds", "nan", "--game", "flip7")
    one_line_error(code, err)
    assert "--seconds must be a positive number" in err


def test_bench_table_shows_the_search_clone_rate_beside_decisions(capsys):
    code, out, _ = run(capsys, "bench", "--seconds", "0.05", "--game", "flip7")
    assert code == 0
    assert "search clones/s" in out
    row = next(line for line in out.splitlines() if line.strip("│ ").startswith("flip7 ") and "simulate" not in line)
    cells = [c.strip() for c in row.strip("│").split("│")]
    assert cells[0] == "flip7" and float(cells[4].replace(",", "")) > 0
    assert "a search clone takes" in out and "clone / two decisions" in out


def test_bench_measures_one_games_table_at_the_options_given(capsys):
    code, out, _ = run(
        capsys, "bench", "--seconds", "0.05", "--game", "flaps", "-o", "level=7", "--players", "3", "--json"
    )
    row = json.loads(out)["results"][0]
    assert code == 0 and row["options"]["level"] == 7 and row["players"] == 3 and row["decisions"] > 0
    assert row["ismcts_iterations_per_second"] > 0


@pytest.mark.parametrize("args", [["-o", "level=7"], ["-g", "flip7", "-g", "flaps", "--players", "3"]])
def test_bench_options_need_exactly_one_game(capsys, args):
    code, _, err = run(capsys, "bench", "--seconds", "0.05", *args)
    one_line_error(code, err)
    assert "give exactly one --game" in err


def test_bench_envs_reports_env_steps_beside_pettingzoos_own(capsys):
    code, out, _ = run(capsys, "bench", "--seconds", "0.2", "--game", "flip7", "--envs", "--json")
    report = json.loads(out)
    assert code == 0 and report["results"][0]["env_steps_per_second"] > 0
    assert report["envs"]["pettingzoo_classic"]["texas_holdem_v4"]["env_steps_per_second"] > 0
    assert report["envs"]["compiled_writers"] is True  # CI builds them (docs/rl.md)
    # both conventions: PettingZoo's performance_benchmark (unseeded resets) and reseeded
    flip7 = report["envs"]["fliptable"]["flip7"]
    assert flip7["vs_texas_holdem_v4"] > 0 and flip7["reseeded"]["vs_texas_holdem_v4"] > 0
    assert report["envs"]["pettingzoo_classic"]["texas_holdem_v4"]["reseeded"]["env_steps_per_second"] > 0
    code, out, _ = run(capsys, "bench", "--seconds", "0.1", "--game", "flip7", "--envs")
    assert code == 0 and "RL envs: compiled writers: yes" in out
    assert "performance_benchmark" in out and "RL env fliptable" in out and "[reseeded:" in out


def test_json_output_never_holds_nan(capsys):
    cli._emit({"a": float("nan"), "b": [float("inf"), 1.5], "c": {"d": -float("inf")}})
    out, _ = capsys.readouterr()
    assert _strict(out) == {"a": None, "b": [None, 1.5], "c": {"d": None}}
    code, out, _ = run(capsys, "simulate", "flyswatter", "--games", "2", "--workers", "1", "--json")
    assert code == 0 and _strict(out)["games"] == 2


def test_simulate_wins_have_no_float_noise():
    from fliptable.sim.simulate import _without_float_noise

    summary = _without_float_noise({"wins": [30.499999999999993, 12, 1 / 3], "win_rate": [0.30499999999999994]})
    assert summary["wins"] == [30.5, 12, 0.333333333] and summary["win_rate"] == [0.305]
    assert cli._count(30.499999999999993) == "30.5" and cli._count(1_000_000.0) == "1,000,000"
    assert cli._count(12) == "12"


def test_play_draws_a_64_bit_seed(capsys, monkeypatch):
    monkeypatch.setattr(cli.play, "fresh_seed", lambda: 2**63 + 5)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "play", "flip7", "--plain")
    assert code == 0 and f"seed {2**63 + 5}" in out


def test_fresh_seeds_are_64_bit_and_vary():
    seeds = {fresh_seed() for _ in range(32)}
    assert len(seeds) == 32 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**40  # all 32 below 2^40 has probability 2^-768


def test_replay_prints_a_short_seed(capsys, tmp_path):
    from fliptable.bots.base import make_agent
    from fliptable.core.registry import get_game
    from fliptable.sim.match import play_match

    game = get_game("flip7")
    match = play_match(game, [make_agent(game, "ev") for _ in range(2)], None, "s" * 10_000, record=True)
    path = tmp_path / "log.json"
    match.log.write(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) < 200


def test_words_one_player_and_a_header_without_options(capsys):
    # "1 players" and "1 to 1 players" for Patience; "authors :" with no options
    code, out, _ = run(capsys, "simulate", "patience", "--games", "2", "--bot", "greedy")
    assert code == 0 and "2 games, 1 player," in out and "1 players" not in out
    code, out, err = run(capsys, "simulate", "patience", "--games", "1", "--players", "2")
    assert code == 2 and "patience takes exactly 1 player, not 2" in out + err
    code, out, _ = run(capsys, "simulate", "authors", "--games", "2")
    assert code == 0 and out.startswith("authors: 2 games, 4 players,")


def test_bench_envs_measures_the_pure_python_writers_too(capsys):
    """--writers both: this process (compiled) and a FLIPTABLE_PURE=1 process take their
    slices in turns; one report, each side against its own texas_holdem_v4."""
    code, out, err = run(
        capsys, "bench", "--seconds", "0.2", "--game", "flip7", "--envs", "--writers", "both", "--json"
    )
    assert code == 0, err
    envs = json.loads(out)["envs"]
    assert envs["compiled_writers"] is True and envs["pure"]["compiled_writers"] is False
    pure = envs["pure"]
    assert pure["fliptable"]["flip7"]["env_steps_per_second"] > 0
    assert pure["pettingzoo_classic"]["texas_holdem_v4"]["reseeded"]["env_steps_per_second"] > 0
    assert pure["speedup"]["flip7"] == round(
        envs["fliptable"]["flip7"]["env_steps_per_second"] / pure["fliptable"]["flip7"]["env_steps_per_second"], 2
    )
    code, out, err = run(
        capsys, "bench", "--seconds", "0.2", "--game", "flip7", "--envs", "--writers", "pure", "--json"
    )
    assert code == 0, err
    envs = json.loads(out)["envs"]
    assert envs["compiled_writers"] is False and "pure" not in envs
    code, out, _ = run(capsys, "bench", "--seconds", "0.1", "--game", "flip7", "--envs", "--writers", "both")
    assert code == 0 and "RL envs: compiled writers: yes" in out and "RL env pure fliptable" in out
    assert "compiled / pure, steps/s: flip7" in out


@pytest.mark.parametrize(
    "args,phrase",
    [
        (["bench", "--writers", "pure"], "give --envs with it"),
        (["bench", "--envs", "--writers", "cython"], "--writers must be one of installed, pure, both"),
    ],
)
def test_bench_writers_bad_input_is_one_line(capsys, args, phrase):
    code, out, err = run(capsys, *args)
    assert phrase in one_line_error(code, err) and out == ""
