"""Text rendering for Go to the Store (the asking games', ``asking/render.py``, with the Store's words)."""

from __future__ import annotations

from ...core.words import Words
from ..asking.render import narrate as _narrate
from ..asking.render import render


def narrate(event: dict, seat: int | None = None) -> str:
    """One line for an event, read by the person at ``seat`` ("you"; None: nobody); a
    failed ask is "Go to the Store"."""
    if event.get("type") == "ask" and not event.get("got"):
        w = Words(seat)
        return f"{w.does(event['player'], 'ask')} {w.who(event['target'])} for {event['number']}s - 'Go to the Store'"
    return _narrate(event, seat)


__all__ = ["narrate", "render"]
