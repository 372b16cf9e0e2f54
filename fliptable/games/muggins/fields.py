"""Muggins' state fields, typed for mypy: the base of ``MugginsState`` and its mixins.

``MugginsState`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``);
mypy cannot read data, so the fields are annotated here too, and the methods a mixin
calls on the state are declared for mypy only. Annotations without a value make no
class attribute, and ``__slots__`` is empty: the state's slots and speed are unchanged.
``tests/test_fields_typed.py`` keeps these annotations naming the same fields as
``FIELDS`` and ``DERIVED``, with types that fit their kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.fields import MIXIN_SLOTS
from ...core.game import State


class MugginsFields(State):
    __slots__ = MIXIN_SLOTS

    # FIELDS
    hands: list[list[int]]
    hand_known: list[int]
    stocks: list[list[int]]
    centre: list[int]
    removed: int
    turn: int
    turns: int
    current: int | None
    source: int
    offender: int
    window: int
    offence: str | None
    off_card: int | None
    off_source: int
    off_seat: int
    off_turned: bool
    racing: list[int]
    callers: list[int]
    winner: int | None
    ended: str | None
    calls: int
    deviations: int
    # DERIVED
    strict: bool
    round_limit: int
    timed: bool
    when_needed: bool

    if TYPE_CHECKING:  # defined by MugginsState, called by its mixins

        def best(self, card: int) -> int: ...
        def cards_left(self) -> list[int]: ...
