"""``fliptable bench`` and ``fliptable bench-server``: throughput and latency."""
from __future__ import annotations

import math
import sys
from typing import Optional

import typer

from .common import CliError, _console, _emit, _freeze_imports, _game, _shown, app


@app.command("bench")
def bench_command(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    seconds: Optional[float] = typer.Option(None, "--seconds", metavar="S",
                                            help="Time budget per game, seconds (default 2, less when "
                                                 "there are many games)."),
    game: Optional[list[str]] = typer.Option(None, "--game", "-g", metavar="GAME", help="Only this game (repeatable)."),
) -> None:
    """Random-policy throughput of every game, single process."""
    from ..sim.bench import run_bench

    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        raise CliError(f"--seconds must be a positive number, not {_shown(seconds)}")
    ids = [_game(g).id for g in game] if game else None
    _freeze_imports()
    report = run_bench(ids, seconds)
    if as_json:
        _emit(report)
        return
    from rich.table import Table

    table = Table(title="random play, one process")
    for col in ("game", "players", "decisions/s", "games/s", "search clones/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in report["results"]:
        clone = r.get("clone_per_second")
        table.add_row(r["game"], str(r["players"]), f"{r['decisions_per_second']:,.0f}",
                      f"{r['games_per_second']:,.1f}", "-" if clone is None else f"{clone:,.0f}")
    for r in report["simulate"]:
        table.add_row(f"{r['game']} via simulate ({r['bots']})", str(r["players"]),
                      f"{r['decisions_per_second']:,.0f}", f"{r['games_per_second']:,.1f}", "")
    _console().print(table)
    side = report.get("clone_vs_decisions")
    if side:
        _console().print(f"{side['game']} mid-game: a search clone takes {side['clone_us']:.2f} µs, "
                         f"a random-play decision {side['decision_us']:.2f} µs "
                         f"(clone / two decisions = {side['clone_over_two_decisions']:.2f})")



@app.command("bench-server")
def bench_server_command(
    tables: int = typer.Option(20, "--tables", metavar="N", help="Tables played at once, 1-2000."),
    players: int = typer.Option(4, "--players", metavar="P", help="Seats per table (every one a websocket)."),
    seconds: float = typer.Option(10.0, "--seconds", metavar="S", help="How long to measure, 1-3600 s."),
    think_ms: float = typer.Option(500.0, "--think-ms", metavar="MS",
                                   help="A client's mean think time before acting, 0-60000 ms."),
    game: str = typer.Option("flip7", "--game", "-g", metavar="GAME", help="The game the tables play."),
    db: Optional[str] = typer.Option(None, "--db", metavar="URL", help="The server's database (default: a "
                                                                      "fresh SQLite file)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Action -> frame latency of a real server over real websockets (p50/p90/p99)."""
    from ..server.bench import run_bench_server

    if not 1 <= tables <= 2000:
        raise CliError(f"--tables must be 1 to 2000, not {tables}")
    if not (math.isfinite(seconds) and 1 <= seconds <= 3600):
        raise CliError(f"--seconds must be 1 to 3600, not {_shown(seconds)}")
    if not (math.isfinite(think_ms) and 0 <= think_ms <= 60_000):
        raise CliError(f"--think-ms must be 0 to 60000, not {_shown(think_ms)}")
    g = _game(game)
    g.check_players(players)
    report = run_bench_server(tables, players, seconds, g.id, think_ms, db)
    if as_json:
        _emit(report)
        return
    if not report["actions"]:
        raise CliError("no action was measured: try more --seconds or a shorter --think-ms")
    sys.stdout.write(f"{report['tables']} {g.id} tables x {report['players']} seats = {report['sockets']} websockets, "
                     f"think {_shown(think_ms)} ms, {report['seconds']} s on {report['cores']} cores ({report['db']})\n"
                     f"{report['actions']} actions ({report['actions_per_second']:.0f}/s), {report['errors']} errors; "
                     f"action -> frame latency: p50 {report['p50_ms']:.1f} ms, p90 {report['p90_ms']:.1f} ms, "
                     f"p99 {report['p99_ms']:.1f} ms, max {report['max_ms']:.1f} ms\n")


