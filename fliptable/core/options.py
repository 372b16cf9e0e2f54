"""Game options: a declared schema with defaults, validated from text or values."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError, quoted, shorten

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _number_text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def value_text(value: Any) -> str:
    """An option's value as ``-o key=value`` spells it: ``true``/``false``, ``3000`` not
    ``3000.0``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True, slots=True)
class Option:
    """One option: ``kind`` is ``choice``, ``int``, ``float`` or ``bool``.

    A numeric option declares its finite range ``min..max`` (an infinite window would
    never close; a round limit of a billion is no game). Values must be finite numbers
    in that range: ``nan``, ``inf``, ``1e999`` are refused."""

    name: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    min: float | None = None
    max: float | None = None
    #: a value of this option may name a local file, read when the value is resolved
    #: (Flush's ``deck=PATH.json``): the command line allows it, a server refuses every
    #: such value (``resolve_options(..., files=False)``) whatever the game
    local_file: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("choice", "int", "float", "bool"):
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.kind not in ("int", "float"):
            return
        if self.min is None or self.max is None:
            raise ValueError(f"option {self.name}: a numeric option declares both min and max")
        lo, hi = self.min, self.max
        if not (math.isfinite(lo) and math.isfinite(hi) and lo <= self.default <= hi):
            raise ValueError(
                f"option {self.name}: the range {lo}..{hi} must be finite and hold the default {self.default!r}"
            )
        object.__setattr__(self, "min", lo)
        object.__setattr__(self, "max", hi)

    def accepted(self) -> str:
        if self.kind == "choice":
            return "|".join(str(c) for c in self.choices)
        if self.kind == "bool":
            return "true|false"
        assert self.min is not None and self.max is not None  # a numeric option's (__post_init__)
        return (
            f"{'an integer' if self.kind == 'int' else 'a number'} "
            f"in {_number_text(self.min)}..{_number_text(self.max)}"
        )

    def names_file(self, value: Any) -> bool:
        """Whether ``value`` would be read as a local file's path (only an option that
        declares ``local_file`` reads files: text that is not one of its choices and not
        JSON data)."""
        if not self.local_file or not isinstance(value, str):
            return False
        text = value.strip()
        return not (text.startswith(("{", "[")) or any(text.lower() == str(c).lower() for c in self.choices))

    def accepted_as_data(self) -> str:
        """What this option accepts when files may not be named (a server)."""
        return self.accepted()

    def _invalid(self, value: Any) -> OptionError:
        """The refusal of ``value``, worded when raised (``coerce`` runs for every option
        of every new game: wording it beforehand was half of ``resolve_options``)."""
        shown = repr(shorten(value)) if isinstance(value, str) else shorten(value)
        return OptionError(f"option {self.name}={shown} is invalid; accepted: {self.accepted()}")

    def coerce(self, value: Any) -> Any:
        """The value as this option's type; raises OptionError naming what is accepted."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise self._invalid(value)
        if self.kind == "choice":
            for c in self.choices:
                # true is not the choice 1 (True == 1 in Python)
                if (value == c and isinstance(value, bool) == isinstance(c, bool)) or (
                    isinstance(value, str) and value.strip().lower() == str(c).lower()
                ):
                    return c
            raise self._invalid(value)
        try:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise TypeError
            number = float(value)  # "nan", "inf" and "1e999" parse; refused just below
            if not math.isfinite(number):
                raise ValueError
            if self.kind == "int":
                if isinstance(value, str):
                    number = int(value)  # "5.0" is not an integer
                elif number != int(number):
                    raise ValueError
                else:
                    number = int(value)
        except (TypeError, ValueError, OverflowError):
            raise self._invalid(value) from None
        assert self.min is not None and self.max is not None  # a numeric option's (__post_init__)
        if not self.min <= number <= self.max:
            raise self._invalid(value)
        return number


def resolve_options(
    schema: Sequence[Option], given: Mapping[str, Any] | None, game_id: str, files: bool = True
) -> dict[str, Any]:
    """Defaults overlaid with ``given`` (text or typed values), validated. ``files``
    False (a server): a value that names a local file is refused before anything is
    opened, whatever the game (``Option.local_file``)."""
    by_name = {o.name: o for o in schema}
    out = {o.name: o.default for o in schema}
    for key, value in (given or {}).items():
        opt = by_name.get(key)
        if opt is None:
            names = ", ".join(f"{o.name}={o.accepted()}" for o in schema) or "none"
            raise OptionError(f"{game_id} has no option {shorten(key)!r}; its options: {names}")
        if not files and opt.names_file(value):
            raise OptionError(
                f"option {opt.name}: {quoted(value)} would name a file, and this server never "
                f"reads its own files; accepted: {opt.accepted_as_data()}"
            )
        out[key] = opt.coerce(value)
    return out


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` (from ``-o``) as a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {shorten(pair)!r} is malformed; write key=value, e.g. -o rules=official")
        out[key.strip()] = value.strip()
    return out
