"""Patience: the best bot next to a clairvoyant upper bound (issue 13, "Numbers").

    nice -n 10 python bench/patience_bound.py                    # docs/patience-bound.md
    python bench/patience_bound.py --deals 20 --budget 20000 --stdout   # a quick look
    nice -n 10 timeout 800 python bench/patience_bound.py --deals 1000 --json /tmp/p.json
                                           # in pieces: rerun the same line to resume

The clairvoyant player knows the order of the pack. For each deal it searches every
position reachable from the deal (depth first, the greedy bot's favourite move first,
each position once up to the order of the piles) with the game's own rules: the moves are
``legal_moves`` — the function ``PatienceState.legal_actions`` returns — and each is
applied by ``PatienceState._apply``. Cards on the 1s piles never come down, so the most
cards a deal can get up is the most seen in any reachable position; a deal is won when a
position has all forty up (the winning line is then replayed through the public
``apply``, which validates every move). A node budget per deal bounds the search: a deal
not won and not fully searched within it is *undecided* (its cards-up figure is a lower
bound). The bot plays the same deals as ``fliptable simulate patience --seed S --bot B``
(game ``i`` has seed ``derive_seed(S, i)``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from fliptable.core.rng import derive_seed
from fliptable.games.patience.bots import _CLASS, greedy_move
from fliptable.games.patience.state import PatienceState, legal_moves
from fliptable.sim.match import play_match

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "patience-bound.md"
SEED = 100000
DEALS = 1000
BUDGET = 300_000
ALL_UP = 40


def wilson(k: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def _node(st: PatienceState) -> tuple:
    return (len(st.pack), st.card, tuple(st.up), tuple(tuple(r) for r in st.rows), tuple(st.stock))


def _key(node: tuple) -> tuple:
    """The position up to the order of the piles (the rules treat piles alike)."""
    n, card, up, rows, stock = node
    return (n, card, tuple(sorted(up)), tuple(sorted(rows)), stock)


class Solution:
    """A deal's search: ``won`` (True, False, or None when the budget ran out first),
    ``best`` (most cards up in a reachable position: exact unless undecided),
    ``nodes`` expanded, and the winning ``line`` of moves when won."""

    __slots__ = ("best", "line", "nodes", "won")

    def __init__(self, won, best, nodes, line=None):
        self.won, self.best, self.nodes, self.line = won, best, nodes, line

    @property
    def decided(self) -> bool:
        return self.won is not None


def solve(state: PatienceState, budget: int = BUDGET) -> Solution:
    """The clairvoyant search of one deal from ``state`` (which knows its pack order)."""
    if budget < 1:
        raise ValueError(f"budget must be at least 1 node, not {budget!r}")
    options = state.options
    strict, first = options["strict"], options["stock_first"]
    full = list(state.pack)  # top card last, as in the state
    proto = PatienceState.__new__(PatienceState)
    proto.game, proto.players, proto.options, proto.rng, proto.ply = state.game, 1, options, None, 0

    def make(node: tuple) -> PatienceState:
        n, card, up, rows, stock = node
        st = PatienceState.__new__(PatienceState)
        st.game, st.players, st.options, st.rng, st.ply, st._legal = proto.game, 1, options, None, 0, None
        st.pack, st.card, st.up = full[:n], card, list(up)
        st.rows, st.stock = [list(r) for r in rows], list(stock)
        return st

    root = _node(state)
    parent: dict[tuple, tuple | None] = {_key(root): None}
    best = sum(state.up)
    if best == ALL_UP:
        return Solution(True, best, 0, [])
    stack = [root]
    nodes = 0
    while stack:
        if nodes >= budget:
            return Solution(None, best, nodes)
        node = stack.pop()
        nodes += 1
        st = make(node)
        moves = legal_moves(st.pack, st.card, st.up, st.rows, st.stock, strict, first)
        if not moves:
            continue
        favourite = greedy_move(st.rows, len(st.pack), moves, not strict)
        children = []
        for a in moves:
            child_state = make(node)
            child_state._apply(0, a, None)
            child = _node(child_state)
            key = _key(child)
            if key in parent:
                continue
            parent[key] = (_key(node), a)
            up = sum(child_state.up)
            if up == ALL_UP:
                return Solution(True, up, nodes, _line(parent, key))
            if up > best:
                best = up
            children.append((a != favourite, _CLASS[a], child))
        # depth first, the greedy bot's move popped first
        children.sort(key=lambda c: (c[0], c[1]), reverse=True)
        stack.extend(c[2] for c in children)
    return Solution(False, best, nodes)


def _line(parent: dict, key: tuple) -> list[str]:
    out = []
    while parent[key] is not None:
        key, move = parent[key]
        out.append(move)
    return out[::-1]


def replay_wins(state: PatienceState, line: list[str]) -> bool:
    """Play ``line`` through the state's public, validating ``apply``: won at the end?"""
    st = state.clone()
    for a in line:
        st.apply(0, a)
    return st.won() and st.is_over()


def measure(
    deals: int = DEALS,
    seed: int = SEED,
    budget: int = BUDGET,
    bot: str = "lookahead",
    options: dict | None = None,
    log=None,
    cache: Path | None = None,
) -> dict:
    """Per deal: the bot's result (as ``simulate`` plays it) and the clairvoyant search.
    With ``cache`` (a JSON file) the deals already there for the same seed, budget, bot and
    options are kept and the file is rewritten after every deal: an interrupted run
    resumes where it stopped."""
    game = get_game("patience")
    opts = game.resolve_options(options or {})
    report = {
        "seed": seed,
        "budget": budget,
        "bot": bot,
        "options": opts,
        "rows": [],
        "bot_seconds": 0.0,
        "solve_seconds": 0.0,
    }
    if cache is not None and cache.exists():
        old = json.loads(cache.read_text())
        if all(old.get(k) == report[k] for k in ("seed", "budget", "bot", "options")):
            report = old
            report["rows"] = [r for r in old["rows"] if r["deal"] < deals]
    done = {r["deal"] for r in report["rows"]}
    for i in range(deals):
        if i in done:
            continue
        s = derive_seed(seed, i)
        t0 = time.perf_counter()
        match = play_match(game, [make_agent(game, bot)], opts, s)
        t1 = time.perf_counter()
        start = game.new_state(1, opts, s)
        sol = solve(start, budget)
        t2 = time.perf_counter()
        if sol.won and not replay_wins(start, sol.line):
            raise AssertionError(f"deal {i}: the solver's winning line does not replay")
        bot_up = sum(match.state.up)
        if bot_up == ALL_UP and sol.won is False:
            raise AssertionError(f"deal {i}: the bot won a deal the solver proved lost")
        report["bot_seconds"] += t1 - t0
        report["solve_seconds"] += t2 - t1
        report["rows"].append(
            {
                "deal": i,
                "bot_up": bot_up,
                "bot_won": bot_up == ALL_UP,
                "won": sol.won,
                "best": sol.best,
                "nodes": sol.nodes,
                "moves": len(sol.line or ()),
            }
        )
        if cache is not None:
            cache.write_text(json.dumps(report))
        if log:
            log(
                f"deal {i}: bot {bot_up}, clairvoyant {'win' if sol.won else sol.best} "
                f"{'' if sol.decided else '(undecided) '}{sol.nodes} nodes {t2 - t1:.1f} s"
            )
    report["rows"].sort(key=lambda r: r["deal"])
    report["deals"] = deals
    return report


def summary(report: dict) -> dict:
    rows = report["rows"]
    n = len(rows)
    bot_wins = sum(r["bot_won"] for r in rows)
    won = sum(r["won"] is True for r in rows)
    lost = sum(r["won"] is False for r in rows)
    undecided = n - won - lost
    return {
        "n": n,
        "bot_wins": bot_wins,
        "bot_ci": wilson(bot_wins, n),
        "won": won,
        "lost": lost,
        "undecided": undecided,
        "low_ci": wilson(won, n),
        "high_ci": wilson(won + undecided, n),
        "bot_lost_winnable": sum(1 for r in rows if r["won"] is True and not r["bot_won"]),
        "bot_mean_up": sum(r["bot_up"] for r in rows) / n,
        "best_mean_up": sum(ALL_UP if r["won"] else r["best"] for r in rows) / n,
        "lost_bot_up": [r["bot_up"] for r in rows if r["won"] is False],
        "lost_best": [r["best"] for r in rows if r["won"] is False],
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render(report: dict) -> str:
    s = summary(report)
    n = s["n"]
    opts = report["options"]
    bot = report["bot"]
    nodes = [r["nodes"] for r in report["rows"] if r["won"] is not None]
    lines = [
        "# Patience: how far from perfect is the best bot?",
        "",
        (
            f"Generated by `nice -n 10 python bench/patience_bound.py` ({report['solve_seconds']:.0f} s "
            f"of search and {report['bot_seconds']:.0f} s of bot play here); the solver is checked by "
            '`tests/bench/test_patience_bound.py`. Issue 13, "Numbers".'
        ),
        "",
        (
            f"The same {n} deals (`fliptable simulate patience --games {n} --seed {report['seed']} "
            f"--bot {bot}`: deal *i* has seed `derive_seed({report['seed']}, i)`), the default options "
            f"(`strict={str(opts['strict']).lower()}`, `stock_first={str(opts['stock_first']).lower()}`, "
            f"`spaces={opts['spaces']}`; docs/rules/patience.md), played by:"
        ),
        "",
        (
            f"- **`{bot}`**, the strongest bot (docs/strength.md, docs/rules/patience.md): it sees only "
            "the face-up cards; its result on each deal is what `simulate` plays (docs/rules/patience.md's "
            "bot table uses seed 100000 too);"
        ),
        (
            "- **a clairvoyant solver** that knows the order of the pack: it searches every position "
            "reachable from the deal (each position once up to the order of the piles, depth first "
            "with the greedy bot's move first) with the game's own `legal_moves` and `_apply`, and "
            "every win it finds is replayed through the state's validating `apply`. Cards on the 1s "
            "piles never come down, so the most cards up in any reachable position is the best "
            f"result of the deal. It stops at a win or after {report['budget']:,} positions; a deal "
            "neither won nor fully searched by then is **undecided**."
        ),
        "",
        (
            "Ranking as in docs/strength.md: a win first, then cards played up (0–40). Win rates with "
            "95% Wilson intervals."
        ),
        "",
        "| player | deals won | win rate | 95% interval | mean cards up |",
        "|---|---|---|---|---|",
        (
            f"| `{bot}` (sees the face-up cards) | {s['bot_wins']} | {_pct(s['bot_wins'] / n)} | "
            f"[{_pct(s['bot_ci'][0])}, {_pct(s['bot_ci'][1])}] | {s['bot_mean_up']:.1f} |"
        ),
    ]
    if s["undecided"]:
        lines += [
            (
                f"| clairvoyant, undecided counted lost | {s['won']} | {_pct(s['won'] / n)} | "
                f"[{_pct(s['low_ci'][0])}, {_pct(s['low_ci'][1])}] | ≥ {s['best_mean_up']:.1f} |"
            ),
            (
                f"| clairvoyant, undecided counted won | {s['won'] + s['undecided']} | "
                f"{_pct((s['won'] + s['undecided']) / n)} | [{_pct(s['high_ci'][0])}, {_pct(s['high_ci'][1])}] | - |"
            ),
        ]
    else:
        lines.append(
            f"| clairvoyant (every deal decided) | {s['won']} | {_pct(s['won'] / n)} | "
            f"[{_pct(s['low_ci'][0])}, {_pct(s['low_ci'][1])}] | {s['best_mean_up']:.1f} |"
        )
    lines += [
        "",
        (
            f"Deals: {s['won']} winnable (a winning line found), {s['lost']} proved lost (every "
            f"reachable position searched), {s['undecided']} undecided within the budget. "
            f"`{bot}` won {s['bot_wins']} deals and lost {s['bot_lost_winnable']} of the winnable "
            "ones; it never won a deal proved lost (checked for every deal)."
        ),
    ]
    if nodes:
        nodes.sort()
        lines += [
            "",
            (f"Search size on decided deals: median {nodes[len(nodes) // 2]:,} positions, largest {nodes[-1]:,}."),
        ]
    lost_winnable = [r["bot_up"] for r in report["rows"] if r["won"] is True and not r["bot_won"]]
    if lost_winnable:
        lines += [
            "",
            (
                f"On the {len(lost_winnable)} winnable deals `{bot}` lost it got "
                f"{sum(lost_winnable) / len(lost_winnable):.1f} cards up on average (of 40)."
            ),
        ]
    if s["lost"]:
        lb, lbest = s["lost_bot_up"], s["lost_best"]
        lines += [
            "",
            (
                f"On the {s['lost']} deals proved lost, the most cards that could go up: mean "
                f"{sum(lbest) / len(lbest):.1f} (the bot got {sum(lb) / len(lb):.1f})."
            ),
        ]
    lines += [
        "",
        "## What it says",
        "",
        f"The clairvoyant bound is what a player who knew the pack could win; no player who "
        f"sees only the face-up cards can do better on these deals. `{bot}` wins "
        f"{_pct(s['bot_wins'] / n)} against a bound of "
        + (
            f"{_pct(s['won'] / n)}"
            if not s["undecided"]
            else f"{_pct(s['won'] / n)}–{_pct((s['won'] + s['undecided']) / n)}"
        )
        + f": it wins {s['bot_wins']} of the {s['won']} deals a clairvoyant wins. The gap is "
        "an upper bound on what better play could gain: part of it is the price of not "
        "knowing the pack, which no bot can close.",
        "",
        "## Reproduce",
        "",
        (
            f"    nice -n 10 python bench/patience_bound.py --deals {n} --seed {report['seed']} "
            f"--budget {report['budget']} --json /tmp/patience-bound.json"
        ),
        "",
        (
            "The bot's games dominate the time; with `--json` the run can be cut into pieces "
            "(`timeout 800 ...`, then the same line again resumes where it stopped)."
        ),
        "",
    ]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Patience: the best bot against a clairvoyant bound")
    ap.add_argument("--deals", type=int, default=DEALS)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--budget", type=int, default=BUDGET, help="positions searched per deal at most")
    ap.add_argument("--bot", default="lookahead")
    ap.add_argument("--stdout", action="store_true", help="print the page instead of writing it")
    ap.add_argument(
        "--json",
        type=Path,
        help="keep the per-deal results in this file; a rerun with the same file resumes (runs can be cut into pieces)",
    )
    args = ap.parse_args(argv)
    if args.deals < 1 or args.budget < 1:
        print("--deals and --budget must be at least 1", file=sys.stderr)
        return 2
    report = measure(
        args.deals, args.seed, args.budget, args.bot, log=lambda m: print(m, file=sys.stderr), cache=args.json
    )
    page = render(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    if args.stdout:
        print(page)
    else:
        DOC.write_text(page)
        print(f"wrote {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
