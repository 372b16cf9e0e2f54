"""FLAPS' state fields, typed for mypy: the base the rules mixins share.

``FlapsState`` declares its fields as data (``FIELDS``, ``DERIVED``; ``core/fields.py``)
and is assembled from mixins (``Apply``, ``HiddenEffects``, ``Legal``, ``View``,
``Checks``) that read and write them; mypy cannot read data, so the fields are annotated
here too, and the methods one mixin calls on another are declared for mypy only.
Annotations without a value make no class attribute, and ``__slots__`` is empty: the
state's slots and speed are unchanged. ``tests/test_fields_typed.py`` keeps these
annotations naming the same fields as ``FIELDS`` and ``DERIVED``, with types that fit
their kinds; mypy checks the methods declared below against their definitions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.game import State


class FlapsFields(State):
    __slots__ = MIXIN_SLOTS

    # FIELDS
    hands: list[list[int]]
    shown: list[list[int]]
    pack: list[int]
    pile: list[int]
    turn: int
    actor: int
    phase: int
    direction: int
    lead_suit: int
    lead_rank: int
    attack_sum: int
    attack_card: int | None
    flapping: bool
    last_flapper: int
    mega_laid: int
    mega_cap: int
    resume: int
    run_left: int
    forgot: list[int]
    unsaid: list[int]
    trump: int
    caller: int
    committed: list[int]
    calls: list[int]
    mystery: list[int]
    mystery_known: list[int]
    known_cards: list[list[int]]
    # one annotation per declared field, alike across games on purpose (see tests/test_fields_typed.py)
    known_masks: list[list[int]]
    guesses: list[list[int]]
    downs: list[list[int]]
    downs_known: list[list[int]]
    pending: list[int]
    monty: list[int]
    monty_state: list[int]
    over: bool
    winners: list[int]
    double: bool
    ended: str | None
    stat: list[int]
    points: list[int]
    game_no: int
    last_game: dict[str, Any] | None
    # DERIVED
    level: int
    after_last: bool
    games: int
    hoofers_plain: bool
    king_next: bool
    pack_draw: bool
    pack_short: bool
    legacy: bool
    ties_all: bool
    packs: int

    if TYPE_CHECKING:  # defined by FlapsState and its mixins, called by the others

        def _deal(self, deck: list[int], events: list[Event] | None = None) -> None: ...
        def _next(self, p: int) -> int: ...
        def _draw(self, p: int, k: int, why: str, events: list[Event] | None) -> int: ...
        def _take_from_hand(self, p: int, c: int) -> None: ...
        def _cut_for_loser(self, tied: list[int], value: Any) -> tuple[int, int]: ...
        def _close_face_down(self, laid: Any, loser: int, how: str, events: list[Event] | None) -> None: ...
        def _secret_card(self, p: int, kind: str, arg: int, events: list[Event] | None) -> None: ...
        def _one_card(self, p: int, kind: str, arg: int, events: list[Event] | None) -> None: ...
        def _next_caller(self, q: int) -> int: ...
        def acting(self) -> int: ...
        def _may_flap(self, q: int) -> bool: ...
        def _spoof_call(self, p: int, k: int, events: list[Event] | None) -> None: ...
        def _put_secret(self, p: int, c: int, events: list[Event] | None) -> None: ...
        def _guess(self, p: int, c: int, events: list[Event] | None) -> None: ...
        def _one_choice(self, p: int, typ: int, card: int, arg: int, events: list[Event] | None) -> None: ...
        def _monty_step(self, p: int, typ: int, card: int, arg: int, events: list[Event] | None) -> None: ...
