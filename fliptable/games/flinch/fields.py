"""FLINCH's state fields, typed for mypy: the base the rules mixins share.

``FlinchState`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``)
and is assembled from mixins (``Challenges``, ``TurnFlow``, ``View``) that read and write
them; mypy cannot read data, so the fields are annotated here too, and the methods one
mixin calls on another are declared for mypy only. Annotations without a value make no
class attribute, and ``__slots__`` is empty: the state's slots and speed are unchanged.
``tests/test_fields_typed.py`` keeps these annotations naming the same fields as
``FIELDS`` and ``DERIVED``, with types that fit their kinds; mypy checks the methods
declared below against their definitions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.decision import Decision
from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.game import State
from .layout import Config


class FlinchFields(State):
    __slots__ = MIXIN_SLOTS

    # FIELDS
    # one annotation per declared field, alike across games on purpose (see tests/test_fields_typed.py)
    game_piles: list[list[int]]
    game_seen: list[int]
    hands: list[list[int]]
    hand_src: list[list[int]]
    reserves: list[list[int]]
    pile_low: list[int]
    pile_high: list[int]
    pile_build: list[int]
    stack: list[int]
    removed: list[int]
    turn: int
    laying: int
    started: bool
    passes: int
    laydowns: int
    played: bool
    idle: int
    turns: int
    over: bool
    winners: list[int]
    end: str | None
    offender: int
    window: int
    offence: str | None
    neglect: bool
    refilled: bool
    ends_turn: bool
    undo_slot: int
    racing: list[int]
    callers: list[int]
    restocks: int
    challenges: int
    right_challenges: int
    # DERIVED
    cfg: Config
    _dec: Decision | None
    _legal: tuple[str, ...] | None
    _must: tuple[str, ...] | None
    _acc: list[tuple[int, ...]] | None

    if TYPE_CHECKING:  # defined by FlinchState and its mixins, called by the others

        def actor(self) -> int: ...
        def stack_out(self) -> bool: ...
        def blocked(self) -> bool: ...
        def _pop_game(self, q: int) -> int: ...
        def _scores(self) -> tuple[float, ...]: ...
        def _check_win(self, p: int, events: list[Event] | None) -> bool: ...
        def _end_turn(self, events: list[Event] | None) -> None: ...
        def _close_window(self) -> None: ...
