"""``balance`` against ``simulate``: games per second on the same games (issue 28, "Speed").

    nice python bench/balance_speed.py                      # every game, 1 worker
    python bench/balance_speed.py --games 400 --rounds 6 --workers 2 flip7 flaps

For each game, ``simulate`` and ``balance`` are run in turn in this one process (simulate,
balance, balance, simulate, ...: the order alternates each round, so a drift in the
machine's load falls on both alike) with the game's default bots, the same seed and the
same ``--workers``. Balance is given simulate's game seeds (``derive_seed(seed, i)``, in
place of its own per-combination seeds; forked workers inherit the change), so both play
exactly the same games: the script checks that every seat's wins agree. Each run is
timed whole, from the call to the report (balance's statistics included), by the wall
clock and in CPU time (this process's and its finished workers'; on a shared machine the
CPU time is the steadier). The result per game is the median over rounds of balance's
games/s divided by simulate's; the load average is printed before and after.

    python bench/balance_speed.py --instructions --games 30 flip7

counts instructions instead (valgrind's cachegrind, one process per side and a run of no
game subtracted, so imports do not count): the same games, a count that no other work on
the machine changes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time

import fliptable.sim.balance as balance_module
from fliptable.core.registry import all_games
from fliptable.core.rng import derive_seed
from fliptable.sim.balance import balance
from fliptable.sim.simulate import simulate

#: games per run where a game is slow (about a second or two of CPU a run)
GAMES = {"patience": 4, "flinch": 60, "flush": 60, "flyswatter": 60}


def _same_seeds() -> None:
    """Balance deals simulate's games: game ``i`` gets ``derive_seed(seed, i)``."""
    balance_module.game_seed = lambda seed, combo, index: derive_seed(seed, index)


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def measure(game_id: str, games: int, rounds: int, workers: int, seed: int) -> dict:
    """Alternate simulate and balance ``rounds`` times; games/s of each (by the wall clock
    and by CPU time) and their ratios."""
    wall: dict[str, list[float]] = {"simulate": [], "balance": []}
    cpu: dict[str, list[float]] = {"simulate": [], "balance": []}
    simulate(game_id, 2, seed=seed + 1, workers=1)  # warm up: lazy imports and caches, untimed
    balance(game_id, games=2, seed=seed + 1, workers=1)
    for r in range(rounds):
        order = ("simulate", "balance") if r % 2 == 0 else ("balance", "simulate")
        wins = {}
        for which in order:
            began, used = time.perf_counter(), _cpu()
            if which == "simulate":
                wins[which] = simulate(game_id, games, seed=seed, workers=workers)["wins"]
            else:
                report = balance(game_id, games=games, seed=seed, workers=workers)
                wins[which] = [round(w, 9) for w in report["combinations"][0]["seats"]["wins"]]
            wall[which].append(games / (time.perf_counter() - began))
            cpu[which].append(games / (_cpu() - used))
        if wins["simulate"] != wins["balance"]:
            raise SystemExit(f"{game_id}: balance played other games than simulate ({wins})")
    ratios = [b / s for b, s in zip(wall["balance"], wall["simulate"], strict=True)]
    cpu_ratios = [b / s for b, s in zip(cpu["balance"], cpu["simulate"], strict=True)]
    return {
        "game": game_id,
        "games": games,
        "rounds": rounds,
        "workers": workers,
        "simulate_games_per_second": statistics.median(wall["simulate"]),
        "balance_games_per_second": statistics.median(wall["balance"]),
        "ratio_median": statistics.median(ratios),
        "ratios": ratios,
        "cpu_ratio_median": statistics.median(cpu_ratios),
        "cpu_ratios": cpu_ratios,
    }


def play(which: str, game_id: str, games: int, seed: int) -> None:
    """Play ``games`` games as simulate's or balance's chunk does, in this process (the
    ``--instructions`` child: a cachegrind count of it depends on nothing but the code)."""
    from fliptable.core.registry import get_game  # noqa: PLC0415
    from fliptable.sim.balance import Combination  # noqa: PLC0415
    from fliptable.sim.balance import run_chunk as balance_chunk  # noqa: PLC0415
    from fliptable.sim.simulate import run_chunk as simulate_chunk  # noqa: PLC0415

    _same_seeds()
    game = get_game(game_id)
    players = game.default_players
    options = game.resolve_options({})
    lineup = [game.default_bot] * players
    combo = Combination(players, (), options)
    kinds = (
        {k: i for i, k in enumerate(game.balance.kinds(game, players, options))} if game.balance.counts_cards else {}
    )
    if games == 0:
        return
    if which == "simulate":
        simulate_chunk((game, players, lineup, options, seed, 0, games, None))
    else:
        balance_chunk((0, game, combo, lineup, kinds, seed, 0, games))


def instructions(game_id: str, games: int, seed: int) -> dict:
    """Instructions (cachegrind) of simulate's and balance's chunk on the same games."""
    import re  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    def count(which: str, n: int) -> int:
        with tempfile.NamedTemporaryFile(suffix=".cg") as f:
            cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={f.name}"]
            cmd += [sys.executable, __file__, "--play", which, "--games", str(n), "--seed", str(seed), game_id]
            env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same set orders, run to run
            run = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
            m = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
            if not m:
                raise SystemExit(f"no instruction count from cachegrind: {run.stderr[-400:]}")
            return int(m.group(1).replace(",", ""))

    # the games' own instructions: a run's less those of a run of no game (imports, set-up)
    base = count("balance", 0)
    out: dict = {"game": game_id, "games": games, "setup": base}
    for which in ("simulate", "balance"):
        out[which] = count(which, games) - base
    out["balance_over_simulate"] = out["balance"] / out["simulate"] - 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=None, help="games per run (default: GAMES, else 300)")
    parser.add_argument("--rounds", type=int, default=6, help="simulate/balance pairs per game (default 6)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind cachegrind) instead of timing"
    )
    parser.add_argument("--play", choices=("simulate", "balance"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        play(args.play, args.games_ids[0], args.games, args.seed)
        return 0
    if args.instructions:
        for g in args.games_ids or [g.id for g in all_games()]:
            row = instructions(g, args.games, args.seed)
            print(
                f"{g:<16} games {row['games']:>4} simulate {row['simulate']:>15,} balance {row['balance']:>15,}"
                f" {100 * row['balance_over_simulate']:+.2f}%",
                flush=True,
            )
        return 0
    _same_seeds()
    ids = args.games_ids or [g.id for g in all_games()]
    before = _load()
    if not args.json:
        print(f"load average before: {before}; {args.workers} worker(s), {args.rounds} rounds")
        print("ratio: balance's games/s over simulate's, median of the rounds (wall clock; CPU time)")
        print(f"{'game':<16}{'games':>6}{'simulate g/s':>14}{'balance g/s':>13}{'ratio':>8}{'CPU':>8}   wall by round")
    rows = []
    for g in ids:
        row = measure(g, args.games or GAMES.get(g, 300), args.rounds, args.workers, args.seed)
        rows.append(row)
        if not args.json:
            shown = " ".join(f"{x:.2f}" for x in row["ratios"])
            print(
                f"{g:<16}{row['games']:>6}{row['simulate_games_per_second']:>14.1f}"
                f"{row['balance_games_per_second']:>13.1f}{row['ratio_median']:>8.3f}{row['cpu_ratio_median']:>8.3f}"
                f"   {shown}",
                flush=True,
            )
    after = _load()
    if args.json:
        json.dump({"load_before": before, "load_after": after, "results": rows}, sys.stdout, indent=1)
        print()
    else:
        print(f"load average after: {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
