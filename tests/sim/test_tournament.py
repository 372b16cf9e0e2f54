"""fliptable tournament: exact seat rotation, reproducibility, ratings that order bots
of clearly different strength, partial results on Ctrl-C, one-line errors."""

import json
import shlex
from collections import Counter

import pytest

from fliptable.core.registry import all_game_ids, get_game
from fliptable.sim import tournament as tmod
from fliptable.sim.plots import plot_tournament
from fliptable.sim.tournament import TournamentError, lineups, tournament
from tests.cli.helpers import one_line_error, run


@pytest.mark.parametrize("bots,players", [(3, 3), (4, 2), (2, 4), (3, 1)])
def test_rotation_is_exact(bots, players):
    table = lineups([f"b{i}" for i in range(bots)], players, blocks=5, seed=9)
    assert len(table) == 5 * bots
    for seat in range(players):
        counts = Counter(lineup[seat] for lineup in table)
        assert counts == dict.fromkeys(range(bots), 5), (seat, counts)
    if players <= bots:
        assert all(len(set(lineup)) == players for lineup in table)


def test_every_pair_meets_with_more_bots_than_seats():
    table = lineups(["a", "b", "c", "d", "e"], 2, blocks=12, seed=1)
    pairs = {frozenset(lineup) for lineup in table}
    assert len(pairs) == 10


def test_report_and_rotation_in_a_real_tournament():
    report = tournament("flip7", ["ev", "random", "threshold:20"], 30, seed=4)
    assert report["games"] == 30 and report["players"] == 3 and not report["interrupted"]
    assert [b["games"] for b in report["bots"]] == [30, 30, 30]
    assert set(report) >= {"bots", "pairwise", "seat_advantage"}
    for b in report["bots"]:
        assert set(b) == {"spec", "rating", "rating_ci95", "games", "win_rate", "win_rate_ci95"}
        lo, hi = b["rating_ci95"]
        assert lo < b["rating"] < hi
    assert report["pairwise"][0][0] is None
    assert report["pairwise"][0][1] + report["pairwise"][1][0] == pytest.approx(1.0)
    assert sum(report["seat_advantage"]) == pytest.approx(1.0)
    # games are rounded up to whole rotations
    assert tournament("flip7", ["ev", "random", "threshold:20"], 4, seed=4)["games"] == 6


def test_reproducible_from_the_seed_whatever_the_workers():
    a = tournament("go-to-the-store", ["greedy", "random"], 8, seed=3)
    b = tournament("go-to-the-store", ["greedy", "random"], 8, seed=3, workers=2)
    c = tournament("go-to-the-store", ["greedy", "random"], 8, seed=5)

    def strip(r):
        return {k: v for k, v in r.items() if k not in ("elapsed_seconds", "workers")}

    assert strip(a) == strip(b)
    assert strip(a) != strip(c)


def test_a_clearly_stronger_bot_is_rated_higher():
    report = tournament("flip7", ["random", "ev"], 40, players=2, seed=2)
    rnd, ev = report["bots"]
    assert ev["rating_ci95"][0] > rnd["rating_ci95"][1]
    assert ev["win_rate_ci95"][0] > 0.5 > rnd["win_rate_ci95"][1]
    assert report["pairwise"][1][0] > 0.8


def test_one_player_games_rank_bots_on_the_same_deals():
    report = tournament("patience", ["lookahead", "random"], 16, seed=1)
    assert report["players"] == 1 and [b["games"] for b in report["bots"]] == [8, 8]
    look, rnd = report["bots"]
    assert look["rating"] > rnd["rating"]


@pytest.mark.parametrize("stop", ["KeyboardInterrupt", "Terminated"])
def test_ctrl_c_or_sigterm_keeps_what_finished(monkeypatch, stop):
    from fliptable.sim.parallel import Terminated

    real = tmod._play_chunk
    calls = []

    def interrupting(job):
        calls.append(job)
        if len(calls) == 3:
            raise {"KeyboardInterrupt": KeyboardInterrupt, "Terminated": Terminated}[stop]
        return real(job)

    monkeypatch.setattr(tmod, "_play_chunk", interrupting)
    report = tournament("flip7", ["ev", "random"], 40, seed=1)
    assert report["interrupted"] and report["games"] == 2 * tmod.CHUNK_BLOCKS * 2
    assert report["terminated"] is (stop == "Terminated")  # the command exits 143, not 130
    assert sum(b["games"] for b in report["bots"]) == 2 * report["games"]


def test_cli_json(capsys):
    code, out, err = run(
        capsys, "tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "6", "--seed", "7", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert [b["spec"] for b in data["bots"]] == ["ev", "random"] and data["games"] == 6
    code, out2, _ = run(
        capsys, "tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "6", "--seed", "7", "--json"
    )
    assert json.loads(out2)["bots"] == data["bots"]


@pytest.mark.parametrize(
    "args,phrase",
    [
        (["tournament", "flip7", "--bot", "ev", "--games", "4"], "at least 2 bots"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "ev", "--games", "4"], "given twice"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "genius", "--games", "4"], "unknown bot 'genius'"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "0"], "--games"),
        (
            ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4", "--players", "13"],
            "1 to 12 players",
        ),
        (["tournament", "nope", "--bot", "ev", "--bot", "random", "--games", "4"], "nope"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4", "--workers", "0"], "--workers"),
        (["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4", "-o", "rules=house"], "rulebook"),
    ],
)
def test_bad_input_is_one_line(capsys, args, phrase):
    code, out, err = run(capsys, *args)
    one_line_error(code, err)
    assert phrase in err and out == ""


def test_plot_draws_a_png_and_an_svg(tmp_path):
    report = tournament("flip7", ["ev", "random"], 4, seed=1)
    for name in ("r.png", "r.svg"):
        plot_tournament(report, str(tmp_path / name))
    assert (tmp_path / "r.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (tmp_path / "r.svg").read_bytes()[:2000]


def test_plot_refuses_other_formats_before_playing(capsys, tmp_path):
    code, _out, err = run(
        capsys, *shlex.split("tournament flip7 --bot ev --bot random --games 2 --plot"), str(tmp_path / "r.pdf")
    )
    one_line_error(code, err)
    assert ".png or .svg" in err


def test_a_game_for_several_players_is_never_a_one_seat_tournament(capsys):
    code, out, err = run(
        capsys, "tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "4", "--players", "1"
    )
    one_line_error(code, err)
    assert "--players must be 2 to 12 for flip7, not 1" in err and out == ""
    solo = [g for g in all_game_ids() if get_game(g).max_players == 1]
    assert solo and f"(only a one-player game such as {' or '.join(solo)} ranks bots on shared deals)" in err
    # a one-player game is the exception: the bots are ranked on shared deals
    assert tournament("patience", ["greedy", "random"], 2, players=1, seed=1)["players"] == 1


def test_without_a_one_player_game_the_refusal_names_none(monkeypatch):
    monkeypatch.setattr("fliptable.sim.tournament.all_game_ids", lambda: ["flip7", "flaps"])
    with pytest.raises(TournamentError, match=r"not 1 \(only a one-player game ranks bots on shared deals\)$"):
        tournament("flip7", ["ev", "random"], 4, players=1)


def test_games_rounded_up_to_whole_rotations_are_said(capsys):
    code, out, err = run(
        capsys, *shlex.split("tournament flip7 --bot ev --bot random --bot threshold:20 --games 5 --json")
    )
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6 and data["games_requested"] == 5
    assert err == (
        "fliptable: note: --games 5 was rounded up to 6, whole rotations of 3 bots "
        "(each bot at each seat equally often)\n"
    )
    code, out, err = run(
        capsys, *shlex.split("tournament flip7 --bot ev --bot random --bot threshold:20 --games 6 --json")
    )
    assert code == 0 and err == "" and json.loads(out)["games"] == 6


def test_lineups_made_chunk_by_chunk_are_the_whole_run_s():
    specs = ["a", "b", "c"]
    whole = lineups(specs, 2, blocks=6, seed=4)
    parts = lineups(specs, 2, 2, 4, first=0) + lineups(specs, 2, 3, 4, first=2) + lineups(specs, 2, 1, 4, first=5)
    assert parts == whole
