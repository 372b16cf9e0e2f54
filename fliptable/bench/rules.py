"""Throughput benchmarks: random play of every registered game in one process.

The loop is the table's fast path written out: a turn without claimants takes
``legal_actions``, a seeded uniform choice and ``apply_unchecked``; everything else
(races, claims, simultaneous commits) is handed to the table (``Table.resolve``, the
one place where arbitration happens) with ``RandomAgent``s, as ``simulate --bot
random`` plays: every racer reacts after an exponential delay, the earliest lands and
the others look again.
``bench_clone`` measures the search clone, ``state.clone(rng=...)`` of mid-game states,
and ``clone_vs_decisions`` sets it beside random-play decisions timed in the same run.
``bench_simulate`` measures the ``simulate`` path (agents, views, tallies). The last two
are measured on the registry's reference game (``REFERENCE_GAME``: Flip 7) when it is
among the games benchmarked.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.agent import RandomAgent
from ..core.decision import Over, Turn
from ..core.game import Game, State
from ..core.registry import REFERENCE_GAME, all_game_ids, get_game
from ..core.rng import derive_seed
from ..core.table import Table, TableStalled

#: what a game not yet converted to declared FIELDS raises for ``clone(rng=...)``
_UNSUPPORTED = (NotImplementedError, TypeError, AttributeError)

#: a game still running after this many budgets is cut off (a broken game, not a slow one)
MAX_BUDGETS = 10


def _random_table(game: Game, state: State, seed: int, rng: random.Random) -> Table:
    players = state.players
    agents = [RandomAgent() for _ in range(players)]
    for s, agent in enumerate(agents):
        agent.reset(game, s, players, state.options, rng)
    return Table(state, agents, seed=seed, record=False, histories=False, reset_agents=False)


def play_random(
    game: Game,
    players: int,
    seed: int,
    rng: random.Random,
    deadline: float | None = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[int, bool]:
    """Play one game at random; (decisions, finished). Stops early past ``deadline``."""
    state = game.new_state(players, options, seed)
    legal_actions = state.legal_actions
    apply = state.apply_unchecked
    decision = state.decision
    resolve = None  # the table is set up at the first decision that needs it
    rand = rng.random
    n = 0
    while True:
        d = decision()
        kind = type(d)
        if type(d) is Turn and not d.claimants:  # type(d), not kind: mypy narrows d
            p = d.player
            legal = legal_actions(p)
            apply(p, legal[int(rand() * len(legal))])
            n += 1
        elif kind is Over:
            return n, True
        else:
            if resolve is None:
                resolve = _random_table(game, state, seed, rng).resolve
            landed = resolve(d)
            if not landed:  # pragma: no cover - every racer is a bot
                raise TableStalled(f"{game.id}: random play stalled at {d!r}")
            n += landed
        if deadline is not None and not n & 1023 and time.perf_counter() > deadline:
            return n, False


def bench_game(
    game: Game | str,
    players: int | None = None,
    seconds: float = 2.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Random-play decisions/s and games/s of one game (at ``options``) for about
    ``seconds``, and the search clone's rate (``clone_per_second``; None while the game
    cannot clone with ``rng=``)."""
    game = get_game(game) if isinstance(game, str) else game
    players = game.default_players if players is None else game.check_players(players)
    options = game.resolve_options(options)
    rng = random.Random(seed)
    decisions = games = 0
    began = time.perf_counter()
    stop = began + seconds
    while True:
        n, finished = play_random(game, players, derive_seed(seed, games), rng, began + seconds * MAX_BUDGETS, options)
        decisions += n
        games += finished
        if not finished or time.perf_counter() >= stop:
            break
    elapsed = max(time.perf_counter() - began, 1e-9)
    clone = bench_clone(game, players, min(0.5, seconds / 4), seed, options)
    ismcts = bench_ismcts(game, players, min(0.5, seconds / 4), seed, options)
    return {
        "game": game.id,
        "players": players,
        "options": options,
        "decisions_per_second": decisions / elapsed,
        "games_per_second": games / elapsed,
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "clone_per_second": clone,
        "ismcts_iterations_per_second": ismcts,
    }


def bench_ismcts(
    game: Game,
    players: int,
    seconds: float = 0.5,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    iterations: int = 20,
) -> float | None:
    """ISMCTS iterations per second (``bots/ismcts.py``, random rollouts): seat 0 searches
    ``iterations`` per decision at a table of random bots, for about ``seconds`` of search."""
    from ..bots.ismcts import ISMCTSAgent

    agent = ISMCTSAgent(iterations=iterations)
    spent, searches = [0.0], [0]
    search = agent.search

    def timed(*args, **kwargs):
        began = time.perf_counter()
        try:
            return search(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - began
            searches[0] += 1

    agent.search = timed  # type: ignore[method-assign]  # this agent's searches timed (instrumentation)
    try:
        game.new_state(players, options, seed).determinize(0, random.Random(seed))
    except _UNSUPPORTED:
        return None  # a game that cannot determinize cannot be searched
    game_no = 0
    while spent[0] < seconds:
        state = game.new_state(players, options, derive_seed(seed, "ismcts", game_no))
        agents = [agent] + [RandomAgent() for _ in range(players - 1)]
        table = Table(state, agents, seed=derive_seed(seed, "ismcts", game_no), record=False, histories=False)
        while not state.is_over() and spent[0] < seconds:
            if not table.step():  # pragma: no cover - every seat is a bot
                break
        game_no += 1
    return searches[0] * iterations / max(spent[0], 1e-9)


def mid_game_states(
    game: Game, players: int, seed: int = 0, count: int = 64, options: Mapping[str, Any] | None = None
) -> list[State]:
    """Up to ``count`` exact copies of states met in random play (none at its start or
    end): the states a search would clone. [] when the game cannot copy its states."""
    rng = random.Random(seed)
    states: list[State] = []
    try:
        for i in range(20):
            state = game.new_state(players, options, derive_seed(seed, "clone", i))
            table = _random_table(game, state, seed, rng)
            while not state.is_over() and len(states) < count:
                d = state.decision()
                if type(d) is Turn and not d.claimants:
                    if rng.random() < 0.05 and state.ply > 0:
                        states.append(state.clone())
                    legal = state.legal_actions(d.player)
                    state.apply_unchecked(d.player, legal[int(rng.random() * len(legal))])
                elif not table.resolve(d):  # pragma: no cover - every racer is a bot
                    break
            if len(states) >= count:
                break
    except _UNSUPPORTED:
        return []
    return states


def _clone_batch(states: Sequence[State], rng: random.Random, repeat: int) -> float:
    """Seconds for ``repeat`` search clones of each state."""
    began = time.perf_counter()
    for _ in range(repeat):
        for s in states:
            s.clone(rng=rng)
    return time.perf_counter() - began


def bench_clone(
    game: Game, players: int, seconds: float = 0.5, seed: int = 0, options: Mapping[str, Any] | None = None
) -> float | None:
    """Search clones per second (``state.clone(rng=...)`` of mid-game states), or None
    when the game does not support the search clone yet."""
    states = mid_game_states(game, players, seed, options=options)
    if not states:
        return None
    rng = random.Random(seed)
    try:
        _clone_batch(states, rng, 1)
    except _UNSUPPORTED:
        return None
    clones, spent = 0, 0.0
    while spent < seconds:
        spent += _clone_batch(states, rng, 10)
        clones += 10 * len(states)
    return clones / max(spent, 1e-9)


def clone_vs_decisions(game: Game | str = REFERENCE_GAME, seconds: float = 1.0, seed: int = 0) -> dict[str, Any] | None:
    """The search clone of mid-game states beside random-play decisions, timed in
    alternating batches in one run: ``clone_over_two_decisions`` <= 1 means a clone costs
    no more than two decisions. None when the game cannot clone with ``rng=``."""
    game = get_game(game) if isinstance(game, str) else game
    players = game.default_players
    states = mid_game_states(game, players, seed)
    rng = random.Random(seed)
    try:
        _clone_batch(states, rng, 1)
    except _UNSUPPORTED:
        return None
    if not states:
        return None
    clone_s = decide_s = 0.0
    clones = decisions = games = 0
    play_rng = random.Random(seed)
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop or not decisions:
        clone_s += _clone_batch(states, rng, 5)
        clones += 5 * len(states)
        began = time.perf_counter()
        target = decisions + 5 * len(states)
        while decisions < target:
            decisions += play_random(game, players, derive_seed(seed, "side", games), play_rng)[0]
            games += 1
        decide_s += time.perf_counter() - began
    clone_us, decision_us = 1e6 * clone_s / clones, 1e6 * decide_s / decisions
    return {
        "game": game.id,
        "players": players,
        "states": len(states),
        "clones": clones,
        "decisions": decisions,
        "clone_us": clone_us,
        "decision_us": decision_us,
        "clone_over_two_decisions": clone_us / (2 * decision_us),
    }


def bench_simulate(
    game: Game | str = REFERENCE_GAME, seconds: float = 2.0, bot: str = "random", players: int | None = None
) -> dict[str, Any]:
    """Throughput of the ``simulate`` path (one worker) for about ``seconds``."""
    from ..sim.simulate import simulate

    game = get_game(game) if isinstance(game, str) else game
    # size the run from a short probe so it lasts about ``seconds``
    probe = simulate(game, 20, players, [bot], 0, 1, None)
    games = max(20, int(probe["games_per_second"] * seconds))
    report = simulate(game, games, players, [bot], 0, 1, None)
    return {
        "game": game.id,
        "players": report["players"],
        "bots": bot,
        "workers": 1,
        "decisions_per_second": report["decisions_per_second"],
        "games_per_second": report["games_per_second"],
        "games": games,
        "seconds": report["elapsed_seconds"],
    }


#: the whole default run stays under about this many seconds
TOTAL_BUDGET = 24.0


def run_bench(
    game_ids: Sequence[str] | None = None,
    seconds: float | None = None,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Every game's random-play throughput and search-clone rate, plus for the reference
    game (Flip 7) the simulate path and the clone beside two random-play decisions. ``seconds`` per game
    defaults to 2, less when many games share the total budget. ``players`` and
    ``options`` (for one game: ``-g GAME -o KEY=VALUE``) set the table measured."""
    ids = list(game_ids) if game_ids else all_game_ids()
    if seconds is None:
        seconds = min(2.0, TOTAL_BUDGET / (len(ids) + 1))
    results = [bench_game(gid, players, seconds=seconds, options=options) for gid in ids]
    reference = REFERENCE_GAME in ids
    sim = [bench_simulate(REFERENCE_GAME, seconds)] if reference else []
    report: dict[str, Any] = {"results": results, "simulate": sim}
    if reference:
        report["clone_vs_decisions"] = clone_vs_decisions(REFERENCE_GAME, min(1.0, seconds / 2))
    return report
