"""Finding a game's text rendering (``render(view, seat)``, ``narrate(event)``) and its
summaries, by convention: the module next to the game's module named
``<module>_render`` (FLINCH family: ``flinch_render``), else the package's ``render``.
Games without one get a plain listing of their view, so any registered game plays."""
from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any, Callable

from rich.markup import MarkupError
from rich.style import Style
from rich.text import Text

from ..core.game import Game

#: game id -> render module, where the convention does not find it
RENDER_MODULES: dict[str, str] = {}

_cache: dict[str, ModuleType | None] = {}


def render_module(game: Game) -> ModuleType | None:
    """The game's render module, or None when it has none."""
    if game.id in _cache:
        return _cache[game.id]
    module = type(game).__module__
    package = module.rpartition(".")[0]
    names = [RENDER_MODULES[game.id]] if game.id in RENDER_MODULES else []
    names += [f"{module}_render", f"{package}.render"]
    found = None
    for name in names:
        try:
            found = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                continue  # no such module: try the next name
            raise
        if hasattr(found, "render") or hasattr(found, "narrate"):
            break
        found = None
    _cache[game.id] = found
    return found


def _plain_render(view: Any, seat: int | None) -> str:
    if not isinstance(view, dict):
        return json.dumps(view)
    return "\n".join(f"{k}: {json.dumps(v)}" for k, v in view.items())


def _plain_narrate(event: dict) -> str:
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event.get('type', '?')}: {rest}" if rest else str(event.get("type", "?"))


def renderer(game: Game) -> Callable[[Any, int | None], str]:
    mod = render_module(game)
    return getattr(mod, "render", None) or _plain_render


def narrator(game: Game) -> Callable[[dict], str]:
    mod = render_module(game)
    return getattr(mod, "narrate", None) or _plain_narrate


def safe_render(game: Game, view: Any, seat: int | None) -> str:
    """The game's text of the table; a rendering bug shows as text, never a crash."""
    try:
        return renderer(game)(view, seat)
    except Exception as exc:  # noqa: BLE001 - a renderer bug must not end the game
        return f"(the table could not be drawn: {exc!r})\n" + _plain_render(view, seat)


def safe_narrate(game: Game, event: dict) -> str | None:
    """One line for an event (None when the narrator says nothing)."""
    try:
        line = narrator(game)(event)
    except Exception:  # noqa: BLE001 - fall back to the event's fields
        line = _plain_narrate(event)
    return line if line else None


def rich_text(markup: str) -> Text:
    """``markup`` as Rich text; text that is not valid markup is shown literally."""
    try:
        text = Text.from_markup(markup)
        for span in text.spans:
            if isinstance(span.style, str):
                Style.parse(span.style)
        return text
    except (MarkupError, Exception):  # noqa: BLE001 - StyleSyntaxError and friends
        return Text(markup)


# -- summaries -------------------------------------------------------------------------

def _flip7_round(view: dict, seat: int | None) -> str | None:
    scores = view.get("last_round")
    if not scores:
        return None
    totals = [s["total"] for s in view["seats"]]
    lines = [f"Round {view['round'] - (0 if view.get('over') else 1)} is over.", ""]
    lines.append(f"{'':10}{'round':>7}{'total':>8}")
    for p, (r, t) in enumerate(zip(scores, totals)):
        who = "you" if p == seat else f"seat {p}"
        lines.append(f"{who:<10}{r:>7}{t:>8}")
    return "\n".join(lines)


#: game id -> function(view, seat) giving the summary of the round just finished; it is
#: shown when that text changes
ROUND_SUMMARIES: dict[str, Callable[[dict, int | None], str | None]] = {
    "flip7": _flip7_round,
}


def has_round_summary(game: Game) -> bool:
    return game.id in ROUND_SUMMARIES


def round_summary(game: Game, view: Any, seat: int | None) -> str | None:
    """The summary of the round just finished as ``seat`` sees it (None: none yet)."""
    fn = ROUND_SUMMARIES.get(game.id)
    if fn is None or not isinstance(view, dict):
        return None
    try:
        return fn(view, seat)
    except Exception:  # noqa: BLE001 - a summary is a nicety
        return None
