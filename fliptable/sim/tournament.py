"""Tournaments: every bot plays every seat equally often, and each is rated.

Seat rotation. With B bots and K seats, games come in *blocks* of B. Block ``b`` draws a
seeded order ``pi`` of the bots; game ``r`` of the block (r = 0..B-1) seats bot
``pi[(r + j) % B]`` at seat ``j``. Within a block every bot sits at every seat exactly
once (when K <= B; with K > B a bot holds several seats of one game, each counted as an
appearance), and the reshuffled orders let every pair meet. All games of a block are
played on the same deal (seed ``derive_seed(seed, "deal", b)``): the bots take turns at
the same cards, which cancels both the first seat's advantage and much of the luck of
the deal. A run of N games plays ceil(N / B) whole blocks (``whole_rotations``: the
command says when that is more than N).

Ratings: openskill's Plackett-Luce model (``openskill``, tau = 0: the bots do not
change during a tournament), updated game by game in game-index order from each game's
ranks (a bot holding several seats gets the mean of its seats' updates). ``rating`` is
mu, ``rating_ci95`` is mu +- 1.96 sigma, the model's 95% credible interval. A one-player
game (Patience) has nothing to rank inside a game: each block's deal is played by every
bot and the bots are ranked on it by the result (a win first, then the score). A game
for several players is never played alone in a tournament (``--players 1`` is refused
there): the bots would not meet.

``win_rate`` is the share of a bot's appearances it won (a win shared by k counts 1/k),
with a 95% Wilson interval; ``pairwise[a][b]`` the share of the games both played (at
different seats) in which ``a`` finished ahead of ``b`` (ties count half; None if they
never met); ``seat_advantage[j]`` the win rate of whoever sat at seat j.

Everything depends only on ``seed`` (not on ``workers`` or the backend). Ctrl-C (or
SIGTERM) keeps the games that finished: the report then says ``"interrupted": true``
(and ``"terminated": true`` for SIGTERM).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.base import make_agent
from ..core.errors import FliptableError
from ..core.game import Game
from ..core.registry import all_game_ids, get_game
from ..core.rng import derive_seed
from ..core.stats import Z95, wilson_interval
from .match import play_match
from .parallel import check_backend, check_workers, gather
from .simulate import Progress, check_games, check_specs

#: openskill's starting rating (mu) and uncertainty (sigma)
MU, SIGMA = 25.0, 25.0 / 3.0
#: games per chunk sent to a worker (a few blocks)
CHUNK_BLOCKS = 2
#: the most games one tournament may ask for (every game's record is kept for the ratings)
MAX_GAMES = 1_000_000


class TournamentError(FliptableError):
    """A tournament that cannot be set up (too few bots, a bad count...)."""


def whole_rotations(games: int, bots: int) -> int:
    """The games a tournament of ``bots`` plays when ``games`` are asked for: whole
    blocks of ``bots`` games, so every bot sits at every seat equally often."""
    return -(-games // bots) * bots


def lineups(specs: Sequence[str], players: int, blocks: int, seed: int | str, first: int = 0) -> list[list[int]]:
    """For every game of blocks ``first .. first + blocks - 1``, the bot index at each
    seat (see the module: seat rotation)."""
    b = len(specs)
    out = []
    for block in range(first, first + blocks):
        order = list(range(b))
        random.Random(derive_seed(seed, "order", block)).shuffle(order)
        out += [[order[(r + j) % b] for j in range(players)] for r in range(b)]
    return out


def _play_chunk(job: tuple) -> list[dict[str, Any]]:
    """Play games ``start..stop-1`` (runs in a worker): each game's lineup and result."""
    game, players, specs, options, seed, start, stop = job
    b = len(specs)
    table = lineups(specs, players, (stop - start) // b, seed, first=start // b)
    out = []
    for index in range(start, stop):
        lineup = table[index - start]
        block = index // len(specs)
        deal = derive_seed(seed, "deal", block)
        agents = [make_agent(game, specs[i]) for i in lineup]
        match = play_match(game, agents, options, deal)
        result = match.state.result()
        out.append(
            {
                "lineup": lineup,
                "ranks": list(result.ranks),
                "winners": list(result.winners),
                "scores": [float(s) for s in result.scores],
                "decisions": match.decisions,
            }
        )
    return out


def tournament(
    game: Game | str,
    bot_specs: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int | str = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    backend: str = "local",
) -> dict[str, Any]:
    """Play a seat-rotated tournament between ``bot_specs`` and rate them (see the module);
    ``backend`` is ``local`` (processes) or ``ray`` (``sim/parallel.py``)."""
    game = get_game(game) if isinstance(game, str) else game
    specs = [s.strip() for s in (bot_specs or [])]
    if len(specs) < 2:
        raise TournamentError(f"a tournament needs at least 2 bots (--bot SPEC, repeated); got {len(specs)}")
    if len(set(specs)) != len(specs):
        dup = next(s for s in specs if specs.count(s) > 1)
        raise TournamentError(f"bot {dup!r} is given twice; give each bot once")
    check_games(games, MAX_GAMES, TournamentError)
    check_workers(workers, TournamentError)
    check_backend(backend)
    if players is None:
        players = max(game.min_players, min(len(specs), game.default_players, game.max_players))
    players = game.check_players(players)
    if players == 1 and game.max_players > 1:
        raise TournamentError(
            f"a tournament seats the bots against each other: --players must be 2 to "
            f"{game.max_players} for {game.id}, not 1 (only a one-player game{_such_as_solo()} "
            f"ranks bots on shared deals)"
        )
    opts = game.resolve_options(options)
    check_specs(game, specs)
    b = len(specs)
    total = whole_rotations(games, b)
    blocks = total // b
    per_chunk = CHUNK_BLOCKS * b
    jobs = (
        (game, players, specs, opts, seed, start, min(total, start + per_chunk)) for start in range(0, total, per_chunk)
    )
    records: list[dict[str, Any]] = []

    def fold(chunk: list[dict[str, Any]]) -> int:
        records.extend(chunk)
        return len(records)

    began = time.perf_counter()
    interrupted, terminated = gather(_play_chunk, jobs, workers, backend, fold, total, progress)
    report = rate(specs, players, records, solo=players == 1)
    report.update(
        {
            "game": game.id,
            "options": opts,
            "players": players,
            "games": len(records),
            "games_requested": games,
            "blocks": blocks,
            "seed": seed,
            "workers": workers,
            "backend": backend,
            "interrupted": interrupted,
            "terminated": terminated,
            "elapsed_seconds": time.perf_counter() - began,
        }
    )
    return report


def _such_as_solo() -> str:
    """`` such as patience``: the registered one-player games, for the message refusing a
    one-seat tournament of another game (empty when the registry has none)."""
    solo = [g for g in all_game_ids() if get_game(g).max_players == 1]
    return f" such as {' or '.join(solo)}" if solo else ""


def _ranks_solo(records: list[dict[str, Any]], b: int) -> list[tuple[list[int], list[int]]]:
    """One-player games: each complete block is one ranking of the bots on its deal."""
    out = []
    for start in range(0, len(records) - b + 1, b):
        block = records[start : start + b]
        keys = [(1 if r["winners"] else 0, r["scores"][0] if r["scores"] else 0.0) for r in block]
        bots = [r["lineup"][0] for r in block]
        ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]
        out.append((bots, ranks))
    return out


def rate(specs: Sequence[str], players: int, records: Sequence[dict[str, Any]], solo: bool = False) -> dict[str, Any]:
    """Ratings, win rates, the pairwise table and the seat advantage of played games."""
    from openskill.models import PlackettLuce  # noqa: PLC0415 - a runtime dependency

    b = len(specs)
    model = PlackettLuce(mu=MU, sigma=SIGMA, tau=0.0)
    ratings = [model.rating(mu=MU, sigma=SIGMA) for _ in range(b)]
    appear = [0] * b
    wins = [0.0] * b
    ahead = [[0.0] * b for _ in range(b)]
    met = [[0] * b for _ in range(b)]
    seat_wins = [0.0] * players
    seat_games = 0
    for rec in records:
        lineup, winners = rec["lineup"], rec["winners"]
        seat_games += 1
        share = 1.0 / len(winners) if winners else 0.0
        for seat, bot in enumerate(lineup):
            appear[bot] += 1
            if seat in winners:
                wins[bot] += share
                seat_wins[seat] += share
        ranks = rec["ranks"]
        if len(ranks) == len(lineup) and len(lineup) > 1:
            for i, x in enumerate(lineup):
                for j, y in enumerate(lineup):
                    if x != y and i != j:
                        met[x][y] += 1
                        ahead[x][y] += 1.0 if ranks[i] < ranks[j] else (0.5 if ranks[i] == ranks[j] else 0.0)
    matches = (
        _ranks_solo(list(records), b)
        if solo
        else [(r["lineup"], r["ranks"]) for r in records if len(r["ranks"]) == len(r["lineup"]) > 1]
    )
    for seated, ranks in matches:
        teams = [[ratings[i]] for i in seated]
        new = model.rate(teams, ranks=list(ranks))
        deltas: dict[int, list[tuple[float, float]]] = {}
        for i, team in zip(seated, new, strict=True):
            deltas.setdefault(i, []).append((team[0].mu, team[0].sigma))
        for i, got in deltas.items():
            mu = sum(m for m, _ in got) / len(got)
            sigma = sum(s for _, s in got) / len(got)
            ratings[i] = model.rating(mu=mu, sigma=sigma)
    bots = []
    for i, spec in enumerate(specs):
        mu, sigma = ratings[i].mu, ratings[i].sigma
        bots.append(
            {
                "spec": spec,
                "rating": mu,
                "rating_ci95": [mu - Z95 * sigma, mu + Z95 * sigma],
                "games": appear[i],
                "win_rate": wins[i] / appear[i] if appear[i] else 0.0,
                "win_rate_ci95": list(wilson_interval(wins[i], appear[i])),
            }
        )
    pairwise = [
        [(ahead[x][y] / met[x][y] if met[x][y] else None) if x != y else None for y in range(b)] for x in range(b)
    ]
    advantage = [w / seat_games if seat_games else 0.0 for w in seat_wins]
    return {
        "bots": bots,
        "pairwise": pairwise,
        "seat_advantage": advantage,
        "seat_advantage_ci95": [list(wilson_interval(w, seat_games)) for w in seat_wins],
        "decisions": sum(r["decisions"] for r in records),
    }
