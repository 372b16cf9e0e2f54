"""``fliptable games`` and ``fliptable rules``."""

from __future__ import annotations

import sys

import typer

from ..core.registry import all_games
from ..games.docs import rules_text
from .common import _console, _emit, _game, _shown, app


@app.command("games")
def games_command(as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
    """List the games, their options (with accepted values), player counts and bots."""
    from ..bots.base import bot_names

    # the game's own bots and the generic ones (random, ismcts) that play every game
    described = [{**g.describe(), "bots": bot_names(g, True)} for g in all_games()]
    if as_json:
        _emit({"games": described})
        return
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="fliptable games", show_lines=True)
    for col, ratio in (("game", 3), ("players", 1), ("options: -o name=default (accepted)", 3), ("bots", 1)):
        table.add_column(col, overflow="fold", ratio=ratio)
    for d in described:
        opts = "\n".join(f"-o {o['name']}={_shown(o['default'])}  ({o['accepted']})" for o in d["options"]) or "-"
        lo, hi = d["players"]
        counts = f"{lo}" if lo == hi else f"{lo}-{hi} (default {d['default_players']})"
        about = f"[bold]{d['id']}[/]  {escape(d['title'])}" + (
            f"\n[dim]{escape(d['summary'])}[/]" if d["summary"] else ""
        )
        table.add_row(
            about, counts, escape(opts), ", ".join(f"{b} (default)" if b == d["default_bot"] else b for b in d["bots"])
        )
    _console().print(table)


# -- rules ----------------------------------------------------------------------------
@app.command("rules")
def rules_command(game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`).")) -> None:
    """Show the rules as implemented, and the action notation."""
    sys.stdout.write(rules_text(_game(game)))
