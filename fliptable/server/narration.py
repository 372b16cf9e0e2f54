"""The narration the server sends with the events: each event's line as the game words
it (``Game.narrate``, the same text the terminal shows), for the seat reading it — "you"
for that seat, "seat N" for the others, third person for a spectator. One grammar for
every client: the browser draws these lines, it does not word events itself."""
from __future__ import annotations

from typing import Any, Sequence

from ..core.game import Game
from ..tui.texts import rich_text, safe_narrate


def line(game: Game, event: dict[str, Any], seat: int | None) -> str | None:
    """One event's line for ``seat`` (None: a spectator), as plain text (the terminal's
    Rich markup taken out); None when the game says nothing of it."""
    text = safe_narrate(game, event, seat)
    if text is None:
        return None
    plain = rich_text(text).plain.strip()
    return plain or None


def lines(game: Game, events: Sequence[dict[str, Any]], seat: int | None) -> list[str | None]:
    """``events``' lines for ``seat``, one per event (None where the game says nothing)."""
    return [line(game, e, seat) for e in events]
