"""Fly-swatter's cards named for people in the browser (``fliptable/web/faces.py``); how
its table is drawn there is ``web.js`` beside this file."""

from __future__ import annotations

from ...core.cards import CardType


def card_title(t: CardType) -> str:
    if t.kind == "swatter":
        return "Swatter"
    return f"{t.suit} {t.rank} ({t.rank} {'fly' if t.rank == 1 else 'flies'})"
