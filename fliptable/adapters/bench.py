"""Environment steps per second of the PettingZoo AEC env of every game (random legal
actions from the mask), and of PettingZoo's RLCard-based classic card games beside them
when RLCard is installed (``pip install 'pettingzoo[classic]'``).

    python -m fliptable.adapters.bench [--seconds 2] [--json] [GAME ...]

One step is one ``env.step`` after ``env.last()`` (observation and mask built), as in
``pettingzoo.test.performance_benchmark``; resets are counted in the time, not as steps.
"""
from __future__ import annotations

import argparse
import json
import time
import warnings
from typing import Any, Callable

import numpy as np

from fliptable.core.registry import all_game_ids


def steps_per_second(make: Callable[[], Any], seconds: float = 2.0, seed: int = 0) -> dict[str, float]:
    """Random legal actions through ``make()``'s AEC env for about ``seconds``."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info.get("action_mask")
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
        env.reset(seed=int(rng.integers(1 << 30)))
    elapsed = time.perf_counter() - start
    return {"env_steps_per_second": round(steps / elapsed, 1), "steps": steps, "games": games,
            "seconds": round(elapsed, 3)}


def bench(games: list[str] | None = None, seconds: float = 2.0) -> dict[str, Any]:
    from .pettingzoo import env
    out: dict[str, Any] = {"fliptable": {}, "pettingzoo_classic": {}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for g in games or all_game_ids():
            env(g)      # derive the observation layout before timing
            out["fliptable"][g] = steps_per_second(lambda g=g: env(g), seconds)
        try:
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
        except Exception as exc:  # RLCard missing
            out["pettingzoo_classic"] = {"unavailable": f"{type(exc).__name__}: {exc}"}
        else:
            for name, mod in (("texas_holdem_v4", texas_holdem_v4), ("leduc_holdem_v4", leduc_holdem_v4)):
                out["pettingzoo_classic"][name] = steps_per_second(mod.env, seconds)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = bench(args.games or None, args.seconds)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for family, rows in result.items():
        for name, row in rows.items():
            if isinstance(row, dict):
                print(f"{family:20} {name:18} {row['env_steps_per_second']:>10,.0f} steps/s "
                      f"({row['steps']} steps, {row['games']} games)")
            else:
                print(f"{family:20} {name:18} {row}")


if __name__ == "__main__":
    main()
