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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from fliptable.core import schema as S

from .compiled import WRITERS, compiled_tree

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
            kind = _KINDS[type(a)]
            self.kinds.append(kind)
            if kind == "num":
                self.scale = float(max(abs(a.lo), abs(a.hi), 1))
                self.integer = isinstance(a, S.Int)
            elif kind == "word":
                self.vocab = list(a.vocab)
                self.vocab_index = {x: i for i, x in enumerate(self.vocab)}
            elif kind == "cards":
                self.order = a.order
            elif kind == "dict":
                self.keys = sorted(a.fields)
                self.children = {k: Node(f"{path}.{k}", a.fields[k], k in a.optional) for k in self.keys}
            elif kind == "perseat":
                self.item = Node(f"{path}[]", a.item)
            elif kind == "seq":
                self.item = Node(f"{path}[]", a.item)
                self.window, self.len_scale = a.size, float(a.most)
            elif kind == "fixed":
                if isinstance(a, S.Record):
                    self.record = a
                    a = a.as_tuple()
                self.index_items = [Node(f"{path}[{i}]", x) for i, x in enumerate(a.items)]

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
            return p * self.item.width
        if kind == "fixed":
            return sum(c.width for c in self.index_items)
        if kind == "seq":
            return 1 + self.window * self.item.width
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
                self.item.place(start)
                pos += self._kind_width(kind)
            else:
                pos += self._kind_width(kind)
        assert pos == offset + self.width, (self.path, pos, offset, self.width)
        return pos

    # -- encoding: one closure per node (compiled by ``_writers`` when built) ------------
    def compile(self, names: Mapping[str, int], pure: bool = False):
        """A function ``f(v, out, base, viewer)`` writing ``v`` at ``base``: compiled
        (``_writers``) when built, unless ``pure``."""
        if WRITERS is not None and not pure:
            return WRITERS.Encoder(compiled_tree(self, names, _type_of)).write
        parts = {}  # type -> (function, offset from base)
        pos = len(self.flag_types)
        for kind in self.kinds:
            fn, width, t = self._compile_kind(kind, names, pure)
            parts[t] = (fn, pos)
            pos += width
        flags = {t: i for i, t in enumerate(self.flag_types)}
        if not flags and len(parts) == 1:
            ((t, (fn, off)),) = parts.items()
            if off == 0:
                return fn
        kinds_by_type, type_of = _TYPE_NAMES.get, _type_of

        def union(v, out, b, vw):
            t = kinds_by_type(type(v)) or type_of(v)
            i = flags.get(t)
            if i is not None:
                out[b + i] = 1.0
            part = parts.get(t)
            if part is not None:
                part[0](v, out, b + part[1], vw)

        return union

    def _compile_kind(self, kind: str, names: Mapping[str, int], pure: bool):
        p, n = self._players, self._ncards
        width = self._kind_width(kind)
        if kind == "bool":

            def f(v, out, b, vw):
                if v is True:
                    out[b] = 1.0

            return f, 1, "bool"
        if kind == "num":
            scale = float(self.scale)

            def f(v, out, b, vw):
                if type(v) is int or type(v) is float:
                    x = v / scale
                    out[b] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)

            return f, 1, "num"
        if kind == "seat":

            def f(v, out, b, vw):
                if type(v) is int and 0 <= v < p:
                    out[b + (v - vw) % p] = 1.0

            return f, p, "num"
        if kind in ("card", "word"):
            get = (names if kind == "card" else self.vocab_index).get

            def f(v, out, b, vw):
                i = get(v) if type(v) is str else None
                if i is not None:
                    out[b + i] = 1.0

            return f, width, "str"
        if kind == "dict":
            return self._generate_dict(names, pure), width, "dict"
        if kind == "cards":
            get = names.get
            copies = [float(c) for c in self._copies]
            deck = float(self._decksize)

            def f(v, out, b, vw):
                if type(v) is not list or not v:
                    return
                hidden = 0
                if len(v) > 8:
                    try:
                        counted = Counter(v)  # counted in C: piles can be long
                    except TypeError:  # an entry that is no card
                        return
                else:  # as ``_writers.CardsEnc`` does
                    counted = {}
                    for x in v:
                        if type(x) is str or x is None:
                            counted[x] = counted.get(x, 0) + 1
                for x, k in counted.items():
                    c = get(x) if type(x) is str else None
                    if c is None:
                        hidden += k
                    else:
                        out[b + c] = k / copies[c]
                out[b + n] = min(1.0, hidden / deck)
                out[b + n + 1] = min(1.0, len(v) / deck)
                last = v[-1]
                c = get(last) if type(last) is str else None
                if c is not None:
                    out[b + n + 2 + c] = 1.0

            return f, width, "list"
        if kind == "seatset":

            def f(v, out, b, vw):
                if type(v) is list:
                    for x in v:
                        if type(x) is int and 0 <= x < p:
                            out[b + (x - vw) % p] = 1.0

            return f, p, "list"
        if kind == "perseat":
            w = self.item.width
            fn = self.item.compile(names, pure)

            def f(v, out, b, vw):
                if type(v) is list and len(v) == p:
                    for rel in range(p):
                        fn(v[(vw + rel) % p], out, b + rel * w, vw)

            return f, width, "list"
        if kind == "fixed":
            fns = []
            off = 0
            for child in self.index_items:
                fns.append((child.compile(names, pure), off))
                off += child.width

            def f(v, out, b, vw):
                if type(v) is list:
                    # a record's row may be shorter than the widest row: its missing entries stay zero
                    for (fn, o), x in zip(fns, v, strict=False):
                        fn(x, out, b + o, vw)

            return f, width, "list"
        if kind == "seq":
            w = self.item.width
            fn = self.item.compile(names, pure)
            window, len_scale = self.window, float(self.len_scale)

            def f(v, out, b, vw):
                if type(v) is list:
                    out[b] = min(1.0, len(v) / len_scale)
                    for i, x in enumerate(v[-window:]):
                        fn(x, out, b + 1 + i * w, vw)

            return f, width, "list"
        raise AssertionError(kind)

    def _generate_dict(self, names: Mapping[str, int], pure: bool):
        """The dict encoder as generated code, one statement per key: a leaf (a bool,
        number, seat, card or word with no flags) is written inline, any other key by its
        node's function: 1.0-1.6x faster a view than the loop over (key, function,
        offset) it replaced, same vectors (docs/rl.md "Fast paths re-measured")."""
        ns: dict[str, Any] = {"missing": object()}
        lines = ["def f(v, out, b, vw):", "    if type(v) is not dict:", "        return", "    get = v.get"]
        off = 0
        for j, k in enumerate(self.keys):
            child = self.children[k]
            o, off = off, off + child.width
            if not child.width:
                continue
            ns[f"k{j}"] = k
            leaf = child.kinds[0] if len(child.kinds) == 1 and not child.flag_types else None
            if leaf == "bool":
                lines += [f"    if get(k{j}) is True:", f"        out[b + {o}] = 1.0"]
            elif leaf == "num":
                ns[f"s{j}"] = float(child.scale)
                lines += [
                    f"    x = get(k{j})",
                    "    if type(x) is int or type(x) is float:",
                    f"        x = x / s{j}",
                    f"        out[b + {o}] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)",
                ]
            elif leaf == "seat":
                p = child._players
                lines += [
                    f"    x = get(k{j})",
                    f"    if type(x) is int and 0 <= x < {p}:",
                    f"        out[b + {o} + (x - vw) % {p}] = 1.0",
                ]
            elif leaf in ("card", "word"):
                ns[f"g{j}"] = (names if leaf == "card" else child.vocab_index).get
                lines += [
                    f"    x = get(k{j})",
                    "    if type(x) is str:",
                    f"        i = g{j}(x)",
                    "        if i is not None:",
                    f"            out[b + {o} + i] = 1.0",
                ]
            else:
                ns[f"f{j}"] = child.compile(names, pure)
                lines += [
                    f"    x = get(k{j}, missing)",
                    "    if x is not missing:",
                    f"        f{j}(x, out, b + {o}, vw)",
                ]
        exec(compile("\n".join(lines), f"<layout {self.path}>", "exec"), ns)
        return ns["f"]

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
            if _KIND_TYPE[kind] == t:
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
            w = self.item.width
            return [self.item.decode_at(vec, pos + ((q - viewer) % p) * w, viewer, names) for q in range(p)]
        if kind == "seq":
            w = self.item.width
            length = round(float(vec[pos]) * self.len_scale)
            return [self.item.decode_at(vec, pos + 1 + i * w, viewer, names) for i in range(min(length, self.window))]
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
                        f"one entry per seat, the viewer first, {self.item.width} each "
                        f"(entry fields below at the viewer's entry)"
                    ),
                    pos,
                    w,
                )
                yield from self.item.fields()
            elif kind == "seq":
                yield (self.path, f"length / {self.len_scale:g}", pos, 1)
                yield (
                    self.path,
                    (
                        f"the last {self.window} entries (oldest first), {self.item.width} each "
                        f"(entry fields below at the first)"
                    ),
                    pos + 1,
                    w - 1,
                )
                yield from self.item.fields()
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
_KIND_TYPE = {
    "bool": "bool",
    "num": "num",
    "seat": "num",
    "seatset": "list",
    "card": "str",
    "word": "str",
    "cards": "list",
    "perseat": "list",
    "fixed": "list",
    "seq": "list",
    "dict": "dict",
}
_TYPE_NAMES = {
    type(None): "null",
    bool: "bool",
    int: "num",
    float: "num",
    str: "str",
    dict: "dict",
    list: "list",
    tuple: "list",
}
_type_of = S.json_type
