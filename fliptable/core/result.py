"""The outcome of a game as a value."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Result:
    """Final (or current) scores, the rank of every seat (1 = best) and the winners."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...] = ()
    over: bool = True
    details: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"over": self.over, "scores": list(self.scores), "winners": list(self.winners),
                "ranks": list(self.ranks), **({"details": self.details} if self.details else {})}


def ranks_from_keys(keys: list) -> tuple[int, ...]:
    """Competition ranks (1 = best, ties share) for sort keys where higher is better."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)
