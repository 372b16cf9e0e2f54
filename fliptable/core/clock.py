"""Clocks for the table (``core/table.py``), which never reads the time but through one:
a ``VirtualClock`` for tests, simulation and replays of real-time games, a
``RealClock`` for people playing."""
from __future__ import annotations

import time
from typing import Callable


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

    __slots__ = ("_source", "_origin", "_paused_at", "_paused")

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
