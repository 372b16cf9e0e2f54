"""Fly-swatter's state fields, typed for mypy: the base of ``FlyswatterState``.

``FlyswatterState`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``);
mypy cannot read data, so the fields are annotated here too. Annotations without a value
make no class attribute, and ``__slots__`` is empty: the state's slots and speed are
unchanged. ``tests/test_fields_typed.py`` keeps these annotations naming the same fields
as ``FIELDS`` and ``DERIVED``, with types that fit their kinds."""

# every game's typed fields module opens alike on purpose (see tests/test_fields_typed.py)
from __future__ import annotations

from typing import Any

from ...core.decision import Decision
from ...core.fields import MIXIN_SLOTS
from ...core.game import State


class FlyswatterFields(State):
    __slots__ = MIXIN_SLOTS

    draw: list[list[int]]
    known: list[int]
    middle: list[int]
    won: list[list[int]]
    triggers: list[int]
    unseen: list[int]
    turn: int
    ending: bool
    window: int
    open: bool
    racing: list[int]
    allowed: int
    trigger: int | None
    hands: list[list[int]]
    flips: int
    wrong: int
    last_flip: list[int] | None
    last_window: dict[str, Any] | None
    counts: list[int]
    colours: int
    placed: list[list[int]]
    hands_max: int
    window_ms: float
    _decision: Decision | None
