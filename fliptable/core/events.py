"""Events: what an applied action caused, filtered per viewer like views are."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened. ``secret`` fields are shown only to ``audience``
    (``None`` audience means nobody but the omniscient log)."""

    type: str
    data: dict
    secret: dict | None = None
    audience: tuple[int, ...] | None = None

    def __init__(self, type: str, data: dict, secret: dict | None = None,
                 audience: tuple[int, ...] | None = None) -> None:
        # the slots written through their descriptors: a frozen dataclass's own __init__
        # goes through object.__setattr__ per field, twice the cost of an event (the
        # rules make one or two a step); still frozen for everyone else
        _set_type(self, type)
        _set_data(self, data)
        _set_secret(self, secret)
        _set_audience(self, audience)

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


_set_type, _set_data, _set_secret, _set_audience = (Event.type.__set__, Event.data.__set__,  # type: ignore[attr-defined]
                                                    Event.secret.__set__, Event.audience.__set__)  # type: ignore[attr-defined]
