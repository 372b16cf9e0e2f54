"""Game options: a declared schema with defaults, validated from text or values."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option: ``kind`` is ``choice``, ``int``, ``float`` or ``bool``."""

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple = ()
    min: float | None = None
    max: float | None = None

    def accepted(self) -> str:
        if self.kind == "choice":
            return "|".join(str(c) for c in self.choices)
        if self.kind == "bool":
            return "true|false"
        lo = "" if self.min is None else f"{self.min:g}"
        hi = "" if self.max is None else f"{self.max:g}"
        return f"{'an integer' if self.kind == 'int' else 'a number'}" + (
            f" in {lo}..{hi}" if lo or hi else "")

    def coerce(self, value: Any) -> Any:
        """The value as this option's type; raises OptionError naming what is accepted."""
        bad = OptionError(f"option {self.name}={value!r} is invalid; accepted: {self.accepted()}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise bad
        if self.kind == "choice":
            for c in self.choices:
                if value == c or (isinstance(value, str) and value.strip().lower() == str(c).lower()):
                    return c
            raise bad
        try:
            if isinstance(value, bool):
                raise ValueError
            number = int(value) if self.kind == "int" else float(value)
            if self.kind == "int" and isinstance(value, float) and value != int(value):
                raise ValueError
        except (TypeError, ValueError):
            raise bad from None
        if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
            raise bad
        return number


def resolve_options(schema: Sequence[Option], given: Mapping[str, Any] | None, game_id: str) -> dict:
    """Defaults overlaid with ``given`` (text or typed values), validated."""
    by_name = {o.name: o for o in schema}
    out = {o.name: o.default for o in schema}
    for key, value in (given or {}).items():
        opt = by_name.get(key)
        if opt is None:
            names = ", ".join(f"{o.name}={o.accepted()}" for o in schema) or "none"
            raise OptionError(f"{game_id} has no option {key!r}; its options: {names}")
        out[key] = opt.coerce(value)
    return out


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` (from ``-o``) as a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} is malformed; write key=value, e.g. -o rules=official")
        out[key.strip()] = value.strip()
    return out
