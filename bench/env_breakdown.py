"""Where a PettingZoo env step of each game goes, beside texas_holdem_v4 in the same run.

    python bench/env_breakdown.py [--seconds 2] [GAME ...]

Each env runs random legal actions (``fliptable.bench.envs.Runner``, as ``bench
--envs``) in round-robin slices with texas_holdem_v4; the kernel's ``_apply`` and
``legal_actions`` (the rules), its ``view`` and the adapter's encoding
(``Observer.encode_view``, or a direct encoder's ``write``, which builds no view) are timed
inside the steps. The rest is PettingZoo's AEC loop,
the adapter's serialisation of decisions (``Moments``), masks and the benchmark's own
action choice. The timers add a little to every step they wrap. The last column is the
ratio to texas_holdem_v4 the env would have if the view and its encoding cost nothing.
"""

from __future__ import annotations

import argparse
import time
import warnings

from fliptable.adapters import pettingzoo as pz
from fliptable.adapters.direct.base import DirectEncoder
from fliptable.adapters.observation import Observer
from fliptable.bench.envs import Runner
from fliptable.core.registry import all_game_ids

_clock = time.perf_counter


def _timed(cls, name: str, key: str, totals: dict):
    original = cls.__dict__.get(name)
    inherited = getattr(cls, name)

    def wrapper(self, *args):
        t = _clock()
        try:
            return inherited(self, *args)
        finally:
            totals[key] = totals.get(key, 0.0) + _clock() - t

    setattr(cls, name, wrapper)
    return original


def _restore(cls, name: str, original) -> None:
    if original is None:
        delattr(cls, name)
    else:
        setattr(cls, name, original)


def breakdown(games: list[str], seconds: float = 2.0, slices: int = 4) -> tuple[float, list[dict]]:
    """(texas_holdem_v4's microseconds per step, one row per game)."""
    from pettingzoo.classic import texas_holdem_v4

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        runners = {g: Runner(lambda g=g: pz.env(g)) for g in games}
        texas = Runner(texas_holdem_v4.env)
        totals: dict[str, dict] = {g: {} for g in games}
        for _ in range(slices):
            for g, r in runners.items():
                cls = type(r.env.unwrapped.state)
                t = totals[g]
                saved = [
                    (c, n, _timed(c, n, k, t))
                    for c, n, k in (
                        (cls, "_apply", "rules"),
                        (cls, "legal_actions", "rules"),
                        (cls, "view", "view"),
                        (Observer, "encode_view", "encoding"),
                    )
                ]
                enc = type(r.env.unwrapped.history.seats)
                if enc is not type(None) and issubclass(enc, DirectEncoder):
                    saved.append((enc, "write", _timed(enc, "write", "encoding", t)))
                try:
                    r.run(seconds / slices)
                finally:
                    for c, n, o in reversed(saved):
                        _restore(c, n, o)
            texas.run(seconds / slices)
    tx = texas.result()
    texas_us = tx["seconds"] / tx["steps"] * 1e6
    rows = []
    for g, r in runners.items():
        res = r.result()
        n = res["steps"]
        step = res["seconds"] / n * 1e6
        part = {k: v / n * 1e6 for k, v in totals[g].items()}
        rules, view, enc = part.get("rules", 0.0), part.get("view", 0.0), part.get("encoding", 0.0)
        rows.append(
            {
                "game": g,
                "steps_per_second": res["env_steps_per_second"],
                "us_per_step": step,
                "vs_texas": texas_us / step,
                "rules_us": rules,
                "view_us": view,
                "encoding_us": enc,
                "rest_us": step - rules - view - enc,
                "vs_texas_without_observation": texas_us / (step - view - enc),
            }
        )
    return texas_us, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    texas_us, rows = breakdown(args.games or all_game_ids(), args.seconds)
    print(
        f"texas_holdem_v4: {1e6 / texas_us:,.0f} steps/s, {texas_us:.0f} us a step "
        f"(3x needs at most {texas_us / 3:.0f} us)\n"
    )
    print("| env | steps/s | us/step | vs texas | rules | view | encoding | rest | vs texas, view+encoding free |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['steps_per_second']:,.0f} | {r['us_per_step']:.0f} | {r['vs_texas']:.2f}x | "
            f"{r['rules_us']:.0f} | {r['view_us']:.0f} | {r['encoding_us']:.0f} | {r['rest_us']:.0f} | "
            f"{r['vs_texas_without_observation']:.2f}x |"
        )


if __name__ == "__main__":
    main()
