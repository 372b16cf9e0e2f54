"""The games' card tables as the browser client draws them: per game, per card notation,
its kind, rank, suit (or colour), flags and its name for people. Served as the ES module
``/faces.js`` (``fliptable/server/app.py``), built from the tables the server plays with,
so the client never lags behind a game's cards. A card's name for people is its game's
``card_title`` (the optional ``web.py`` of the game's package), else "card RANK"."""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable
from typing import Any

from ..core.cards import CardType
from ..core.registry import all_game_ids, get_game, package_of


def _default_title(t: CardType) -> str:
    if t.kind == "none":
        return "no card"
    return f"card {t.rank}" if t.rank is not None else t.name


def _titles(game_id: str) -> Callable[[CardType], str | None]:
    """The game's ``card_title`` (its package's ``web.py``), or the default's."""
    name = f"{package_of(game_id)}.web"
    try:
        own = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return lambda t: None
    return own.card_title


def faces() -> dict:
    out = {}
    for gid in all_game_ids():
        title = _titles(gid)
        table = {}
        for t in get_game(gid).cards.types:
            entry: dict[str, Any] = {"kind": t.kind, "title": title(t) or _default_title(t)}
            if t.rank is not None:
                entry["rank"] = t.rank
            if t.suit is not None:
                entry["suit"] = t.suit
            if t.flags:
                entry["flags"] = sorted(t.flags)
            table[t.name] = entry
        out[gid] = table
    return out


@functools.lru_cache(maxsize=1)
def module() -> str:
    """``/faces.js``: ``export const FACES = {...};``"""
    return (
        "// The games' card tables (fliptable/web/faces.py): per game, per card notation.\n"
        "export const FACES = " + json.dumps(faces(), separators=(",", ":"), sort_keys=True) + ";\n"
    )
