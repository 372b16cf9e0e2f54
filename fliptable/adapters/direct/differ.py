"""Differs for the direct encoders' wide keys (``DirectEncoder.put``): ``compile_diff``
makes the encoding of a key's last value that of its new one, re-encoding only the parts
that changed (objects key by key, per-seat lists seat by seat, windows that grew by
shifting, card lists that grew by counting the new cards); ``top_keys`` lists each
top-level key's compiled encoder and differ. (The generic incremental encoder these came
with, ``SeatEncoder``, measured slower than encoding the whole view in every game and was
removed: issue 24.)
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping

from ..compiled import WRITERS
from ..layout import Node
from ..observation import Observer

_MISSING = object()
#: objects and per-seat lists narrower than this are re-encoded whole when they change
#: (comparing their parts one by one costs more than it saves)
SMALL = 24
#: each observer's top_keys, compiled once (observers are cached: ``observation.observer``)
_TOP_KEYS: weakref.WeakKeyDictionary[Observer, list[tuple]] = weakref.WeakKeyDictionary()


def top_keys(observer: Observer) -> list[tuple]:
    """(key, compiled encoder, compiled differ, start, end) of every top-level key of the
    layout with a width, compiled once per observer."""
    keys = _TOP_KEYS.get(observer)
    if keys is None:
        root = observer.root
        assert root.kinds == ["dict"] and not root.flag_types, "a view is always an object"
        keys = []
        for k in root.keys:
            child = root.children[k]
            if child.width:
                fn = child.compile(observer.names)
                keys.append((k, fn, compile_diff(child, fn, observer.names), child.offset, child.offset + child.width))
        _TOP_KEYS[observer] = keys
    return keys


def _entries(node: Node) -> Node:
    """The layout of the entries of a per-seat list or a sequence (``node.item``)."""
    if node.item is None:
        raise ValueError(f"{node.path}: a {node.kinds[0]} without the layout of its entries")
    return node.item


def compile_diff(node: Node, fn, names: Mapping[str, int]):
    """A function ``d(x, y, out, b, viewer)``: ``out`` holds ``fn(y)`` at ``b`` (zero
    elsewhere in the node's width); make it hold ``fn(x)``, re-encoding only the parts of
    ``x`` that differ from ``y`` (objects key by key, per-seat lists seat by seat,
    sequences that grew by shifting their window, card lists that grew by counting the
    new cards). ``x`` or ``y`` may be ``_MISSING`` (key absent). Callers skip it when
    ``x`` and ``y`` are the same (``is``, or ``==`` with the same type)."""
    width = node.width

    def whole(x, y, out, b, vw):
        out[b : b + width] = 0.0
        if x is not _MISSING:
            fn(x, out, b, vw)

    if WRITERS is not None and type(getattr(fn, "__self__", None)) is WRITERS.Encoder:
        whole = WRITERS.Whole(fn.__self__, width, _MISSING).diff  # the same, compiled

    if node.flag_types or len(node.kinds) != 1:
        return whole
    kind = node.kinds[0]
    if kind == "bool":

        def d(x, y, out, b, vw):
            out[b] = 1.0 if x is True else 0.0

        return d
    if kind == "num":  # one float, written whatever it was

        def d(x, y, out, b, vw):
            if type(x) is int or type(x) is float:
                fn(x, out, b, vw)
            else:
                out[b] = 0.0

        return d
    if kind in ("seat", "card", "word"):  # a one-hot: unset the old one, set the new
        unset = node.compile(names, pure=True)  # writes through ``_Unset``, not a buffer

        def d(x, y, out, b, vw):
            if y is not _MISSING:
                unset(y, _Unset(out), b, vw)
            if x is not _MISSING:
                fn(x, out, b, vw)

        return d
    if kind == "perseat" and _entries(node).kinds == ["num"] and not _entries(node).flag_types:
        p = node._players
        num = _entries(node).compile(names)  # one float per seat (counts, scores)

        # same per-seat guard as the differ below on purpose: inlined in the hot diff closure
        def d(x, y, out, b, vw):
            if type(x) is not list or type(y) is not list or len(x) != p or len(y) != p:
                whole(x, y, out, b, vw)
                return
            for rel in range(p):
                q = (vw + rel) % p
                a = x[q]
                if type(a) is int or type(a) is float:
                    num(a, out, b + rel, vw)
                else:
                    out[b + rel] = 0.0

        return d
    if kind in ("dict", "perseat") and width < SMALL:
        return whole
    if kind == "dict":
        parts = []
        off = 0
        for k in node.keys:
            child = node.children[k]
            if child.width:
                cfn = child.compile(names)
                parts.append((k, compile_diff(child, cfn, names), off))
            off += child.width

        def d(x, y, out, b, vw):
            if type(x) is not dict or type(y) is not dict:
                whole(x, y, out, b, vw)
                return
            xg, yg = x.get, y.get
            for k, cd, o in parts:
                a, c = xg(k, _MISSING), yg(k, _MISSING)
                if a is c or (type(a) is type(c) and a == c):
                    continue
                cd(a, c, out, b + o, vw)

        return d
    if kind == "perseat":
        item = _entries(node)
        w, p = item.width, node._players
        idiff = compile_diff(item, item.compile(names), names)

        # same per-seat guard as the differ above on purpose: inlined in the hot diff closure
        def d(x, y, out, b, vw):
            if type(x) is not list or type(y) is not list or len(x) != p or len(y) != p:
                whole(x, y, out, b, vw)
                return
            for rel in range(p):
                q = (vw + rel) % p
                a, c = x[q], y[q]
                if a is c or (type(a) is type(c) and a == c):
                    continue
                idiff(a, c, out, b + rel * w, vw)

        return d
    if kind == "seq":
        item = _entries(node)
        w = item.width
        ifn = item.compile(names)
        window, len_scale = node.window, float(node.len_scale)

        idiff = compile_diff(item, ifn, names)

        def blocks(x, y, out, b, vw):
            # entry by entry: the window's i-th block holds fn(y's i-th windowed entry);
            # make it x's, re-encoding only the parts of entries that differ
            nx, ny = len(x), len(y)
            tx = min(nx, window)
            ty = min(ny, window)
            lo = b + 1
            for i in range(tx):
                a = x[nx - tx + i]
                c = y[ny - ty + i] if i < ty else _MISSING
                if a is c or (type(a) is type(c) and a == c):
                    continue
                idiff(a, c, out, lo + i * w, vw)
            if ty > tx:
                out[lo + tx * w : lo + ty * w] = 0.0
            out[b] = min(1.0, nx / len_scale)

        def d(x, y, out, b, vw):
            if type(x) is not list or type(y) is not list or not window:
                whole(x, y, out, b, vw)
                return
            nx, ny = len(x), len(y)
            grown = nx - ny
            if (
                grown <= 0
                or grown >= window
                or x[nx - grown - min(ny, window - grown) : nx - grown] != y[ny - min(ny, window - grown) :]
            ):
                blocks(x, y, out, b, vw)
                return
            # the window's first entry is x[nx - len(tail)]; entries that were already in
            # y's window move up by ``shift`` blocks
            tx = min(nx, window)
            ty = min(ny, window)
            shift = tx - ty - grown  # <= 0: blocks move towards the start
            keep = ty + shift  # old blocks still in the window
            lo = b + 1
            if keep > 0:
                out[lo : lo + keep * w] = out[lo - shift * w : lo + (keep - shift) * w].copy()
            out[lo + keep * w : lo + tx * w] = 0.0
            for i in range(keep, tx):
                ifn(x[nx - tx + i], out, lo + i * w, vw)
            out[b] = min(1.0, nx / len_scale)

        return d
    if kind == "cards":
        n = node._ncards
        copies = [float(c) for c in node._copies]
        deck = float(node._decksize)
        get = names.get

        known = frozenset(names) | {None}

        def d(x, y, out, b, vw):
            if type(x) is not list or type(y) is not list or not y or len(x) <= len(y) or x[: len(y)] != y:
                whole(x, y, out, b, vw)
                return
            try:
                if not known.issuperset(x):  # a non-card entry: the whole encoder's rules
                    whole(x, y, out, b, vw)
                    return
            except TypeError:
                whole(x, y, out, b, vw)
                return
            for v in set(x[len(y) :]):
                if v is not None:
                    c = get(v)
                    out[b + c] = x.count(v) / copies[c]
            out[b + n] = min(1.0, x.count(None) / deck)
            out[b + n + 1] = min(1.0, len(x) / deck)
            last = y[-1]
            if last is not None:
                out[b + n + 2 + get(last)] = 0.0
            last = x[-1]
            if last is not None:
                out[b + n + 2 + get(last)] = 1.0

        return d
    return whole


class _Unset:
    """Writes 0 where an encoder writes (to undo a one-hot)."""

    __slots__ = ("out",)

    def __init__(self, out):
        self.out = out

    def __setitem__(self, i, v):
        self.out[i] = 0.0
