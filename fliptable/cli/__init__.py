"""The ``fliptable`` command (README.md, "Commands"): one module per group of commands,
all registered on the Typer ``app`` of ``common.py``.

Every user error prints one line to stderr naming what was wrong and what is
accepted, and exits 2 (1 when a log replays to an illegal action); never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import NoReturn

import typer
from typer.core import TyperGroup

from ..core.errors import FliptableError, shorten
from ..exit_codes import INTERRUPTED, USER_ERROR, exit_code

# the command modules register their commands on ``app`` when imported
from . import balance, bench, games, play, replay, serve, simulate  # noqa: F401
from .common import PROG, CliError, _count, _emit, _version, app
from .games import rules_text

__all__ = ["PROG", "CliError", "_count", "_emit", "_version", "app", "main", "rules_text"]


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


def _said(exc: BaseException) -> str:
    """A Click error's message on one line (``format_message``, in either Click)."""
    format_message = getattr(exc, "format_message", None)
    return " ".join((str(exc) if format_message is None else format_message()).split())


def main(argv: list[str] | None = None) -> None:
    """The console script: run a command, turning every user error into one line."""
    command = typer.main.get_command(app)
    errors = _click_errors()
    if not (sys.argv[1:] if argv is None else argv):
        _help(command)
    try:
        code = command.main(args=argv, prog_name=PROG, standalone_mode=False)
    except errors["NoArgsIsHelpError"] as exc:
        _help(command, getattr(exc, "ctx", None))
    except errors["UsageError"] as exc:
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else PROG
        message = _said(exc)
        if isinstance(command, TyperGroup) and ctx is not None and ctx.parent is None and "command" in message.lower():
            message += f" Commands: {', '.join(command.list_commands(ctx))}."
        _fail(f"{message} (see {where} --help)", USER_ERROR, where)
    except errors["Abort"]:
        _fail("aborted", INTERRUPTED)
    except errors["ClickException"] as exc:
        _fail(_said(exc), getattr(exc, "exit_code", 1))
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
