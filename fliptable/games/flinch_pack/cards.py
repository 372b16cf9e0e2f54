"""The FLINCH pack, shared by FLINCH, Muggins, Authors, Patience and Go to the Store:
series of numbered cards. flinch.md "Equipment": 11 series of 1-10 (110 cards); the
older edition has 10 series of 1-15 (150 cards)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.cards import CardTable, CardType

#: card int == its number (index 0 unused), so rules code can compare values directly
CARDS = CardTable([CardType("-", "none", rank=0)] + [CardType(str(n), "number", rank=n) for n in range(1, 16)])
#: card int -> notation ("7"), for views and events
NAMES = CARDS.names


def series_pack(series: int, top: int, packs: int = 1) -> list[int]:
    """``packs`` packs of ``series`` series numbered 1..``top``, in table order."""
    return [n for _ in range(series * packs) for n in range(1, top + 1)]


def pack_count(players: int, options: Mapping[str, Any]) -> int:
    """flinch.md "Players": "When 4 or more play, players will find the game more
    enjoyable if 2 decks of cards are used" -- option ``packs``: ``auto`` is 2 packs with
    4 or more players, else 1; ``1`` or ``2`` say so."""
    packs = options.get("packs", "auto")
    if packs == "auto":
        return 2 if players >= 4 else 1
    return int(packs)


def names(cards: Iterable[int]) -> list[str]:
    """Cards in notation, as a fresh list."""
    return [NAMES[c] for c in cards]


def unseen_counts(pack: Iterable[int], seen: Iterable[int]) -> list[int]:
    """How many of each card (indexed by card int) of ``pack`` are not among ``seen``:
    what a player has not seen yet, from what the pack holds and what they have seen."""
    counts = [0] * len(CARDS)
    for c in pack:
        counts[c] += 1
    for c in seen:
        counts[c] -= 1
    return counts


def a_card(name: str) -> str:
    """The card with its article: "a 7", "an 8", "an 11"."""
    return ("an " if name in ("8", "11") else "a ") + name
