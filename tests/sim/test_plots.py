"""--plot: the simulation's distributions are every game's, the figures draw exactly the
report's numbers, the files are real PNG and SVG, and bad input is one line."""

import itertools
import json
import random
import shlex
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from matplotlib.container import BarContainer

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from fliptable.core.rng import derive_seed
from fliptable.sim.match import play_match
from fliptable.sim.plots import (
    MEDIAN_COLOUR,
    changed_options,
    length_bins,
    quantile,
    simulation_figure,
    simulation_series,
    tournament_figure,
    tournament_series,
)
from fliptable.sim.simulate import simulate
from fliptable.sim.tournament import tournament

from ..cli.helpers import one_line_error, run

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def report():
    return simulate("flip7", 40, 3, ["ev", "threshold:20", "random"], 11, 1, None)


def _expanded(pairs):
    return [v for v, n in pairs for _ in range(n)]


def test_the_report_counts_every_games_score_and_length(report):
    game = get_game("flip7")
    scores = [Counter() for _ in range(3)]
    lengths = Counter()
    for i in range(40):
        agents = [make_agent(game, spec) for spec in ("ev", "threshold:20", "random")]
        match = play_match(game, agents, None, derive_seed(11, i))
        for seat, score in enumerate(match.state.result().scores):
            scores[seat][score] += 1
        lengths[match.decisions] += 1
    assert report["score_counts"] == [sorted(map(list, c.items())) for c in scores]
    assert report["length_counts"] == sorted(map(list, lengths.items()))
    assert sum(n for _, n in report["length_counts"]) == 40
    assert sum(v * n for v, n in report["length_counts"]) == report["decisions"]


def test_the_counts_do_not_depend_on_the_workers(report):
    two = simulate("flip7", 40, 3, ["ev", "threshold:20", "random"], 11, 2, None)
    assert two["score_counts"] == report["score_counts"] and two["length_counts"] == report["length_counts"]


@pytest.mark.parametrize("seed", range(6))
def test_quantile_is_the_inverted_cdf_of_the_expanded_values(seed):
    rng = random.Random(seed)
    pairs = sorted([v, rng.randint(1, 5)] for v in rng.sample(range(-50, 300), rng.randint(1, 12)))
    values = _expanded(pairs)
    for q in (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0):
        assert quantile(pairs, q) == np.quantile(values, q, method="inverted_cdf"), (pairs, q)


def test_simulation_series_is_the_reports_numbers(report):
    series = simulation_series(report)
    assert series["win_rate"] == report["win_rate"]
    assert series["win_rate_ci95"] == report["win_rate_ci95"]
    assert series["equal_share"] == pytest.approx(1 / 3)
    assert [label.split("\n") for label in series["seat_labels"]] == [
        ["0", "ev"],
        ["1", "threshold:20"],
        ["2", "random"],
    ]
    for seat, box in enumerate(series["score_boxes"]):
        values = sorted(_expanded(report["score_counts"][seat]))
        assert box["mean"] == pytest.approx(report["mean_score"][seat])
        assert box["med"] == values[(len(values) + 1) // 2 - 1]
        assert box["whislo"] <= box["q1"] <= box["med"] <= box["q3"] <= box["whishi"]
        assert values[0] <= box["whislo"] and box["whishi"] <= values[-1]
    assert sum(series["length_games"]) == report["games"]
    assert series["mean_length"] == report["decisions"] / report["games"]


def test_length_bins_cover_every_length_in_whole_steps():
    for lengths in ([7], [3, 4, 9], list(range(40, 400, 7)), [1, 10_000]):
        edges = length_bins(lengths)
        assert len(edges) - 1 <= 30
        assert edges[0] < min(lengths) and edges[-1] > max(lengths)
        widths = {b - a for a, b in itertools.pairwise(edges)}
        assert len(widths) == 1 and float(widths.pop()).is_integer()


def _bars(ax):
    """The one bar container of a panel (its error bars are ``.errorbar``)."""
    (bars,) = [c for c in ax.containers if isinstance(c, BarContainer)]
    return bars


def _error_bar_ends(container):
    """low, high, low, high... of the error bars of a bar container, flat (pytest.approx
    compares flat lists only, from pytest 9.2)."""
    segments = container.errorbar.lines[2][0].get_segments()
    return [end for a, b in segments for end in (sorted((a[1], b[1])) if a[0] == b[0] else sorted((a[0], b[0])))]


def _flat(pairs):
    return [x for pair in pairs for x in pair]


def test_the_simulation_figure_draws_the_series(report):
    fig = simulation_figure(report)
    series = simulation_series(report)
    wins, scores, lengths = fig.axes
    assert [ax.get_title().split("\n")[0] for ax in fig.axes] == [
        "win rate per seat",
        "final score per seat",
        "game length",
    ]
    bars = _bars(wins)
    assert [b.get_height() for b in bars] == pytest.approx(report["win_rate"])
    assert _error_bar_ends(bars) == pytest.approx(_flat(report["win_rate_ci95"]))
    assert [t.get_text() for t in wins.get_xticklabels()] == series["seat_labels"]
    medians = [line for line in scores.lines if line.get_gid() == "median"]
    assert [line.get_ydata()[0] for line in medians] == [b["med"] for b in series["score_boxes"]]
    assert {line.get_color() for line in medians} == {MEDIAN_COLOUR}
    # not the boxes' colour, so the median can be seen (matplotlib's default orange could not)
    assert MEDIAN_COLOUR not in ("C1", scores.patches[0].get_facecolor())
    assert sum(p.get_height() for p in lengths.patches) == report["games"]
    assert all(float(t).is_integer() for t in lengths.get_yticks())  # games are counted whole


def test_the_tournament_figure_draws_ratings_and_seats():
    report = tournament("flip7", ["ev", "random", "threshold:20"], 12, seed=3)
    series = tournament_series(report)
    ranked = sorted(report["bots"], key=lambda b: b["rating"])
    assert series["bots"] == [b["spec"] for b in ranked]
    fig = tournament_figure(report)
    ratings, seats = fig.axes
    bars = _bars(ratings)
    assert [b.get_width() for b in bars] == pytest.approx([b["rating"] for b in ranked])
    assert _error_bar_ends(bars) == pytest.approx(_flat(b["rating_ci95"] for b in ranked))
    assert [t.get_text() for t in ratings.get_yticklabels()] == series["bots"]
    bars = _bars(seats)
    assert [b.get_height() for b in bars] == pytest.approx(report["seat_advantage"])
    assert _error_bar_ends(bars) == pytest.approx(_flat(report["seat_advantage_ci95"]))


def test_cli_simulate_plot_writes_png_and_svg_and_keeps_the_report(capsys, tmp_path):
    base = ["simulate", "flip7", "--games", "12", "--players", "3", "--seed", "4", "--workers", "1", "--json"]
    code, out, err = run(capsys, *base)
    assert code == 0, err
    plain = json.loads(out)
    for name in ("s.png", "s.svg"):
        code, out, err = run(capsys, *base, "--plot", str(tmp_path / name))
        assert code == 0, err
        shown = json.loads(out)
        assert {
            k: v for k, v in shown.items() if k not in ("elapsed_seconds", "games_per_second", "decisions_per_second")
        } == {
            k: v for k, v in plain.items() if k not in ("elapsed_seconds", "games_per_second", "decisions_per_second")
        }
    assert (tmp_path / "s.png").read_bytes()[:8] == PNG
    root = ET.parse(tmp_path / "s.svg").getroot()
    assert root.tag.endswith("svg")


def test_cli_tournament_plot_writes_a_png(capsys, tmp_path):
    code, _, err = run(
        capsys, *shlex.split("tournament flip7 --bot ev --bot random --games 4 --plot"), str(tmp_path / "t.png")
    )
    assert code == 0, err
    assert (tmp_path / "t.png").read_bytes()[:8] == PNG


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "flip7", "--games", "2"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2"],
    ],
)
def test_bad_plot_files_are_one_line_before_playing(capsys, tmp_path, command):
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "r.pdf"))
    one_line_error(code, err)
    assert ".png or .svg" in err and out == ""
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "missing" / "r.png"))
    one_line_error(code, err)
    assert "no folder" in err and out == ""
    (tmp_path / "folder.png").mkdir()
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "folder.png"))
    one_line_error(code, err)
    assert "is a folder" in err and out == ""


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "flip7", "--games", "2"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2"],
    ],
)
def test_a_folder_that_cannot_be_written_is_refused_before_playing(capsys, tmp_path, monkeypatch, command):
    # the tests run as root here, which may write anywhere: the folder's permission is
    # what os.access reports
    import fliptable.sim.plots as plots

    monkeypatch.setattr(plots.os, "access", lambda path, mode: Path(path) != tmp_path)
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "r.png"))
    one_line_error(code, err)
    assert "cannot write there" in err and out == ""


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "flip7", "--games", "2", "--json"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2", "--json"],
    ],
)
def test_a_figure_that_cannot_be_written_keeps_the_report(capsys, tmp_path, monkeypatch, command):
    """The file is checked first, but a disk can still fill: the report is printed
    before the figure is drawn, so the run is not lost."""
    from matplotlib.figure import Figure

    def full(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", full)
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "r.png"))
    one_line_error(code, err)
    assert "No space left on device" in err
    assert json.loads(out)["games"] == 2


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "flip7", "--games", "2"],
        ["tournament", "flip7", "--bot", "ev", "--bot", "random", "--games", "2"],
    ],
)
def test_plot_without_matplotlib_is_one_line(capsys, tmp_path, monkeypatch, command):
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "r.png"))
    one_line_error(code, err)
    assert "--plot needs matplotlib (pip install 'fliptable[plots]')" in err and out == ""
    assert not (tmp_path / "r.png").exists()


def _upright_overlaps(fig, ax):
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    boxes = sorted((t.get_window_extent(renderer) for t in ax.get_xticklabels()), key=lambda b: b.x0)
    return [(a, b) for a, b in itertools.pairwise(boxes) if a.x1 > b.x0]


@pytest.mark.parametrize(
    "players,bots",
    [
        (4, ["ismcts:iterations=10", "threshold:25", "ev", "random"]),  # issue 25: these ran together
        (4, ["ismcts:iterations=5,rollout=ev", "threshold:25"]),
        (6, ["ev", "random"]),
        (12, ["ev", "threshold:25", "random"]),
    ],
)
def test_seat_labels_never_run_into_each_other(players, bots):
    report = simulate("flip7", 2, players, bots, 2, 1, None)
    fig = simulation_figure(report)
    for ax in fig.axes[:2]:
        ticks = ax.get_xticklabels()
        assert len(ticks) == players and all(t.get_text().startswith(str(s)) for s, t in enumerate(ticks))
        if {t.get_rotation() for t in ticks} == {0.0}:
            assert _upright_overlaps(fig, ax) == []
        else:  # slanted: seat and bot on one line each
            assert {t.get_rotation() for t in ticks} == {35.0} and all("\n" not in t.get_text() for t in ticks)


def test_the_issue_s_four_seats_are_slanted_because_upright_they_overlap():
    from fliptable.sim.plots import _seat_ticks

    report = simulate("flip7", 2, 4, ["ismcts:iterations=10", "threshold:25", "ev", "random"], 2, 1, None)
    fig = simulation_figure(report)
    assert {t.get_rotation() for t in fig.axes[0].get_xticklabels()} == {35.0}
    _seat_ticks(fig.axes[0], simulation_series(report)["seat_labels"])  # upright, as before
    assert _upright_overlaps(fig, fig.axes[0])


def test_seats_of_one_bot_are_numbered_and_the_axis_names_the_bot():
    report = simulate("flip7", 2, 5, ["threshold:25"], 2, 1, None)
    for ax in simulation_figure(report).axes[:2]:
        assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2", "3", "4"]
        assert ax.get_xlabel() == "seat (every seat: threshold:25)"


def test_a_game_says_what_its_plot_shows_flaps_cards_held():
    """FLAPS' score is match points (0 or 1 a game): its plot shows the cards each seat
    held at the end, through ``plot_measure`` in its own package."""
    game = get_game("flaps")
    report = simulate(game, 12, 4, ["greedy"], 3, 1, None)
    assert report["measure"] == "cards held at the end (0: went out)"
    held = [Counter() for _ in range(4)]
    for index in range(12):
        agents = [make_agent(game, "greedy") for _ in range(4)]
        state = play_match(game, agents, None, derive_seed(3, index)).state
        for seat in range(4):
            held[seat][float(len(state.hands[seat]))] += 1
            assert (len(state.hands[seat]) == 0) == (seat in state.result().winners)
    assert report["measure_counts"] == [sorted(map(list, c.items())) for c in held]
    series = simulation_series(report)
    assert series["score_label"] == report["measure"]
    fig = simulation_figure(report)
    assert fig.axes[1].get_ylabel() == report["measure"]
    assert fig.axes[1].get_title().startswith("cards held at the end (0: went out) per seat")
    # a game that names none plots its final score, and its report has no measure
    assert "measure" not in simulate("flip7", 2, 2, ["ev"], 1, 1, None)


def test_the_measure_does_not_depend_on_the_workers():
    one = simulate("flaps", 70, 3, ["greedy"], 5, 1, None)
    two = simulate("flaps", 70, 3, ["greedy"], 5, 2, None)
    assert one["measure_counts"] == two["measure_counts"]


def test_bot_specs_are_wrapped_never_cut():
    """Two specs sharing a long prefix stay told apart under the bars."""
    report = simulate("flip7", 2, 2, ["ismcts:iterations=3", "ismcts:iterations=2"], 2, 1, None)
    for ax in simulation_figure(report).axes[:2]:
        shown = [t.get_text() for t in ax.get_xticklabels()]
        assert [label.replace("\n", "") for label in shown] == ["0ismcts:iterations=3", "1ismcts:iterations=2"]
        assert all(len(line) <= 14 for label in shown for line in label.split("\n"))


def test_the_titles_name_the_options_a_run_changed():
    default = simulate("flip7", 2, 2, ["ev"], 5, 1, None)
    changed = simulate("flip7", 2, 2, ["ev"], 5, 1, {"rules": "official", "round_limit": 100})
    assert changed_options(default) == {}
    assert changed_options(changed) == {"rules": "official", "round_limit": 100}
    assert simulation_series(default)["title"] == "flip7: 2 games, 2 players, seed 5"
    assert simulation_series(changed)["title"] == "flip7 rules=official round_limit=100: 2 games, 2 players, seed 5"
    figure = simulation_figure(changed)
    assert figure.get_suptitle() == simulation_series(changed)["title"]
    # two games: matplotlib alone would mark 0.25 games
    assert all(float(t).is_integer() for t in figure.axes[2].get_yticks())
    report = tournament("flip7", ["ev", "random"], 2, seed=6, options={"round_limit": 50})
    assert tournament_series(report)["title"] == "flip7 round_limit=50: 2 games, 2 seats, seed 6"
    cut = dict(report, games=1, games_requested=4, interrupted=True)
    assert tournament_series(cut)["title"] == "flip7 round_limit=50: 1 of 4 games (interrupted), 2 seats, seed 6"
    assert tournament_figure(cut).get_suptitle() == tournament_series(cut)["title"]
    solo = tournament("patience", ["greedy", "random"], 2, seed=1)
    assert tournament_series(solo)["title"] == "patience: 2 games, 1 seat, seed 1"
