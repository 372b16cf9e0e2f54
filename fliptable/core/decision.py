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
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Turn:
    player: int

    @property
    def players(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(frozen=True, slots=True)
class Race:
    players: tuple[int, ...]
    default: str
    timeout_ms: float | None = None
    #: identifies one window; a new number means a new window (the race clock restarts)
    window: int = 0


@dataclass(frozen=True, slots=True)
class Simultaneous:
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Over:
    @property
    def players(self) -> tuple[int, ...]:
        return ()


Decision = Turn | Race | Simultaneous | Over


_TURNS = tuple(Turn(p) for p in range(64))


def turn(player: int) -> Turn:
    """``Turn(player)``, shared instances (decisions are asked for on every step)."""
    return _TURNS[player] if player < 64 else Turn(player)
