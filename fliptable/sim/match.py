"""Play one game between agents on a ``Table`` (``core/table.py``), the one driver of
time, on its virtual clock: turns, races arbitrated by reaction delay (the earliest
intent lands; exact ties broken by the table's seeded RNG), claims out of turn and
simultaneous commits. The table's RNGs and each agent's derive from the game's seed,
so a match depends only on its seed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.agent import Agent
from ..core.clock import VirtualClock
from ..core.events import Event
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.table import REACTION_FLOOR_MS, AgentError, Table

#: an agent answered with an illegal action, or a game did not end (the table's error)
BotError = AgentError


@dataclass(slots=True)
class MatchResult:
    state: State
    decisions: int
    log: GameLog | None


def play_match(
    game: Game,
    agents: Sequence[Agent],
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
    deck: Sequence[str] | None = None,
    record: bool = False,
    max_decisions: int = 10_000_000,
    state: State | None = None,
    reaction_floor_ms: float = REACTION_FLOOR_MS,
    collect: list[Event] | None = None,
) -> MatchResult:
    """Play a whole game. ``record`` keeps a replayable log.

    Races: every eligible agent answers ``react`` with an action and a delay (never
    less than ``reaction_floor_ms``); the earliest intent is applied (exact ties broken
    by the table's seeded RNG). After each applied action the others are asked again on
    the new state: an unchanged intent keeps its time, a changed one lands after a fresh
    delay. An intent later than the race's ``timeout_ms`` loses to the clock, which
    applies the race's default. Claimants' ``claim`` answers race the player whose turn
    it is (see the timing model in ``core/table.py``). ``collect``, a list, gets the events of
    every action (``Table``'s ``collect``)."""
    if state is None:
        state = game.new_state(len(agents), options, seed, deck)
    table = Table(
        state,
        agents,
        seed=seed,
        clock=VirtualClock(),
        reaction_floor_ms=reaction_floor_ms,
        record=record,
        histories=False,
        deck=deck,
        collect=collect,
    )
    decisions = table.run(max_decisions)
    return MatchResult(state, decisions, table.log() if record else None)
