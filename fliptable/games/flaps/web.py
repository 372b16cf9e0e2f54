"""FLAPS' cards named for people in the browser (``fliptable/web/faces.py``): each face's
printed title; how its table is drawn there is ``web.js`` beside this file."""

from __future__ import annotations

from ...core.cards import CardType
from .cards import FACES

TITLES = {f.name: f.title for f in FACES}


def card_title(t: CardType) -> str | None:
    return TITLES.get(t.name)
