"""``fliptable simulate`` and ``fliptable tournament``."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer

from ..exit_codes import TERMINATED
from .common import (
    BACKEND_OPTION,
    GAME_OPTIONS,
    PROG,
    _console,
    _count,
    _count_of,
    _freeze_imports,
    _game,
    _options,
    _players,
    _progress_bar,
    _shown,
    app,
    check_figure_file,
    finish,
)


@contextmanager
def _stopped_by_sigterm():
    """SIGTERM while games are played: the workers are stopped (``sim/parallel.py``),
    then one line and exit status 143 (Ctrl-C: "interrupted", 130)."""
    from ..sim.parallel import Terminated

    try:
        yield
    except Terminated:
        sys.stderr.write(f"{PROG}: error: terminated\n")
        raise typer.Exit(TERMINATED) from None


def _simulate_table(report: dict[str, Any]) -> None:
    from rich.table import Table

    console = _console()
    opts = " ".join(f"{k}={_shown(v)}" for k, v in report["options"].items())
    head = f"[bold]{report['game']}[/] {opts}" if opts else f"[bold]{report['game']}[/]"
    console.print(
        f"{head}: {report['games']} games, {_count_of(report['players'], 'player')}, "
        f"seed {report['seed']}, {report['workers']} worker(s)"
    )
    table = Table()
    for col in ("seat", "bot", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for s in range(report["players"]):
        lo, hi = report["win_rate_ci95"][s]
        table.add_row(
            str(s),
            report["bots"][s],
            _count(report["wins"][s]),
            f"{report['win_rate'][s]:.3f}",
            f"{lo:.3f}-{hi:.3f}",
            f"{report['mean_score'][s]:.2f}",
        )
    console.print(table)
    for key, value in report["stats"].items():
        shown = f"{value:.4g}" if isinstance(value, float) else value
        console.print(f"  {key}: {shown}")
    console.print(
        f"  {report['games_per_second']:,.0f} games/s, {report['decisions_per_second']:,.0f} decisions/s"
        f" ({report['elapsed_seconds']:.2f} s); a shared win counts 1/k to each of k winners"
    )


def _tournament_table(report: dict[str, Any]) -> None:
    from rich.table import Table as RichTable

    t = RichTable(
        title=f"{report['game']}: {report['games']} games, {report['players']} seats, seed {report['seed']}"
        + (" (interrupted)" if report["interrupted"] else "")
    )
    for col in ("bot", "rating", "95% interval", "games", "win rate", "95% interval"):
        t.add_column(col)
    for b in sorted(report["bots"], key=lambda b: -b["rating"]):
        lo, hi = b["rating_ci95"]
        wl, wh = b["win_rate_ci95"]
        t.add_row(
            b["spec"],
            f"{b['rating']:.1f}",
            f"[{lo:.1f}, {hi:.1f}]",
            str(b["games"]),
            f"{100 * b['win_rate']:.1f}%",
            f"[{100 * wl:.1f}, {100 * wh:.1f}]",
        )
    console = _console()
    console.print(t)
    console.print("  seat win rates: " + ", ".join(f"{100 * r:.1f}%" for r in report["seat_advantage"]))


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    games: int = typer.Option(..., "--games", "-n", metavar="N", help="How many games to play (1 to 1,000,000,000)."),
    players: int | None = typer.Option(None, "--players", "-p", metavar="N", help="Number of players."),
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    bot: list[str] | None = typer.Option(
        None,
        "--bot",
        "-b",
        metavar="SPEC",
        help="Bot per seat in seat order; the last fills the rest "
        "(default: the game's default bot, see `fliptable games`).",
    ),
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    seed: int = typer.Option(0, "--seed", metavar="S", help="Run seed; game i uses a seed derived from it and i."),
    workers: int | None = typer.Option(
        None, "--workers", "-w", metavar="W", help="Processes, 1-256 (default: all cores). Results do not depend on it."
    ),
    backend: str = BACKEND_OPTION,
    logs: Path | None = typer.Option(
        None, "--logs", metavar="DIR", help="Write each game's log as DIR/<game>-<index>.json."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    option: list[str] | None = GAME_OPTIONS,
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    plot_file: Path | None = typer.Option(
        None,
        "--plot",
        metavar="FILE.png|.svg",
        help="Draw the win rate per seat, the scores per seat and the game lengths (matplotlib).",
    ),
) -> None:
    """Play many games between bots and report statistics."""
    import os

    from ..sim.simulate import simulate

    g = _game(game)
    opts = _options(g, option)
    check_figure_file(plot_file)
    if players is None and bot:
        players = max(g.default_players, min(len(bot), g.max_players))
    n = _players(g, players)
    if workers is None:
        from ..sim.parallel import MAX_WORKERS

        workers = min(os.cpu_count() or 1, MAX_WORKERS)
    _freeze_imports()
    progress = _progress_bar(f"{g.id}")
    with _stopped_by_sigterm(), progress as update:
        report = simulate(g, games, n, list(bot or []), seed, workers, opts, logs, update, backend)

    def figure(report: dict[str, Any]) -> None:
        from ..sim.plots import plot_simulation

        assert plot_file is not None  # asked for only with --plot
        plot_simulation(report, plot_file)

    finish(report, as_json, _simulate_table, figure if plot_file is not None else None)


@app.command("tournament")
def tournament_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    bot: list[str] | None = typer.Option(
        None, "--bot", "-b", metavar="SPEC", help="A bot in the tournament; give two or more."
    ),
    games: int = typer.Option(
        ...,
        "--games",
        "-n",
        metavar="N",
        help="How many games, 1 to 1,000,000 (rounded up to whole rotations of the bots, and the command says so).",
    ),
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        metavar="K",
        help="Seats per game, at least 2 (default: as many as bots, up "
        "to the game's default); 1 only for a one-player game.",
    ),
    seed: int = typer.Option(0, "--seed", metavar="S", help="Run seed: the same seed, the same report."),
    workers: int = typer.Option(
        1, "--workers", "-w", metavar="W", help="Processes (or Ray CPUs), 1-256. Results do not depend on it."
    ),
    backend: str = BACKEND_OPTION,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    option: list[str] | None = GAME_OPTIONS,
    plot_file: Path | None = typer.Option(
        None, "--plot", metavar="FILE.png|.svg", help="Draw the ratings and the win rate by seat (matplotlib)."
    ),
) -> None:
    """Seat-rotated games between bots, rated with openskill (docs/strength.md)."""
    from ..sim.tournament import tournament

    g = _game(game)
    opts = _options(g, option)
    check_figure_file(plot_file)
    _freeze_imports()
    with _progress_bar(f"{g.id} tournament") as update:
        report = tournament(g, list(bot or []), games, players, seed, workers, opts, update, backend)
    if report["blocks"] * len(report["bots"]) > games:  # on stderr: --json's stdout stays one object
        sys.stderr.write(
            f"{PROG}: note: --games {games} was rounded up to {report['games']}, whole rotations "
            f"of {len(report['bots'])} bots (each bot at each seat equally often)\n"
        )

    def figure(report: dict[str, Any]) -> None:
        from ..sim.plots import plot_tournament

        assert plot_file is not None  # asked for only with --plot
        plot_tournament(report, plot_file)

    finish(report, as_json, _tournament_table, figure if plot_file is not None else None)
