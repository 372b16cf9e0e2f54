"""Throughput benchmarks: random play of every registered game in one process.

The loop is the fastest honest one: ``legal_actions``, a seeded uniform choice, and
``apply_unchecked`` (the runner's path, which only passes legal actions). A race goes
to a racer chosen at random (who then picks a random legal action, declining
included); a simultaneous step asks every listed player. ``bench_simulate`` measures
the ``simulate`` path (agents, views, tallies) for comparison.
"""
from __future__ import annotations

import random
import time
from typing import Any, Sequence

from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.game import Game
from ..core.registry import all_game_ids, get_game
from ..core.rng import derive_seed

#: a game still running after this many budgets is cut off (a broken game, not a slow one)
MAX_BUDGETS = 10


def play_random(game: Game, players: int, seed: int, rng: random.Random,
                deadline: float | None = None) -> tuple[int, bool]:
    """Play one game at random; (decisions, finished). Stops early past ``deadline``."""
    state = game.new_state(players, None, seed)
    legal_actions = state.legal_actions
    apply = state.apply_unchecked
    decision = state.decision
    rand = rng.random
    n = 0
    while True:
        d = decision()
        kind = type(d)
        if kind is Turn:
            p = d.player
            legal = legal_actions(p)
            apply(p, legal[int(rand() * len(legal))])
            n += 1
        elif kind is Race:
            racers = d.players
            if not racers:
                apply(None, d.default)
            else:
                p = racers[int(rand() * len(racers))]
                legal = legal_actions(p)
                apply(p, legal[int(rand() * len(legal))] if legal else d.default)
            n += 1
        elif kind is Simultaneous:
            for p in d.players:
                legal = legal_actions(p)
                apply(p, legal[int(rand() * len(legal))])
                n += 1
        elif kind is Over:
            return n, True
        else:  # pragma: no cover
            raise TypeError(f"unknown decision {d!r}")
        if deadline is not None and not n & 1023 and time.perf_counter() > deadline:
            return n, False


def bench_game(game: Game | str, players: int | None = None, seconds: float = 2.0,
               seed: int = 0) -> dict[str, Any]:
    """Random-play decisions/s and games/s of one game for about ``seconds``."""
    game = get_game(game) if isinstance(game, str) else game
    players = game.default_players if players is None else game.check_players(players)
    rng = random.Random(seed)
    decisions = games = 0
    began = time.perf_counter()
    stop = began + seconds
    while True:
        n, finished = play_random(game, players, derive_seed(seed, games), rng,
                                  began + seconds * MAX_BUDGETS)
        decisions += n
        games += finished
        if not finished or time.perf_counter() >= stop:
            break
    elapsed = max(time.perf_counter() - began, 1e-9)
    return {"game": game.id, "players": players, "decisions_per_second": decisions / elapsed,
            "games_per_second": games / elapsed, "games": games, "decisions": decisions,
            "seconds": elapsed}


def bench_simulate(game: Game | str = "flip7", seconds: float = 2.0, bot: str = "random",
                   players: int | None = None) -> dict[str, Any]:
    """Throughput of the ``simulate`` path (one worker) for about ``seconds``."""
    from .simulate import simulate

    game = get_game(game) if isinstance(game, str) else game
    # size the run from a short probe so it lasts about ``seconds``
    probe = simulate(game, 20, players, [bot], 0, 1, None)
    games = max(20, int(probe["games_per_second"] * seconds))
    report = simulate(game, games, players, [bot], 0, 1, None)
    return {"game": game.id, "players": report["players"], "bots": bot, "workers": 1,
            "decisions_per_second": report["decisions_per_second"],
            "games_per_second": report["games_per_second"], "games": games,
            "seconds": report["elapsed_seconds"]}


#: the whole default run stays under about this many seconds
TOTAL_BUDGET = 24.0


def run_bench(game_ids: Sequence[str] | None = None, seconds: float | None = None) -> dict[str, Any]:
    """Every game's random-play throughput, plus the simulate path for Flip 7.
    ``seconds`` per game defaults to 2, less when many games share the total budget."""
    ids = list(game_ids) if game_ids else all_game_ids()
    if seconds is None:
        seconds = min(2.0, TOTAL_BUDGET / (len(ids) + 1))
    results = [bench_game(gid, seconds=seconds) for gid in ids]
    sim = [bench_simulate("flip7", seconds)] if "flip7" in ids else []
    return {"results": results, "simulate": sim}
