"""Environment steps per second of the PettingZoo AEC env of every game (random legal
actions from the mask), and of PettingZoo's RLCard-based classic card games beside them
when RLCard is installed (``pip install 'pettingzoo[classic]'``).

    python -m fliptable.adapters.bench [--seconds 2] [--json] [GAME ...]

Two conventions, measured in the same interleaved run (every env in 8 slices of time,
round robin, so a change of the machine's load touches them alike):

* ``pettingzoo`` (the headline): as ``pettingzoo.test.performance_benchmark`` measures,
  loop for loop — ``env.agent_iter(env.num_agents)`` cycles, ``last()`` then ``step()``,
  its choice of action (``random.choice(np.flatnonzero(mask).tolist())``), and an
  **unseeded** ``env.reset()`` as soon as every agent is terminated (the env is seeded
  once, at the start, so a run repeats). Every step counted is a live one.
* ``reseeded``: this project's earlier convention — ``env.reset(seed=...)`` for every
  game, the agents' dead steps after the end counted as steps too. RLCard's seeded reset
  is expensive and a Texas Hold'em hand is about five steps, so this convention roughly
  halves ``texas_holdem_v4``'s rate: it flatters the ratios against it.

Resets are counted in the time, not as steps. Whether the compiled writers are in use is
reported (``compiled_writers``; ``FLIPTABLE_PURE=1`` measures the pure-Python ones).
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
    """Random legal actions through one AEC env under the ``reseeded`` convention (a
    seeded reset for every game), in slices of time (so that several envs measured in
    turns share the machine's load alike)."""

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


class PettingZooRunner(Runner):
    """The ``pettingzoo`` convention: ``pettingzoo.test.performance_benchmark``'s loop
    (cycles of ``agent_iter(num_agents)``, its action choice, an unseeded ``reset()`` when
    every agent is terminated or truncated), in slices of time. The env is seeded once."""

    def __init__(self, make: Callable[[], Any], seed: int = 0):
        self.env = make()
        self.choose = random.Random(seed).choice
        self.env.reset(seed=seed)
        self.steps = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        env, choose = self.env, self.choose
        start = time.perf_counter()
        turn = 0
        while True:
            for agent in env.agent_iter(env.num_agents):
                obs, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    action = None
                elif isinstance(obs, dict) and "action_mask" in obs:
                    action = choose(np.flatnonzero(obs["action_mask"]).tolist())
                else:
                    action = env.action_space(agent).sample()
                env.step(action)
                turn += 1
                if all(env.terminations.values()) or all(env.truncations.values()):
                    env.reset()
                    self.games += 1
            if time.perf_counter() - start > seconds:
                break
        self.steps += turn
        self.elapsed += time.perf_counter() - start


#: the conventions, in the order reported (the first is the headline)
CONVENTIONS = {"pettingzoo": PettingZooRunner, "reseeded": Runner}


def steps_per_second(make: Callable[[], Any], seconds: float = 2.0, seed: int = 0) -> dict[str, float]:
    """Random legal actions through ``make()``'s AEC env for about ``seconds``."""
    r = Runner(make, seed)
    r.run(seconds)
    return r.result()


def bench(games: list[str] | None = None, seconds: float = 2.0, slices: int = 8) -> dict[str, Any]:
    """Every env under both conventions, about ``seconds`` each in all, in ``slices``
    turns (round robin over every env and convention, so a change of the machine's load
    touches them alike). A row holds the ``pettingzoo`` convention's numbers and, under
    ``"reseeded"``, the other's; ``vs_texas_holdem_v4`` compares with
    ``texas_holdem_v4`` under the same convention."""
    from .pettingzoo import env
    runners: dict[tuple[str, str, str], Runner] = {}
    from .compiled import WRITERS
    out: dict[str, Any] = {"fliptable": {}, "pettingzoo_classic": {},
                           # docs/rl.md "Compiled writers": without them every env is slower
                           "compiled_writers": WRITERS is not None,
                           "conventions": list(CONVENTIONS)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        makers: dict[tuple[str, str], Callable[[], Any]] = {
            ("fliptable", g): (lambda g=g: env(g)) for g in games or all_game_ids()}
        try:
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
        except Exception as exc:  # RLCard missing
            out["pettingzoo_classic"] = {"unavailable": f"{type(exc).__name__}: {exc}"}
        else:
            makers[("pettingzoo_classic", "texas_holdem_v4")] = texas_holdem_v4.env
            makers[("pettingzoo_classic", "leduc_holdem_v4")] = leduc_holdem_v4.env
        for (family, name), make in makers.items():
            for conv, cls in CONVENTIONS.items():
                runners[(family, name, conv)] = cls(make)
        for _ in range(slices):
            for r in runners.values():
                r.run(seconds / slices)
    for (family, name, conv), r in runners.items():
        row = out[family].setdefault(name, {})
        if conv == "pettingzoo":
            row.update(r.result())
        else:
            row[conv] = r.result()
    texas = out["pettingzoo_classic"].get("texas_holdem_v4")
    if isinstance(texas, dict):
        for row in out["fliptable"].values():
            row["vs_texas_holdem_v4"] = round(row["env_steps_per_second"] / texas["env_steps_per_second"], 2)
            for conv in CONVENTIONS:
                if conv in row:
                    row[conv]["vs_texas_holdem_v4"] = round(
                        row[conv]["env_steps_per_second"] / texas[conv]["env_steps_per_second"], 2)
    return out


def describe(result: dict[str, Any]) -> list[str]:
    """The report's lines (``main`` and ``fliptable bench --envs``)."""
    lines = [f"compiled writers: {'yes' if result['compiled_writers'] else 'no (pure Python: docs/rl.md)'}",
             "steps/s as pettingzoo.test.performance_benchmark measures (unseeded resets); "
             "[reseeded: a seeded reset every game]"]
    for family in ("fliptable", "pettingzoo_classic"):
        for name, row in result.get(family, {}).items():
            if not isinstance(row, dict):
                lines.append(f"{family:20} {name:18} {row}")
                continue
            line = f"{family:20} {name:18} {row['env_steps_per_second']:>10,.0f} steps/s"
            if "vs_texas_holdem_v4" in row:
                line += f" {row['vs_texas_holdem_v4']:5.2f}x texas_holdem_v4"
            for conv in CONVENTIONS:
                if conv in row:
                    other = row[conv]
                    line += f"  [{conv}: {other['env_steps_per_second']:,.0f} steps/s"
                    if "vs_texas_holdem_v4" in other:
                        line += f", {other['vs_texas_holdem_v4']:.2f}x"
                    line += "]"
            lines.append(line)
    return lines


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
    print("\n".join(describe(result)))


if __name__ == "__main__":
    main()
