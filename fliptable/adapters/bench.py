"""Environment steps per second of the PettingZoo AEC env of every game (random legal
actions from the mask), and of PettingZoo's RLCard-based classic card games beside them
when RLCard is installed (``pip install 'pettingzoo[classic]'``).

    python -m fliptable.adapters.bench [--seconds 2] [--json] [GAME ...]

One step is one ``env.step`` after ``env.last()`` (observation and mask built), as in
``pettingzoo.test.performance_benchmark``, with its choice of action
(``random.choice(np.flatnonzero(mask).tolist())``, seeded here: about 3 us a step, where
NumPy's ``Generator.choice`` took about 14); resets are counted in the time, not as steps.
The envs are measured in turns (8 slices each, round robin), so a change of the
machine's load touches them alike.
"""
from __future__ import annotations

import argparse
import json
import random
import time
import warnings
from typing import Any, Callable

import numpy as np

from fliptable.core.registry import all_game_ids


class Runner:
    """Random legal actions through one AEC env, in slices of time (so that several
    envs measured in turns share the machine's load alike)."""

    def __init__(self, make: Callable[[], Any], seed: int = 0):
        self.env = make()
        self.rng = np.random.default_rng(seed)        # reset seeds
        self.choose = random.Random(seed).choice       # actions
        self.env.reset(seed=seed)
        self.it = iter(self.env.agent_iter())
        self.steps = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        env, rng, choose = self.env, self.rng, self.choose
        start = time.perf_counter()
        deadline = start + seconds
        steps = 0
        while True:
            agent = next(self.it, None)
            if agent is None:            # the game is over: a new one
                self.games += 1
                env.reset(seed=int(rng.integers(1 << 30)))
                self.it = iter(env.agent_iter())
                if time.perf_counter() >= deadline:
                    break
                continue
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info.get("action_mask")
                action = choose(np.flatnonzero(mask).tolist())
            env.step(action)
            steps += 1
            if steps % 64 == 0 and time.perf_counter() >= deadline:
                break
        self.steps += steps
        self.elapsed += time.perf_counter() - start

    def result(self) -> dict[str, float]:
        return {"env_steps_per_second": round(self.steps / self.elapsed, 1), "steps": self.steps,
                "games": self.games, "seconds": round(self.elapsed, 3)}


def steps_per_second(make: Callable[[], Any], seconds: float = 2.0, seed: int = 0) -> dict[str, float]:
    """Random legal actions through ``make()``'s AEC env for about ``seconds``."""
    r = Runner(make, seed)
    r.run(seconds)
    return r.result()


def bench(games: list[str] | None = None, seconds: float = 2.0, slices: int = 8) -> dict[str, Any]:
    """Every env measured for about ``seconds`` in all, in ``slices`` turns (round
    robin, so a change of the machine's load touches every env alike)."""
    from .pettingzoo import env
    runners: dict[tuple[str, str], Runner] = {}
    from .compiled import WRITERS
    out: dict[str, Any] = {"fliptable": {}, "pettingzoo_classic": {},
                           # docs/rl.md "Compiled writers": without them every env is slower
                           "compiled_writers": WRITERS is not None}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for g in games or all_game_ids():
            runners[("fliptable", g)] = Runner(lambda g=g: env(g))
        try:
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
        except Exception as exc:  # RLCard missing
            out["pettingzoo_classic"] = {"unavailable": f"{type(exc).__name__}: {exc}"}
        else:
            for name, mod in (("texas_holdem_v4", texas_holdem_v4), ("leduc_holdem_v4", leduc_holdem_v4)):
                runners[("pettingzoo_classic", name)] = Runner(mod.env)
        for _ in range(slices):
            for r in runners.values():
                r.run(seconds / slices)
    for (family, name), r in runners.items():
        out[family][name] = r.result()
    texas = out["pettingzoo_classic"].get("texas_holdem_v4")
    if isinstance(texas, dict):
        for row in out["fliptable"].values():
            row["vs_texas_holdem_v4"] = round(row["env_steps_per_second"] / texas["env_steps_per_second"], 2)
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
    print(f"compiled writers: {'yes' if result.pop('compiled_writers') else 'no (pure Python: docs/rl.md)'}")
    for family, rows in result.items():
        for name, row in rows.items():
            if isinstance(row, dict):
                ratio = f", {row['vs_texas_holdem_v4']:.2f}x texas_holdem_v4" if "vs_texas_holdem_v4" in row else ""
                print(f"{family:20} {name:18} {row['env_steps_per_second']:>10,.0f} steps/s "
                      f"({row['steps']} steps, {row['games']} games{ratio})")
            else:
                print(f"{family:20} {name:18} {row}")


if __name__ == "__main__":
    main()
