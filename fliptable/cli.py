"""The ``fliptable`` command (DESIGN.md "The fliptable command").

Every user error prints one line to stderr naming what was wrong and what is
accepted, and exits 2 (1 when a log replays to an illegal action); never a traceback.
"""
from __future__ import annotations

import importlib
import json
import math
import os
import shutil
import sys
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer

from .core.errors import BotSpecError, FliptableError, shorten
from .core.game import Game
from .core.options import parse_option_pairs
from .core.registry import all_games, get_game
from .core.rng import fresh_seed
from .exit_codes import INTERRUPTED, USER_ERROR, exit_code

app = typer.Typer(
    name="fliptable", add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="Card games from the fliptable rulebooks: play, simulate, replay, benchmark.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

PROG = "fliptable"


class CliError(FliptableError):
    """A command-line argument that is not acceptable."""


def _console():
    """A Rich console on stdout, as wide as the terminal (or ``COLUMNS``); 120 columns
    when stdout is a file or pipe and no width is known, so tables do not fold."""
    from rich.console import Console

    return Console(width=max(40, shutil.get_terminal_size((120, 24)).columns))


def _finite(data: Any) -> Any:
    """``data`` with every NaN or infinite float replaced by ``None`` (JSON has no NaN)."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(v) for v in data]
    return data


def _emit(data: Any) -> None:
    """One strict JSON object on stdout (never NaN or Infinity)."""
    sys.stdout.write(json.dumps(_finite(data), allow_nan=False) + "\n")


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
        return version("fliptable")
    except (ImportError, PackageNotFoundError):
        from . import __version__
        return __version__


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"{PROG} {_version()}\n")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", is_eager=True, callback=_show_version,
                                       help="Print the version and exit.")) -> None:
    """Card games from the fliptable rulebooks: play, simulate, replay, benchmark."""


def _game(game_id: str) -> Game:
    return get_game(game_id.strip().lower())


def _options(game: Game, pairs: Optional[list[str]]) -> dict[str, Any]:
    return game.resolve_options(parse_option_pairs(pairs or []))


def _players(game: Game, players: Optional[int]) -> int:
    return game.check_players(game.default_players if players is None else players)


# -- games ----------------------------------------------------------------------------
@app.command("games")
def games_command(as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
    """List the games, their options (with accepted values), player counts and bots."""
    described = [g.describe() for g in all_games()]
    if as_json:
        _emit({"games": described})
        return
    from rich.table import Table

    from rich.markup import escape

    table = Table(title="fliptable games", show_lines=True)
    for col, ratio in (("game", 3), ("players", 1), ("options: -o name=default (accepted)", 3), ("bots", 1)):
        table.add_column(col, overflow="fold", ratio=ratio)
    for d in described:
        opts = "\n".join(f"-o {o['name']}={_shown(o['default'])}  ({o['accepted']})"
                         for o in d["options"]) or "-"
        lo, hi = d["players"]
        counts = f"{lo}" if lo == hi else f"{lo}-{hi} (default {d['default_players']})"
        about = f"[bold]{d['id']}[/]  {escape(d['title'])}" + (f"\n[dim]{escape(d['summary'])}[/]" if d["summary"] else "")
        table.add_row(about, counts, escape(opts), ", ".join(f"{b} (default)" if b == d["default_bot"] else b for b in d["bots"]))
    _console().print(table)


def _shown(value: Any) -> str:
    """A value as the command line spells it: ``true``/``false``, ``3000`` not ``3000.0``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _count(value: float) -> str:
    """A count that may hold shares of wins: 31, 30.5, 33.33 (never 1e+06)."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


# -- rules ----------------------------------------------------------------------------
def rules_text(game: Game) -> str:
    """The rules as implemented (``docs/rules/<the game's package>.md``) and the notation."""
    from .tui.plain import game_family

    text = _read_rules_doc(f"{game_family(game)}.md")
    parts = [text.rstrip() if text is not None else
             f"# {game.title}\n\n(no rules document is installed for {game.id} yet)"]
    parts.append(f"## Action notation ({game.id})\n\n{game.notation.rstrip() or '(not documented)'}")
    return "\n\n".join(parts) + "\n"


def _read_rules_doc(name: str) -> str | None:
    # Installed wheels carry docs/rules as fliptable/_rules_docs; a source tree has docs/rules.
    try:
        doc = resources.files("fliptable").joinpath("_rules_docs", name)
        if doc.is_file():
            return doc.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        pass
    source = Path(__file__).resolve().parent.parent / "docs" / "rules" / name
    if source.is_file():
        return source.read_text(encoding="utf-8")
    return None


@app.command("rules")
def rules_command(game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`).")) -> None:
    """Show the rules as implemented, and the action notation."""
    sys.stdout.write(rules_text(_game(game)))


# -- play -----------------------------------------------------------------------------
def play_players(game: Game, players: Optional[int], bot_specs: list[str]) -> int:
    """``--players``, or the game's default (more when more ``--bot`` specs are given)."""
    if players is None:
        players = max(game.default_players, min(len(bot_specs) + 1, game.max_players))
    return game.check_players(players)


def play_seats(game: Game, players: int, bot_specs: list[str], seat: int) -> list[str]:
    """One spec per seat: ``human`` at ``seat``, the ``--bot`` specs filling the other
    seats in order (the last one fills the rest); ``human`` specs add people."""
    from .bots.base import make_agent
    from .sim.simulate import seat_specs

    if not 0 <= seat < players:
        raise CliError(f"--seat {seat} is not a seat at a {players}-player table; seats are 0 to {players - 1}")
    if players == 1 and bot_specs:
        raise BotSpecError(f"a 1-player game has no seat for --bot {bot_specs[0]!r}")
    others = seat_specs(bot_specs, players - 1, game.default_bot, "other seats") if players > 1 else []
    for spec in others:
        if spec.strip().lower() != "human":
            make_agent(game, spec)
    return others[:seat] + ["human"] + others[seat:]


@app.command("play")
def play_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", metavar="N", help="Number of players."),
    bot: Optional[list[str]] = typer.Option(None, "--bot", "-b", metavar="SPEC",
                                            help="Bot for the next other seat; the last fills the rest. "
                                                 "'human' adds a person (hotseat)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Seed (default: a random one, printed)."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="KEY=VALUE",
                                               help="A game option; may be repeated."),
    seat: int = typer.Option(0, "--seat", metavar="K", help="Your seat (0 acts first)."),
    plain: bool = typer.Option(False, "--plain", help="Line-based text instead of the full-screen UI."),
    log: Optional[Path] = typer.Option(None, "--log", metavar="FILE",
                                       help="Write the game's log there when it ends or you leave "
                                            "(replay it with `fliptable replay FILE`)."),
) -> None:
    """Play in the terminal against bots, or hotseat."""
    g = _game(game)
    opts = _options(g, option)
    specs_given = list(bot or [])
    n = play_players(g, players, specs_given)
    specs = play_seats(g, n, specs_given, seat)  # every error is reported before the game starts
    if log is not None and (log.is_dir() or not log.parent.is_dir() or not os.access(log.parent, os.W_OK)):
        raise CliError(f"--log {str(log)!r}: cannot write a file there; give a file path in a writable folder")
    if seed is None:
        seed = fresh_seed()
    if not plain and sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb":
        try:
            from .tui.app import run_play  # noqa: PLC0415 - the full-screen UI, when installed
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("fliptable.tui"):
                raise
        else:
            code = run_play(g.id, n, specs_given, seat, seed, opts, log_path=log)
            if code:
                raise SystemExit(code)
            return
    from .tui.plain import run_plain

    run_plain(g, n, specs, seat, seed, opts, log_path=log)


# -- simulate -------------------------------------------------------------------------
def _count_of(n: int, noun: str) -> str:
    """``1 player``, ``4 players``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _simulate_table(report: dict[str, Any]) -> None:
    from rich.table import Table

    console = _console()
    opts = " ".join(f"{k}={_shown(v)}" for k, v in report["options"].items())
    head = f"[bold]{report['game']}[/] {opts}" if opts else f"[bold]{report['game']}[/]"
    console.print(f"{head}: {report['games']} games, {_count_of(report['players'], 'player')}, "
                  f"seed {report['seed']}, {report['workers']} worker(s)")
    table = Table()
    for col in ("seat", "bot", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for s in range(report["players"]):
        lo, hi = report["win_rate_ci95"][s]
        table.add_row(str(s), report["bots"][s], _count(report["wins"][s]), f"{report['win_rate'][s]:.3f}",
                      f"{lo:.3f}-{hi:.3f}", f"{report['mean_score'][s]:.2f}")
    console.print(table)
    for key, value in report["stats"].items():
        shown = f"{value:.4g}" if isinstance(value, float) else value
        console.print(f"  {key}: {shown}")
    console.print(f"  {report['games_per_second']:,.0f} games/s, {report['decisions_per_second']:,.0f} decisions/s"
                  f" ({report['elapsed_seconds']:.2f} s); a shared win counts 1/k to each of k winners")


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    games: int = typer.Option(..., "--games", "-n", metavar="N", help="How many games to play."),
    players: Optional[int] = typer.Option(None, "--players", "-p", metavar="N", help="Number of players."),
    bot: Optional[list[str]] = typer.Option(None, "--bot", "-b", metavar="SPEC",
                                            help="Bot per seat in seat order; the last fills the rest "
                                                 "(default: the game's default bot, see `fliptable games`)."),
    seed: int = typer.Option(0, "--seed", metavar="S", help="Run seed; game i uses a seed derived from it and i."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", metavar="W",
                                          help="Processes (default: all cores). Results do not depend on it."),
    backend: str = typer.Option("local", "--backend", metavar="local|ray", help="local (processes) or ray."),
    logs: Optional[Path] = typer.Option(None, "--logs", metavar="DIR", help="Write each game's log as DIR/<game>-<index>.json."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="KEY=VALUE",
                                               help="A game option; may be repeated."),
) -> None:
    """Play many games between bots and report statistics."""
    import os

    from .sim.simulate import simulate

    g = _game(game)
    opts = _options(g, option)
    if players is None and bot:
        players = max(g.default_players, min(len(bot), g.max_players))
    n = _players(g, players)
    if workers is None:
        workers = os.cpu_count() or 1
    _freeze_imports()
    progress = _progress_bar(f"{g.id}")
    with progress as update:
        report = simulate(g, games, n, list(bot or []), seed, workers, opts, logs, update, backend)
    if as_json:
        _emit(report)
    else:
        _simulate_table(report)


@app.command("tournament")
def tournament_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    bot: Optional[list[str]] = typer.Option(None, "--bot", "-b", metavar="SPEC",
                                            help="A bot in the tournament; give two or more."),
    games: int = typer.Option(..., "--games", "-n", metavar="N",
                              help="How many games (rounded up to whole rotations of the bots)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", metavar="K",
                                          help="Seats per game (default: as many as bots, up to the "
                                               "game's default)."),
    seed: int = typer.Option(0, "--seed", metavar="S", help="Run seed: the same seed, the same report."),
    workers: int = typer.Option(1, "--workers", "-w", metavar="W", help="Processes. Results do not depend on it."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="KEY=VALUE",
                                               help="A game option; may be repeated."),
    plot_file: Optional[Path] = typer.Option(None, "--plot", metavar="FILE.png|.svg",
                                             help="Draw the ratings and the win rate by seat (matplotlib)."),
) -> None:
    """Seat-rotated games between bots, rated with openskill (docs/strength.md)."""
    from .sim.tournament import PLOT_SUFFIXES, TournamentError, plot, tournament

    g = _game(game)
    opts = _options(g, option)
    if plot_file is not None and plot_file.suffix.lower() not in PLOT_SUFFIXES:
        raise TournamentError(f"--plot {str(plot_file)!r}: give a file ending in .png or .svg")
    _freeze_imports()
    with _progress_bar(f"{g.id} tournament") as update:
        report = tournament(g, list(bot or []), games, players, seed, workers, opts, update)
    if plot_file is not None:
        plot(report, str(plot_file))
    if as_json:
        _emit(report)
    else:
        from rich.table import Table as RichTable

        t = RichTable(title=f"{g.id}: {report['games']} games, {report['players']} seats, seed {seed}"
                      + (" (interrupted)" if report["interrupted"] else ""))
        for col in ("bot", "rating", "95% interval", "games", "win rate", "95% interval"):
            t.add_column(col)
        for b in sorted(report["bots"], key=lambda b: -b["rating"]):
            lo, hi = b["rating_ci95"]
            wl, wh = b["win_rate_ci95"]
            t.add_row(b["spec"], f"{b['rating']:.1f}", f"[{lo:.1f}, {hi:.1f}]", str(b["games"]),
                      f"{100 * b['win_rate']:.1f}%", f"[{100 * wl:.1f}, {100 * wh:.1f}]")
        console = _console()
        console.print(t)
        console.print("  seat win rates: " + ", ".join(f"{100 * r:.1f}%" for r in report["seat_advantage"]))
    if report["interrupted"]:
        raise typer.Exit(INTERRUPTED)


def _freeze_imports() -> None:
    """Move everything imported so far out of the cyclic GC's sight: the command's
    libraries are long-lived, and collections during millions of decisions need not
    walk them (also keeps forked workers' pages shared)."""
    import gc

    gc.collect()
    gc.freeze()


class _progress_bar:
    """A Rich progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, label: str):
        self.label = label
        self.progress = None
        self.task = None

    def __enter__(self):
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        # no refresh thread: worker processes may be forked while the bar is up
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), console=console, auto_refresh=False, transient=True)
        self.progress.start()
        self.task = self.progress.add_task(self.label, total=None)
        return self.update

    def update(self, done: int, total: int) -> None:
        self.progress.update(self.task, completed=done, total=total)
        self.progress.refresh()

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()


# -- replay ---------------------------------------------------------------------------
@app.command("replay")
def replay_command(
    log: Path = typer.Argument(..., metavar="LOG", help="A fliptable-log/1 JSON file."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Validate and replay a log."""
    from .core.log import check_result, load_log, replay

    game_log = load_log(log)
    state = replay(game_log)
    check_result(game_log, state)
    result = state.result()
    out = {"over": state.is_over(), "scores": list(result.scores), "winners": list(result.winners),
           "actions_applied": len(game_log.actions)}
    if as_json:
        _emit(out)
        return
    status = "game over" if out["over"] else "game not finished"
    winners = ", ".join(f"seat {w}" for w in out["winners"]) or "none"
    scores = ", ".join(f"{s:g}" for s in out["scores"])
    print(f"{game_log.game}: {_count_of(game_log.players, 'player')}, seed {shorten(game_log.seed)}; "
          f"{out['actions_applied']} actions replayed, all legal; {status}")
    print(f"scores: {scores}")
    print(f"{'winners' if out['over'] else 'leading'}: {winners}")


# -- bench ----------------------------------------------------------------------------
@app.command("bench")
def bench_command(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    seconds: Optional[float] = typer.Option(None, "--seconds", metavar="S",
                                            help="Time budget per game, seconds (default 2, less when "
                                                 "there are many games)."),
    game: Optional[list[str]] = typer.Option(None, "--game", "-g", metavar="GAME", help="Only this game (repeatable)."),
) -> None:
    """Random-policy throughput of every game, single process."""
    from .sim.bench import run_bench

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


# -- serve ----------------------------------------------------------------------------
@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on."),
    port: int = typer.Option(8000, "--port", help="TCP port, 1-65535."),
    db: Optional[str] = typer.Option(None, "--db", metavar="URL",
                                     help="sqlite+aiosqlite:///PATH (default ./fliptable-server.db), "
                                          "postgresql+asyncpg://..., or a file path."),
    origin: Optional[list[str]] = typer.Option(None, "--origin", metavar="ORIGIN",
                                               help="A browser origin allowed besides the server's own "
                                                    "(repeatable)."),
    bot_delay_ms: float = typer.Option(800.0, "--bot-delay-ms", metavar="MS",
                                       help="How long a bot takes over a turn, 0-10000 ms."),
    creates_per_minute: int = typer.Option(30, "--creates-per-minute", metavar="N",
                                           help="Tables one address may create per minute, 1-1000000."),
) -> None:
    """The multiplayer server (docs/server.md): HTTP API, WebSockets, bots, storage."""
    from .server.serve import run_server

    if not 1 <= port <= 65535:
        raise CliError(f"--port must be 1 to 65535, not {port}")
    if not (math.isfinite(bot_delay_ms) and 0 <= bot_delay_ms <= 10_000):
        raise CliError(f"--bot-delay-ms must be 0 to 10000, not {_shown(bot_delay_ms)}")
    if not 1 <= creates_per_minute <= 1_000_000:
        raise CliError(f"--creates-per-minute must be 1 to 1000000, not {creates_per_minute}")
    run_server(host, port, db, tuple(origin or ()), bot_delay_ms, creates_per_minute)


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
    from .server.bench import run_bench_server

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


# -- entry point ----------------------------------------------------------------------
def _fail(message: str, code: int, where: str = PROG) -> NoReturn:
    # one line, and a readable one: a message quoting a megabyte of input is cut short
    sys.stderr.write(f"{where}: error: {shorten(message, 2000)}\n")
    sys.stderr.flush()
    raise SystemExit(code)


def _click_errors() -> dict[str, tuple[type[BaseException], ...]]:
    """Click's exception classes: Typer >= 0.26 vendors its own Click, older Typers use
    Click itself; catch both."""
    modules = []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    out: dict[str, tuple[type[BaseException], ...]] = {}
    for kind in ("NoArgsIsHelpError", "UsageError", "Abort", "ClickException"):
        out[kind] = tuple(getattr(m, kind) for m in modules if hasattr(m, kind))
    out["Abort"] += (typer.Abort,)
    return out


def _help(command, ctx=None) -> NoReturn:
    """The help, once: Rich-formatted help prints itself (and returns ""), plain Click
    returns the text."""
    if ctx is None:
        ctx = command.make_context(PROG, [], resilient_parsing=True)
    text = ctx.get_help()
    if text:
        sys.stdout.write(text + "\n")
    raise SystemExit(0)


def main(argv: Optional[list[str]] = None) -> None:
    """The console script: run a command, turning every user error into one line."""
    command = typer.main.get_command(app)
    errors = _click_errors()
    if not (sys.argv[1:] if argv is None else argv):
        _help(command)
    try:
        code = command.main(args=argv, prog_name=PROG, standalone_mode=False)
    except errors["NoArgsIsHelpError"] as exc:
        _help(command, exc.ctx)
    except errors["UsageError"] as exc:
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else PROG
        message = " ".join(exc.format_message().split())
        if ctx is not None and ctx.parent is None and "command" in message.lower():
            message += f" Commands: {', '.join(command.list_commands(ctx))}."
        _fail(f"{message} (see {where} --help)", USER_ERROR, where)
    except errors["Abort"]:
        _fail("aborted", INTERRUPTED)
    except errors["ClickException"] as exc:
        _fail(" ".join(exc.format_message().split()), getattr(exc, "exit_code", 1))
    except FliptableError as exc:
        _fail(" ".join(str(exc).split()) or type(exc).__name__, exit_code(exc))
    except RecursionError:
        _fail("the input is nested too deeply", USER_ERROR)
    except KeyboardInterrupt:
        _fail("interrupted", INTERRUPTED)
    except BrokenPipeError:
        sys.stderr.close()
        raise SystemExit(0) from None
    if code == 130:  # Typer turns Ctrl-C into exit code 130
        _fail("interrupted", INTERRUPTED)
    raise SystemExit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
