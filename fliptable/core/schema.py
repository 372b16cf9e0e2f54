"""A game's declaration of its view (``Game.observation_schema``): what every key of
``State.view(seat)`` holds (a seat's view: a spectator's, ``view(None)``, lacks the
hand), in a small vocabulary, the way OpenSpiel's games declare their tensors. The
adapters build observation vectors from it (``adapters/layout.py``) and read them back;
``tests/test_contract.py`` checks every view of random games against it (``check``).
Standard library only: rules import this.

The vocabulary (each a JSON value of one shape):

- ``Bool()``; ``Int(lo, hi)`` an integer within bounds taken from the game's facts;
  ``Num(lo, hi)`` any number within bounds;
- ``Seat()`` an absolute seat number; ``Seats()`` a list of distinct seats in seat order;
- ``Card()`` one card face's notation; ``Cards(...)`` a list of them (``None`` entries
  are hidden cards when ``hidden=True``; ``order``: ``"play"`` when the list's order is
  its own (a pile, bottom first), or a key function the view sorts by);
- ``Word(*vocab)`` one of a fixed set of strings;
- ``PerSeat(item)`` a list with one entry per seat, entry q about seat q (the only list a
  vector rotates by the viewer); ``Tuple(*items)`` a list of fixed length, by position;
  ``Window(item, size, most)`` a list of at most ``most`` entries of which a vector keeps
  the last ``size`` (at most ``most``); ``Record(rows)`` a row of a record, its first entry a word naming
  the shape of the rest;
- ``Obj(fields)`` an object with exactly these keys (``Obj(fields, optional=(k, ...))``:
  keys that may be absent);
- ``Maybe(x)`` x or ``None``; ``Either(a, b, ...)`` one of several of different JSON types.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

#: the JSON type of a schema's values (``Either`` and ``Maybe`` tell alternatives apart by it)
JSON_TYPES = ("null", "bool", "num", "str", "list", "dict")


def json_type(v: Any) -> str:
    """``null``, ``bool``, ``num``, ``str``, ``list`` or ``dict``."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "num"
    if isinstance(v, str):
        return "str"
    if isinstance(v, dict):
        return "dict"
    return "list"


class Context:
    """What a check needs of the table: the player count and the card names."""

    __slots__ = ("cards", "players")

    def __init__(self, players: int, cards: Sequence[str]) -> None:
        self.players = players
        self.cards = frozenset(cards)


class Schema:
    """One shape of JSON value. ``check(v, ctx, path)`` yields what is wrong."""

    jtype = ""

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        raise NotImplementedError

    def _type(self, v: Any, path: str) -> Iterator[str]:
        if json_type(v) != self.jtype:
            yield f"{path}: {v!r} is not a {self.jtype}"

    def __repr__(self) -> str:
        return type(self).__name__


class Bool(Schema):
    jtype = "bool"

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        yield from self._type(v, path)


class Int(Schema):
    """An integer in ``lo..hi`` (both included)."""

    jtype = "num"

    def __init__(self, lo: int, hi: int) -> None:
        if lo > hi:
            raise ValueError(f"Int({lo}, {hi}): lo is above hi")
        self.lo, self.hi = int(lo), int(hi)

    # same shape as Num.check below on purpose: one schema class per JSON kind
    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "num" or v != int(v):
            yield f"{path}: {v!r} is not an integer"
        elif not self.lo <= v <= self.hi:
            yield f"{path}: {v} is outside {self.lo}..{self.hi}"

    def __repr__(self) -> str:
        return f"Int({self.lo}, {self.hi})"


class Num(Schema):
    """A number (an integer or not) in ``lo..hi``."""

    jtype = "num"

    def __init__(self, lo: float, hi: float) -> None:
        if lo > hi:
            raise ValueError(f"Num({lo}, {hi}): lo is above hi")
        self.lo, self.hi = lo, hi

    # same shape as Int.check above on purpose: one schema class per JSON kind
    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "num":
            yield f"{path}: {v!r} is not a number"
        elif not self.lo <= v <= self.hi:
            yield f"{path}: {v} is outside {self.lo}..{self.hi}"

    def __repr__(self) -> str:
        return f"Num({self.lo:g}, {self.hi:g})"


class Seat(Schema):
    jtype = "num"

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if not (json_type(v) == "num" and v == int(v) and 0 <= v < ctx.players):
            yield f"{path}: {v!r} is not a seat of {ctx.players}"


class Seats(Schema):
    """Distinct seats, in seat order."""

    jtype = "list"

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list":
            yield f"{path}: {v!r} is not a list"
            return
        bad = [e for i, x in enumerate(v) for e in Seat().check(x, ctx, f"{path}[{i}]")]
        yield from bad
        if not bad and list(v) != sorted(set(v)):
            yield f"{path}: {v!r} is not distinct seats in seat order"


class Card(Schema):
    jtype = "str"

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if not (isinstance(v, str) and v in ctx.cards):
            yield f"{path}: {v!r} is not a card"


class Word(Schema):
    jtype = "str"

    def __init__(self, *vocab: str) -> None:
        if not vocab or len(set(vocab)) != len(vocab):
            raise ValueError(f"Word{vocab}: give distinct words")
        self.vocab = tuple(vocab)

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if v not in self.vocab or not isinstance(v, str):
            yield f"{path}: {v!r} is not one of {'|'.join(self.vocab)}"

    def __repr__(self) -> str:
        return f"Word{self.vocab}"


class Cards(Schema):
    """A list of card faces (``None``: a hidden card, when ``hidden``). ``order`` is
    ``"play"`` (the list's own order: a pile, bottom first) or a key function the view
    sorts the faces by (a hand)."""

    jtype = "list"

    def __init__(self, hidden: bool = False, order: str | Callable[[str], Any] = "play") -> None:
        if order != "play" and not callable(order):
            raise ValueError("order is 'play' or a key function")
        self.hidden, self.order = hidden, order

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list":
            yield f"{path}: {v!r} is not a list"
            return
        for i, x in enumerate(v):
            if x is None and self.hidden:
                continue
            yield from Card().check(x, ctx, f"{path}[{i}]")
        if (
            callable(self.order)
            and None not in v
            and all(isinstance(x, str) for x in v)
            and list(v) != sorted(v, key=self.order)
        ):
            yield f"{path}: {v!r} is not in the declared order"

    def __repr__(self) -> str:
        return f"Cards(hidden={self.hidden}, order={'play' if self.order == 'play' else 'sorted'})"


class PerSeat(Schema):
    """One entry per seat, entry q about seat q."""

    jtype = "list"

    def __init__(self, item: Schema) -> None:
        self.item = item

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list" or len(v) != ctx.players:
            yield f"{path}: {v!r} is not a list of {ctx.players} (one per seat)"
            return
        for i, x in enumerate(v):
            yield from self.item.check(x, ctx, f"{path}[{i}]")

    def __repr__(self) -> str:
        return f"PerSeat({self.item!r})"


class Tuple(Schema):
    """A list of fixed length, entry i of shape ``items[i]``."""

    jtype = "list"

    def __init__(self, *items: Schema) -> None:
        self.items = items

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list" or len(v) != len(self.items):
            yield f"{path}: {v!r} is not a list of {len(self.items)}"
            return
        for i, (s, x) in enumerate(zip(self.items, v, strict=True)):
            yield from s.check(x, ctx, f"{path}[{i}]")

    def __repr__(self) -> str:
        return f"Tuple{self.items!r}"


class Window(Schema):
    """A list of at most ``most`` entries (a record, a row of piles); a vector keeps its
    length and its last ``size`` entries."""

    jtype = "list"

    def __init__(self, item: Schema, size: int, most: int) -> None:
        if not (size > 0 and most > 0):
            raise ValueError(f"Window: size ({size}) and most ({most}) are positive")
        self.item, self.size, self.most = item, min(size, most), most

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list":
            yield f"{path}: {v!r} is not a list"
            return
        if len(v) > self.most:
            yield f"{path}: {len(v)} entries, more than {self.most}"
        for i, x in enumerate(v):
            yield from self.item.check(x, ctx, f"{path}[{i}]")

    def __repr__(self) -> str:
        return f"Window({self.item!r}, {self.size}, {self.most})"


class Record(Schema):
    """A row of a record: a list whose first entry, a word, names the shape of the rest
    (``Record({"draw": (Seat(),), "book": (Seat(), Card())})``: ``["draw", 2]``,
    ``["book", 0, "7"]``). A vector holds it as a ``Tuple`` whose entry i is the union
    of the rows' entries i (``as_tuple``), so entries of one position must differ in
    JSON type or be the same shape."""

    jtype = "list"

    def __init__(self, rows: Mapping[str, Sequence[Schema]]) -> None:
        self.rows = {k: tuple(v) for k, v in rows.items()}
        self.tag = Word(*self.rows)
        width = max(len(v) for v in self.rows.values())
        self.positions: list[dict[str, Schema]] = []
        for i in range(width):
            alts: dict[str, Schema] = {}
            for items in self.rows.values():
                if i < len(items):
                    old = alts.setdefault(items[i].jtype, items[i])
                    if repr(old) != repr(items[i]):
                        raise ValueError(f"Record: entry {i + 1} is {old!r} in one row and {items[i]!r} in another")
            self.positions.append(alts)

    def as_tuple(self) -> Tuple:
        return Tuple(
            self.tag, *(next(iter(a.values())) if len(a) == 1 else Either(*a.values()) for a in self.positions)
        )

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "list" or not v or v[0] not in self.rows or not isinstance(v[0], str):
            yield f"{path}: {v!r} is not a row starting with one of {'|'.join(self.rows)}"
            return
        yield from Tuple(self.tag, *self.rows[v[0]]).check(v, ctx, path)

    def __repr__(self) -> str:
        return f"Record({self.rows!r})"


class Obj(Schema):
    """An object with these keys (``optional`` ones may be absent)."""

    jtype = "dict"

    def __init__(self, fields: Mapping[str, Schema], optional: Sequence[str] = ()) -> None:
        self.fields = dict(fields)
        self.optional = frozenset(optional)
        if not self.optional <= set(self.fields):
            raise ValueError(f"optional keys {sorted(self.optional - set(self.fields))} are not fields")

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        if json_type(v) != "dict":
            yield f"{path}: {v!r} is not an object"
            return
        for k in v:
            if k not in self.fields:
                yield f"{path}.{k}: a key the schema does not declare"
        for k, s in self.fields.items():
            if k in v:
                yield from s.check(v[k], ctx, f"{path}.{k}")
            elif k not in self.optional:
                yield f"{path}.{k}: missing"

    def __repr__(self) -> str:
        return f"Obj({sorted(self.fields)})"


class Either(Schema):
    """One of several shapes, each of another JSON type."""

    jtype = ""

    def __init__(self, *alts: Schema) -> None:
        types = [a.jtype for a in alts]
        if len(alts) < 2 or "" in types or len(set(types)) != len(types):
            raise ValueError(f"Either{alts}: alternatives of distinct JSON types")
        self.alts = {a.jtype: a for a in alts}

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        alt = self.alts.get(json_type(v))
        if alt is None:
            yield f"{path}: {v!r} is none of {'|'.join(self.alts)}"
        else:
            yield from alt.check(v, ctx, path)

    def __repr__(self) -> str:
        return f"Either{tuple(self.alts.values())!r}"


class Null(Schema):
    jtype = "null"

    def check(self, v: Any, ctx: Context, path: str = "view") -> Iterator[str]:
        yield from self._type(v, path)


def Maybe(x: Schema) -> Either:
    """``x`` or ``None``."""
    return Either(Null(), x)


def check(schema: Schema, view: Any, players: int, cards: Sequence[str]) -> list[str]:
    """Every way ``view`` departs from ``schema`` (empty: it fits)."""
    return list(schema.check(view, Context(players, cards)))


def option_schema(option: Any) -> Schema:
    """The shape of a declared option's value (``core/options.py``) in a view."""
    if option.kind == "bool":
        return Bool()
    if option.kind == "int":
        return Int(int(option.min), int(option.max))
    if option.kind == "choice" and all(isinstance(c, str) for c in option.choices):
        return Word(*option.choices)
    raise ValueError(f"option {option.name}: a {option.kind} option has no schema here")


def options_schema(game: Any) -> Obj:
    """The ``options`` object some views echo: every option of ``game`` by its declaration."""
    return Obj({o.name: option_schema(o) for o in game.options})


def game_module(game: Any, name: str) -> Any:
    """The module ``name`` of ``game``'s package (beside its game class), imported now, or
    None when the game has none. The RL adapters find a game's parts for them this way,
    so the rules never import them: ``observation`` (its declared view), ``fastobs`` (a
    fast path writing observations from the state, ``ENCODER``) and ``infostate`` (an
    information state beyond the generic one, ``OBSERVER``); the last two may need NumPy."""
    module = type(game).__module__.rpartition(".")[0] + "." + name
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def declared(game: Any) -> Any:
    """The module declaring ``game``'s view and events: ``observation`` beside its game
    class (``schema(game, players, options)``, ``EVENTS``)."""
    module = game_module(game, "observation")
    if module is None:
        package = type(game).__module__.rpartition(".")[0]
        raise NotImplementedError(f"{game.id} declares no observation ({package}.observation)")
    return module


#: the keys of a seat's view that a spectator's (``view(None)``) does not have: its own hand
SEAT_ONLY = ("hand",)


def spectator(schema: Obj) -> Obj:
    """A spectator's view (``view(None)``) from a seat's declared view: ``seat`` is null
    and the seat's own keys (``SEAT_ONLY``) are absent; everything else as a seat's."""
    fields = {k: v for k, v in schema.fields.items() if k not in SEAT_ONLY}
    if "seat" in fields:
        fields["seat"] = Null()
    return Obj(fields, [k for k in schema.optional if k in fields])


class DeclaresView:
    """``Game``'s hooks: ``observation_schema(players, options)`` and
    ``spectator_schema(players, options)``."""

    def observation_schema(self, players: int, options: Mapping[str, Any]) -> Schema:
        """What ``view(seat)`` holds at such a table, declared in the game's ``observation.py``."""
        schema: Schema = declared(self).schema(self, players, options)
        return schema

    def spectator_schema(self, players: int, options: Mapping[str, Any]) -> Schema:
        """What ``view(None)`` holds: the game's ``observation.py``'s ``spectator_schema``
        where it has one, else ``spectator`` of the seat's schema."""
        module = declared(self)
        own = getattr(module, "spectator_schema", None)
        if own is not None:
            schema: Schema = own(self, players, options)
            return schema
        return spectator(module.schema(self, players, options))
