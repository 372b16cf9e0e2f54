"""The numbers and sentences of a balance report, from the tallies of ``sim/balance.py``
(the methods are in ``sim/inference.py``).

Per combination: the win rate of each seat with its 95% Wilson interval; Pearson's
chi-square goodness of fit of the wins per seat against an even split, with Holm's
adjustment over the run's combinations, and per seat a score test against the even
share, Holm-adjusted over every seat of every combination; each bot's win rate when the
line-up holds several; game lengths (mean with its interval, quartiles, the 99th
percentile that the longest 1% of games reach, the longest); the share of games a
safety cap ended; the game's own ``stats`` with jackknife intervals; and card impact:
per kind the win rate of seats dealt it against seats not dealt it (and held at the end
against not held, where the game has a hand), the difference with Newcombe's interval,
sorted by that difference. Per varied option, each value's differences from the first
value at the same player count and other values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import Game
from .inference import (
    ALPHA,
    count_quantiles,
    difference,
    holm,
    jackknife,
    mean_difference,
    mean_interval,
    rate,
    seat_test,
)

#: the test named in the report
SEAT_TEST = (
    "Pearson's chi-square goodness of fit of the wins per seat against an even split "
    "(df = seats - 1), Holm-adjusted over the run's combinations; per seat a two-sided score "
    "test of its win share against the even share, Holm-adjusted over every seat of every combination"
)
METHODS = {
    "seat_test": SEAT_TEST,
    "win_rate_interval": "95% Wilson score interval (a win shared by k winners counts 1/k)",
    "card_effect": (
        "win rate of seats dealt the kind minus seats not dealt it, 95% Newcombe hybrid "
        "score interval; significant when the pooled two-proportion z test, Holm-adjusted over "
        "the combination's kinds, is at most alpha; the seats of one game are counted as "
        "separate observations"
    ),
    "length_interval": "mean with a 95% normal interval; quartiles, p99 (the longest 1% of games reach it), max",
    "stats_interval": "95% normal interval from the delete-one-chunk jackknife standard error",
    "differences": (
        "each varied value against the first value at the same player count and other values: "
        "win rates and cap share by Newcombe's interval, means by Welch's normal interval, "
        "stats by their jackknife standard errors"
    ),
    "alpha": ALPHA,
}


def build_report(
    game: Game, run: dict[str, Any], combos: Sequence[Any], tallies: Sequence[Any], kinds: Sequence[Mapping[str, int]]
) -> dict[str, Any]:
    """The whole report: ``run`` (what was asked and how long it took), ``methods``, one
    record per combination, the differences per varied option, and the summary."""
    records = [
        combination_record(game, c, t, k, run["bots"][c.players])
        for c, t, k in zip(combos, tallies, kinds, strict=True)
        if t is not None and t.games
    ]
    omnibus = [r for r in records if r["seats"]["test"] is not None]
    for r, q in zip(omnibus, holm([r["seats"]["test"]["p"] for r in omnibus]), strict=True):
        r["seats"]["test"]["p_holm"] = q
        r["seats"]["test"]["significant"] = q <= ALPHA
    seat_ps = [(r, j) for r in omnibus for j in range(r["players"])]
    for (r, j), q in zip(seat_ps, holm([r["seats"]["test"]["seat_p"][j] for r, j in seat_ps]), strict=True):
        r["seats"]["test"].setdefault("seat_p_holm", [None] * r["players"])[j] = q
    report = {
        **run,
        "methods": METHODS,
        "seat0_starts": game.balance.seat0_starts,
        "combinations": records,
        "differences": differences(records, list(run["vary"])),
    }
    report["summary"] = summary(report)
    return report


def combination_record(
    game: Game, combo: Any, tally: Any, kinds: Mapping[str, int], lineup: Sequence[str]
) -> dict[str, Any]:
    """Every number of one combination (see the module)."""
    n, players = tally.games, combo.players
    seats: dict[str, Any] = {
        "wins": [round(w, 9) for w in tally.wins],
        "win_rate": [rate(w, n)["rate"] for w in tally.wins],
        "ci95": [rate(w, n)["ci95"] for w in tally.wins],
        "test": seat_test(tally.wins, n),
    }
    seats["even"] = seats["test"]["even"] if seats["test"] else None
    bots = []
    for spec in dict.fromkeys(lineup):
        positions = [i for i, s in enumerate(lineup) if s == spec]
        wins = sum(tally.bot_wins[i] for i in positions)
        bots.append({"spec": spec, "seats_per_game": len(positions), **rate(wins, n * len(positions))})
    lengths = {}
    for name, counts in tally.length_counts.items():
        if counts:
            q1, median, q3, p99 = count_quantiles(counts, (0.25, 0.5, 0.75, 0.99))
            lengths[name] = {
                **mean_interval(counts),
                "q1": q1,
                "median": median,
                "q3": q3,
                "p99": p99,
                "max": max(counts),
                "counts": [[v, counts[v]] for v in sorted(counts)],
            }
    cards = []
    names = sorted(kinds, key=kinds.__getitem__)
    for k, kind in enumerate(names):
        dealt = rate(tally.dealt_w[k], tally.dealt_n[k])
        rest = rate(sum(tally.wins) - tally.dealt_w[k], n * players - tally.dealt_n[k])
        entry: dict[str, Any] = {"kind": kind, "dealt": dealt, "not_dealt": rest, "effect": difference(dealt, rest)}
        if tally.has_hand:
            held = rate(tally.held_w[k], tally.held_n[k])
            free = rate(sum(tally.wins) - tally.held_w[k], n * players - tally.held_n[k])
            entry.update({"held": held, "not_held": free, "held_effect": difference(held, free)})
        cards.append(entry)
    cards.sort(key=lambda e: (e["effect"] is None, -(e["effect"] or {"diff": 0})["diff"], e["kind"]))
    for effect in ("effect", "held_effect"):
        tested = [e[effect] for e in cards if e.get(effect)]
        for d, q in zip(tested, holm([d["p"] for d in tested]), strict=True):
            d["p_holm"] = q
            d["significant"] = q <= ALPHA
    balance = game.balance
    return {
        "label": combo.label(),
        "players": players,
        "varied": dict(combo.varied),
        "games": n,
        "seats": seats,
        "bots": bots if len(bots) > 1 else [],
        "length": lengths,
        "cap": rate(tally.capped, n) if balance.has_cap else None,
        "stats": jackknife(lambda totals, g: game.summarize_stats(totals, g, players), tally.parts),
        "cards": cards,
        "has_hand": tally.has_hand,
    }


def _stat_difference(a: Any, b: Any) -> Any:
    """Differences of two jackknifed ``stats`` trees, leaf by leaf."""
    if isinstance(a, dict) and "value" in a and "se" in a:
        if not (isinstance(b, dict) and "value" in b) or not isinstance(a["value"], (int, float)):
            return None
        d = a["value"] - b["value"]
        if a["se"] is None or b["se"] is None:
            return {"diff": d, "ci95": None}
        half = 1.959963984540054 * (a["se"] ** 2 + b["se"] ** 2) ** 0.5
        return {"diff": d, "ci95": [d - half, d + half]}
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: _stat_difference(v, b.get(k)) for k, v in a.items() if k in b}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [_stat_difference(x, y) for x, y in zip(a, b, strict=True)]
    return None


def differences(records: Sequence[dict[str, Any]], varied: Sequence[str]) -> list[dict[str, Any]]:
    """For each varied option and each value but the first: the difference of every
    combination from its base (the first value, all else equal)."""
    out = []
    by_key = {(r["players"], tuple(sorted(r["varied"].items()))): r for r in records}
    firsts: dict[str, Any] = {}
    for r in records:
        for key in varied:
            firsts.setdefault(key, r["varied"][key])
    for key in varied:
        for r in records:
            if r["varied"][key] == firsts[key]:
                continue
            base_varied = {**r["varied"], key: firsts[key]}
            base = by_key.get((r["players"], tuple(sorted(base_varied.items()))))
            if base is None:
                continue
            entry = {
                "option": key,
                "value": r["varied"][key],
                "base": firsts[key],
                "players": r["players"],
                "label": r["label"],
                "base_label": base["label"],
                "seat_win_rate": [
                    difference(rate(a, r["games"]), rate(b, base["games"]))
                    for a, b in zip(r["seats"]["wins"], base["seats"]["wins"], strict=True)
                ],
                "length": {
                    name: mean_difference(r["length"][name], base["length"][name])
                    for name in r["length"]
                    if name in base["length"]
                },
                "cap": difference(r["cap"], base["cap"]) if r["cap"] and base["cap"] else None,
                "stats": _stat_difference(r["stats"], base["stats"]),
            }
            out.append(entry)
    return out


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def interval(ci: Sequence[float] | None, scale: float = 100.0, digits: int = 1) -> str:
    """``[29.1, 33.3]``."""
    if not ci:
        return "[n/a]"
    return f"[{scale * ci[0]:.{digits}f}, {scale * ci[1]:.{digits}f}]"


def points(d: dict[str, Any] | None) -> str:
    """A difference of rates in percentage points: ``+3.1 points [1.0, 5.2]``."""
    if not d:
        return "n/a"
    return f"{100 * d['diff']:+.1f} points {interval(d['ci95'])}"


def seat_sentence(r: dict[str, Any], seat0_starts: bool) -> str:
    """One combination's seat finding, in words."""
    seats, test = r["seats"], r["seats"]["test"]
    if test is None:
        return f"At {r['label']} there is one seat: no seat advantage to measure."
    even = seats["even"]
    j = max(range(r["players"]), key=lambda s: (abs(seats["win_rate"][s] - even), -s))
    head = (
        f"Seat {j} wins {pct(seats['win_rate'][j])} {interval(seats['ci95'][j])} at {r['label']} "
        f"against an even {pct(even)}"
    )
    p_text = _p(test["p_holm"])
    if not test["significant"] or test["seat_p_holm"][j] > ALPHA:
        spread = f"{pct(min(seats['win_rate']))} to {pct(max(seats['win_rate']))}"
        return (
            f"At {r['label']} no seat advantage is significant: seats win {spread} against an even "
            f"{pct(even)} (chi-square {test['chi2']:.1f}, df {test['df']}, Holm-adjusted {p_text})."
        )
    ahead = seats["win_rate"][j] > even
    if j == 0 and seat0_starts:
        what = "first-player advantage" if ahead else "first-player disadvantage"
    else:
        what = f"{'advantage' if ahead else 'disadvantage'} for seat {j}"
    return f"{head}: a significant {what} (chi-square {test['chi2']:.1f}, df {test['df']}, Holm-adjusted {p_text})."


def seat_sentences(records: Sequence[dict[str, Any]], seat0_starts: bool, listed: int = 3) -> list[str]:
    """A sentence per combination with a significant seat advantage; the others one by one
    when there are at most ``listed`` of them, else in one sentence naming the largest
    deviation from the even share."""
    tested = [r for r in records if r["seats"]["test"] is not None]
    found = [r for r in tested if r["seats"]["test"]["significant"] and min(r["seats"]["test"]["seat_p_holm"]) <= ALPHA]
    rest = [r for r in records if r not in found]
    if len(rest) <= listed:
        return [seat_sentence(r, seat0_starts) for r in records]
    out = [seat_sentence(r, seat0_starts) for r in found]
    quiet = [r for r in rest if r["seats"]["test"] is not None]
    if quiet:

        def gap(r: dict[str, Any]) -> tuple[float, int]:
            s = r["seats"]
            j = max(range(r["players"]), key=lambda k: abs(s["win_rate"][k] - s["even"]))
            return abs(s["win_rate"][j] - s["even"]), j

        worst = max(quiet, key=lambda r: gap(r)[0])
        j = gap(worst)[1]
        s = worst["seats"]
        out.append(
            f"No seat advantage is significant in {len(quiet)} of {len(tested)} combinations (chi-square "
            f"goodness of fit, Holm-adjusted); the largest deviation is seat {j} winning "
            f"{pct(s['win_rate'][j])} {interval(s['ci95'][j])} at {worst['label']} against an even "
            f"{pct(s['even'])} (Holm-adjusted {_p(worst['seats']['test']['p_holm'])})."
        )
    out += [seat_sentence(r, seat0_starts) for r in rest if r["seats"]["test"] is None]
    return out


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def summary(report: dict[str, Any]) -> list[str]:
    """The report's findings in sentences: seats per combination, the lengths, the cap,
    the cards that matter most and the varied options' largest effects."""
    records = report["combinations"]
    if not records:
        return ["No game finished: nothing to report."]
    out = []
    if report.get("interrupted"):
        out.append(
            f"The run was interrupted: {report['games']} of "
            f"{report.get('games_planned', report['games_requested'] * len(records))} games finished; "
            "the numbers are theirs."
        )
    out += seat_sentences(records, report["seat0_starts"])
    lengths = [(r["length"]["decisions"]["mean"], r) for r in records if "decisions" in r["length"]]
    if lengths:
        lo, hi = min(lengths, key=lambda x: x[0]), max(lengths, key=lambda x: x[0])
        words = [f"A game lasts {lo[0]:.0f} decisions on average at {lo[1]['label']}"]
        if hi[1] is not lo[1]:
            words.append(f"{hi[0]:.0f} at {hi[1]['label']}")
        longest = max(lengths, key=lambda x: x[1]["length"]["decisions"]["p99"])[1]
        out.append(
            ", ".join(words) + f"; the longest 1% of games reach {longest['length']['decisions']['p99']:.0f} "
            f"decisions at {longest['label']}."
        )
    capped = [r for r in records if r["cap"] and r["cap"]["successes"]]
    if any(r["cap"] for r in records):
        if capped:
            worst = max(capped, key=lambda r: r["cap"]["rate"])
            out.append(
                f"A safety cap ends {pct(worst['cap']['rate'])} {interval(worst['cap']['ci95'])} of games "
                f"at {worst['label']} ({len(capped)} of {len(records)} combinations reach it)."
            )
        else:
            out.append("No game reached the safety cap.")
    out += card_sentences(records)
    out += option_sentences(report["differences"])
    return out


def card_sentences(records: Sequence[dict[str, Any]], top: int = 3) -> list[str]:
    """The kinds whose being dealt changes the win rate most (significant after Holm)."""
    found = []
    for r in records:
        for e in r["cards"]:
            eff = e["effect"]
            if eff and eff.get("significant"):
                found.append((abs(eff["diff"]), e, r))
    found.sort(key=lambda x: -x[0])
    out = []
    seen = set()
    for _, e, r in found:
        if e["kind"] in seen:
            continue
        seen.add(e["kind"])
        out.append(
            f"Dealt {e['kind']}, a player wins {pct(e['dealt']['rate'])} {interval(e['dealt']['ci95'])} "
            f"against {pct(e['not_dealt']['rate'])} {interval(e['not_dealt']['ci95'])} without it at "
            f"{r['label']} ({points(e['effect'])}, Holm-adjusted {_p(e['effect']['p_holm'])})."
        )
        if len(out) == top:
            break
    if not out and any(r["cards"] for r in records):
        out.append(
            "No kind of card changes the win rate of the players dealt it significantly "
            "(two-proportion tests, Holm-adjusted over each combination's kinds)."
        )
    return out


def option_sentences(diffs: Sequence[dict[str, Any]]) -> list[str]:
    """Per varied option, the value that moves seat 0's win rate most, and the length."""
    out = []
    for key in dict.fromkeys(d["option"] for d in diffs):
        mine = [d for d in diffs if d["option"] == key and d["seat_win_rate"] and d["seat_win_rate"][0]]
        if not mine:
            continue
        d = max(mine, key=lambda d: abs(d["seat_win_rate"][0]["diff"]))
        text = (
            f"Changing {key} from {d['base']} to {d['value']} moves seat 0's win rate by "
            f"{points(d['seat_win_rate'][0])} at {d['label']}"
        )
        dl = d["length"].get("decisions")
        if dl:
            text += f", and the mean length by {dl['diff']:+.1f} decisions {interval(dl['ci95'], 1.0)}"
        out.append(text + ".")
    return out
