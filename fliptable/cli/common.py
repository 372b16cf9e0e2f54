"""What every ``fliptable`` command shares: the Typer app, one-line errors, strict JSON
output, the console, option and player parsing, the progress bar."""

from __future__ import annotations

import json
import math
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..core.errors import FliptableError
from ..core.game import Game
from ..core.options import parse_option_pairs, value_text
from ..core.registry import get_game
from ..core.words import count_of as _count_of  # noqa: F401 - the commands' name for it

if TYPE_CHECKING:
    from rich.progress import Progress

app = typer.Typer(
    name="fliptable",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Card games from the fliptable rulebooks: play, simulate, replay, benchmark.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

PROG = "fliptable"

# options several commands declare alike (one Typer OptionInfo may default many parameters)
BACKEND_OPTION = typer.Option(
    "local", "--backend", metavar="local|ray", help="local (processes) or ray. Results do not depend on it."
)
GAME_OPTIONS = typer.Option(None, "--option", "-o", metavar="KEY=VALUE", help="A game option; may be repeated.")


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
        from .. import __version__

        return __version__


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"{PROG} {_version()}\n")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_show_version, help="Print the version and exit."
    ),
) -> None:
    """Card games from the fliptable rulebooks: play, simulate, replay, benchmark."""


def _game(game_id: str) -> Game:
    return get_game(game_id.strip().lower())


def _options(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    return game.resolve_options(parse_option_pairs(pairs or []))


def _players(game: Game, players: int | None) -> int:
    return game.check_players(game.default_players if players is None else players)


def check_writable_file(path: Path, flag: str) -> Path:
    """``path`` if a file can be written there, tried now (a long game or run must not
    end in an error that loses it): opened for appending, so nothing already there is
    changed, and removed again when it did not exist. ``os.access`` alone is not enough:
    as root it says yes to ``/proc/x.json``."""
    problem = None
    if path.is_dir():
        problem = "it is a folder"
    elif not path.parent.is_dir():
        problem = f"there is no folder {str(path.parent)!r}"
    else:
        existed = path.exists()
        try:
            with open(path, "a"):
                pass
        except OSError as exc:
            problem = exc.strerror or str(exc)
        else:
            if not existed:
                path.unlink(missing_ok=True)
    if problem:
        raise CliError(
            f"{flag} {str(path)!r}: cannot write a file there ({problem}); give a file path in a writable folder"
        )
    return path


def check_figure_file(path: Path | None, flag: str = "--plot") -> None:
    """Refuse a figure file that matplotlib cannot draw or that cannot be written, before
    anything is played."""
    if path is None:
        return
    from ..sim.plots import check_plot_file

    check_plot_file(path)
    check_writable_file(path, flag)


def finish(
    report: dict[str, Any],
    as_json: bool,
    show: Callable[[dict[str, Any]], None],
    write: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    """The end of a command that plays many games: the report as JSON or as ``show``
    prints it, then ``write`` (a figure or a page: after the numbers, so a file that
    cannot be written loses only itself); a run stopped by Ctrl-C or SIGTERM, which
    reports the games that finished, exits 130 or 143."""
    from ..exit_codes import INTERRUPTED, TERMINATED

    if as_json:
        _emit(report)
    else:
        show(report)
    if write is not None:
        write(report)
    if report.get("interrupted"):
        raise typer.Exit(TERMINATED if report.get("terminated") else INTERRUPTED)


def _shown(value: Any) -> str:
    """A value as the command line spells it: ``true``/``false``, ``3000`` not ``3000.0``."""
    return value_text(value)


def _count(value: float) -> str:
    """A count that may hold shares of wins: 31, 30.5, 33.33 (never 1e+06)."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


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
        self.progress: Progress | None = None

    def __enter__(self) -> Callable[[int, int], None] | None:
        """The bar's ``update(done, total)``, or None when stderr is not a terminal."""
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        # no refresh thread: worker processes may be forked while the bar is up
        progress = self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            auto_refresh=False,
            transient=True,
        )
        progress.start()
        task = progress.add_task(self.label, total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)
            progress.refresh()

        return update

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()
