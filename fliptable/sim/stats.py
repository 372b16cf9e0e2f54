"""Statistics for simulations: win tallies folded game by game, Wilson intervals.

Totals are folded in game-index order (per chunk, chunks in order, with chunk
boundaries that depend only on the number of games), so the floating-point sums, and
hence every reported number, are identical whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.stats import Z95, wilson_interval  # noqa: F401 - re-exported


@dataclass(slots=True)
class Tally:
    """Additive totals of some games: wins (a win shared by k winners counts 1/k to
    each), summed scores, decisions, the game's own ``stats`` counters, and how many
    games ended with each score (per seat) and lasted each number of decisions (the
    distributions ``--plot`` draws; counts, so they merge exactly in any order). A game
    that names its own plot measure (its ``plot_measure``) has its values counted too:
    ``measure`` names it, ``measure_counts`` holds them per seat."""

    players: int
    games: int = 0
    decisions: int = 0
    wins: list[float] = field(default_factory=list)
    score_sum: list[float] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    score_counts: list[dict[float, int]] = field(default_factory=list)
    length_counts: dict[int, int] = field(default_factory=dict)
    measure: str | None = None
    measure_counts: list[dict[float, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0.0] * self.players
        if not self.score_sum:
            self.score_sum = [0.0] * self.players
        if not self.score_counts:
            self.score_counts = [{} for _ in range(self.players)]
        if not self.measure_counts:
            self.measure_counts = [{} for _ in range(self.players)]

    def add_game(
        self, scores: Sequence[float], winners: Sequence[int], decisions: int, stats: Mapping[str, float]
    ) -> None:
        """Fold one finished game in."""
        self.games += 1
        self.decisions += decisions
        if winners:
            share = 1.0 / len(winners)
            for w in winners:
                self.wins[w] += share
        for seat, score in enumerate(scores):
            self.score_sum[seat] += score
            counts = self.score_counts[seat]
            counts[score] = counts.get(score, 0) + 1
        self.length_counts[decisions] = self.length_counts.get(decisions, 0) + 1
        for key, value in stats.items():
            self.stats[key] = self.stats.get(key, 0) + value

    def add_measure(self, label: str, values: Sequence[float]) -> None:
        """Fold in one finished game's plot measure (the game's ``plot_measure``)."""
        self.measure = label
        for seat, value in enumerate(values):
            counts = self.measure_counts[seat]
            counts[value] = counts.get(value, 0) + 1

    def merge(self, other: Tally) -> None:
        """Fold another tally in (callers merge chunks in game-index order)."""
        self.games += other.games
        self.decisions += other.decisions
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.score_sum[seat] += other.score_sum[seat]
            _add_counts(self.score_counts[seat], other.score_counts[seat])
        _add_counts(self.length_counts, other.length_counts)
        if other.measure is not None:
            self.measure = other.measure
            for seat in range(self.players):
                _add_counts(self.measure_counts[seat], other.measure_counts[seat])
        for key, value in other.stats.items():
            self.stats[key] = self.stats.get(key, 0) + value

    def win_rate(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    def win_rate_ci95(self) -> list[list[float]]:
        return [list(wilson_interval(w, self.games)) for w in self.wins]

    def mean_score(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.score_sum]

    def summary(self) -> dict[str, Any]:
        return {
            "wins": list(self.wins),
            "win_rate": self.win_rate(),
            "win_rate_ci95": self.win_rate_ci95(),
            "mean_score": self.mean_score(),
        }

    def distributions(self) -> dict[str, Any]:
        """``score_counts[seat]`` and ``length_counts``: ``[value, games]`` pairs in
        increasing value (JSON objects cannot have number keys); and the game's own plot
        measure, when it names one (``measure``: its name, ``measure_counts[seat]``)."""
        out: dict[str, Any] = {
            "score_counts": [_pairs(c) for c in self.score_counts],
            "length_counts": _pairs(self.length_counts),
        }
        if self.measure is not None:
            out["measure"] = self.measure
            out["measure_counts"] = [_pairs(c) for c in self.measure_counts]
        return out


def _add_counts(into: dict, other: Mapping) -> None:
    for value, n in other.items():
        into[value] = into.get(value, 0) + n


def _pairs(counts: Mapping) -> list[list]:
    return [[value, counts[value]] for value in sorted(counts)]
