"""Checked numeric parameters of bot specs (``swatter:rt=250``): one line naming what is
accepted when a value is not a finite number in range."""

from __future__ import annotations

import math
from typing import Any

from ..core.errors import BotSpecError, shorten


def number_param(
    spec_name: str, key: str, value: Any, kind: type = float, lo: float | None = None, hi: float | None = None
) -> float:
    """A numeric bot parameter, checked; BotSpecError says what is accepted."""
    try:
        number = kind(value)
        if not math.isfinite(number):  # nan, inf, 1e999
            number = None
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is None or (lo is not None and number < lo) or (hi is not None and number > hi):
        rng = f" in {lo:g}..{hi:g}" if lo is not None and hi is not None else (f" >= {lo:g}" if lo is not None else "")
        shown = repr(shorten(value)) if isinstance(value, str) else shorten(value)
        raise BotSpecError(
            f"bot {spec_name}: {key}={shown} is invalid; accepted: {'an integer' if kind is int else 'a number'}{rng}"
        )
    return number
