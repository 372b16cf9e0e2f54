"""The game registry: one table of every game, looked up by id."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from .errors import StateError, UnknownGame, shorten
from .game import Game, State

#: game id -> its package under ``fliptable.games`` (imported on first use, so ``import
#: fliptable`` is cheap; the package's ``__init__`` imports its ``game`` module, which registers it)
GAME_MODULES: dict[str, str] = {
    "flip7": "fliptable.games.flip7",
    "flyswatter": "fliptable.games.flyswatter",
    "flinch": "fliptable.games.flinch",
    "muggins": "fliptable.games.muggins",
    "authors": "fliptable.games.authors",
    "patience": "fliptable.games.patience",
    "go-to-the-store": "fliptable.games.go_to_the_store",
    "flush": "fliptable.games.flush",
    "flaps": "fliptable.games.flaps",
}

#: the game the benchmarks measure beside every game's random play (``fliptable bench``'s
#: simulate path and search clone, ``bench-server``'s default tables): a default, as data
REFERENCE_GAME = "flip7"

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game instance to the registry (called by each game package)."""
    _GAMES[game.id] = game
    return game


def _available() -> list[str]:
    out = []
    for gid, module in GAME_MODULES.items():
        if gid in _GAMES:
            out.append(gid)
            continue
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(module):
                continue  # that game package is not built yet
            raise
        if gid in _GAMES:
            out.append(gid)
    return out


def _spelling(game_id: str) -> str:
    """The id as registered for another spelling of it: any case, ``_`` for ``-``
    (``go_to_the_store``, the rules file's and the package's name, is ``go-to-the-store``)."""
    if game_id in _GAMES or game_id in GAME_MODULES:
        return game_id
    return game_id.strip().lower().replace("_", "-")


def get_game(game_id: str) -> Game:
    """The registered game ``game_id`` (or another spelling of it: any case, ``_`` for
    ``-``); UnknownGame names the games there are."""
    if isinstance(game_id, str):
        game_id = _spelling(game_id)
    if game_id not in _GAMES and game_id in GAME_MODULES:
        _available()
    game = _GAMES.get(game_id)
    if game is None:
        raise UnknownGame(f"unknown game {shorten(game_id)!r}; games: {', '.join(all_game_ids())}")
    return game


def all_game_ids() -> list[str]:
    """Ids of every game, in registry order."""
    ids = _available()
    return ids + sorted(g for g in _GAMES if g not in ids)


def all_games() -> list[Game]:
    return [_GAMES[g] for g in all_game_ids()]


def load_state(data: Any) -> State:
    """A state from ``State.to_json`` data, whatever its game (``StateError`` when it is
    malformed, inconsistent or names no game)."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateError("a state must be a JSON object naming its game")
    return get_game(data["game"]).state_from_json(data)


def package_of(game_id: str) -> str:
    """The package a game lives in (``fliptable.games.flip7``): the package of its game
    class's module, which holds everything about the game (its browser module too)."""
    module = sys.modules[type(get_game(game_id)).__module__]
    return module.__package__ or module.__name__
