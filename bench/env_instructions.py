"""Instructions per PettingZoo env step of each game beside texas_holdem_v4's, counted by
valgrind's callgrind: a measure of work that the machine's load does not move (wall-clock
and even CPU-time ratios move by 10-30% here between runs on a shared machine).

    python bench/env_instructions.py [--steps 2000] [GAME ...]

Each env runs the benchmark's loop (``fliptable.bench.envs``: seeded resets, random
legal actions from the mask) for none and for ``--steps`` steps, in separate processes
under ``valgrind --tool=callgrind``; the difference divided by the steps is the work of
one step (imports and set-up cancel out). Needs valgrind (Debian: ``apt-get install
valgrind``); slow: about a minute and a half a process.

Instructions are not time: the same count runs faster or slower with the code's
instructions per cycle (here ``texas_holdem_v4``'s ran about 12% more per cycle than
Flush's), so this ratio is an upper bound on the wall-clock one, not a substitute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

from fliptable.core.registry import all_game_ids

_LOOP = r"""
import random, sys, warnings
import numpy as np
warnings.simplefilter("ignore")
game, steps = sys.argv[1], int(sys.argv[2])
if game == "texas_holdem_v4":
    from pettingzoo.classic import texas_holdem_v4
    env = texas_holdem_v4.env()
else:
    from fliptable.adapters.pettingzoo import env as make
    env = make(game)
rng = np.random.default_rng(0)
choose = random.Random(0).choice
env.reset(seed=0)
it = iter(env.agent_iter())
n = 0
while n < steps:
    agent = next(it, None)
    if agent is None:
        env.reset(seed=int(rng.integers(1 << 30)))
        it = iter(env.agent_iter())
        continue
    obs, reward, term, trunc, info = env.last()
    env.step(None if term or trunc else choose(np.flatnonzero(obs["action_mask"]).tolist()))
    n += 1
"""


def instructions(game: str, steps: int) -> int:
    """Instructions callgrind counted for ``steps`` steps of ``game``'s env, set-up included."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _LOOP,
            game,
            str(steps),
        ],
        capture_output=True,
        text=True,
        # str hashes: the same dict work each run; OpenBLAS's idle threads spin
        # for a varying number of instructions (counts moved by ~5% without this)
        env={
            **os.environ,
            "PYTHONHASHSEED": "0",
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
        },
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        raise RuntimeError(f"callgrind failed for {game}: {run.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1))


def per_step(game: str, steps: int) -> float:
    # the empty run first: it compiles any stale bytecode, which would count in the other
    zero = instructions(game, 0)
    return (instructions(game, steps) - zero) / steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--steps", type=int, default=2000)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    texas = per_step("texas_holdem_v4", args.steps)
    print(f"texas_holdem_v4: {texas:,.0f} instructions a step\n")
    print("| env | instructions a step | texas_holdem_v4's / this |")
    print("|---|---:|---:|")
    for game in args.games or all_game_ids():
        n = per_step(game, args.steps)
        print(f"| {game} | {n:,.0f} | {texas / n:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
