"""Each game's fast path (its package's ``fastobs.ENCODER``, a direct encoder) against the
generic schema encoder (``state.view(seat)`` encoded whole) on the same replayed games.

    python bench/fast_paths.py [--games 20] [--rounds 5] [GAME ...]     # FLIPTABLE_PURE=1: pure writers

Random games are recorded once (seeded), then replayed ``rounds`` times with each path in
turn (which goes first alternates game by game, so a change of the machine's load touches
both alike); at every step the seat asked is observed, as the PettingZoo env's ``last()``
does, and only that call is timed. A fast path is kept only where it measures at least 1.3x
(issue 24); the load average is printed with each line.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from fliptable.adapters.compiled import WRITERS
from fliptable.adapters.direct import encoder_class, seat_encoder
from fliptable.adapters.episode import Moments, Spec
from fliptable.core.registry import all_game_ids, get_game


def record(spec: Spec, games: int, seed: int) -> list[tuple[int, list]]:
    """(game seed, its steps: an action, or None for a pass) of ``games`` random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = rng.randrange(1 << 30)
        state = spec.game.new_state(spec.players, spec.options, seed=s)
        m, steps = Moments(state), []
        while not m.over:
            if m.may_pass and (rng.random() < 0.3 or not state.legal_actions(m.current)):
                steps.append(None)
                m.pass_()
            else:
                steps.append(rng.choice(state.legal_actions(m.current)))
                m.act(steps[-1])
        out.append((s, steps))
    return out


def replay(spec: Spec, game: tuple[int, list], fast: bool) -> float:
    """Seconds spent observing the seat asked at every step of ``game``."""
    seed, steps = game
    state = spec.game.new_state(spec.players, spec.options, seed=seed)
    m, obs = Moments(state), spec.observer
    enc = seat_encoder(obs, spec.players) if fast else None
    clock, total = time.perf_counter, 0.0
    for a in steps:
        seat = m.current
        t = clock()
        if enc is not None:
            enc.observe(state, seat)
        else:
            obs.encode_view(state.view(seat), seat)
        total += clock() - t
        if a is None:
            m.pass_()
        else:
            m.act(a)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    ids = args.games_ or [g for g in all_game_ids() if encoder_class(get_game(g)) is not None]
    print(f"writers: {'compiled' if WRITERS is not None else 'pure Python'}")
    for g in ids:
        spec = Spec(g, None, {})
        games = record(spec, args.games, 1)
        steps = sum(len(s) for _, s in games) * args.rounds
        generic = fast = 0.0
        load = os.getloadavg()[0]
        for r in range(args.rounds):
            for i, game in enumerate(games):
                for which in (False, True) if (i + r) % 2 == 0 else (True, False):
                    t = replay(spec, game, which)
                    if which:
                        fast += t
                    else:
                        generic += t
        print(
            f"{g:16} {spec.players} players: generic {generic / steps * 1e6:6.1f} us, fast path "
            f"{fast / steps * 1e6:6.1f} us an observation: {generic / fast:.2f}x ({steps} observations, "
            f"load {load:.1f}-{os.getloadavg()[0]:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
