"""Events: what an applied action caused, filtered per viewer like views are."""
from __future__ import annotations

from dataclasses import dataclass, field

from .fields import deep_copy

#: values handed out as they are (immutable)
_SCALARS = frozenset({int, str, bool, float, type(None)})


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened. ``secret`` fields are shown only to ``audience``
    (``None`` audience means nobody but the omniscient log)."""

    type: str
    data: dict
    secret: dict | None = None
    audience: tuple[int, ...] | None = None
    #: the keys of ``data`` and ``secret`` whose values are lists or dicts (copied for each
    #: reader), found on the first read
    _nested: tuple | None = field(default=None, compare=False, repr=False)

    def __init__(self, type: str, data: dict, secret: dict | None = None,
                 audience: tuple[int, ...] | None = None) -> None:
        # the slots written through their descriptors: a frozen dataclass's own __init__
        # goes through object.__setattr__ per field, twice the cost of an event (the
        # rules make one or two a step); still frozen for everyone else
        _set_type(self, type)
        _set_data(self, data)
        _set_secret(self, secret)
        _set_audience(self, audience)
        _set_nested(self, None)

    def for_player(self, player: int | None) -> dict:
        """The event as ``player`` may see it (``None``: a spectator): data of its own,
        nested lists and dicts included, so one seat's copy never changes another's."""
        return self._told(self._shows(player), True)

    def read(self, player: int | None) -> dict:
        """``for_player``'s event, filtered the same, whose nested lists and dicts are the
        event's own: for a reader that neither edits nor keeps it (the RL observers count
        an event's cards once per seat and step: a copy would cost a tenth of the step)."""
        return self._told(self._shows(player), False)

    def full(self) -> dict:
        """The event with its secrets (the omniscient log's), as data of its own."""
        return self._told(bool(self.secret), True)

    def _shows(self, player: int | None) -> bool:
        """Whether ``player`` is told the secret part."""
        return bool(self.secret) and player is not None and self.audience is not None and player in self.audience

    def _told(self, with_secret: bool, own: bool) -> dict:
        out = {"type": self.type, **self.data}
        if with_secret:
            out.update(self.secret)  # type: ignore[arg-type]
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


def _copy(value):
    """``deep_copy`` with scalars inline: most nested event data is a list of names."""
    t = type(value)
    if t is list:
        return [v if type(v) in _SCALARS else _copy(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _SCALARS else _copy(v) for k, v in value.items()}
    return deep_copy(value)


def _nested_keys(data: dict, secret: dict | None) -> tuple:
    keys = [k for k, v in data.items() if type(v) not in _SCALARS]
    if secret:
        keys += [k for k, v in secret.items() if type(v) not in _SCALARS]
    return tuple(keys)


_set_type, _set_data, _set_secret, _set_audience, _set_nested = (
    Event.type.__set__, Event.data.__set__, Event.secret.__set__,  # type: ignore[attr-defined]
    Event.audience.__set__, Event._nested.__set__)  # type: ignore[attr-defined]
