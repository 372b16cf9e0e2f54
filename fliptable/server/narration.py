"""The narration the server sends with the events: each event's line as the game words
it (``Game.narrate``, the same text the terminal shows), for the seat reading it — "you"
for that seat, "seat N" for the others, third person for a spectator. One grammar for
every client: the browser draws these lines, it does not word events itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.game import Game
from ..tui.texts import rich_text, safe_narrate

#: what may open a Rich markup tag ("[b]", "[/red]", "[#fff]", "[@click]"); "[31, 8]" does not
_TAG = re.compile(r"\[[a-zA-Z#/@]")


def line(game: Game, event: dict[str, Any], seat: int | None) -> str | None:
    """One event's line for ``seat`` (None: a spectator), as plain text (the terminal's
    Rich markup taken out); None when the game says nothing of it."""
    text = safe_narrate(game, event, seat)
    if text is None:
        return None
    # Rich's markup parser only for a line that may hold a tag (most lines hold none)
    plain = (rich_text(text).plain if _TAG.search(text) else text).strip()
    return plain or None


def lines(game: Game, events: Sequence[dict[str, Any]], seat: int | None) -> list[str | None]:
    """``events``' lines for ``seat``, one per event (None where the game says nothing)."""
    return [line(game, e, seat) for e in events]
