"""The agent protocol: how anything that plays (a bot, a search, a remote person's
client adapter) meets the table. Agents see views, never states.

* ``act(view, legal)`` answers a turn or a simultaneous commit.
* ``react(view, legal)`` answers a race: an action and a reaction delay in ms after
  the moment the agent could first see the situation; the table decides who was first.
* ``claim(view, legal)`` is asked when the agent may act out of turn (it is one of
  the decision's claimants): ``None`` to let play go on, else an action and a delay.
* ``observe(event)`` receives every event as this seat saw it (``Event.for_player``),
  in order: an agent's memory is built from these, never from the state.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence


class Agent:
    """Base agent. Subclasses override ``act`` (and ``react`` for races)."""

    name = "agent"
    #: False when the agent never looks at its view (the runner then skips building it)
    needs_view = True
    #: mean reaction in races, ms, for agents that do not model their own
    reaction_ms = 500.0

    def reset(self, game: Any, seat: int, players: int, options: Mapping[str, Any],
              rng: random.Random) -> None:
        """Called once before a game; ``rng`` is this agent's own seeded RNG."""
        self.game, self.seat, self.players, self.options, self.rng = game, seat, players, options, rng

    def act(self, view: dict | None, legal: Sequence[str]) -> str:
        raise NotImplementedError

    def react(self, view: dict | None, legal: Sequence[str]) -> tuple[str, float]:
        """An action in a race, and how many ms after the window opened it lands."""
        return self.act(view, legal), self.rng.expovariate(1.0 / self.reaction_ms)

    def claim(self, view: dict | None, legal: Sequence[str]) -> tuple[str, float] | None:
        """A claim out of turn and its delay in ms, or None (the default: never claims)."""
        return None

    def observe(self, event: dict) -> None:
        """One event as this seat saw it (the default remembers nothing)."""

    def describe(self) -> str:
        return self.name


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    #: how often it claims when it may act out of turn
    claim_rate = 0.1

    def act(self, view, legal):
        return legal[int(self.rng.random() * len(legal))]

    def claim(self, view, legal):
        if self.rng.random() >= self.claim_rate:
            return None
        return legal[int(self.rng.random() * len(legal))], self.rng.expovariate(1.0 / self.reaction_ms)
