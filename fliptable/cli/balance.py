"""``fliptable balance``: the designer's balance report (docs/balance.md)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import typer

from .common import (
    BACKEND_OPTION,
    PROG,
    CliError,
    _console,
    _freeze_imports,
    _game,
    _progress_bar,
    app,
    check_writable_file,
    finish,
)

_RANGE = re.compile(r"^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$")


def parse_players(text: str | None) -> list[int] | None:
    """``4`` or ``2..8`` as player counts; CliError naming the accepted forms."""
    if text is None:
        return None
    m = _RANGE.match(text)
    if not m:
        raise CliError(f"--players {text!r} is not a count or a range; write N (e.g. 4) or A..B (e.g. 2..8)")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) is not None else lo
    if hi < lo:
        raise CliError(f"--players {text!r}: the range runs backwards; write A..B with A <= B (e.g. 2..8)")
    return list(range(lo, hi + 1))


def parse_vary(pairs: list[str] | None) -> dict[str, list[str]]:
    """``["level=1,3,7", ...]`` as ``{"level": ["1", "3", "7"]}``; CliError when malformed."""
    out: dict[str, list[str]] = {}
    for pair in pairs or []:
        key, sep, values = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"--vary {pair!r} is malformed; write OPTION=V1,V2,... (e.g. --vary level=1,3,7)")
        if key in out:
            raise CliError(f"--vary {key} is given twice; give all its values once: --vary {key}=V1,V2,...")
        items = [v.strip() for v in values.split(",")]
        if not values.strip() or any(not v for v in items):
            raise CliError(f"--vary {pair!r} has an empty value; write OPTION=V1,V2,... (e.g. --vary level=1,3,7)")
        out[key] = items
    return out


def _print(report: dict[str, Any]) -> None:
    from rich.table import Table

    from ..sim.findings import interval, pct, points

    console = _console()
    console.print(
        f"[bold]{report['game']}[/]: {report['games']} games"
        f"{' (interrupted)' if report['interrupted'] else ''}, seed {report['seed']}, "
        f"{report['games_per_second']:,.0f} games/s on {report['workers']} worker(s)"
    )
    for sentence in report["summary"]:
        console.print(f"• {sentence}", highlight=False)
    records = report["combinations"]
    if not records:
        return
    seats = max(r["players"] for r in records)
    t = Table(title="win rate by seat [95% interval]; Holm-adjusted p of the chi-square test")
    for col in ["combination", "games"] + [f"seat {j}" for j in range(seats)] + ["p (Holm)", "mean decisions"]:
        t.add_column(col, justify="left" if col == "combination" else "right")
    for r in records:
        s, test = r["seats"], r["seats"]["test"]
        cells = [f"{pct(s['win_rate'][j])} {interval(s['ci95'][j])}" if j < r["players"] else "" for j in range(seats)]
        m = r["length"]["decisions"]
        t.add_row(r["label"], str(r["games"]), *cells, f"{test['p_holm']:.3g}" if test else "", f"{m['mean']:.1f}")
    console.print(t)
    for r in records:
        moved = [e for e in r["cards"] if e["effect"] and e["effect"].get("significant")]
        if moved:
            console.print(
                f"  {r['label']}: dealt " + ", ".join(f"{e['kind']} {points(e['effect'])}" for e in moved[:6]),
                highlight=False,
            )


@app.command("balance")
def balance_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    players: str | None = typer.Option(
        None, "--players", "-p", metavar="N|A..B", help="A player count or a range (default: the game's default)."
    ),
    vary: list[str] | None = typer.Option(
        None,
        "--vary",
        metavar="OPTION=V1,V2,...",
        help="An option to vary over values; may be repeated (every combination is played).",
    ),
    bot: list[str] | None = typer.Option(
        None,
        "--bot",
        "-b",
        metavar="SPEC",
        help="Bot per seat of the line-up (rotated through the seats); "
        "the last fills the rest (default: the game's default bot).",
    ),
    games: int = typer.Option(1000, "--games", "-n", metavar="N", help="Games per combination."),
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    seed: int = typer.Option(0, "--seed", metavar="S", help="Run seed: the same seed, the same report."),
    workers: int | None = typer.Option(
        None, "--workers", "-w", metavar="W", help="Processes (default: all cores). Results do not depend on it."
    ),
    backend: str = BACKEND_OPTION,
    report_file: Path | None = typer.Option(
        None, "--report", metavar="FILE.html", help="Write a self-contained HTML report (matplotlib figures)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report's numbers as one JSON object."),
    option: list[str] | None = typer.Option(
        None, "--option", "-o", metavar="KEY=VALUE", help="A game option held fixed; may be repeated."
    ),
) -> None:
    """Seat advantage, game length, the game's statistics and card impact, per player
    count and varied option (docs/balance.md)."""
    import os

    from ..core.options import parse_option_pairs
    from ..sim.balance import balance

    g = _game(game)
    counts = parse_players(players)
    varied = parse_vary(vary)
    fixed = parse_option_pairs(option or [])
    g.resolve_options(fixed)
    if report_file is not None:
        from ..sim.report import check_report_file

        check_report_file(report_file)
        check_writable_file(report_file, "--report")
    if workers is None:
        workers = os.cpu_count() or 1
    _freeze_imports()
    with _progress_bar(f"{g.id} balance") as update:
        report = balance(g, counts, varied, list(bot or []), games, seed, workers, backend, fixed, update)

    if report["rounded_up"]:  # on stderr: --json's stdout stays one object
        at = ", ".join(str(n) for n in report["rounded_up"])
        sys.stderr.write(
            f"{PROG}: note: --games {games} was rounded up to whole rotations of the bots at {at} players "
            "(each bot at each seat equally often)\n"
        )

    def page(report: dict[str, Any]) -> None:
        from ..sim.report import write_report

        assert report_file is not None  # asked for only with --report
        write_report(report, report_file)

    finish(report, as_json, _print, page if report_file is not None else None)
