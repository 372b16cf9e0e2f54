"""ISMCTS at most about one second per decision against each game's default bot (issue 13):
per game, a seat-rotated head-to-head tournament (``fliptable tournament``) of the
search, at a fixed iteration budget, against ``Game.default_bot``, with every search
timed in CPU seconds (``time.process_time``: what the search costs this machine's core
whatever else runs on it) and in wall seconds.

    nice -n 10 python bench/ismcts_second.py flyswatter            # one plan (JSON lines)
    nice -n 10 python bench/ismcts_second.py flip7 --games 20       # fewer games
    nice -n 10 python bench/ismcts_second.py go-to-the-store-4 --seed 14   # another run

The plans below are the budgets docs/strength.md reports ("ISMCTS at one second"): each
was checked to take under 1 s of CPU per decision here. Seeds are fixed: the same
command on the same code plays the same games (budgets are iterations, not time).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from fliptable.bots import ismcts
from fliptable.core.registry import get_game
from fliptable.sim.tournament import tournament

SEED = 13
#: per plan: (game, seats per game, games, the search's spec)
# one row per plan, a table on purpose (the rows read alike)
PLAN = {
    "flyswatter": ("flyswatter", 2, 40, "ismcts:iterations=200,rollout=default,until=score,eval=game"),
    "flip7": ("flip7", 2, 40, "ismcts:iterations=1500,rollout=default,eval=game,until=score"),
    "go-to-the-store": ("go-to-the-store", 3, 60, "ismcts:iterations=800,rollout=default,eval=game,until=score"),
    "go-to-the-store-4": ("go-to-the-store", 4, 48, "ismcts:iterations=800,rollout=default,eval=game,until=score"),
    "authors": ("authors", 4, 32, "ismcts:iterations=500,rollout=default,eval=game,until=score"),
    "patience": ("patience", 1, 80, "ismcts:iterations=600"),
    "patience-greedy": ("patience", 1, 80, "ismcts:iterations=1000,rollout=greedy"),
    "flaps": ("flaps", 2, 24, "ismcts:iterations=500,eval=game,depth=30"),
    "muggins": ("muggins", 3, 36, "ismcts:iterations=1200,rollout=default,eval=game,depth=20"),
    "flaps-4": ("flaps", 4, 24, "ismcts:iterations=1200,eval=game,depth=30"),
    "flinch": ("flinch", 2, 24, "ismcts:iterations=1000,rollout=quick,eval=game,depth=20,root=sweep"),
    "flinch-random": ("flinch", 2, 24, "ismcts:iterations=2000,eval=game,depth=20"),
    "flush": ("flush", 2, 24, "ismcts:iterations=400,rollout=default,eval=game,depth=20"),
}


def timed_run(plan: str, games: int | None = None, seed: int = SEED) -> dict:
    """The head-to-head report of a plan, with ``search_cpu_seconds`` and
    ``search_wall_seconds`` (mean, p95, max over every search)."""
    game_id, players, n, spec = PLAN[plan]
    cpu: list[float] = []
    wall: list[float] = []
    search = ismcts.ISMCTSAgent.search

    def timed(self, *args, **kwargs):
        t, c = time.perf_counter(), time.process_time()
        try:
            return search(self, *args, **kwargs)
        finally:
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)

    ismcts.ISMCTSAgent.search = timed
    try:
        report = tournament(
            game_id, [spec, get_game(game_id).default_bot], games or n, players=players, seed=seed, workers=1
        )
    finally:
        ismcts.ISMCTSAgent.search = search
    report["plan"] = plan
    for key, xs in (("search_cpu_seconds", cpu), ("search_wall_seconds", wall)):
        xs.sort()
        report[key] = (
            {"mean": sum(xs) / len(xs), "p95": xs[int(0.95 * len(xs))], "max": xs[-1], "searches": len(xs)}
            if xs
            else None
        )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("plans", nargs="+", help=f"plans (game ids): {', '.join(PLAN)}")
    parser.add_argument("--games", dest="count", type=int, default=None, help="games per tournament")
    parser.add_argument("--seed", type=int, default=SEED, help=f"run seed (default {SEED})")
    args = parser.parse_args(argv)
    for plan in args.plans:
        if plan not in PLAN:
            print(f"no plan {plan!r}; accepted: {', '.join(PLAN)}", file=sys.stderr)
            return 2
    for plan in args.plans:
        print(json.dumps(timed_run(plan, args.count, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
