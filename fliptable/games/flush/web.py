"""Flush's cards named for people in the browser (``fliptable/web/faces.py``); how its
table is drawn there is ``web.js`` beside this file."""

from __future__ import annotations

from ...core.cards import CardType

FLAGS = ("skip", "link", "deduction")


def card_title(t: CardType) -> str:
    if t.kind == "flush":
        return "Big Flush" if "big" in t.flags else "Flush"
    flags = [f for f in FLAGS if f in t.flags]
    return f"{t.rank}" + (f" ({', '.join(flags)})" if flags else "")
