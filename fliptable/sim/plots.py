"""Figures of ``simulate`` and ``tournament`` reports (``--plot FILE.png|.svg``):
matplotlib, the optional extra ``plots``, drawn on the Agg canvas (no display, no
pyplot state).

Each figure is built in two steps, so what is drawn can be checked against the report:
``*_series(report)`` takes the numbers to draw from the report (and, for the title,
the game's default options, so that the options a run changed are named), and
``*_figure(report)`` draws them. A simulation shows the win rate per seat with its 95%
interval beside an equal share, the distribution per seat (boxes) of what the game
says its plot shows (the final score, unless the game names another by a method
``plot_measure(state) -> (name, value per seat)``, as FLAPS does) and the histogram of
game lengths; a tournament the bots' ratings with their 95% intervals and the win rate per seat.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.errors import FliptableError
from ..core.options import value_text
from ..core.registry import get_game
from ..core.words import count_of

PLOT_SUFFIXES = (".png", ".svg")
#: bars and boxes per seat, and the bots' ratings
SEAT_COLOUR, RATING_COLOUR, LENGTH_COLOUR = "#dd8452", "#4c72b0", "#55a868"
#: the median line of a score box (matplotlib's default, orange, vanished in the box)
MEDIAN_COLOUR = "black"
#: the most bins of the game-length histogram
LENGTH_BINS = 30


class PlotError(FliptableError):
    """A plot that cannot be drawn: a bad file name, or matplotlib missing."""


def check_plot_file(path: str | Path) -> Path:
    """The file to draw into, checked before anything is played (a long run must not
    end in an error that loses it): a ``.png`` or ``.svg`` name, not a folder, in a
    folder that exists and may be written, and matplotlib installed."""
    return check_output_file(path, "--plot", PLOT_SUFFIXES, "a file ending in .png or .svg")


def check_output_file(path: str | Path, flag: str, suffixes: tuple[str, ...], wanted: str) -> Path:
    """``path`` checked as ``check_plot_file`` does, for the option ``flag`` taking
    files with one of ``suffixes`` (``wanted`` says which, in words)."""
    target = Path(path)
    if target.suffix.lower() not in suffixes:
        raise PlotError(f"{flag} {str(path)!r}: give {wanted}")
    _figure_class(flag)
    folder = target.parent
    if not folder.is_dir():
        raise PlotError(f"{flag} {str(path)!r}: there is no folder {str(folder)!r}")
    if target.is_dir():
        raise PlotError(f"{flag} {str(path)!r} is a folder; give {wanted}")
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise PlotError(f"{flag} {str(path)!r}: cannot write there (permission denied)")
    return target


def _figure_class(flag: str = "--plot"):
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 - optional extra
        from matplotlib.figure import Figure  # noqa: PLC0415
    except ImportError:
        raise PlotError(f"{flag} needs matplotlib (pip install 'fliptable[plots]')") from None

    def new_figure(**kwargs: Any) -> Figure:
        fig = Figure(**kwargs)
        FigureCanvasAgg(fig)
        return fig

    return new_figure


def save(fig: Any, path: str | Path) -> None:
    """Write ``fig`` as PNG or SVG, as the file's suffix says."""
    target = check_plot_file(path)
    try:
        fig.savefig(target, format=target.suffix.lower()[1:])
    except OSError as exc:
        raise PlotError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


# -- the numbers drawn -------------------------------------------------------------


def quantile(pairs: Sequence[Sequence[float]], q: float) -> float:
    """The ``q`` quantile of values given as ``[value, count]`` pairs in increasing
    value: the smallest value with at least ``q`` of the games at or below it."""
    total = sum(n for _, n in pairs)
    if total <= 0:
        raise ValueError("no values")
    target = q * total
    seen = 0.0
    for value, n in pairs:
        seen += n
        if seen >= target:
            return value
    return pairs[-1][0]


def _box(pairs: Sequence[Sequence[float]], label: str) -> dict[str, Any]:
    """A box for matplotlib's ``bxp``: quartiles, whiskers at the 5th and 95th
    percentiles, the mean; no outliers drawn."""
    if not pairs:
        return {
            "label": label,
            "med": math.nan,
            "q1": math.nan,
            "q3": math.nan,
            "whislo": math.nan,
            "whishi": math.nan,
            "mean": math.nan,
            "fliers": [],
        }
    total = sum(n for _, n in pairs)
    return {
        "label": label,
        "med": quantile(pairs, 0.5),
        "q1": quantile(pairs, 0.25),
        "q3": quantile(pairs, 0.75),
        "whislo": quantile(pairs, 0.05),
        "whishi": quantile(pairs, 0.95),
        "mean": sum(v * n for v, n in pairs) / total,
        "fliers": [],
    }


def _errors(values: Sequence[float], intervals: Sequence[Sequence[float]]) -> list[list[float]]:
    """matplotlib's error-bar lengths (below, above) of values with [low, high] intervals."""
    return [
        [max(0.0, v - lo) for v, (lo, _) in zip(values, intervals, strict=True)],
        [max(0.0, hi - v) for v, (_, hi) in zip(values, intervals, strict=True)],
    ]


def _wrapped(spec: str, width: int = 14) -> str:
    """A bot spec on lines of about ``width`` characters, broken after ``:`` and ``,``
    (never cut: ``ismcts:iterations=200`` and ``ismcts:iterations=50`` must differ)."""
    pieces, piece = [], ""
    for ch in spec:
        piece += ch
        if ch in ":,":
            pieces.append(piece)
            piece = ""
    if piece:
        pieces.append(piece)
    lines = [""]
    for piece in pieces:
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def changed_options(report: dict[str, Any]) -> dict[str, Any]:
    """The report's options that differ from the game's defaults (all of them for a
    game that is not registered here): what the figure's title names."""
    options = report.get("options") or {}
    try:
        defaults = get_game(report["game"]).resolve_options({})
    except FliptableError:
        return dict(options)
    return {k: v for k, v in options.items() if defaults.get(k, object()) != v}


def _title(report: dict[str, Any], what: str) -> str:
    """``game key=value ...: <what>, seed S``, with the options the run changed."""
    opts = " ".join(f"{k}={value_text(v)}" for k, v in changed_options(report).items())
    head = f"{report['game']} {opts}" if opts else report["game"]
    return f"{head}: {what}, seed {report['seed']}"


def simulation_series(report: dict[str, Any]) -> dict[str, Any]:
    """What a simulation's figure draws, from its report: per seat the win rate and its
    interval and the score box; the game lengths (decisions) and how many games had each."""
    players = report["players"]
    labels = [f"{s}\n{report['bots'][s]}" for s in range(players)]
    lengths = report["length_counts"]
    own = report.get("measure") is not None  # the game's own measure, else the score
    boxes = report["measure_counts"] if own else report["score_counts"]
    return {
        "title": _title(report, f"{count_of(report['games'], 'game')}, {count_of(players, 'player')}"),
        "seat_labels": labels,
        "win_rate": list(report["win_rate"]),
        "win_rate_ci95": [list(c) for c in report["win_rate_ci95"]],
        "equal_share": 1.0 / players if players > 1 else None,
        "score_label": report["measure"] if own else "final score",
        "score_boxes": [_box(boxes[s], labels[s]) for s in range(players)],
        "lengths": [v for v, _ in lengths],
        "length_games": [n for _, n in lengths],
        "mean_length": report["decisions"] / report["games"] if report["games"] else 0.0,
    }


def length_bins(lengths: Sequence[int]) -> list[float]:
    """Histogram edges for whole-number lengths: at most ``LENGTH_BINS`` bins of equal
    whole width, each centred on whole numbers."""
    if not lengths:
        return [-0.5, 0.5]
    lo, hi = min(lengths), max(lengths)
    width = max(1, math.ceil((hi - lo + 1) / LENGTH_BINS))
    bins = math.ceil((hi - lo + 1) / width)
    return [lo - 0.5 + k * width for k in range(bins + 1)]


#: the least room between two upright seat labels, in pixels, before they are slanted
TICK_GAP_PX = 4


def seat_tick_labels(labels: Sequence[str], slanted: bool = False) -> list[str]:
    """The labels under the seats: the seat alone when every seat has the same bot (the
    axis names it); else the seat over its bot's spec, wrapped (never cut), or, slanted,
    both on one line."""
    seats = [label.split("\n", 1)[0] for label in labels]
    bots = [label.split("\n", 1)[1] for label in labels]
    if len(set(bots)) == 1:
        return seats
    if slanted:
        return [f"{s} {b}" for s, b in zip(seats, bots, strict=True)]
    return [f"{s}\n{_wrapped(b)}" for s, b in zip(seats, bots, strict=True)]


def _seat_ticks(ax: Any, labels: Sequence[str], slanted: bool = False) -> None:
    """The seats under a panel (``seat_tick_labels``), and the axis' name."""
    x = list(range(len(labels)))
    if slanted:
        ax.set_xticks(x, seat_tick_labels(labels, True), rotation=35, ha="right", rotation_mode="anchor")
    else:
        ax.set_xticks(x, seat_tick_labels(labels))
    bots = {label.split("\n", 1)[1] for label in labels}
    ax.set_xlabel(f"seat (every seat: {bots.pop()})" if len(bots) == 1 else "seat")


def crowded(fig: Any, ax: Any) -> bool:
    """Whether two neighbouring tick labels under ``ax`` run into each other, measured
    on the laid-out figure (what it depends on: the seats, the specs, the figure's width
    and the font)."""
    fig.draw_without_rendering()
    renderer = fig.canvas.get_renderer()
    boxes = sorted((t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text()), key=lambda b: b.x0)
    return any(a.x1 + TICK_GAP_PX > b.x0 for a, b in itertools.pairwise(boxes))


def _label_seats(fig: Any, axes: Sequence[Any], labels: Sequence[str]) -> None:
    """Seat labels upright when they fit side by side, else slanted on every panel."""
    for ax in axes:
        _seat_ticks(ax, labels)
    if any(crowded(fig, ax) for ax in axes):
        for ax in axes:
            _seat_ticks(ax, labels, slanted=True)


def simulation_figure(report: dict[str, Any]) -> Any:
    """The figure of a ``simulate`` report (a matplotlib ``Figure``, not yet saved)."""
    series = simulation_series(report)
    players = len(series["seat_labels"])
    new_figure = _figure_class()
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - optional extra, there once new_figure is

    fig = new_figure(figsize=(max(12.0, 6.0 + 1.2 * players), 4.8), layout="constrained")
    fig.suptitle(series["title"])
    wins, scores, lengths = fig.subplots(1, 3, gridspec_kw={"width_ratios": [2, 2, 2]})
    x = list(range(players))

    wins.bar(
        x, series["win_rate"], yerr=_errors(series["win_rate"], series["win_rate_ci95"]), color=SEAT_COLOUR, capsize=4
    )
    if series["equal_share"] is not None:
        wins.axhline(series["equal_share"], color="grey", linestyle="--", linewidth=1, label="equal share")
        wins.legend(loc="best", fontsize="small")
    wins.set_ylim(0, min(1.0, max([hi for _, hi in series["win_rate_ci95"]] + [0.05]) * 1.15))
    wins.set_ylabel("win rate (95% interval)")
    wins.set_title("win rate per seat")

    scores.bxp(
        series["score_boxes"],
        positions=x,
        showmeans=True,
        patch_artist=True,
        boxprops={"facecolor": SEAT_COLOUR, "alpha": 0.6},
        medianprops={"color": MEDIAN_COLOUR, "linewidth": 1.5, "gid": "median"},
    )
    scores.set_ylabel(series["score_label"])
    scores.set_title(
        f"{series['score_label']} per seat\n(box: quartiles, line: median, whiskers: 5th-95th pct, ▲ mean)",
        fontsize="medium",
    )

    lengths.hist(
        series["lengths"], bins=length_bins(series["lengths"]), weights=series["length_games"], color=LENGTH_COLOUR
    )
    lengths.axvline(
        series["mean_length"], color="black", linestyle="--", linewidth=1, label=f"mean {series['mean_length']:.1f}"
    )
    lengths.legend(loc="best", fontsize="small")
    lengths.set_xlabel("decisions per game")
    lengths.set_ylabel("games")
    lengths.yaxis.set_major_locator(MaxNLocator(integer=True))  # games are whole
    lengths.set_title("game length")
    _label_seats(fig, (wins, scores), series["seat_labels"])
    return fig


def tournament_series(report: dict[str, Any]) -> dict[str, Any]:
    """What a tournament's figure draws, from its report: the bots by rating (lowest
    first) with their 95% intervals, and the win rate per seat with its interval."""
    bots = sorted(report["bots"], key=lambda b: b["rating"])
    seats = list(report["seat_advantage"])
    games = (
        f"{report['games']} of {count_of(report['games_requested'], 'game')} (interrupted)"
        if report.get("interrupted")
        else count_of(report["games"], "game")
    )
    return {
        "title": _title(report, f"{games}, {count_of(report['players'], 'seat')}"),
        "bots": [b["spec"] for b in bots],
        "rating": [b["rating"] for b in bots],
        "rating_ci95": [list(b["rating_ci95"]) for b in bots],
        "seat_win_rate": seats,
        "seat_win_rate_ci95": [list(c) for c in (report.get("seat_advantage_ci95") or [[r, r] for r in seats])],
        "equal_share": 1.0 / len(seats) if len(seats) > 1 else None,
    }


def tournament_figure(report: dict[str, Any]) -> Any:
    """The figure of a ``tournament`` report (a matplotlib ``Figure``, not yet saved)."""
    series = tournament_series(report)
    fig = _figure_class()(figsize=(11, 0.5 * len(series["bots"]) + 2.5), layout="constrained")
    fig.suptitle(series["title"])
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})
    y = list(range(len(series["bots"])))
    left.barh(
        y, series["rating"], xerr=_errors(series["rating"], series["rating_ci95"]), color=RATING_COLOUR, capsize=4
    )
    left.set_yticks(y, series["bots"])
    left.set_xlabel("openskill rating (mu, 95% interval)")
    left.set_title("bots by rating")
    seats = series["seat_win_rate"]
    x = list(range(len(seats)))
    right.bar(x, seats, yerr=_errors(seats, series["seat_win_rate_ci95"]), color=SEAT_COLOUR, capsize=4)
    if series["equal_share"] is not None:
        right.axhline(series["equal_share"], color="grey", linestyle="--", linewidth=1, label="equal share")
        right.legend(loc="best", fontsize="small")
    right.set_xticks(x, [str(s) for s in x])
    right.set_xlabel("seat")
    right.set_ylabel("win rate (95% interval)")
    right.set_title("win rate by seat")
    return fig


def plot_simulation(report: dict[str, Any], path: str | Path) -> None:
    """Draw a ``simulate`` report into a PNG or SVG file."""
    save(simulation_figure(report), path)


def plot_tournament(report: dict[str, Any], path: str | Path) -> None:
    """Draw a ``tournament`` report into a PNG or SVG file."""
    save(tournament_figure(report), path)
