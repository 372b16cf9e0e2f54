"""``fliptable play``: the terminal game (full screen, or the plain prompt)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from ..core.errors import BotSpecError
from ..core.game import Game
from ..core.rng import fresh_seed
from .common import GAME_OPTIONS, CliError, _game, _options, app, check_writable_file


def play_players(game: Game, players: int | None, bot_specs: list[str]) -> int:
    """``--players``, or the game's default (more when more ``--bot`` specs are given)."""
    if players is None:
        players = max(game.default_players, min(len(bot_specs) + 1, game.max_players))
    return game.check_players(players)


def play_seats(game: Game, players: int, bot_specs: list[str], seat: int) -> list[str]:
    """One spec per seat: ``human`` at ``seat``, the ``--bot`` specs filling the other
    seats in order (the last one fills the rest); ``human`` specs add people."""
    from ..bots.base import make_agent
    from ..sim.simulate import seat_specs

    if not 0 <= seat < players:
        raise CliError(f"--seat {seat} is not a seat at a {players}-player table; seats are 0 to {players - 1}")
    if players == 1 and bot_specs:
        raise BotSpecError(f"a 1-player game has no seat for --bot {bot_specs[0]!r}")
    others = seat_specs(bot_specs, players - 1, game.play_bot or game.default_bot, "other seats") if players > 1 else []
    for spec in others:
        if spec.strip().lower() != "human":
            make_agent(game, spec)
    return [*others[:seat], "human", *others[seat:]]


@app.command("play")
def play_command(
    game: str = typer.Argument(..., metavar="GAME", help="A game id (see `fliptable games`)."),
    players: int | None = typer.Option(None, "--players", "-p", metavar="N", help="Number of players."),
    bot: list[str] | None = typer.Option(
        None,
        "--bot",
        "-b",
        metavar="SPEC",
        help="Bot for the next other seat; the last fills the rest. 'human' adds a person (hotseat).",
    ),
    seed: int | None = typer.Option(None, "--seed", metavar="S", help="Seed (default: a random one, printed)."),
    option: list[str] | None = GAME_OPTIONS,
    seat: int = typer.Option(0, "--seat", metavar="K", help="Your seat (0 acts first)."),
    # typer options declared in place on purpose: the help texts differ per command (shared ones are in cli/common)
    plain: bool = typer.Option(False, "--plain", help="Line-based text instead of the full-screen UI."),
    log: Path | None = typer.Option(
        None,
        "--log",
        metavar="FILE",
        help="Write the game's log there when it ends or you leave (replay it with `fliptable replay FILE`).",
    ),
) -> None:
    """Play in the terminal against bots, or hotseat."""
    g = _game(game)
    opts = _options(g, option)
    specs_given = list(bot or [])
    n = play_players(g, players, specs_given)
    specs = play_seats(g, n, specs_given, seat)  # every error is reported before the game starts
    if log is not None:
        check_writable_file(log, "--log")
    if seed is None:
        seed = fresh_seed()
    if not plain and sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb":
        try:
            from ..tui.app import run_play  # noqa: PLC0415 - the full-screen UI, when installed
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("fliptable.tui"):
                raise
        else:
            code = run_play(g.id, n, specs_given, seat, seed, opts, log_path=None if log is None else str(log))
            if code:
                raise SystemExit(code)
            return
    from ..tui.plain import run_plain

    run_plain(g, n, specs, seat, seed, opts, log_path=None if log is None else str(log))
