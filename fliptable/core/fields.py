"""One declared field list per state drives ``clone``, ``to_json`` and ``from_json``.

A state class declares ``FIELDS = {"draw": "cards", "dealer": "seat", ...}``: every
field of its own, with its kind. From that list the kernel generates a fast
``clone`` (no reflection per call), dumps without sharing live lists, and checks the
shape of every field of a loaded state before the game sees it. Fields the state can
rebuild from the others (caches, masks) are declared in ``DERIVED`` instead: they are
copied by ``clone`` but neither dumped nor loaded; ``_derive()`` rebuilds them.

Kinds (a trailing ``?`` also accepts ``null``):

=========  ==================================  ====================
kind       holds                               copied by
=========  ==================================  ====================
int        an integer                          reference
bool       true / false                        reference
str        text                                reference
num        a finite number                     reference
seat       an integer 0..players-1             reference
card       a card int of the game's table      reference
ints       a list of integers                  ``[:]``
bools      a list of true / false              ``[:]``
seats      a list of seats                     ``[:]``
cards      a list of cards                     ``[:]``
piles      a list of lists of cards            ``[p[:] for p in …]``
table      a list of lists of integers         ``[p[:] for p in …]``
json       any JSON value (lists, objects)     a deep copy
ref        (``DERIVED`` only) a value never    reference
           changed in place: a cache of
           tuples, a decision, a config
frozen     JSON data the state only ever       reference (dumped
           replaces whole, never changes in    as a copy)
           place: "the last window's outcome"
=========  ==================================  ====================
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

FLAT = {"int", "bool", "str", "num", "seat", "card", "ref"}
LISTS = {"ints", "bools", "seats", "cards"}
NESTED = {"piles", "table"}
KINDS = FLAT | LISTS | NESTED | {"json", "frozen"}
#: ``__slots__`` of a state's rules mixin, or of the base that types its fields for mypy:
#: no slot of its own (the state's FIELDS and DERIVED are its slots). A name rather than
#: the literal ``()``: mypy takes a literal for every slot the instance has, and would
#: refuse an assignment to a field the concrete state holds.
MIXIN_SLOTS: tuple[str, ...] = ()


def deep_copy(value: Any) -> Any:
    """A copy of JSON-like data (lists, tuples, dicts, scalars) sharing nothing mutable."""
    t = type(value)
    if t is list:
        return [deep_copy(v) for v in value]
    if t is dict:
        return {k: deep_copy(v) for k, v in value.items()}
    if t is tuple:
        return tuple(deep_copy(v) for v in value)
    return value


def check_kinds(fields: dict[str, str], owner: str) -> None:
    for name, kind in fields.items():
        if kind.rstrip("?") not in KINDS:
            raise TypeError(f"{owner}.{name}: unknown field kind {kind!r}; kinds: {sorted(KINDS)}")


def _copy_expr(name: str, kind: str) -> str:
    base = kind.rstrip("?")
    src = f"s.{name}"
    if base in FLAT or base == "frozen":
        return src
    if base in LISTS:
        expr = f"{src}[:]"
    elif base in NESTED:
        expr = f"[x[:] for x in {src}]"
    else:
        expr = f"deep_copy({src})"
    return f"(None if {src} is None else {expr})" if kind.endswith("?") else expr


def make_copier(cls: type, fields: dict[str, str]) -> Callable[[Any, Any], None]:
    """``copy(source, target)``: copies every declared field, generated once per class."""
    lines = ["def copy_fields(s, c):"]
    lines += [f"    c.{name} = {_copy_expr(name, kind)}" for name, kind in fields.items()] or ["    pass"]
    namespace: dict[str, Any] = {"deep_copy": deep_copy}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from declared field names only
    fn: Callable[[Any, Any], None] = namespace["copy_fields"]
    fn.__qualname__ = f"{cls.__qualname__}.copy_fields"
    return fn


def dump_field(value: Any, kind: str) -> Any:
    """A field as JSON data, sharing nothing with the state."""
    if value is None:
        return None
    base = kind.rstrip("?")
    if base in FLAT:
        return value
    if base in LISTS:
        return list(value)
    if base in NESTED:
        return [list(x) for x in value]
    return _json_copy(value)


def _json_copy(value: Any) -> Any:
    t = type(value)
    if t is list or t is tuple:
        return [_json_copy(v) for v in value]
    if t is dict:
        return {k: _json_copy(v) for k, v in value.items()}
    return value


def _is_int(v: Any) -> bool:
    return type(v) is int


def _scalar_ok(v: Any, base: str, players: int, ncards: int) -> bool:
    if base == "int":
        return _is_int(v)
    if base == "bool":
        return type(v) is bool
    if base == "str":
        return type(v) is str
    if base == "num":
        return (_is_int(v) or type(v) is float) and math.isfinite(v)
    if base == "seat":
        return _is_int(v) and 0 <= v < players
    if base == "card":
        return _is_int(v) and 0 <= v < ncards
    return True


_ELEMENT = {"ints": "int", "bools": "bool", "seats": "seat", "cards": "card"}


def load_field(value: Any, kind: str, players: int, ncards: int, name: str, depth: int = 0) -> Any:
    """A field read from JSON data, its shape checked; ``ValueError`` says what is wrong."""
    if value is None:
        if kind.endswith("?"):
            return None
        raise ValueError(f"field {name!r} may not be null")
    base = kind.rstrip("?")
    if base in FLAT:
        if not _scalar_ok(value, base, players, ncards):
            raise ValueError(f"field {name!r} must be {_describe(base, players, ncards)}, got {_short(value)}")
        return value
    if base in LISTS:
        if type(value) is not list:
            raise ValueError(f"field {name!r} must be a list, got {_short(value)}")
        elem = _ELEMENT[base]
        for v in value:
            if not _scalar_ok(v, elem, players, ncards):
                raise ValueError(f"field {name!r} holds {_short(v)}, not {_describe(elem, players, ncards)}")
        return list(value)
    if base in NESTED:
        if type(value) is not list or any(type(x) is not list for x in value):
            raise ValueError(f"field {name!r} must be a list of lists")
        elem = "card" if base == "piles" else "int"
        for x in value:
            for v in x:
                if not _scalar_ok(v, elem, players, ncards):
                    raise ValueError(f"field {name!r} holds {_short(v)}, not {_describe(elem, players, ncards)}")
        return [list(x) for x in value]
    _check_json(value, name, 0)
    return _json_copy(value)


def _check_json(value: Any, name: str, depth: int) -> None:
    if depth > 32:
        raise ValueError(f"field {name!r} is nested too deeply")
    t = type(value)
    if t is list:
        for v in value:
            _check_json(v, name, depth + 1)
    elif t is dict:
        for k, v in value.items():
            if type(k) is not str:
                raise ValueError(f"field {name!r} has a non-text key")
            _check_json(v, name, depth + 1)
    elif t is float:
        if not math.isfinite(value):
            raise ValueError(f"field {name!r} holds a non-finite number")
    elif value is not None and t not in (int, str, bool):
        raise ValueError(f"field {name!r} holds {type(value).__name__}, not JSON data")


def _describe(base: str, players: int, ncards: int) -> str:
    return {
        "int": "an integer",
        "bool": "true or false",
        "str": "text",
        "num": "a finite number",
        "seat": f"a seat 0..{players - 1}",
        "card": f"a card 0..{ncards - 1}",
    }.get(base, base)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
