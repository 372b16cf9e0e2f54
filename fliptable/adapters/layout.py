"""The layout of an observation vector (``observation.py``): a tree of ``Node``s, one per
JSON path of a game's views, each with the encoding chosen from what was seen there
(bool, number, seat, card, word, list of cards, per-seat list, fixed list, sequence,
object), its place in the vector, and the code that writes a view into it."""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Iterable, Mapping

import numpy as np

from fliptable.core.decision import Race
from fliptable.core.game import Game

from .compiled import WRITERS, compiled_tree

#: keys whose integer values are seats (encoded one-hot relative to the viewer)
SEAT_KEYS = frozenset({
    "seat", "turn", "dealer", "acting", "first", "next", "winner", "previous", "last_flapper",
    "player", "target", "by", "starter", "last_play", "from_player", "to", "victim", "caller",
    "claimant", "leader", "challenger",
})
#: keys whose lists of integers are sets of seats (multi-hot, relative to the viewer)
SEAT_LIST_KEYS = frozenset({"winners", "partners", "forgot", "unsaid", "players", "losers", "out", "team"})
#: a sequence (a list whose length varies) keeps at most its last this many entries
SEQ_WINDOW = 16
#: a list longer than this is learnt from its last SEE_LIMIT entries
SEE_LIMIT = SEQ_WINDOW
#: views sampled to derive a layout: random games (at most SAMPLE_GAMES, each cut at SAMPLE_GAME_STEPS)
#: until SAMPLE_STEPS steps were seen; at every step two seats' views (in turn, so every seat is seen)
SAMPLE_GAMES = 40
SAMPLE_GAME_STEPS = 500
SAMPLE_STEPS = 2500


def _nice_scale(x: float) -> float:
    """The smallest of 1, 2, 5 x 10^k at least ``x`` (and at least 1)."""
    if x <= 1:
        return 1.0
    k = math.floor(math.log10(x))
    for m in (1, 2, 5, 10):
        if m * 10 ** k >= x:
            return float(m * 10 ** k)
    return float(10 ** (k + 1))


class Node:
    """What was seen at one path of the view, and how it is encoded."""

    def __init__(self, path: str, key: str):
        self.path, self.key = path, key
        self.types: set[str] = set()
        self.num_max = 0.0
        self.words: set[str] = set()
        self.cards_only = True      # every string seen here was a card name
        self.children: dict[str, Node] = {}     # object keys
        self.item: Node | None = None           # list entries (shared node)
        self.index_items: list[Node] = []       # list entries by index (fixed-length lists)
        self.lengths: set[int] = set()
        self.list_cards_only = True             # every list entry seen was a card or null
        self.list_seats_only = True             # every list entry was an int (seat list)
        self.long = False                       # some list here was longer than SEE_LIMIT
        # layout, filled by ``finish``
        self.kinds: list[str] = []
        self.width = 0
        self.offset = 0

    # -- learning the structure ------------------------------------------------------
    def see(self, v: Any, names: Mapping[str, int], players: int) -> None:
        if v is None:
            self.types.add("null")
        elif isinstance(v, bool):
            self.types.add("bool")
        elif isinstance(v, (int, float)):
            self.types.add("num")
            self.num_max = max(self.num_max, abs(float(v)))
        elif isinstance(v, str):
            self.types.add("str")
            self.words.add(v)
            if v not in names:
                self.cards_only = False
        elif isinstance(v, dict):
            self.types.add("dict")
            for k, x in v.items():
                child = self.children.get(k)
                if child is None:
                    child = self.children[k] = Node(f"{self.path}.{k}", k)
                child.see(x, names, players)
        elif isinstance(v, (list, tuple)):
            self.types.add("list")
            self.lengths.add(len(v))
            if self.item is None:
                self.item = Node(f"{self.path}[]", self.key)
            start = 0
            if len(v) > SEE_LIMIT:     # a long list: its last entries stand for it (and it is no fixed tuple)
                self.long = True
                start = len(v) - SEE_LIMIT
            for i, x in enumerate(v[start:], start):
                if not (x is None or (isinstance(x, str) and x in names)):
                    self.list_cards_only = False
                if not (isinstance(x, int) and not isinstance(x, bool)):
                    self.list_seats_only = False
                self.item.see(x, names, players)
                if self.long or len(self.lengths) > 1:   # not a fixed tuple: entries by index are moot
                    self.index_items = []
                    continue
                while len(self.index_items) <= i:
                    self.index_items.append(Node(f"{self.path}[{len(self.index_items)}]", self.key))
                self.index_items[i].see(x, names, players)

    def finish(self, players: int, ncards: int) -> None:
        """Fix this node's encoding and width (after every sample was seen)."""
        self.kinds = []
        w = 0
        present = sorted(self.types)
        self.flag_types = present if len(present) > 1 else []
        w += len(self.flag_types)
        for t in present:
            if t == "null":
                continue
            if t == "bool":
                self.kinds.append("bool")
                w += 1
            elif t == "num":
                if self.key in SEAT_KEYS and self.num_max < players:
                    self.kinds.append("seat")
                    w += players
                else:
                    self.kinds.append("num")
                    self.scale = _nice_scale(self.num_max * 2)
                    w += 1
            elif t == "str":
                if self.cards_only:
                    self.kinds.append("card")
                    w += ncards
                else:
                    self.kinds.append("word")
                    self.vocab = sorted(self.words)
                    self.vocab_index = {x: i for i, x in enumerate(self.vocab)}
                    w += len(self.vocab)
            elif t == "dict":
                self.kinds.append("dict")
                self.keys = sorted(self.children)
                for k in self.keys:
                    self.children[k].finish(players, ncards)
                    w += self.children[k].width
            elif t == "list":
                if self.item is not None and self.item.types and self.list_cards_only:
                    self.kinds.append("cards")          # counts per face, hidden, length, last
                    w += ncards + 2 + ncards
                elif self.key in SEAT_LIST_KEYS and self.list_seats_only:
                    self.kinds.append("seatset")
                    w += players
                elif self.lengths == {players} and players > 1:
                    self.kinds.append("perseat")
                    assert self.item is not None
                    self.item.finish(players, ncards)
                    w += players * self.item.width
                elif len(self.lengths) == 1 and not self.long:
                    self.kinds.append("fixed")
                    for child in self.index_items:
                        child.finish(players, ncards)
                        w += child.width
                else:
                    self.kinds.append("seq")            # the last SEQ_WINDOW entries, and the length
                    assert self.item is not None
                    self.item.finish(players, ncards)
                    self.window = min(SEQ_WINDOW, max(self.lengths))
                    self.len_scale = _nice_scale(max(self.lengths) * 2)
                    w += 1 + self.window * self.item.width
        self.width = w

    def place(self, offset: int) -> int:
        self.offset = offset
        pos = offset + len(self.flag_types)
        for kind in self.kinds:
            if kind == "dict":
                for k in self.keys:
                    pos = self.children[k].place(pos)
            elif kind == "perseat":
                assert self.item is not None
                self.item_offsets = []
                for _ in range(self._players):
                    self.item_offsets.append(pos)
                    pos += self.item.width
                self.item.place(self.item_offsets[0] if self.item_offsets else pos)
            elif kind == "fixed":
                for child in self.index_items:
                    pos = child.place(pos)
            elif kind == "seq":
                self.item_offsets = []
                pos += 1
                for _ in range(self.window):
                    self.item_offsets.append(pos)
                    pos += self.item.width  # type: ignore[union-attr]
                self.item.place(self.item_offsets[0] if self.item_offsets else pos)  # type: ignore[union-attr]
            else:
                pos += self._kind_width(kind)
        assert pos == offset + self.width, (self.path, pos, offset, self.width)
        return pos

    def _kind_width(self, kind: str) -> int:
        return {"bool": 1, "num": 1, "seat": self._players, "card": self._ncards,
                "word": len(getattr(self, "vocab", ())), "cards": 2 * self._ncards + 2,
                "seatset": self._players}[kind]

    def bind(self, players: int, ncards: int, copies: np.ndarray, decksize: int,
             names: Mapping[str, int] | None = None) -> None:
        self._players, self._ncards, self._copies, self._decksize = players, ncards, copies, decksize
        self._names = names or {}
        for c in self.children.values():
            c.bind(players, ncards, copies, decksize, names)
        for c in self.index_items:
            c.bind(players, ncards, copies, decksize, names)
        if self.item is not None:
            self.item.bind(players, ncards, copies, decksize, names)

    # -- encoding ---------------------------------------------------------------------
    def encode(self, v: Any, out: np.ndarray, base: int, names: Mapping[str, int], viewer: int) -> None:
        """Write ``v`` at ``base`` (this node's offset shifted by ``base - self.offset``)."""
        pos = base + len(self.flag_types)
        t = _type_of(v)
        if self.flag_types and t in self.flag_types:
            out[base + self.flag_types.index(t)] = 1.0
        p, n = self._players, self._ncards
        for kind in self.kinds:
            if kind == "bool":
                if t == "bool":
                    out[pos] = 1.0 if v else 0.0
                pos += 1
            elif kind == "num":
                if t == "num":
                    out[pos] = max(-1.0, min(1.0, float(v) / self.scale))
                pos += 1
            elif kind == "seat":
                if t == "num" and isinstance(v, int) and 0 <= v < p:
                    out[pos + (v - viewer) % p] = 1.0
                pos += p
            elif kind == "card":
                if t == "str":
                    c = names.get(v)
                    if c is not None:
                        out[pos + c] = 1.0
                pos += n
            elif kind == "word":
                if t == "str":
                    i = self.vocab_index.get(v)
                    if i is not None:
                        out[pos + i] = 1.0
                pos += len(self.vocab)
            elif kind == "dict":
                if t == "dict":
                    for k in self.keys:
                        child = self.children[k]
                        if k in v:
                            child.encode(v[k], out, pos, names, viewer)
                        pos += child.width
                else:
                    pos += sum(self.children[k].width for k in self.keys)
            elif kind == "cards":
                if t == "list":
                    hidden = 0
                    last = None
                    for x in v:
                        c = names.get(x) if isinstance(x, str) else None
                        if c is None:
                            hidden += 1
                        else:
                            out[pos + c] += 1.0
                        last = c
                    out[pos:pos + n] /= self._copies
                    out[pos + n] = min(1.0, hidden / self._decksize)
                    out[pos + n + 1] = min(1.0, len(v) / self._decksize)
                    if last is not None:
                        out[pos + n + 2 + last] = 1.0
                pos += 2 * n + 2
            elif kind == "seatset":
                if t == "list":
                    for x in v:
                        if isinstance(x, int) and 0 <= x < p:
                            out[pos + (x - viewer) % p] = 1.0
                pos += p
            elif kind == "perseat":
                item = self.item
                assert item is not None
                if t == "list" and len(v) == p:
                    for rel in range(p):
                        item.encode(v[(viewer + rel) % p], out, pos + rel * item.width, names, viewer)
                pos += p * item.width
            elif kind == "fixed":
                if t == "list":
                    for child, x in zip(self.index_items, v):
                        child.encode(x, out, pos, names, viewer)
                        pos += child.width
                    for child in self.index_items[len(v):]:
                        pos += child.width
                else:
                    pos += sum(c.width for c in self.index_items)
            elif kind == "seq":
                item = self.item
                assert item is not None
                if t == "list":
                    out[pos] = min(1.0, len(v) / self.len_scale)
                    tail = v[-self.window:] if self.window else []
                    for i, x in enumerate(tail):
                        item.encode(x, out, pos + 1 + i * item.width, names, viewer)
                pos += 1 + self.window * item.width

    # -- what the layout drops (a diagnostic) --------------------------------------------
    def misses(self, v: Any) -> Iterable[str]:
        """The paths of ``v`` the layout cannot hold (``Observer.misses``)."""
        t = _type_of(v)
        if t not in self.types:
            yield f"{self.path}: a {t} (never seen here)"
            return
        if t == "str" and "word" in self.kinds and v not in self.vocab_index:
            yield f"{self.path}: the word {v!r}"
        elif t == "num" and "seat" in self.kinds and not (isinstance(v, int) and 0 <= v < self._players):
            yield f"{self.path}: {v!r} is no seat"
        elif t == "dict":
            for k, x in v.items():
                child = self.children.get(k)
                if child is None:
                    yield f"{self.path}.{k}: a key never seen"
                else:
                    yield from child.misses(x)
        elif t == "list":
            kind = next((k for k in self.kinds if k in ("cards", "seatset", "perseat", "fixed", "seq")), None)
            if kind == "cards":
                for x in v:
                    if x is not None and not (isinstance(x, str) and x in self._names):
                        yield f"{self.path}[]: {x!r} is no card"
            elif kind == "perseat":
                for x in v:
                    yield from self.item.misses(x)
            elif kind == "fixed":
                if len(v) > len(self.index_items):
                    yield f"{self.path}: entries beyond {len(self.index_items)}"
                for child, x in zip(self.index_items, v):
                    yield from child.misses(x)
            elif kind == "seq":
                if len(v) > self.window:
                    yield f"{self.path}: entries older than the last {self.window}"
                for x in v[-self.window:] if self.window else ():
                    yield from self.item.misses(x)

    # -- compiled encoding: one closure per node, specialised to what was seen ---------
    def compile(self, names: Mapping[str, int], pure: bool = False):
        """A function ``f(v, out, base, viewer)`` writing ``v`` as ``encode`` does, specialised to
        this node's layout: compiled (``_writers``) when built, unless ``pure``."""
        if WRITERS is not None and not pure:
            return WRITERS.Encoder(compiled_tree(self, names, _type_of)).write
        parts = {}      # type -> (function, offset from base)
        pos = len(self.flag_types)
        for kind in self.kinds:
            fn, width, t = self._compile_kind(kind, names, pure)
            parts[t] = (fn, pos)
            pos += width
        flags = {t: i for i, t in enumerate(self.flag_types)}
        if not flags and len(parts) == 1:
            (t, (fn, off)), = parts.items()
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
        if kind == "card":
            get = names.get

            def f(v, out, b, vw):
                c = get(v) if type(v) is str else None
                if c is not None:
                    out[b + c] = 1.0
            return f, n, "str"
        if kind == "word":
            vget = self.vocab_index.get

            def f(v, out, b, vw):
                i = vget(v) if type(v) is str else None
                if i is not None:
                    out[b + i] = 1.0
            return f, len(self.vocab), "str"
        if kind == "dict":
            items = []
            off = 0
            for k in self.keys:
                child = self.children[k]
                if child.width:
                    items.append((k, child.compile(names, pure), off))
                off += child.width
            missing = object()

            def f(v, out, b, vw):
                if type(v) is dict:
                    get = v.get
                    for k, fn, o in items:
                        x = get(k, missing)
                        if x is not missing:
                            fn(x, out, b + o, vw)
            return f, off, "dict"
        if kind == "cards":
            get = names.get
            copies = [float(c) for c in self._copies]
            deck = float(self._decksize)

            def f(v, out, b, vw):
                if type(v) is not list or not v:
                    if type(v) is list:
                        out[b + n] = out[b + n + 1] = 0.0
                    return
                hidden = 0
                if len(v) > 8:
                    try:
                        counted = Counter(v)          # counted in C: piles can be long
                    except TypeError:                 # an entry never seen while deriving
                        return
                else:
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
            return f, 2 * n + 2, "list"
        if kind == "seatset":
            def f(v, out, b, vw):
                if type(v) is list:
                    for x in v:
                        if type(x) is int and 0 <= x < p:
                            out[b + (x - vw) % p] = 1.0
            return f, p, "list"
        if kind == "perseat":
            item = self.item
            w = item.width
            fn = item.compile(names, pure)

            def f(v, out, b, vw):
                if type(v) is list and len(v) == p:
                    for rel in range(p):
                        fn(v[(vw + rel) % p], out, b + rel * w, vw)
            return f, p * w, "list"
        if kind == "fixed":
            fns = []
            off = 0
            for child in self.index_items:
                fns.append((child.compile(names, pure), off))
                off += child.width

            def f(v, out, b, vw):
                if type(v) is list:
                    for (fn, o), x in zip(fns, v):
                        fn(x, out, b + o, vw)
            return f, off, "list"
        if kind == "seq":
            item = self.item
            w = item.width
            fn = item.compile(names, pure)
            window, len_scale = self.window, float(self.len_scale)

            def f(v, out, b, vw):
                if type(v) is list:
                    out[b] = min(1.0, len(v) / len_scale)
                    tail = v[-window:] if window else ()
                    for i, x in enumerate(tail):
                        fn(x, out, b + 1 + i * w, vw)
            return f, 1 + window * w, "list"
        raise AssertionError(kind)

    def fields(self) -> Iterable[tuple[str, str, int, int]]:
        """(path, encoding, offset, width) of every leaf field, in layout order."""
        base = self.offset
        for i, t in enumerate(self.flag_types):
            yield (self.path, f"presence flag: {t}", base + i, 1)
        pos = base + len(self.flag_types)
        for kind in self.kinds:
            if kind == "dict":
                for k in self.keys:
                    child = self.children[k]
                    yield from child.fields()
                    pos += child.width
                continue
            if kind == "perseat":
                item = self.item
                assert item is not None
                sub = list(item.fields())
                if sub:
                    yield (self.path, f"one entry per seat, the viewer first, {item.width} each "
                                      f"(entry fields below at the viewer's entry)", pos, self._players * item.width)
                    yield from sub
                pos += self._players * item.width
                continue
            if kind == "fixed":
                for child in self.index_items:
                    yield from child.fields()
                    pos += child.width
                continue
            if kind == "seq":
                item = self.item
                assert item is not None
                yield (self.path, f"length / {self.len_scale:g}", pos, 1)
                yield (self.path, f"the last {self.window} entries (oldest first), {item.width} each "
                                  f"(entry fields below at the first)", pos + 1, self.window * item.width)
                yield from item.fields()
                pos += 1 + self.window * item.width
                continue
            w = self._kind_width(kind)
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


_TYPE_NAMES = {type(None): "null", bool: "bool", int: "num", float: "num", str: "str", dict: "dict",
               list: "list", tuple: "list"}


def _type_of(v: Any) -> str:
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


def _set_players(node: Node, players: int) -> None:
    node._players = players


def sample_play(game: Game, players: int, options: Mapping[str, Any], seed: int, steps: int,
                visit) -> None:
    """Play one random game (random actor among those with legal actions), calling
    ``visit(state, events)`` after the deal and after every action."""
    state = game.new_state(players, options, seed=seed)
    rng = random.Random(seed)
    visit(state, list(state.opening))
    for _ in range(steps):
        d = state.decision()
        actors = [p for p in d.actors if state.legal_actions(p)]
        if not actors:
            if isinstance(d, Race):
                visit(state, state.apply(None, d.default))
                continue
            break
        p = rng.choice(actors)
        visit(state, state.apply(p, rng.choice(state.legal_actions(p))))
