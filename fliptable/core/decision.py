"""Decisions: who may act now, and how their actions are resolved.

* ``Turn(player)`` — one player acts.
* ``Race(players, default)`` — any listed player may act; the first action to arrive
  is applied and the decision is re-evaluated on the new state. Declining is an
  ordinary action of the race (it removes that player from ``players``). When the
  clock runs out the driver applies ``default`` as ``state.apply(None, default)``.
  ``timeout_ms`` is the window's length when the game defines one; ``window``
  numbers the windows so a driver can tell a new window from a continuing one.
* ``Simultaneous(players)`` — each listed player (those who have not yet committed)
  commits secretly; the state resolves the step once all have.
* ``Over()`` — the game has ended.

Any decision but ``Over`` may name **claimants**: players who may act *out of turn*
now (catch a forgotten "Last Card", call a challenge). Their claims race the players
the decision is waiting for, by arrival time, without stopping play: whichever action
the table receives first is applied, and the decision is asked again. A claimant's
legal actions are its claims (``legal_actions(p)``).

The players a decision waits for (``players``) and its claimants are together its
``actors``. Clocks: a Race carries its own window (``timeout_ms``, then ``default``);
for a Turn or Simultaneous step a table may set a time limit, and then applies
``State.timeout_action(player)`` for each player still to act when it runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Turn:
    player: int
    claimants: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return (self.player,)

    @property
    def actors(self) -> tuple[int, ...]:
        return (self.player, *self.claimants) if self.claimants else (self.player,)


@dataclass(frozen=True, slots=True)
class Race:
    players: tuple[int, ...]
    default: str
    timeout_ms: float | None = None
    #: identifies one window; a new number means a new window (the race clock restarts)
    window: int = 0
    claimants: tuple[int, ...] = ()

    # same actors property as Simultaneous below on purpose: frozen slotted dataclasses, no shared base
    @property
    def actors(self) -> tuple[int, ...]:
        return self.players + self.claimants if self.claimants else self.players


@dataclass(frozen=True, slots=True)
class Simultaneous:
    players: tuple[int, ...]
    claimants: tuple[int, ...] = ()

    # same actors property as Race above on purpose: frozen slotted dataclasses, no shared base
    @property
    def actors(self) -> tuple[int, ...]:
        return self.players + self.claimants if self.claimants else self.players


@dataclass(frozen=True, slots=True)
class Over:
    @property
    def players(self) -> tuple[int, ...]:
        return ()

    @property
    def claimants(self) -> tuple[int, ...]:
        return ()

    @property
    def actors(self) -> tuple[int, ...]:
        return ()


Decision = Turn | Race | Simultaneous | Over


#: ``TURNS[p]`` is ``turn(p)`` for the first 64 seats (a game with fewer may index it directly)
TURNS = tuple(Turn(p) for p in range(64))


def turn(player: int) -> Turn:
    """``Turn(player)``, shared instances (decisions are asked for on every step)."""
    return TURNS[player] if player < 64 else Turn(player)


def decision_json(decision: Decision) -> dict[str, Any]:
    """The decision as the frame sends it: ``kind``, ``players``, ``claimants`` and,
    for a race, its ``default``, ``timeout_ms`` and ``window``."""
    if isinstance(decision, Turn):
        return {"kind": "turn", "players": [decision.player], "claimants": list(decision.claimants)}
    if isinstance(decision, Race):
        return {
            "kind": "race",
            "players": list(decision.players),
            "claimants": list(decision.claimants),
            "default": decision.default,
            "timeout_ms": decision.timeout_ms,
            "window": decision.window,
        }
    if isinstance(decision, Simultaneous):
        return {"kind": "simultaneous", "players": list(decision.players), "claimants": list(decision.claimants)}
    return {"kind": "over", "players": [], "claimants": []}


def describe_decision(decision: Decision) -> str:
    """The decision in words, for a refusal: whose turn it is, or what is open."""
    if isinstance(decision, Turn):
        return f"it is player {decision.player}'s turn"
    if isinstance(decision, Race):
        return "a race is open"
    if isinstance(decision, Simultaneous):
        return "players are committing their choices"
    return "the game is over"
