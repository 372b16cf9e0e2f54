"""Every game state's declared fields are also typed for mypy.

A state declares its fields as data (``FIELDS`` and ``DERIVED``, ``core/fields.py``),
which mypy cannot read; each game also annotates them in a class body (the state's own,
or an annotations-only base its rules mixins share). The two lists must name the same
attributes, with types that fit the kinds, so they cannot drift apart; and the
annotations must not have added a slot or an instance ``__dict__``."""

from __future__ import annotations

from types import MemberDescriptorType

import pytest

from fliptable.core import all_game_ids, get_game
from fliptable.core.game import State

GAMES = list(all_game_ids())

#: what a kind holds, as it is annotated (core/fields.py's table)
TYPES = {
    "int": "int",
    "bool": "bool",
    "str": "str",
    "num": "float",
    "seat": "int",
    "card": "int",
    "ints": "list[int]",
    "bools": "list[bool]",
    "seats": "list[int]",
    "cards": "list[int]",
    "piles": "list[list[int]]",
    "table": "list[list[int]]",
}


def annotations(cls: type) -> dict[str, str]:
    """The instance attributes annotated in the game's own classes of ``cls``'s MRO."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not klass.__module__.startswith("fliptable.games."):
            continue
        for name, hint in vars(klass).get("__annotations__", {}).items():
            if not str(hint).startswith("ClassVar"):
                found[name] = str(hint)
    return found


def fits(kind: str, hint: str) -> bool:
    base = kind.rstrip("?")
    if base not in TYPES:  # json, ref, frozen: any type the game gives them
        return not kind.endswith("?") or hint.endswith("| None") or hint == "Any"
    want = TYPES[base] + (" | None" if kind.endswith("?") else "")
    return hint == want


@pytest.mark.parametrize("game_id", GAMES)
def test_annotations_name_the_declared_fields(game_id: str) -> None:
    cls = get_game(game_id).state_class
    declared = {**cls.FIELDS, **cls.DERIVED}
    typed = annotations(cls)
    assert sorted(set(declared) - set(typed)) == [], "declared in FIELDS/DERIVED, not annotated"
    assert sorted(set(typed) - set(declared)) == [], "annotated, not declared in FIELDS/DERIVED"
    wrong = {name: (kind, typed[name]) for name, kind in declared.items() if not fits(kind, typed[name])}
    assert wrong == {}, "annotation does not fit the field's kind"


@pytest.mark.parametrize("game_id", GAMES)
def test_annotations_add_no_attribute(game_id: str) -> None:
    cls = get_game(game_id).state_class
    slots = [s for klass in cls.__mro__ for s in vars(klass).get("__slots__", ())]
    assert sorted(slots) == sorted(set(State.__slots__) | set(cls.FIELDS) | set(cls.DERIVED))
    state = get_game(game_id).new_state()
    assert not hasattr(state, "__dict__")
    for klass in cls.__mro__:
        for name, hint in vars(klass).get("__annotations__", {}).items():
            # an instance attribute's annotation with a value would be a class attribute
            # (and clash with the slot): only ClassVars have values
            value = vars(klass).get(name)
            assert str(hint).startswith("ClassVar") or value is None or isinstance(value, MemberDescriptorType)
