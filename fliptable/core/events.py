"""Events: what an applied action caused, filtered per viewer like views are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .fields import deep_copy

#: values handed out as they are (immutable)
_SCALARS = frozenset({int, str, bool, float, type(None)})


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened. ``secret`` fields are shown only to ``audience``
    (``None`` audience means nobody but the omniscient log)."""

    type: str
    data: dict[str, Any]
    secret: dict[str, Any] | None = None
    audience: tuple[int, ...] | None = None
    #: the keys of ``data`` and ``secret`` whose values are lists or dicts (copied for each
    #: reader), found on the first read
    _nested: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def __init__(
        self,
        type: str,  # noqa: A002 - the field's own name: Event(type=...)
        data: dict[str, Any],
        secret: dict[str, Any] | None = None,
        audience: tuple[int, ...] | None = None,
    ) -> None:
        # the slots written through their descriptors: a frozen dataclass's own __init__
        # goes through object.__setattr__ per field, twice the cost of an event (the
        # rules make one or two a step); still frozen for everyone else
        _set_type(self, type)
        _set_data(self, data)
        _set_secret(self, secret)
        _set_audience(self, audience)
        _set_nested(self, None)

    def for_player(self, player: int | None) -> dict[str, Any]:
        """The event as ``player`` may see it (``None``: a spectator): data of its own,
        nested lists and dicts included, so one seat's copy never changes another's."""
        return self._told(self._shows(player), True)

    def read(self, player: int | None) -> dict[str, Any]:
        """``for_player``'s event, filtered the same, whose nested lists and dicts are the
        event's own: for a reader that neither edits nor keeps it (the RL observers count
        an event's cards once per seat and step: a copy would cost a tenth of the step)."""
        return self._told(self._shows(player), False)

    def full(self) -> dict[str, Any]:
        """The event with its secrets (the omniscient log's), as data of its own."""
        return self._told(bool(self.secret), True)

    def _shows(self, player: int | None) -> bool:
        """Whether ``player`` is told the secret part."""
        return bool(self.secret) and player is not None and self.audience is not None and player in self.audience

    def _told(self, with_secret: bool, own: bool) -> dict[str, Any]:
        out = {"type": self.type, **self.data}
        secret = self.secret
        if with_secret and secret:
            out.update(secret)
        if not own:
            return out
        nested = self._nested
        if nested is None:
            nested = _nested_keys(self.data, self.secret)
            _set_nested(self, nested)
        for k in nested:
            if k in out:
                out[k] = _copy(out[k])
        return out


def _copy(value: Any) -> Any:
    """``deep_copy`` with scalars inline: most nested event data is a list of names."""
    t = type(value)
    if t is list:
        return [v if type(v) in _SCALARS else _copy(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _SCALARS else _copy(v) for k, v in value.items()}
    return deep_copy(value)


def _nested_keys(data: dict[str, Any], secret: dict[str, Any] | None) -> tuple[str, ...]:
    keys = [k for k, v in data.items() if type(v) not in _SCALARS]
    if secret:
        keys += [k for k, v in secret.items() if type(v) not in _SCALARS]
    return tuple(keys)


def _slot_setter(name: str) -> Callable[[Event, Any], None]:
    """The ``__set__`` of the slot ``name``'s member descriptor (the class's own, not the
    instance attribute ``Event.name`` would be read as)."""
    setter: Callable[[Event, Any], None] = vars(Event)[name].__set__
    return setter


_set_type, _set_data, _set_secret, _set_audience, _set_nested = (
    _slot_setter("type"),
    _slot_setter("data"),
    _slot_setter("secret"),
    _slot_setter("audience"),
    _slot_setter("_nested"),
)
