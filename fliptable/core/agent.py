"""The agent protocol: how anything that plays (a bot, a search, a remote person's
client adapter) meets the table. Agents see views, never states.

* ``act(view, legal)`` answers a turn or a simultaneous commit.
* ``react(view, legal)`` answers a race: an action and a reaction delay in ms after
  the moment the agent could first see the situation; the table decides who was first.
* ``claim(view, legal)`` is asked when the agent may act out of turn (it is one of
  the decision's claimants): ``None`` to let play go on, else an action and a delay.
* ``observe(event)`` receives every event as this seat saw it (``Event.for_player``),
  in order: an agent's memory is built from these, never from the state.
* A search agent sets ``wants_determinizations = True``; the table then gives it
  ``self.determinizations``, an ``InformationSet`` of its own seat: ``sample(rng)`` is a
  full state that seat cannot tell from the real one (``State.determinize``), built from
  a canonical arrangement of the hidden cards, so that for a given ``rng`` it is the
  same whatever the hidden cards really are. It is the only door to the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any


def _canonical_groups(state: Any, player: int) -> list[list[tuple[list[int], int]]]:
    """The groups of places whose hidden cards a re-deal exchanges: the game's pools of
    exchangeable places when it has them (Flinch's ``_pools``), else its ``hidden_slots``
    as one group; [] when the game's re-deal reads only public facts (Authors)."""
    pools = getattr(state, "_pools", None)
    if pools is not None:
        return [list(g) for g in pools(player).values()]
    try:
        return [state.hidden_slots(player)]
    except NotImplementedError:
        return []


class InformationSet:
    """What a search agent may know of the real state: samples of its seat's information
    set. ``sample(rng)`` first sorts the hidden cards of each exchangeable group (so the
    real arrangement of hidden cards cannot reach the sample), then re-deals them with
    ``State.determinize(seat, rng)``: the result has the seat's view, legal actions and
    frame, and depends only on what the seat may know and on ``rng``."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: Any, seat: int):
        self._state = state
        self._seat = seat

    @property
    def seat(self) -> int:
        return self._seat

    def decision(self) -> Any:
        """The current decision (public: every seat's frame carries it)."""
        return self._state.decision()

    def sample(self, rng: random.Random) -> Any:
        state, seat = self._state, self._seat
        c = state.clone(rng=random.Random(0))  # the real future chance is not copied either
        for _ in range(8):  # which places count as hidden may move with duplicate cards
            changed = False
            for group in _canonical_groups(c, seat):
                cards = sorted(pile[i] for pile, i in group)
                for (pile, i), card in zip(group, cards, strict=True):
                    if pile[i] != card:
                        pile[i] = card
                        changed = True
            if not changed:
                break
        c._derive()
        return c.determinize(seat, rng)


class Agent:
    """Base agent. Subclasses override ``act`` (and ``react`` for races)."""

    name = "agent"
    #: False when the agent never looks at its view (the runner then skips building it)
    needs_view = True
    #: True for a search agent: the table gives it ``determinizations`` (an
    #: ``InformationSet`` of its seat), its only access to the state
    wants_determinizations = False
    determinizations: InformationSet | None = None
    #: mean reaction in races, ms, for agents that do not model their own
    reaction_ms = 500.0
    #: a hard deadline (``time.perf_counter()`` seconds) set by whoever asks, e.g. the
    #: server's bot workers (``--max-bot-ms``); a search stops there (``bots/ismcts.py``),
    #: other agents ignore it; None: none
    deadline: float | None = None
    #: the bot spec it was made from (``bots.base.make_agent``: ``"ismcts:ms=200"``); None
    #: for an agent built otherwise
    spec: str | None = None

    def reset(self, game: Any, seat: int, players: int, options: Mapping[str, Any], rng: random.Random) -> None:
        """Called once before a game; ``rng`` is this agent's own seeded RNG."""
        self.game, self.seat, self.players, self.options, self.rng = game, seat, players, options, rng

    def act(self, view: dict[str, Any] | None, legal: Sequence[str]) -> str:
        raise NotImplementedError

    def react(self, view: dict[str, Any] | None, legal: Sequence[str]) -> tuple[str, float]:
        """An action in a race, and how many ms after the window opened it lands."""
        return self.act(view, legal), self.rng.expovariate(1.0 / self.reaction_ms)

    def claim(self, view: dict[str, Any] | None, legal: Sequence[str]) -> tuple[str, float] | None:
        """A claim out of turn and its delay in ms, or None (the default: never claims)."""
        return None

    def observe(self, event: dict[str, Any]) -> None:
        """One event as this seat saw it (the default remembers nothing)."""

    def describe(self) -> str:
        return self.name

    def budget_ms(self) -> float | None:
        """The time one decision asks for, ms, as its spec sets it (a search's budget), so
        a server can refuse a bot that asks for more than it allows; None: no budget."""
        return None


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    #: how often it claims when it may act out of turn
    claim_rate = 0.1

    def act(self, view: dict[str, Any] | None, legal: Sequence[str]) -> str:
        return legal[int(self.rng.random() * len(legal))]

    def claim(self, view: dict[str, Any] | None, legal: Sequence[str]) -> tuple[str, float] | None:
        if self.rng.random() >= self.claim_rate:
            return None
        return legal[int(self.rng.random() * len(legal))], self.rng.expovariate(1.0 / self.reaction_ms)
