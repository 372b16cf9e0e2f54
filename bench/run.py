"""Run fliptable's throughput benchmarks: ``python bench/run.py [--seconds S] [--json]``.

Random play of every registered game in one process (``fliptable.bench.rules``) with its
search-clone rate, the ``simulate`` path for Flip 7 and its clone beside two random-play
decisions, and, with ``--scaling``, simulate on 1 and 2 workers.
Targets are in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fliptable.bench.rules import run_bench
from fliptable.sim.simulate import simulate


def scaling(games: int = 4000, repeats: int = 3) -> dict:
    """``simulate flip7 --games N --bot random`` on 1 and on 2 workers, interleaved,
    best of ``repeats`` each (the least disturbed by other load on the machine)."""
    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(repeats):
        for workers in (1, 2):
            times[workers].append(simulate("flip7", games, 4, ["random"], 0, workers, None)["elapsed_seconds"])
    one, two = min(times[1]), min(times[2])
    return {
        "games": games,
        "seconds_1_worker": one,
        "seconds_2_workers": two,
        "speedup": one / two,
        "cores": os.cpu_count(),
        "all_seconds": times,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="budget per game (default 2)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scaling", action="store_true", help="also time simulate on 1 and 2 workers")
    args = parser.parse_args()
    report = run_bench(None, args.seconds)
    if args.scaling:
        report["scaling"] = scaling()
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for r in report["results"]:
        clone = r.get("clone_per_second")
        print(
            f"{r['game']:<18} {r['players']:>2} players {r['decisions_per_second']:>10,.0f} decisions/s "
            f"{r['games_per_second']:>9,.1f} games/s "
            + (f"{clone:>10,.0f} clones/s" if clone is not None else "    (no search clone yet)")
        )
    for r in report["simulate"]:
        print(
            f"{r['game'] + ' simulate':<18} {r['players']:>2} players {r['decisions_per_second']:>10,.0f} "
            f"decisions/s {r['games_per_second']:>9,.1f} games/s  (bots {r['bots']}, 1 worker)"
        )
    side = report.get("clone_vs_decisions")
    if side:
        print(
            f"{side['game']} search clone {side['clone_us']:.2f} us vs random-play decision "
            f"{side['decision_us']:.2f} us, timed side by side: a clone costs "
            f"{side['clone_over_two_decisions']:.2f} x two decisions"
        )
    if "scaling" in report:
        s = report["scaling"]
        print(
            f"simulate flip7 --games {s['games']} --bot random: 1 worker {s['seconds_1_worker']:.2f} s, "
            f"2 workers {s['seconds_2_workers']:.2f} s, speedup {s['speedup']:.2f}x on {s['cores']} cores"
        )


if __name__ == "__main__":
    main()
