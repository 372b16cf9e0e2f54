"""Time for the table (``core/table.py``), which never reads the time but through a
clock: a ``VirtualClock`` for tests, simulation and replays of real-time games, a
``RealClock`` for people playing; and the table's records of what lands when
(``Intent``, ``Landed``, ``Dropped``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from .decision import Decision, Race, Simultaneous, Turn
from .events import Event


class VirtualClock:
    """Time that moves only when told to (tests, simulation, replays): ms from 0."""

    __slots__ = ("_now",)

    def __init__(self, start_ms: float = 0.0):
        self._now = float(start_ms)

    def now_ms(self) -> float:
        return self._now

    def advance(self, ms: float) -> float:
        """Move ``ms`` forward; returns the new time."""
        if not ms >= 0:
            raise ValueError(f"a clock only moves forward, not by {ms!r} ms")
        self._now += ms
        return self._now

    def set(self, ms: float) -> None:
        """Move to ``ms`` (a clock never goes back: an earlier time is ignored)."""
        if ms > self._now:
            self._now = ms

    def pause(self) -> None:
        """Nothing to do: a virtual clock stands still unless moved."""

    def resume(self) -> None:
        """Nothing to do."""


class RealClock:
    """Monotonic time in ms since the clock was made, minus the time spent paused
    (the terminal pauses it while a notice covers the table)."""

    __slots__ = ("_origin", "_paused", "_paused_at", "_source")

    def __init__(self, source: Callable[[], float] = time.monotonic):
        self._source = source
        self._origin = source()
        self._paused_at: float | None = None
        self._paused = 0.0

    def now_ms(self) -> float:
        t = self._paused_at if self._paused_at is not None else self._source()
        return (t - self._origin - self._paused) * 1000.0

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._source()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused += self._source() - self._paused_at
            self._paused_at = None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None


# -- records -------------------------------------------------------------------------------

#: what an intent is: a bot's answer to a race (``react``), to a turn or commit (``act``),
#: a bot's claim, or an intent from outside the table (``person``: checked when it lands)
REACT, ACT, CLAIM, PERSON = "react", "act", "claim", "person"


#: an intent as the table keeps it: (at, tie, action, role, seat)
IntentTuple = tuple[float, float, str, str, int]


class Intent(NamedTuple):
    """An action that lands ``at`` ms into the current moment (exact ties: lower ``tie``).
    The table keeps intents as plain tuples in this order: they compare by time first."""

    at: float
    tie: float
    action: str
    role: str
    seat: int


@dataclass(slots=True)
class Landed:
    """One action the table applied."""

    seat: int | None
    action: str
    #: when it landed, on the table's clock (ms)
    at_ms: float
    #: the ply it was applied at (the state is at ``ply + 1`` right after)
    ply: int
    #: the decision it answered
    decision: Decision
    #: "person" (``submit``), "intent" (a person's scheduled answer), "bot",
    #: "clock" (a race's default) or "timeout" (a turn limit: ``timeout_action``)
    by: str
    #: the events it caused (empty when the table does not collect them)
    events: list[Event] = field(default_factory=list)


@dataclass(slots=True)
class Dropped:
    """A person's scheduled answer that never landed, and why ("the window closed")."""

    seat: int
    action: str
    reason: str


def continues(prev: Decision, seat: int | None, d: Decision) -> bool:
    """Whether ``d``, asked right after ``seat`` acted in ``prev``, is the same moment."""
    kind = type(d)
    if type(d) is Race:
        return type(prev) is Race and prev.window == d.window
    if type(d) is Turn:
        return type(prev) is Turn and prev.player == d.player and seat != d.player
    if kind is Simultaneous:
        if type(prev) is not Simultaneous:
            return False
        if seat in prev.players:
            return set(d.players) < set(prev.players)
        return d.players == prev.players
    return False
