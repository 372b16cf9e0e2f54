"""Text rendering for Go to the Store (shared with Authors' renderer)."""
from __future__ import annotations

from ..authors.render import narrate as _narrate
from ..authors.render import render


def narrate(event: dict) -> str:
    """One line for an event; a failed ask is "Go to the Store"."""
    if event.get("type") == "ask" and not event.get("got"):
        return (f"seat {event['player']} asks seat {event['target']} for {event['number']}s - "
                "'Go to the Store'")
    return _narrate(event)


__all__ = ["render", "narrate"]
