"""The FLINCH pack: series of numbered cards. flinch.md "Equipment": 11 series of 1-10
(110 cards); the older edition has 10 series of 1-15 (150 cards)."""
from __future__ import annotations

from typing import Iterable

from ...core.cards import CardTable, CardType

#: card int == its number (index 0 unused), so rules code can compare values directly
CARDS = CardTable([CardType("-", "none", rank=0)] + [CardType(str(n), "number", rank=n) for n in range(1, 16)])


def series_pack(series: int, top: int, packs: int = 1) -> list[int]:
    """``packs`` packs of ``series`` series numbered 1..``top``, in table order."""
    return [n for _ in range(series * packs) for n in range(1, top + 1)]


def unseen_counts(pack: Iterable[int], seen: Iterable[int]) -> list[int]:
    """How many of each card (indexed by card int) of ``pack`` are not among ``seen``:
    what a player has not seen yet, from what the pack holds and what they have seen."""
    counts = [0] * len(CARDS)
    for c in pack:
        counts[c] += 1
    for c in seen:
        counts[c] -= 1
    return counts
