"""Flush's state fields, typed for mypy: the base the rules mixins share.

``FlushState`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``)
and is assembled from mixins (``Legal``, ``Apply``, ``Rounds``, ``View``, ``Checks``)
that read and write them; mypy cannot read data, so the fields are annotated here too,
and the methods one mixin calls on another are declared for mypy only. Annotations
without a value make no class attribute, and ``__slots__`` is empty: the state's slots
and speed are unchanged. ``tests/test_fields_typed.py`` keeps these annotations naming
the same fields as ``FIELDS`` and ``DERIVED``, with types that fit their kinds; mypy
checks the methods declared below against their definitions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.game import State


class FlushFields(State):
    __slots__ = MIXIN_SLOTS

    # FIELDS
    # one annotation per declared field, alike across games on purpose (see tests/test_fields_typed.py)
    hands: list[list[int]]
    known: list[list[int]]
    blinds: list[list[int]]
    tops: list[list[int]]
    pile: list[int]
    pile_as: list[int]
    top_count: int
    unused: list[int]
    discard: list[int]
    indicator: int
    turn: int
    phase: int
    decl_kind: int
    decl_value: int
    decl_count: int
    laid: list[int]
    laid_from: list[int]
    previous: int | None
    turn_deduction: int
    round_no: int
    first: int
    totals: list[int]
    out_round: list[int]
    last_round: dict[str, Any] | None
    round_decisions: int
    turns: int
    over: bool
    stat: list[int]
    # DERIVED
    mimic: int
    points: tuple[int, ...]
    deduction: tuple[int, ...]
    active: tuple[int, ...]
    run_value: int
    run_count: int
    run_links: int
    tokens: tuple[str, ...] | None
    counts: list[list[int]]

    if TYPE_CHECKING:  # defined by FlushState and its mixins, called by the others

        def _recount(self) -> None: ...
        def _derive_run(self) -> None: ...
        def _spec_derive(self) -> None: ...
        def _pile_links(self) -> int: ...
        def _declarations(self, p: int, blind: int | None) -> tuple[str, ...]: ...
        def _eligible(self, c: int) -> bool: ...
        def _needs_real(self) -> bool: ...
        def _tokens(self, p: int) -> tuple[str, ...]: ...
        def _count_in(self, p: int, cards: list[int]) -> None: ...
        def _end_round(self, winner: int | None, events: list[Event] | None) -> None: ...
        def _cut_round(self, events: list[Event] | None) -> None: ...
