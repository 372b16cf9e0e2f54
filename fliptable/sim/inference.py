"""The statistics of a balance report (``sim/balance.py``), each a standard method named
where it is used, with the standard library alone (SciPy is not a dependency; the tests
check these against published values and, where it is installed, against SciPy):

* ``chi2_sf``: the chi-square distribution's upper tail, in closed form for whole
  degrees of freedom (Abramowitz & Stegun 26.4.4 and 26.4.5);
* ``seat_test``: Pearson's chi-square goodness of fit of wins per seat against an even
  split, and per seat a two-sided score (z) test of its share against the even one;
* ``holm``: Holm's step-down adjustment of p-values for several comparisons (1979);
* ``newcombe_interval``: the 95% interval of a difference of two proportions from their
  Wilson intervals (Newcombe 1998, method 10), and ``two_proportion_p`` the pooled z
  test's p-value;
* ``mean_interval``, ``count_quantiles``: means with normal intervals and quantiles of
  values given as ``{value: games}`` counts;
* ``jackknife``: delete-one-group jackknife standard errors of any function of summed
  totals (Quenouille, Tukey; groups = the run's chunks), for a game's own ``stats``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.stats import Z95, wilson_interval

#: the significance level of every test in the report
ALPHA = 0.05


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` (a whole number >= 1) degrees of freedom."""
    if df < 1 or int(df) != df:
        raise ValueError(f"degrees of freedom must be a whole number >= 1, not {df!r}")
    if x <= 0:
        return 1.0
    half = x / 2.0
    if df % 2 == 0:  # A&S 26.4.5: Q = exp(-x/2) sum_{i<df/2} (x/2)^i / i!
        terms = range(df // 2)
        return min(1.0, sum(math.exp(-half + i * math.log(half) - math.lgamma(i + 1)) for i in terms))
    # A&S 26.4.4: Q = 2 (1 - Phi(sqrt x)) + exp(-x/2) sum_{i=1}^{(df-1)/2} (x/2)^(i-1/2) / Gamma(i+1/2)
    tail = math.erfc(math.sqrt(half))
    tail += sum(math.exp(-half + (i - 0.5) * math.log(half) - math.lgamma(i + 0.5)) for i in range(1, (df + 1) // 2))
    return min(1.0, tail)


def normal_two_sided(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def seat_test(wins: Sequence[float], games: int) -> dict[str, Any] | None:
    """Pearson's chi-square goodness of fit of the wins per seat against an even split
    of all wins (df = seats - 1), and per seat the score test of its win share against
    the even share. None for one seat or no wins. A win shared by k counts 1/k."""
    seats = len(wins)
    total = float(sum(wins))
    if seats < 2 or total <= 0 or games <= 0:
        return None
    expected = total / seats
    chi2 = sum((w - expected) ** 2 for w in wins) / expected
    even = expected / games
    spread = math.sqrt(games * even * (1.0 - even)) if 0.0 < even < 1.0 else 0.0
    seat_p = [normal_two_sided((w - expected) / spread) if spread > 0 else 1.0 for w in wins]
    return {"chi2": chi2, "df": seats - 1, "p": chi2_sf(chi2, seats - 1), "even": even, "seat_p": seat_p}


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given (reject where <= alpha)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: (pvalues[i], i))
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def rate(successes: float, n: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval: ``{"n", "successes", "rate", "ci95"}``."""
    return {
        "n": n,
        "successes": successes,
        "rate": successes / n if n else None,
        "ci95": list(wilson_interval(successes, n)) if n else None,
    }


def newcombe_interval(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float, float] | None:
    """``p1 - p2`` and its 95% interval by Newcombe's hybrid score method (from the two
    Wilson intervals); None when either sample is empty."""
    if n1 <= 0 or n2 <= 0:
        return None
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson_interval(s1, n1)
    l2, u2 = wilson_interval(s2, n2)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def two_proportion_p(s1: float, n1: int, s2: float, n2: int) -> float:
    """The two-sided p-value of the pooled two-proportion z test of ``s1/n1 = s2/n2``."""
    pooled = (s1 + s2) / (n1 + n2)
    spread = math.sqrt(pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)) if 0.0 < pooled < 1.0 else 0.0
    return normal_two_sided((s1 / n1 - s2 / n2) / spread) if spread > 0 else 1.0


def difference(a: dict[str, Any] | None, b: dict[str, Any] | None) -> dict[str, Any] | None:
    """The difference of two ``rate`` records (a - b) with Newcombe's interval and the
    two-proportion test's p-value."""
    if not a or not b:
        return None
    got = newcombe_interval(a["successes"], a["n"], b["successes"], b["n"])
    if got is None:
        return None
    return {
        "diff": got[0],
        "ci95": [got[1], got[2]],
        "p": two_proportion_p(a["successes"], a["n"], b["successes"], b["n"]),
    }


def count_quantiles(counts: Mapping[float, int], qs: Sequence[float]) -> list[float]:
    """The ``q`` quantiles of values given as ``{value: games}``: the smallest value with
    at least a share ``q`` of the games at or below it."""
    total = sum(counts.values())
    if total <= 0:
        raise ValueError("no values")
    values = sorted(counts)
    out = []
    for q in qs:
        target, seen = q * total, 0
        for v in values:
            seen += counts[v]
            if seen >= target:
                out.append(v)
                break
        else:
            out.append(values[-1])
    return out


def mean_interval(counts: Mapping[float, int]) -> dict[str, Any]:
    """Mean, sample standard deviation and the mean's 95% normal interval of ``{value: games}``."""
    n = sum(counts.values())
    mean = sum(v * k for v, k in counts.items()) / n
    var = sum(k * (v - mean) ** 2 for v, k in counts.items()) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"n": n, "mean": mean, "sd": math.sqrt(var), "ci95": [mean - half, mean + half]}


def mean_difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The difference of two ``mean_interval`` means (a - b), independent samples, with
    its 95% normal (Welch) interval."""
    d = a["mean"] - b["mean"]
    half = Z95 * math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
    return {"diff": d, "ci95": [d - half, d + half]}


def jackknife(
    estimate: Callable[[dict[str, float], int], Any], parts: Sequence[tuple[Mapping[str, float], int]]
) -> dict[str, Any]:
    """Every number ``estimate(totals, games)`` returns (nested in dicts and lists), with
    its delete-one-group jackknife standard error over ``parts`` (``(totals, games)`` of
    each group) and a 95% normal interval: ``{key: {"value", "se", "ci95"}}``; numbers
    with fewer than two groups, and anything not a number, are given as they are."""
    totals: dict[str, float] = {}
    games = 0
    for part, n in parts:
        games += n
        for k, v in part.items():
            totals[k] = totals.get(k, 0) + v
    full = estimate(dict(totals), games)
    groups = [(part, n) for part, n in parts if n > 0]
    if len(groups) < 2:
        return _leaves(full, None)
    loo = []
    for part, n in groups:
        rest = {k: v - part.get(k, 0) for k, v in totals.items()}
        loo.append(estimate(rest, games - n))
    return _leaves(full, loo)


def _leaves(full: Any, loo: list[Any] | None) -> Any:
    if isinstance(full, bool) or not isinstance(full, (int, float, dict, list)):
        return full
    if isinstance(full, dict):
        return {
            k: _leaves(v, [x.get(k) if isinstance(x, dict) else None for x in loo] if loo else None)
            for k, v in full.items()
        }
    if isinstance(full, list):
        return [
            _leaves(v, [x[i] if isinstance(x, list) and i < len(x) else None for x in loo] if loo else None)
            for i, v in enumerate(full)
        ]
    if loo is None or not math.isfinite(full):
        return {"value": full, "se": None, "ci95": None}
    values = [x for x in loo if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)]
    g = len(values)
    if g < 2:
        return {"value": full, "se": None, "ci95": None}
    centre = sum(values) / g
    se = math.sqrt((g - 1) / g * sum((x - centre) ** 2 for x in values))
    return {"value": full, "se": se, "ci95": [full - Z95 * se, full + Z95 * se]}
