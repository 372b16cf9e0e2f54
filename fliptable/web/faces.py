"""The games' card tables as the browser client draws them: per game, per card notation,
its kind, rank, suit (or colour), flags and its name for people. Served as the ES module
``/faces.js`` (``fliptable/server/app.py``), built from the tables the server plays with,
so the client never lags behind a game's cards."""
from __future__ import annotations

import functools
import json

FLIP7 = {"freeze": "Freeze", "flip3": "Flip Three", "second": "Second Chance"}
FLUSH_FLAGS = ("skip", "link", "deduction")


def _title(game: str, t, flaps_titles: dict[str, str]) -> str:
    if game == "flaps" and t.name in flaps_titles:
        return flaps_titles[t.name]
    if game == "flip7":
        if t.kind == "action":
            return FLIP7.get(t.name, t.name)
        if t.kind == "modifier":
            return f"+{t.rank} points"
        if t.kind == "multiplier":
            return "x2 multiplier"
    if game == "flyswatter":
        return "Swatter" if t.kind == "swatter" else f"{t.suit} {t.rank} ({t.rank} {'fly' if t.rank == 1 else 'flies'})"
    if game == "flush":
        if t.kind == "flush":
            return "Big Flush" if "big" in t.flags else "Flush"
        flags = [f for f in FLUSH_FLAGS if f in t.flags]
        return f"{t.rank}" + (f" ({', '.join(flags)})" if flags else "")
    if t.kind == "none":
        return "no card"
    return f"{t.rank}" if t.rank is not None else t.name


def faces() -> dict:
    from ..core.registry import all_game_ids, get_game
    try:
        from ..games.flaps.cards import FACES
        flaps_titles = {f.name: f.title for f in FACES}
    except ImportError:
        flaps_titles = {}
    out = {}
    for gid in all_game_ids():
        table = {}
        for t in get_game(gid).cards.types:
            entry = {"kind": t.kind, "title": _title(gid, t, flaps_titles)}
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
    return ("// The games' card tables (fliptable/web/faces.py): per game, per card notation.\n"
            "export const FACES = " + json.dumps(faces(), separators=(",", ":"), sort_keys=True) + ";\n")
