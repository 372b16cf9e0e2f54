"""The layout of an observation vector (``observation.py``), built from the game's declared
view (``Game.observation_schema``, ``core/schema.py``): a tree of ``Node``s, one per path
of the view, each with its encoding, its place in the vector, the code that writes a
view into it and the code that reads it back (``decode``).

Encodings by shape: ``Bool`` 0/1; ``Int``/``Num`` value / the larger bound's size;
``Seat`` one-hot relative to the viewer; ``Seats`` multi-hot relative to the viewer;
``Card`` one-hot face; ``Word`` one-hot of its vocabulary; ``Cards`` count per face /
copies in the deck, hidden cards / deck, length / deck, one-hot face of the last card;
``PerSeat`` one block per seat, the viewer's first (the only list rotated); ``Tuple`` and
``Record`` one block per position; ``Window`` length / most, then the last ``size``
entries, oldest first; ``Obj`` its keys, sorted. A shape with alternatives (``Maybe``,
``Either``) and an optional key get one presence flag per JSON type first."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from fliptable.core import schema as S

from .compiled import WRITERS, compiled_tree
from .generate import KIND_TYPE, writer

#: the shapes each encoding kind comes from
_KINDS = {
    S.Bool: "bool",
    S.Int: "num",
    S.Num: "num",
    S.Seat: "seat",
    S.Seats: "seatset",
    S.Card: "card",
    S.Word: "word",
    S.Cards: "cards",
    S.PerSeat: "perseat",
    S.Tuple: "fixed",
    S.Record: "fixed",
    S.Window: "seq",
    S.Obj: "dict",
}


class Node:
    """One path of the view: its shape(s), encoding kinds, width and offset."""

    def __init__(self, path: str, schema: S.Schema, optional: bool = False):
        self.path = path
        self.key = path.rpartition(".")[2]  # the object key this node is under
        self.optional = optional  # a key the object may lack
        alts = list(schema.alts.values()) if isinstance(schema, S.Either) else [schema]
        alts.sort(key=lambda a: a.jtype)
        self.types = [a.jtype for a in alts]
        # one presence flag per JSON type when there are several, or the key may be absent
        self.flag_types = self.types if len(alts) > 1 or optional else []
        self.shapes: dict[str, S.Schema] = {}
        self.kinds: list[str] = []
        self.children: dict[str, Node] = {}
        self.item: Node | None = None
        self.index_items: list[Node] = []
        self.record: S.Record | None = None
        for a in alts:
            self.shapes[a.jtype] = a
            if isinstance(a, S.Null):
                continue
            self.kinds.append(_KINDS[type(a)])
            if isinstance(a, (S.Int, S.Num)):
                self.scale = float(max(abs(a.lo), abs(a.hi), 1))
                self.integer = isinstance(a, S.Int)
            elif isinstance(a, S.Word):
                self.vocab = list(a.vocab)
                self.vocab_index = {x: i for i, x in enumerate(self.vocab)}
            elif isinstance(a, S.Cards):
                self.order = a.order
            elif isinstance(a, S.Obj):
                self.keys = sorted(a.fields)
                self.children = {k: Node(f"{path}.{k}", a.fields[k], k in a.optional) for k in self.keys}
            elif isinstance(a, S.PerSeat):
                self.item = Node(f"{path}[]", a.item)
            elif isinstance(a, S.Window):
                self.item = Node(f"{path}[]", a.item)
                self.window, self.len_scale = a.size, float(a.most)
            elif isinstance(a, (S.Tuple, S.Record)):
                if isinstance(a, S.Record):
                    self.record = a
                    a = a.as_tuple()
                self.index_items = [Node(f"{path}[{i}]", x) for i, x in enumerate(a.items)]

    @property
    def entry(self) -> Node:
        """The node of a per-seat list's or a window's entries."""
        assert self.item is not None, self.path
        return self.item

    def bind(self, players: int, ncards: int, copies: np.ndarray, decksize: int) -> None:
        """Fix the table's sizes and every width below."""
        self._players, self._ncards, self._copies, self._decksize = players, ncards, copies, decksize
        for c in self._subnodes():
            c.bind(players, ncards, copies, decksize)
        self.width = len(self.flag_types) + sum(self._kind_width(k) for k in self.kinds)

    def _subnodes(self) -> list[Node]:
        return list(self.children.values()) + self.index_items + ([self.item] if self.item else [])

    def _kind_width(self, kind: str) -> int:
        p, n = self._players, self._ncards
        if kind == "dict":
            return sum(c.width for c in self.children.values())
        if kind == "perseat":
            return p * self.entry.width
        if kind == "fixed":
            return sum(c.width for c in self.index_items)
        if kind == "seq":
            return 1 + self.window * self.entry.width
        return {
            "bool": 1,
            "num": 1,
            "seat": p,
            "card": n,
            "word": len(getattr(self, "vocab", ())),
            "cards": 2 * n + 2,
            "seatset": p,
        }[kind]

    def place(self, offset: int) -> int:
        self.offset = offset
        pos = offset + len(self.flag_types)
        for kind in self.kinds:
            if kind == "dict":
                for k in self.keys:
                    pos = self.children[k].place(pos)
            elif kind == "fixed":
                for child in self.index_items:
                    pos = child.place(pos)
            elif kind in ("perseat", "seq"):
                start = pos + (kind == "seq")
                self.entry.place(start)
                pos += self._kind_width(kind)
            else:
                pos += self._kind_width(kind)
        assert pos == offset + self.width, (self.path, pos, offset, self.width)
        return pos

    # -- encoding ---------------------------------------------------------------------------
    def compile(self, names: Mapping[str, int], pure: bool = False) -> Callable[..., Any]:
        """A function ``f(v, out, base, viewer)`` writing ``v`` at ``base``: compiled
        (``_writers``) when built, unless ``pure``; else generated Python
        (``generate.writer``)."""
        if WRITERS is not None and not pure:
            return WRITERS.Encoder(compiled_tree(self, names, S.json_type)).write
        return writer(self, names)

    # -- decoding ------------------------------------------------------------------------
    def decode(self, vec: np.ndarray, viewer: int, names: Sequence[str], absent: Any = None) -> Any:
        """The value written at this node (``absent`` for an optional key not written)."""
        pos = self.offset + len(self.flag_types)
        if self.flag_types:
            on = [t for i, t in enumerate(self.flag_types) if vec[self.offset + i] > 0.5]
            if not on:
                return absent
            t = on[0]
        else:
            t = self.types[0]
        for kind in self.kinds:
            if KIND_TYPE[kind] == t:
                return self._decode_kind(kind, vec, pos, viewer, names)
            pos += self._kind_width(kind)
        return None  # the null alternative

    def _decode_kind(self, kind: str, vec: np.ndarray, pos: int, viewer: int, names: Sequence[str]) -> Any:
        p, n = self._players, self._ncards
        width = self._kind_width(kind)
        if kind == "bool":
            return bool(vec[pos] > 0.5)
        if kind == "num":
            x = float(vec[pos]) * self.scale
            return round(x) if self.integer else float(f"{x:.6g}")
        if kind == "seat":
            return (int(np.argmax(vec[pos : pos + p])) + viewer) % p
        if kind == "seatset":
            return sorted((int(r) + viewer) % p for r in np.flatnonzero(vec[pos : pos + p] > 0.5))
        if kind == "card":
            return names[int(np.argmax(vec[pos : pos + n]))]
        if kind == "word":
            return self.vocab[int(np.argmax(vec[pos : pos + width]))]
        if kind == "cards":
            counts = np.rint(vec[pos : pos + n] * self._copies).astype(int)
            hidden = round(float(vec[pos + n]) * self._decksize)
            length = round(float(vec[pos + n + 1]) * self._decksize)
            faces = [names[c] for c in range(n) for _ in range(counts[c])]
            if not length:
                return []
            if callable(self.order):
                return sorted(faces, key=self.order)
            # order of play: not in the vector; the faces in card-table order, the hidden
            # ones first, the last card last
            last = vec[pos + n + 2 : pos + 2 * n + 2]
            if last.any():
                faces.remove(names[int(np.argmax(last))])
                faces.append(names[int(np.argmax(last))])
            return [None] * hidden + faces
        if kind == "dict":
            out = {}
            for k in self.keys:
                x = self.children[k].decode(vec, viewer, names, _ABSENT)
                if x is not _ABSENT:
                    out[k] = x
            return out
        if kind == "perseat":
            w = self.entry.width
            return [self.entry.decode_at(vec, pos + ((q - viewer) % p) * w, viewer, names) for q in range(p)]
        if kind == "seq":
            w = self.entry.width
            length = round(float(vec[pos]) * self.len_scale)
            return [self.entry.decode_at(vec, pos + 1 + i * w, viewer, names) for i in range(min(length, self.window))]
        if kind == "fixed":
            if self.record is not None:
                tag = self.index_items[0].decode(vec, viewer, names)
                count = 1 + len(self.record.rows[tag])
            else:
                count = len(self.index_items)
            return [c.decode(vec, viewer, names) for c in self.index_items[:count]]
        raise AssertionError(kind)

    def decode_at(self, vec: np.ndarray, offset: int, viewer: int, names: Sequence[str]) -> Any:
        """``decode`` of a list entry written at ``offset`` (entries share the first one's
        node): the vector's slice moved under the node."""
        shifted = np.zeros(self.offset + self.width, dtype=vec.dtype)
        shifted[self.offset :] = vec[offset : offset + self.width]
        return self.decode(shifted, viewer, names)

    def fields(self) -> Iterable[tuple[str, str, int, int]]:
        """(path, encoding, offset, width) of every leaf field, in layout order."""
        for i, t in enumerate(self.flag_types):
            yield (self.path, f"presence flag: {t}", self.offset + i, 1)
        pos = self.offset + len(self.flag_types)
        for kind in self.kinds:
            w = self._kind_width(kind)
            if kind == "dict":
                for k in self.keys:
                    yield from self.children[k].fields()
            elif kind == "fixed":
                for child in self.index_items:
                    yield from child.fields()
            elif kind == "perseat":
                yield (
                    self.path,
                    (
                        f"one entry per seat, the viewer first, {self.entry.width} each "
                        f"(entry fields below at the viewer's entry)"
                    ),
                    pos,
                    w,
                )
                yield from self.entry.fields()
            elif kind == "seq":
                yield (self.path, f"length / {self.len_scale:g}", pos, 1)
                yield (
                    self.path,
                    (
                        f"the last {self.window} entries (oldest first), {self.entry.width} each "
                        f"(entry fields below at the first)"
                    ),
                    pos + 1,
                    w - 1,
                )
                yield from self.entry.fields()
            else:
                desc = {
                    "bool": "0/1",
                    "num": f"value / {getattr(self, 'scale', 1):g}, clipped to [-1, 1]",
                    "seat": "one-hot seat relative to the viewer (0 = viewer)",
                    "card": "one-hot card face (card table order)",
                    "word": "one-hot of " + "|".join(getattr(self, "vocab", ())),
                    "cards": "count per card face / copies in the deck; hidden cards / deck; length / deck; "
                    "one-hot face of the last card",
                    "seatset": "multi-hot seats relative to the viewer",
                }[kind]
                yield (self.path, desc, pos, w)
            pos += w


_ABSENT = object()
