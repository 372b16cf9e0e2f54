"""Events: what an applied action caused, filtered per viewer like views are."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``secret`` fields are shown only to ``audience``
    (``None`` audience means nobody but the omniscient log)."""

    type: str
    data: dict
    secret: dict | None = None
    audience: tuple[int, ...] | None = None

    def for_player(self, player: int | None) -> dict:
        """The event as ``player`` may see it (``None``: a spectator)."""
        out = {"type": self.type, **self.data}
        if self.secret and player is not None and self.audience is not None and player in self.audience:
            out.update(self.secret)
        return out

    def full(self) -> dict:
        out = {"type": self.type, **self.data}
        if self.secret:
            out.update(self.secret)
        return out
