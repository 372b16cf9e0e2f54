"""Flip 7's cards named for people in the browser (``fliptable/web/faces.py``); how its
table is drawn there is ``web.js`` beside this file."""

from __future__ import annotations

from ...core.cards import CardType

ACTIONS = {"freeze": "Freeze", "flip3": "Flip Three", "second": "Second Chance"}


def card_title(t: CardType) -> str:
    if t.kind == "action":
        return ACTIONS.get(t.name, t.name)
    if t.kind == "modifier":
        return f"+{t.rank} points"
    if t.kind == "multiplier":
        return "x2 multiplier"
    return f"{t.rank}"
