"""Many games between bots, in parallel, with statistics that depend only on the seed.

Game ``i`` of a run is played with seed ``derive_seed(run_seed, i)`` by fresh agents,
so it is the same game whichever process plays it. Games are cut into chunks whose
boundaries depend only on the number of games; each chunk is tallied on its own and
the tallies are merged in game-index order, so every number in the report (floating
point sums included) is identical whatever ``workers`` or the backend is.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..bots.base import make_agent
from ..core.errors import BotSpecError, FliptableError
from ..core.game import Game
from ..core.registry import get_game
from ..core.rng import derive_seed
from .match import play_match
from .parallel import check_backend, check_workers, run_jobs
from .stats import Tally

#: a progress callback: (games done, games in all)
Progress = Callable[[int, int], None]


class SimulationError(FliptableError):
    """A simulation that cannot be set up (bad count, backend, logs folder...)."""


#: the most games one run may ask for (about a day at 10,000 games/s; a larger count
#: is a typing slip, refused before anything is played)
MAX_GAMES = 1_000_000_000


def check_games(games: Any, most: int = MAX_GAMES, error: type[FliptableError] = SimulationError) -> int:
    """``games`` if it is a whole number from 1 to ``most``, else ``error`` (one line)."""
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= most:
        shown = games if isinstance(games, int) and not isinstance(games, bool) else repr(games)
        raise error(f"--games must be a whole number from 1 to {most:,}, not {shown}")
    return games


def seat_specs(specs: Sequence[str] | None, seats: int, default: str = "random", what: str = "players") -> list[str]:
    """One bot spec per seat: given in seat order, the last one fills the rest
    (README.md, "Bots"). ``default`` when none is given."""
    specs = list(specs or [])
    if not specs:
        specs = [default]
    if len(specs) > seats:
        what = what[:-1] if seats == 1 and what.endswith("s") else what  # "1 other seat"
        raise BotSpecError(
            f"{len(specs)} --bot specs given for {seats} {what}; give at most one per seat, the last fills the rest"
        )
    return specs + [specs[-1]] * (seats - len(specs))


def check_specs(game: Game, specs: Sequence[str]) -> None:
    """Build every agent once, so a bad spec fails before any game is played."""
    for spec in specs:
        if spec.strip().lower() == "human":
            raise BotSpecError("'human' cannot sit in a simulation; give bots, e.g. --bot random")
        make_agent(game, spec)


def _chunks(games: int) -> Iterator[tuple[int, int]]:
    """Game-index ranges, made as they are needed; they depend only on ``games`` (never
    on workers)."""
    size = max(1, min(200, games // 64))
    return ((start, min(games, start + size)) for start in range(0, games, size))


def run_chunk(job: tuple) -> Tally:
    """Play games ``start..stop-1`` of a run and tally them (runs in a worker)."""
    game, players, specs, options, run_seed, start, stop, logs_dir = job
    tally = Tally(players)
    record = logs_dir is not None
    measure = getattr(game, "plot_measure", None)  # a game's own (docs/writing-a-game.md); else the score
    for index in range(start, stop):
        seed = derive_seed(run_seed, index)
        agents = [make_agent(game, spec) for spec in specs]
        match = play_match(game, agents, options, seed, record=record)
        state = match.state
        result = state.result()
        tally.add_game(result.scores, result.winners, match.decisions, game.stats(state))
        if measure is not None:
            tally.add_measure(*measure(state))
        if record:
            assert match.log is not None  # play_match keeps the log when asked (record)
            path = Path(logs_dir) / f"{game.id}-{index}.json"
            path.write_text(match.log.dumps())  # strict JSON: never NaN
    return tally


def simulate(
    game: Game | str,
    games: int,
    players: int | None = None,
    bot_specs: Sequence[str] | None = None,
    seed: int | str = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    logs_dir: str | os.PathLike | None = None,
    progress: Progress | None = None,
    backend: str = "local",
) -> dict[str, Any]:
    """Play ``games`` games and report wins, win rates (95% Wilson intervals), mean
    scores, throughput, the game's own ``stats`` and the distributions of scores per
    seat and of game lengths in decisions (``score_counts``, ``length_counts``: ``[value,
    games]`` pairs), and of the game's own plot measure when it names one (``measure``,
    ``measure_counts``: its ``plot_measure``). A win shared by k winners counts 1/k to
    each of them. Without ``bot_specs`` every seat gets the game's default bot."""
    game = get_game(game) if isinstance(game, str) else game
    check_games(games)
    check_workers(workers, SimulationError)
    check_backend(backend)
    players = game.check_players(game.default_players if players is None else players)
    opts = game.resolve_options(options)
    specs = seat_specs(bot_specs, players, game.default_bot)
    check_specs(game, specs)
    if logs_dir is not None:
        try:
            Path(logs_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimulationError(f"cannot write logs to {str(logs_dir)!r}: {exc.strerror or exc}") from None
        logs_dir = str(logs_dir)

    jobs = ((game, players, specs, opts, seed, start, stop, logs_dir) for start, stop in _chunks(games))
    total = Tally(players)
    began = time.perf_counter()
    if progress is not None:
        progress(0, games)
    tallies = run_jobs(run_chunk, jobs, workers, backend)
    try:
        for tally in tallies:
            total.merge(tally)
            if progress is not None:
                progress(total.games, games)
    finally:
        tallies.close()  # on an error or Ctrl-C, stop the workers now
    elapsed = max(time.perf_counter() - began, 1e-9)
    return {
        "game": game.id,
        "options": opts,
        "players": players,
        "bots": specs,
        "games": games,
        "seed": seed,
        "workers": workers,
        "backend": backend,
        **_without_float_noise(total.summary()),
        "decisions": total.decisions,
        "elapsed_seconds": elapsed,
        "games_per_second": games / elapsed,
        "decisions_per_second": total.decisions / elapsed,
        "stats": game.summarize_stats(dict(total.stats), games, players),
        **total.distributions(),
    }


def _without_float_noise(summary: dict[str, Any]) -> dict[str, Any]:
    """Wins are sums of 1/k shares: 30.499999999999993 is 30.5 (rounded to 9 places;
    the rates to 12)."""
    summary["wins"] = [round(w, 9) for w in summary["wins"]]
    summary["win_rate"] = [round(r, 12) for r in summary["win_rate"]]
    return summary


#: keys of ``simulate``'s report that measure the machine, not the games
TIMING_KEYS = ("workers", "backend", "elapsed_seconds", "games_per_second", "decisions_per_second")
