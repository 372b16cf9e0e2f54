"""Play one game between agents: turns, races arbitrated by reaction delay, and
simultaneous commits. The driver's randomness (race tie-breaks) and each agent's
derive from the game's seed, so a match depends only on its seed."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..bots.base import Agent
from ..core.decision import Over, Race, Simultaneous, Turn
from ..core.errors import FliptableError
from ..core.game import Game, State
from ..core.log import GameLog
from ..core.rng import derive_seed


class BotError(FliptableError):
    """An agent returned an action that is not legal (a bug in the agent)."""


@dataclass(slots=True)
class MatchResult:
    state: State
    decisions: int
    log: GameLog | None


def _illegal(agent: Agent, seat: int, action: str, legal: Sequence[str]) -> BotError:
    return BotError(f"bot {agent.describe()} at seat {seat} chose illegal {action!r}; legal: {list(legal)}")


def _ask(agent: Agent, state: State, seat: int, legal: Sequence[str]) -> str:
    action = agent.act(state.view(seat) if agent.needs_view else None, legal)
    if action not in legal:
        raise _illegal(agent, seat, action, legal)
    return action


def _react(agent: Agent, state: State, seat: int, legal: Sequence[str]) -> tuple[str, float]:
    action, delay = agent.react(state.view(seat) if agent.needs_view else None, legal)
    if action not in legal:
        raise BotError(f"bot {agent.describe()} at seat {seat} chose illegal {action!r} in a race; "
                       f"legal: {list(legal)}")
    return action, max(0.0, float(delay))


def play_match(game: Game, agents: Sequence[Agent], options: Mapping[str, Any] | None = None,
               seed: int | str = 0, deck: Sequence[str] | None = None, record: bool = False,
               max_decisions: int = 10_000_000, state: State | None = None) -> MatchResult:
    """Play a whole game. ``record`` keeps a replayable log.

    Races: every eligible agent answers ``react`` with an action and a delay; the
    earliest intent is applied (exact ties broken by the driver's seeded RNG). After each
    applied action the others are asked again on the new state: an unchanged intent keeps
    its time, a changed one lands after a fresh delay. An intent later than the race's
    ``timeout_ms`` loses to the clock, which applies the race's default."""
    players = len(agents)
    if state is None:
        state = game.new_state(players, options, seed, deck)
    log = GameLog(game.id, dict(state.options), players, seed, [],
                  list(deck) if deck is not None else None, game.rules_version) if record else None
    actions = log.actions if log is not None else None
    for seat, agent in enumerate(agents):
        agent.reset(game, seat, players, state.options, random.Random(derive_seed(seed, "agent", seat)))
    driver_rng = random.Random(derive_seed(seed, "driver"))
    decisions = 0
    # A race window: each seat's pending intent (fire time, tie-break, action).
    pending: dict[int, tuple[float, float, str]] = {}
    now = 0.0
    window = None
    stale = False
    apply = state.apply_unchecked
    legal_actions = state.legal_actions
    while decisions < max_decisions:
        decision = state.decision()
        kind = type(decision)
        if kind is Turn:
            seat = decision.player
            agent = agents[seat]
            legal = legal_actions(seat)
            action = agent.act(state.view(seat) if agent.needs_view else None, legal)
            if action not in legal:
                raise _illegal(agent, seat, action, legal)
            apply(seat, action)
            if actions is not None:
                actions.append([seat, action])
            decisions += 1
            window = None
            continue
        if kind is Race:
            if decision.window != window:
                pending.clear()
                now = 0.0
                window = decision.window
                stale = False
            for seat in list(pending):
                if seat not in decision.players:
                    del pending[seat]
                elif stale:
                    # the table changed: each waiting player looks again; keeping the same
                    # intent keeps its time, a new one costs a fresh reaction
                    action, delay = _react(agents[seat], state, seat, legal_actions(seat))
                    if action != pending[seat][2]:
                        pending[seat] = (now + delay, driver_rng.random(), action)
                elif pending[seat][2] not in legal_actions(seat):
                    del pending[seat]
            stale = False
            for seat in decision.players:
                if seat not in pending:
                    action, delay = _react(agents[seat], state, seat, legal_actions(seat))
                    pending[seat] = (now + delay, driver_rng.random(), action)
            seat = min(pending, key=lambda s: pending[s][:2])
            fire, _, action = pending[seat]
            if decision.timeout_ms is not None and fire > decision.timeout_ms:
                apply(None, decision.default)
                if actions is not None:
                    actions.append([None, decision.default])
                window = None
            else:
                del pending[seat]
                now = fire
                apply(seat, action)
                if actions is not None:
                    actions.append([seat, action])
                stale = True
            decisions += 1
            continue
        window = None
        if kind is Simultaneous:
            for seat in decision.players:
                action = _ask(agents[seat], state, seat, state.legal_actions(seat))
                apply(seat, action)
                if actions is not None:
                    actions.append([seat, action])
                decisions += 1
            continue
        if kind is Over:
            break
        raise TypeError(f"unknown decision {decision!r}")
    else:
        raise BotError(f"{game.id}: no end after {max_decisions} decisions (seed {seed!r})")
    if log is not None:
        log.result = state.result().to_json()
    return MatchResult(state, decisions, log)
