"""The outcome of a game as a value."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """Final (or current) scores, the rank of every seat (1 = best) and the winners."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...] = ()
    over: bool = True
    details: dict[str, Any] = field(default_factory=dict)

    def returns(self) -> tuple[float, ...]:
        """One number per player in [-1, 1] for learning and ratings, from the ranks:
        first place 1, last place -1, evenly between; tied players share the mean of the
        places they occupy (partners, ranked together, get the same). They sum to zero.
        All zeros while the game is not over."""
        n = len(self.ranks) or len(self.scores)
        if not self.over or n < 2 or not self.ranks:
            return (0.0,) * n
        return _from_ranks(self.ranks)

    def rank_values(self) -> tuple[float, ...]:
        """``returns()`` once over; before, the same formula applied to the current ranks
        (a search's estimate when it stops early; all zeros without ranks)."""
        if self.over or not self.ranks:
            return self.returns()
        return _from_ranks(self.ranks)

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            **({"details": self.details} if self.details else {}),
        }


def ranks_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks (1 = best, ties share) for sort keys where higher is better."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def _from_ranks(ranks: tuple[int, ...]) -> tuple[float, ...]:
    n = len(ranks)
    if n < 2:
        return (0.0,) * n
    out = []
    for r in ranks:
        tied = sum(1 for x in ranks if x == r)
        mean_place = r + (tied - 1) / 2  # places r .. r+tied-1, 1 = best
        out.append(1.0 - 2.0 * (mean_place - 1) / (n - 1))
    return tuple(out)


def margin_values(result: Result, keys: list[float] | tuple[float, ...], scale: float) -> tuple[float, ...]:
    """A position's value per seat for a search that stops early (``Game.evaluate``):
    ``result.returns()`` once over; before, half the current ranks (as ``returns``
    scores them) and half ``tanh((key - mean key of the others) / scale)``, where a
    higher ``key`` is better (points so far, minus cards left) and ``scale`` is a
    typical lead late in a game. Values lie in [-1, 1]."""
    if result.over:
        return result.returns()
    n = len(keys)
    if n < 2:
        return (0.0,) * n
    total = sum(keys)
    ranked = _from_ranks(result.ranks) if len(result.ranks) == n else (0.0,) * n
    return tuple(0.5 * ranked[s] + 0.5 * math.tanh((keys[s] - (total - keys[s]) / (n - 1)) / scale) for s in range(n))
