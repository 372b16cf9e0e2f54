"""``fliptable games`` and ``fliptable rules``."""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

import typer

from ..core.game import Game
from ..core.registry import all_games
from .common import _console, _emit, _game, _shown, app


@app.command("games")
def games_command(as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
    """List the games, their options (with accepted values), player counts and bots."""
    from ..bots.base import bot_names

    # the game's own bots and the generic ones (random, ismcts) that play every game
    described = [{**g.describe(), "bots": bot_names(g)} for g in all_games()]
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



# -- rules ----------------------------------------------------------------------------
def rules_text(game: Game) -> str:
    """The rules as implemented (``docs/rules/<the game's package>.md``) and the notation."""
    from ..tui.plain import game_family

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
    source = Path(__file__).resolve().parent.parent.parent / "docs" / "rules" / name
    if source.is_file():
        return source.read_text(encoding="utf-8")
    return None


@app.command("rules")
def rules_command(game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`).")) -> None:
    """Show the rules as implemented, and the action notation."""
    sys.stdout.write(rules_text(_game(game)))


