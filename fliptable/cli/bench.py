"""``fliptable bench`` and ``fliptable bench-server``: throughput and latency."""

from __future__ import annotations

import math
import sys

import typer

from ..core.registry import REFERENCE_GAME
from .common import CliError, _console, _emit, _freeze_imports, _game, _options, _shown, app


@app.command("bench")
def bench_command(
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    seconds: float | None = typer.Option(
        None,
        "--seconds",
        metavar="S",
        help="Time budget per game, seconds (default 2, less when there are many games).",
    ),
    game: list[str] | None = typer.Option(None, "--game", "-g", metavar="GAME", help="Only this game (repeatable)."),
    players: int | None = typer.Option(
        None, "--players", "-p", metavar="N", help="Table size (with one --game; default: the game's default)."
    ),
    option: list[str] | None = typer.Option(
        None,
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option (with one --game), as `fliptable games` lists them.",
    ),
    envs: bool = typer.Option(
        False,
        "--envs",
        help="Also the RL environments' steps/s (needs the 'rl' extra) "
        "beside PettingZoo's texas_holdem_v4 and leduc_holdem_v4, "
        "as PettingZoo's performance_benchmark measures and reseeded.",
    ),
    writers: str = typer.Option(
        "installed",
        "--writers",
        metavar="installed|pure|both",
        help="With --envs: the observation writers measured: the installed (compiled "
        "when built), the pure-Python ones, or both in one report, in turns.",
    ),
) -> None:
    """Random-policy throughput of every game, single process."""
    from ..bench.rules import run_bench

    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        raise CliError(f"--seconds must be a positive number, not {_shown(seconds)}")
    ids = [_game(g).id for g in game] if game else None
    opts = None
    if players is not None or option:
        if not ids or len(ids) != 1:
            raise CliError("--players and -o describe one game's table: give exactly one --game with them")
        g = _game(ids[0])
        opts = _options(g, option)
        g.check_players(players if players is not None else g.default_players)
    if writers not in ("installed", "pure", "both"):
        raise CliError(f"--writers must be one of installed, pure, both, not {writers!r}")
    if writers != "installed" and not envs:
        raise CliError("--writers chooses what --envs measures: give --envs with it")
    env_bench = _env_bench() if envs else None  # before any game is timed
    _freeze_imports()
    report = run_bench(ids, seconds, players, opts)
    if env_bench is not None:
        report["envs"] = env_bench(ids, seconds if seconds is not None else 2.0, writers=writers)
        for r in report["results"]:
            row = report["envs"]["fliptable"].get(r["game"])
            r["env_steps_per_second"] = row["env_steps_per_second"] if row else None
    if as_json:
        _emit(report)
        return
    from rich.table import Table

    table = Table(title="random play, one process")
    for col in ("game", "players", "decisions/s", "games/s", "search clones/s", "ISMCTS iterations/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in report["results"]:
        clone = r.get("clone_per_second")
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['decisions_per_second']:,.0f}",
            f"{r['games_per_second']:,.1f}",
            "-" if clone is None else f"{clone:,.0f}",
            "-" if r["ismcts_iterations_per_second"] is None else f"{r['ismcts_iterations_per_second']:,.0f}",
        )
    for r in report["simulate"]:
        table.add_row(
            f"{r['game']} via simulate ({r['bots']})",
            str(r["players"]),
            f"{r['decisions_per_second']:,.0f}",
            f"{r['games_per_second']:,.1f}",
            "",
            "",
        )
    _console().print(table)
    if "envs" in report:
        from ..bench.envs import describe

        for line in describe(report["envs"]):
            _console().print(
                f"RL env {line}" if line.startswith(("fliptable", "pettingzoo", "pure ")) else f"RL envs: {line}",
                markup=False,
            )
    side = report.get("clone_vs_decisions")
    if side:
        _console().print(
            f"{side['game']} mid-game: a search clone takes {side['clone_us']:.2f} µs, "
            f"a random-play decision {side['decision_us']:.2f} µs "
            f"(clone / two decisions = {side['clone_over_two_decisions']:.2f})"
        )


def _env_bench():
    """``fliptable.bench.envs.bench``, or one line naming the ``rl`` extra when its
    libraries are missing (checked before anything is measured)."""
    try:
        from ..adapters import pettingzoo  # noqa: F401 - numpy, gymnasium, pettingzoo
        from ..bench.envs import bench
    except ImportError as exc:
        missing = getattr(exc, "name", None) or str(exc)
        raise CliError(
            f"--envs needs the 'rl' extra (pip install 'fliptable[rl]'); {missing} is not installed"
        ) from None
    return bench


@app.command("bench-server")
def bench_server_command(
    tables: int = typer.Option(20, "--tables", metavar="N", help="Tables played at once, 1-2000."),
    players: int = typer.Option(4, "--players", metavar="P", help="Seats per table (every one a websocket)."),
    seconds: float = typer.Option(10.0, "--seconds", metavar="S", help="How long to measure, 1-3600 s."),
    think_ms: float = typer.Option(
        500.0, "--think-ms", metavar="MS", help="A client's mean think time before acting, 0-60000 ms."
    ),
    game: str = typer.Option(REFERENCE_GAME, "--game", "-g", metavar="GAME", help="The game the tables play."),
    db: str | None = typer.Option(
        None, "--db", metavar="URL", help="The server's database (default: a fresh SQLite file)."
    ),
    port: int | None = typer.Option(
        None, "--port", metavar="P", help="The port the started server listens on, 1-65535 (default: a free one)."
    ),
    bot_tables: int = typer.Option(
        0, "--bot-tables", metavar="N", help="All-bot tables (bot pace 0) played meanwhile, 0-200."
    ),
    bot: str = typer.Option("ismcts", "--bot", metavar="SPEC", help="The bot at every seat of the bot tables."),
    race_probe: bool = typer.Option(
        False,
        "--race-probe",
        help="Also time two swats sent 50 ms apart at a Fly-swatter table: how often the earlier wins.",
    ),
    servers: str | None = typer.Option(
        None,
        "--servers",
        metavar="URL,URL,...",
        help="Measure several running `serve --redis` processes instead "
        "of starting one: the tables are spread over them.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Action -> frame latency of a real server over real websockets (p50/p90/p99)."""
    from ..bench.server import run_bench_server

    if not 1 <= tables <= 2000:
        raise CliError(f"--tables must be 1 to 2000, not {tables}")
    if not (math.isfinite(seconds) and 1 <= seconds <= 3600):
        raise CliError(f"--seconds must be 1 to 3600, not {_shown(seconds)}")
    if not (math.isfinite(think_ms) and 0 <= think_ms <= 60_000):
        raise CliError(f"--think-ms must be 0 to 60000, not {_shown(think_ms)}")
    if port is not None and not 1 <= port <= 65535:
        raise CliError(f"--port must be 1 to 65535, not {port}")
    if not 0 <= bot_tables <= 200:
        raise CliError(f"--bot-tables must be 0 to 200, not {bot_tables}")
    urls = None
    if servers is not None:
        urls = [u.strip().rstrip("/") for u in servers.split(",") if u.strip()]
        bad = [u for u in urls if not u.startswith(("http://", "https://"))]
        if not urls or bad:
            raise CliError(
                f"--servers must be http(s) URLs separated by commas, e.g. "
                f"http://127.0.0.1:8001,http://127.0.0.1:8002; got {servers!r}"
            )
    g = _game(game)
    g.check_players(players)
    if bot_tables:
        from ..bots.base import make_agent

        make_agent(g, bot)  # an unknown bot is one line here, not a failed run
    report = run_bench_server(
        tables,
        players,
        seconds,
        g.id,
        think_ms,
        db,
        port=port,
        bot_tables=bot_tables,
        bot=bot,
        race_probe=race_probe,
        servers=urls,
    )
    if as_json:
        _emit(report)
        return
    if not report["actions"]:
        raise CliError("no action was measured: try more --seconds or a shorter --think-ms")
    sys.stdout.write(
        f"{report['tables']} {g.id} tables x {report['players']} seats = {report['sockets']} websockets, "
        f"think {_shown(think_ms)} ms, {report['seconds']} s on {report['cores']} cores "
        f"({f'{len(urls)} running processes' if urls else report['db']})\n"
        f"{report['actions']} actions accepted ({report['actions_per_second']:.0f}/s); "
        f"refused: {report['refused_stale']} lost races / stale, {report['refused_rate']} over the rate "
        f"limit; {report['errors']} errors\n"
        f"accepted action -> frame latency: p50 {report['p50_ms']:.1f} ms, p90 {report['p90_ms']:.1f} ms, "
        f"p99 {report['p99_ms']:.1f} ms, max {report['max_ms']:.1f} ms\n"
        f"GET /api/games: p50 {report['api_games_ms']['p50']:.1f} ms, "
        f"p99 {report['api_games_ms']['p99']:.1f} ms ({report['api_games_ms']['samples']} requests)"
        + (
            f", while {bot_tables} tables of {bot} bots played ({report['bot_games_finished']} games finished)"
            if bot_tables
            else ""
        )
        + "\n"
    )
    probe = report["race_probe"]
    if probe is not None:
        share = "-" if probe["share"] is None else f"{100 * probe['share']:.1f}%"
        sys.stdout.write(
            f"race probe: the earlier of two swats {probe['gap_ms']:g} ms apart landed first in "
            f"{probe['earlier_won']} of {probe['races']} windows ({share})\n"
        )
    for message in report["error_samples"]:
        sys.stdout.write(f"  error: {message}\n")
