"""The base of direct encoders (``DirectEncoder``) and card-list writers from card ints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import compiled
from ..observation import Observer
from .differ import top_keys


class DirectEncoder:
    """A seat's view vector written from the state (``observe`` and ``view_vector``)."""

    #: the view's top-level keys this encoder writes (a layout with another key: not fit)
    KEYS: frozenset[str] = frozenset()

    def __init__(self, observer: Observer, players: int):
        self.observer = observer
        self.players = players
        self.fns = {k: (fn, diff, lo, hi) for k, fn, diff, lo, hi in top_keys(observer)}
        self.vectors = [np.zeros(observer.view_size, dtype=np.float32) for _ in range(players)]
        #: the same memory as ``vectors``, for writing one float at a time: a memoryview's
        #: item assignment (format "f", the same rounding) costs half of NumPy's. (``v.data``
        #: is ``memoryview(v)``, which numpy's types allow only from Python 3.12 on)
        self.items = [v.data for v in self.vectors]
        self._zeros: dict[int, memoryview] = {}
        self.states: list[Any] = [None] * players
        self.plies = [-1] * players
        self.memo: list[dict] = [{} for _ in range(players)]
        if COMPILED is not None:  # ``put`` compiled, when every key's encoder is
            fns = {k: (getattr(fn, "__self__", None), diff, lo, hi) for k, (fn, diff, lo, hi) in self.fns.items()}
            if all(type(v[0]) is COMPILED.Encoder for v in fns.values()):
                # an instance's own put, replacing the method below (type: ignore: mypy
                # refuses any assignment to a method)
                self.put = COMPILED.Putter(fns, WIDE, _NONE).put  # type: ignore[method-assign]

    def zeros(self, width: int) -> memoryview:
        """``width`` float32 zeros as a memoryview: ``items[seat][a:a + width] = zeros``
        clears a region for 40% of the instructions of NumPy's ``out[a:b] = 0.0``."""
        z = self._zeros.get(width)
        if z is None:
            z = self._zeros[width] = np.zeros(width, dtype=np.float32).data
        return z

    def clear(self) -> None:
        """Forget every seat's vector and what was written there: the state of a new
        encoder, without building its writers again (an env's ``reset`` reuses the
        encoder of its last game: FLINCH's and Flush's take 0.3 to 0.7 ms to build)."""
        for v in self.vectors:
            v.fill(0.0)
        self.states = [None] * self.players
        self.plies = [-1] * self.players
        self.memo = [{} for _ in range(self.players)]

    @classmethod
    def fit(cls, observer: Observer, players: int) -> DirectEncoder | None:
        """The encoder for this layout, or None when the layout holds a key it does not write."""
        if not set(observer.root.children) <= cls.KEYS:
            return None
        return cls(observer, players)

    def view_vector(self, state, seat: int) -> np.ndarray:
        if self.states[seat] is not state or self.plies[seat] != state.ply:
            self.write(state, seat, self.vectors[seat], self.memo[seat])
            self.states[seat] = state
            self.plies[seat] = state.ply
        return self.vectors[seat]

    def observe(self, state, seat: int) -> np.ndarray:
        return self.view_vector(state, seat).copy()

    def put(self, key: str, value, out: np.ndarray, seat: int, memo: dict) -> None:
        """Write ``value`` (a value of its own, not the state's) as the view's ``key``:
        skipped when it is the value written last; else a narrow key (or a first write)
        cleared and encoded whole through the seat's memoryview (compiled encoders write
        item by item, which a memoryview does for half of NumPy's cost), a wide one
        re-encoded only in the parts that changed (``differ.compile_diff``)."""
        got = self.fns.get(key)
        if got is None:
            return
        last = memo.get(key, _NONE)
        if last is not _NONE and type(last) is type(value) and last == value:
            return
        fn, diff, lo, hi = got
        if last is _NONE or hi - lo < WIDE:
            mv = self.items[seat]
            mv[lo:hi] = self.zeros(hi - lo)
            fn(value, mv, lo, seat)
        else:
            diff(value, last, out, lo, seat)
        memo[key] = value

    def write(self, state, seat: int, out: np.ndarray, memo: dict) -> None:
        raise NotImplementedError


#: the compiled writers the factories below return (their pure-Python ones when None,
#: or when asked with ``pure=True``: the same floats, ``tests/adapters/test_writers.py``)
COMPILED = compiled.WRITERS

_NONE = object()
#: ``put`` encodes a key narrower than this whole, a wider one by its differ
WIDE = 64


def pile_writer(node, copies, decksize: int, pure: bool = False) -> Callable:
    """``f(cards, out, b)``: a list of card ints (the card table's indices, none hidden)
    written as the layout's card-list encoding (``Node`` kind ``cards``) of their names,
    into a zero region."""
    n = node._ncards
    if COMPILED is not None and not pure:
        return COMPILED.CardList(n, copies, decksize).pile
    copies = [float(c) for c in copies]
    deck = float(decksize)

    def f(cards, out, b):
        if not cards:
            return
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        for c, k in counts.items():
            out[b + c] = k / copies[c]
        out[b + n + 1] = min(1.0, len(cards) / deck)
        out[b + n + 2 + cards[-1]] = 1.0

    return f


#: a table's cache of encoded blocks is emptied when it holds this many
BLOCKS = 65536


def keep_block(blocks: dict, key, block: np.ndarray) -> memoryview:
    """``block`` kept as ``blocks[key]``, a memoryview (copied into a seat's vector at a
    quarter of NumPy's cost); the cache emptied first when it holds ``BLOCKS``."""
    if len(blocks) >= BLOCKS:
        blocks.clear()
    view = blocks[key] = block.data
    return view


def faces_are_ints(observer: Observer, names) -> bool:
    """Whether the game's card ints (indices of ``names``) are the layout's card faces,
    which direct encoders write by int."""
    return all(observer.names.get(names[c]) == c for c in range(len(names)))


def plain(node, kind: str) -> bool:
    """Whether the layout node is one ``kind`` and nothing else (no presence flags)."""
    return node is not None and node.kinds == [kind] and not node.flag_types


def nums_writer(node, pure: bool = False) -> Callable | None:
    """``f(rel, value, out)``: entry ``rel`` (seats from the viewer) of a per-seat list
    of plain numbers written as the layout does (``value / scale``, clipped); None when
    the node is not such a list."""
    if not plain(node, "perseat") or not plain(node.item, "num"):
        return None
    b, scale = node.offset, float(node.item.scale)
    if COMPILED is not None and not pure:
        return COMPILED.Nums(b, scale, node.width).write

    def f(rel, v, out):
        x = v / scale
        out[b + rel] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)

    return f


def num_seq_writer(node, pure: bool = False) -> Callable | None:
    """``f(values, items)``: a list of plain numbers written as the layout's sequence
    encoding (length / scale, then the last ``window`` entries, oldest first, the rest of
    the window zero) through the vector's memoryview ``items``; None when the node is not
    such a list."""
    if not plain(node, "seq") or not plain(node.item, "num") or node.item.width != 1:
        return None
    b, window, length = node.offset, node.window, float(node.len_scale)
    scale = float(node.item.scale)
    if COMPILED is not None and not pure:
        return COMPILED.NumSeq(b, window, length, scale).write
    end = b + 1 + window
    zeros = np.zeros(window, dtype=np.float32).data

    def f(v, out):
        out[b] = min(1.0, len(v) / length)
        tail = v[-window:] if window else ()
        i = b + 1
        for x in tail:
            x = x / scale
            out[i] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)
            i += 1
        if i < end:
            out[i:end] = zeros[: end - i]

    return f


def pile_grower(node, copies, decksize: int, pure: bool = False) -> Callable:
    """``g(old, new, out, b) -> bool``: when ``new`` is ``old`` (not empty, none hidden)
    with cards added at the end, the card-list encoding of ``old`` at ``b`` made that of
    ``new`` by counting only the faces added (True); else nothing written (False)."""
    # same prologue as the card-list writer below on purpose: the compiled twin when built, else the Python one
    n = node._ncards
    if COMPILED is not None and not pure:
        return COMPILED.CardList(n, copies, decksize).grow
    copies = [float(c) for c in copies]
    deck = float(decksize)

    def g(old, new, out, b):
        k = len(old)
        if len(new) <= k or new[k - 1] != old[-1] or new[:k] != old:
            return False
        for c in set(new[k:]):
            out[b + c] = new.count(c) / copies[c]
        out[b + n + 1] = min(1.0, len(new) / deck)
        out[b + n + 2 + old[-1]] = 0.0
        out[b + n + 2 + new[-1]] = 1.0
        return True

    return g


def pile_bringer(node, copies, decksize: int, pure: bool = False) -> Callable:
    """``f(old, cards, out, b)``: the card-list encoding at ``b`` of ``old`` (a list of
    card ints, none hidden; None or empty: a zero region) made that of ``cards``: a pile
    that grew counts only its new cards (``pile_grower``), another is cleared and written
    (``pile_writer``). Callers skip it when ``old == cards``."""
    write, grow = pile_writer(node, copies, decksize, pure), pile_grower(node, copies, decksize, pure)
    width = node.width
    zeros = np.zeros(width, dtype=np.float32).data

    def f(old, cards, out, b):
        if not (old and grow(old, cards, out, b)):
            out[b : b + width] = zeros
            write(cards, out, b)

    return f


def card_list_writer(node, copies, decksize: int, pure: bool = False) -> Callable:
    """``f(cards, out, b, last)``: a list of card ints, negative for a hidden card (a
    ``null`` in the view), written as the layout's card-list encoding, into a zero
    region; ``last`` is the face of the view list's last entry (None: hidden or empty)."""
    # same prologue as the card-list grower above on purpose: the compiled twin when built, else the Python one
    n = node._ncards
    if COMPILED is not None and not pure:
        return COMPILED.CardList(n, copies, decksize).write
    copies = [float(c) for c in copies]
    deck = float(decksize)

    def f(cards, out, b, last):
        if not cards:
            return
        counts: dict[int, int] = {}
        hidden = 0
        for c in cards:
            if c < 0:
                hidden += 1
            else:
                counts[c] = counts.get(c, 0) + 1
        for c, k in counts.items():
            out[b + c] = k / copies[c]
        if hidden:
            out[b + n] = min(1.0, hidden / deck)
        out[b + n + 1] = min(1.0, len(cards) / deck)
        if last is not None:
            out[b + n + 2 + last] = 1.0

    return f
