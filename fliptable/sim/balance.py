"""``fliptable balance``: what a rule, a level or a card does to a game.

Every combination of the player counts and the varied options is played ``games``
times. Game ``i`` of a combination is dealt with seed ``derive_seed(seed, "balance",
players, varied, i)`` (``varied``: the combination's varied options as text), so a
combination's numbers are the same whatever else the run varies, and every combination
is an independent sample of the others. The bots (``--bot`` specs given in seat order,
the last filling the rest; the game's default bot without any) are rotated: in game
``i`` seat ``j`` holds bot ``(i + j) mod players`` of the line-up, so each bot sits
everywhere equally (a line-up of different bots plays a multiple of the seats: ``games``
rounded up, ``whole_rotations``).

Games are cut into chunks that depend only on ``games`` (as ``simulate``'s); the chunks
of all combinations are interleaved (chunk 0 of every combination, then chunk 1...) so
a run stopped by Ctrl-C keeps an even share of every combination. Each chunk is tallied
on its own (``BalanceTally``) and merged in chunk order, so every number depends only on
the seed, never on the number of workers or the backend. The card tallies read what the
game's ``balance`` declaration (``core/balance.py``) says from the state just dealt, the
events of play (only for games that need them), what the game noted itself (``watch``:
Flip 7's flips) and the finished state: no replay.

The statistics are built by ``sim/findings.py``; the page by ``sim/report.py``.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import make_agent
from ..core.errors import FliptableError, OptionError
from ..core.game import Game
from ..core.options import value_text
from ..core.registry import get_game
from ..core.rng import derive_seed
from .match import play_match
from .parallel import check_backend, check_workers, gather
from .simulate import MAX_GAMES, Progress, _chunks, check_games, check_specs, seat_specs


class BalanceError(FliptableError):
    """A balance run that cannot be set up (a bad count, range or varied option)."""


@dataclass(frozen=True, slots=True)
class Combination:
    """One table to measure: a player count and the varied options' values (as text),
    with the complete options they give."""

    players: int
    varied: tuple[tuple[str, str], ...]
    options: dict[str, Any]

    def label(self) -> str:
        """``4 players, level=3``."""
        head = f"{self.players} player{'s' if self.players != 1 else ''}"
        return ", ".join([head] + [f"{k}={_short(v)}" for k, v in self.varied])


def _short(value: str, width: int = 40) -> str:
    """A varied value as a label shows it: a file's path or a long JSON text cut short."""
    return value if len(value) <= width else value[: width - 1] + "…"


@dataclass(slots=True)
class BalanceTally:
    """Additive totals of some games of one combination (they merge exactly in any
    order; the report merges them in chunk order, so float sums do not depend on
    workers): wins per seat and per line-up position, the length distributions, capped
    games, the game's ``stats`` counters (kept per chunk as well, for the jackknife), and
    per card kind the seats dealt it and held it at the end, with their win shares."""

    players: int
    kinds: int
    lengths: tuple[str, ...] = ("decisions",)
    games: int = 0
    wins: list[float] = field(default_factory=list)
    bot_wins: list[float] = field(default_factory=list)
    length_counts: dict[str, dict[int, int]] = field(default_factory=dict)
    capped: int = 0
    stats: dict[str, float] = field(default_factory=dict)
    parts: list[tuple[dict[str, float], int]] = field(default_factory=list)
    dealt_n: list[int] = field(default_factory=list)
    dealt_w: list[float] = field(default_factory=list)
    held_n: list[int] = field(default_factory=list)
    held_w: list[float] = field(default_factory=list)
    has_hand: bool = False

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.bot_wins = self.bot_wins or [0.0] * self.players
        self.length_counts = self.length_counts or {name: {} for name in self.lengths}
        self.dealt_n = self.dealt_n or [0] * self.kinds
        self.dealt_w = self.dealt_w or [0.0] * self.kinds
        self.held_n = self.held_n or [0] * self.kinds
        self.held_w = self.held_w or [0.0] * self.kinds

    def add_game(
        self,
        winners: Sequence[int],
        shift: int,
        lengths: Mapping[str, int],
        capped: bool,
        stats: Mapping[str, float],
        dealt: Sequence[set[int]] | None,
        held: Sequence[set[int]] | None,
    ) -> None:
        """Fold one finished game in: ``shift`` is the line-up's rotation (seat ``j`` held
        line-up position ``(j + shift) % players``), ``dealt``/``held`` the kind indexes
        per seat."""
        self.games += 1
        share = [0.0] * self.players
        if winners:
            part = 1.0 / len(winners)
            for w in winners:
                share[w] += part
        n = self.players
        for seat, s in enumerate(share):
            self.wins[seat] += s
            self.bot_wins[(seat + shift) % n] += s
        for name, counts in self.length_counts.items():
            length = lengths[name]
            counts[length] = counts.get(length, 0) + 1
        self.capped += bool(capped)
        for key, value in stats.items():
            self.stats[key] = self.stats.get(key, 0) + value
        if dealt is not None:
            _count(dealt, share, self.dealt_n, self.dealt_w)
        if held is not None:
            self.has_hand = True
            _count(held, share, self.held_n, self.held_w)

    def close_part(self) -> None:
        """End a chunk: its stats totals become one jackknife group."""
        self.parts = [(dict(self.stats), self.games)]

    def merge(self, other: BalanceTally) -> None:
        """Fold a later chunk in."""
        self.games += other.games
        for i in range(self.players):
            self.wins[i] += other.wins[i]
            self.bot_wins[i] += other.bot_wins[i]
        for name, counts in other.length_counts.items():
            mine = self.length_counts[name]
            for length, k in counts.items():
                mine[length] = mine.get(length, 0) + k
        self.capped += other.capped
        for key, value in other.stats.items():
            self.stats[key] = self.stats.get(key, 0) + value
        self.parts.extend(other.parts)
        for k in range(self.kinds):
            self.dealt_n[k] += other.dealt_n[k]
            self.dealt_w[k] += other.dealt_w[k]
            self.held_n[k] += other.held_n[k]
            self.held_w[k] += other.held_w[k]
        self.has_hand = self.has_hand or other.has_hand


def _count(per_seat: Sequence[set[int]], share: Sequence[float], n: list[int], w: list[float]) -> None:
    """Count each seat's kinds (``n``) and add its win share to theirs (``w``; only a
    winner's: adding 0.0 leaves a float sum as it was)."""
    for seat, kinds in enumerate(per_seat):
        for k in kinds:
            n[k] += 1
        part = share[seat]
        if part:
            for k in kinds:
                w[k] += part


def whole_rotations(games: int, lineup: Sequence[str]) -> int:
    """``games``, rounded up to a multiple of the seats when the line-up holds different
    bots, so that each bot sits at each seat equally often (one bot: as asked)."""
    if len({spec.strip() for spec in lineup}) == 1:
        return games
    seats = len(lineup)
    return -(-games // seats) * seats


def game_seed(seed: int | str, combo: Combination, index: int) -> int:
    """The seed of game ``index`` of ``combo`` (see the module)."""
    return derive_seed(seed, "balance", combo.players, combo.varied, index)


def run_chunk(job: tuple) -> tuple[int, BalanceTally]:
    """Play games ``start..stop-1`` of one combination and tally them (runs in a worker)."""
    number, game, combo, lineup, kinds, seed, start, stop = job
    balance = game.balance
    players, options = combo.players, combo.options
    names = ("decisions", *balance.length_names)
    tally = BalanceTally(players, len(kinds), names)
    events = balance.reads_events(options) if kinds else False
    card_index = balance.card_index(game, kinds) if kinds else ()
    for index in range(start, stop):
        s = game_seed(seed, combo, index)
        agents = [make_agent(game, lineup[(j + index) % players]) for j in range(players)]
        state = game.new_state(players, options, s)
        dealt: list[set[int]] | None = None
        told: list | None = [] if events else None
        watched = None
        if kinds:
            dealt = balance.dealt_sets(state, card_index, kinds)
            watched = balance.watch(state)
            if events or watched is not None:
                dealt = dealt or [set() for _ in range(players)]
        match = play_match(game, agents, options, s, state=state, collect=told)
        if told is not None:
            assert dealt is not None  # made above when events are read
            balance.add_dealt(dealt, state.opening, kinds)
            balance.add_dealt(dealt, told, kinds)
        if watched is not None:
            assert dealt is not None  # made above when a game is watched
            balance.add_watched(dealt, state, watched, kinds)
        result = state.result()
        lengths = dict(balance.lengths(state)) if len(names) > 1 else {}
        lengths["decisions"] = match.decisions
        held = balance.held_sets(state, card_index, kinds) if kinds else None
        tally.add_game(
            result.winners,
            index % players,
            lengths,
            balance.has_cap and balance.capped(state),
            game.stats(state),
            dealt,
            held,
        )
    tally.close_part()
    return number, tally


def combinations(
    game: Game, players: Sequence[int], vary: Mapping[str, Sequence[str]], options: Mapping[str, Any] | None = None
) -> list[Combination]:
    """Every combination, player counts outermost, then the varied options in the order
    given, each value in the order given; refuses (one line) an unknown option, a value
    it does not accept, a repeated value, an option both set and varied, and a table
    the options do not allow at some player count."""
    base = dict(options or {})
    for key in vary:
        if key in base:
            raise BalanceError(f"option {key} is both set (-o) and varied (--vary); give it once")
    checked: dict[str, list[str]] = {}
    for key, values in vary.items():
        if not values:
            raise BalanceError(f"--vary {key}= gives no values; write --vary {key}=V1,V2,...")
        seen: dict[Any, str] = {}
        for value in values:
            resolved = game.resolve_options({**base, key: value})[key]
            if resolved in seen:
                raise BalanceError(
                    f"--vary {key}: {value!r} is the same value as {seen[resolved]!r}; give each value once"
                )
            seen[resolved] = value
        checked[key] = list(values)
    out = []
    for n in players:
        for values in itertools.product(*checked.values()):
            given = dict(zip(checked, values, strict=True))
            opts = game.resolve_options({**base, **given})
            game.check_players(n)
            try:
                game.check_table(n, opts)
            except OptionError as exc:
                named = ", ".join(f"{k}={v}" for k, v in given.items()) or "these options"
                raise BalanceError(f"{n} players with {named}: {exc}") from None
            out.append(Combination(n, tuple((k, _as_given(game, k, v, opts[k])) for k, v in given.items()), opts))
    return out


def _as_given(game: Game, key: str, text: str, value: Any) -> str:
    """A varied value as labels and seeds name it: as the option spells it (``3``,
    ``true``), but a file as its path (Flush's ``deck=ours.json``, whose resolved value
    is the whole spec)."""
    option = next(o for o in game.options if o.name == key)
    return text.strip() if option.names_file(text) else value_text(value)


def balance(
    game: Game | str,
    players: Sequence[int] | None = None,
    vary: Mapping[str, Sequence[str]] | None = None,
    bot_specs: Sequence[str] | None = None,
    games: int = 1000,
    seed: int | str = 0,
    workers: int = 1,
    backend: str = "local",
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play every combination and report what ``sim/findings.py`` measures (see the
    module); Ctrl-C or SIGTERM keeps the games that finished (``"interrupted": true``;
    ``"terminated": true`` after SIGTERM)."""
    from .findings import build_report  # noqa: PLC0415 - keeps the worker's imports small

    game = get_game(game) if isinstance(game, str) else game
    check_games(games, MAX_GAMES, BalanceError)
    check_workers(workers, BalanceError)
    check_backend(backend)
    counts = [game.check_players(n) for n in (players or [game.default_players])]
    if len(set(counts)) != len(counts):
        raise BalanceError("--players gives a player count twice; give each count once")
    combos = combinations(game, counts, vary or {}, options)
    lineups = {n: seat_specs(bot_specs, n, game.default_bot) for n in counts}
    for lineup in lineups.values():
        check_specs(game, lineup)
    kinds = [
        {name: i for i, name in enumerate(game.balance.kinds(game, c.players, c.options))}
        if game.balance.counts_cards
        else {}
        for c in combos
    ]
    planned = [whole_rotations(games, lineups[c.players]) for c in combos]
    jobs = (
        (number, game, combos[number], lineups[combos[number].players], kinds[number], seed, *chunk)
        for row in itertools.zip_longest(*(_chunks(n) for n in planned))
        for number, chunk in enumerate(row)
        if chunk is not None
    )  # made as needed
    tallies: list[BalanceTally | None] = [None] * len(combos)
    done = 0

    def fold(got: tuple[int, BalanceTally]) -> int:
        nonlocal done
        number, tally = got
        mine = tallies[number]
        if mine is None:
            tallies[number] = tally
        else:
            mine.merge(tally)
        done += tally.games
        return done

    began = time.perf_counter()
    interrupted, terminated = gather(run_chunk, jobs, workers, backend, fold, sum(planned), progress)
    elapsed = max(time.perf_counter() - began, 1e-9)
    run = {
        "game": game.id,
        "title": game.title,
        "seed": seed,
        "games_requested": games,
        "games_planned": sum(planned),
        "rounded_up": sorted({c.players for c, n in zip(combos, planned, strict=True) if n != games}),
        "players": counts,
        "vary": {k: list(v) for k, v in (vary or {}).items()},
        "options": game.resolve_options(options),
        "bots": lineups,
        "workers": workers,
        "backend": backend,
        "interrupted": interrupted,
        "terminated": terminated,
        "games": done,
        "elapsed_seconds": elapsed,
        "games_per_second": done / elapsed,
    }
    return build_report(game, run, combos, tallies, kinds)


#: keys of the report that measure the machine, not the games
TIMING_KEYS = ("workers", "backend", "elapsed_seconds", "games_per_second")
