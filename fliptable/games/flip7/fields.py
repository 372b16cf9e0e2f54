"""Flip 7's state fields, typed for mypy: the base of ``Flip7State``.

``Flip7State`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``);
mypy cannot read data, so the fields are annotated here too. Annotations without a value
make no class attribute, and ``__slots__`` is empty: the state's slots and speed are
unchanged. ``tests/test_fields_typed.py`` keeps these annotations naming the same fields
as ``FIELDS`` and ``DERIVED``, with types that fit their kinds."""

# every game's typed fields module opens alike on purpose (see tests/test_fields_typed.py)
from __future__ import annotations

from ...core.fields import MIXIN_SLOTS
from ...core.game import State


class Flip7Fields(State):
    __slots__ = MIXIN_SLOTS

    draw: list[int]
    discard: list[int]
    tableau: list[list[int]]
    status: list[int]
    totals: list[int]
    dealer: int
    last: int
    to_deal: list[int]
    job_player: list[int]
    job_left: list[int]
    job_aside: list[list[int]]
    choice: str | None
    chooser: int | None
    choice_card: int | None
    round_no: int
    round_decisions: int
    over: bool
    ended: str | None
    last_round: list[int] | None
    stat: list[int]
    mask: list[int]
    has_second: list[bool]
