"""Observers: a seat's ``view`` (and its event history) as a fixed-shape float32 vector.

One generic encoder serves every game. Its layout is derived, per table (game, number
of players, options), from the *structure* of the game's views and its card table:

* the views of every seat along a few random games (fixed seeds, so the layout is the
  same in every process) are walked, and each JSON path is given an encoding from what
  was seen there (``Node``): a bool, a number (scaled), a seat (one-hot, relative to the
  viewer), a card (one-hot over the card faces), a word (one-hot over the words seen), a
  list of cards (counts per card face, hidden cards, length, last card), a list with one
  entry per seat (rotated so the viewer comes first), a list of fixed length, a sequence
  (its most recent entries), or an object (its keys, sorted);
* a path that was sometimes ``null`` (or of several types) gets one presence flag per
  type it took.

Every value lies in [-1, 1]. What the layout cannot hold at run time (a word never seen
while deriving it, a sequence longer than its window, a key never seen) is dropped,
never an error: the vector keeps its shape. ``Observer.describe()`` lists every field
(path, encoding, offset, width); ``docs/rl.md`` shows them and says how to print them.

The information-state variant (``InfoStateObserver``) adds a summary of the seat's
event history (``Event.for_player``), for games whose view forgets what the seat saw.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from fliptable.core.decision import Race
from fliptable.core.game import Game
from fliptable.core.registry import get_game

#: keys whose integer values are seats (encoded one-hot relative to the viewer)
SEAT_KEYS = frozenset({
    "seat", "turn", "dealer", "acting", "first", "next", "winner", "previous", "last_flapper",
    "player", "target", "by", "starter", "last_play", "from_player", "to", "victim", "caller",
    "claimant", "leader", "challenger",
})
#: keys whose lists of integers are sets of seats (multi-hot, relative to the viewer)
SEAT_LIST_KEYS = frozenset({"winners", "partners", "forgot", "players", "losers", "out", "team"})
#: a sequence (a list whose length varies) keeps at most its last this many entries
SEQ_WINDOW = 16
#: views sampled to derive a layout: random games, and steps per game at most
SAMPLE_GAMES = 4
SAMPLE_STEPS = 400


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
            for i, x in enumerate(v):
                if not (x is None or (isinstance(x, str) and x in names)):
                    self.list_cards_only = False
                if not (isinstance(x, int) and not isinstance(x, bool)):
                    self.list_seats_only = False
                self.item.see(x, names, players)
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
                elif len(self.lengths) == 1:
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

    def bind(self, players: int, ncards: int, copies: np.ndarray, decksize: int) -> None:
        self._players, self._ncards, self._copies, self._decksize = players, ncards, copies, decksize
        for c in self.children.values():
            c.bind(players, ncards, copies, decksize)
        for c in self.index_items:
            c.bind(players, ncards, copies, decksize)
        if self.item is not None:
            self.item.bind(players, ncards, copies, decksize)

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


_LAYOUTS: dict[tuple, "Observer"] = {}


class Observer:
    """Encodes ``view(p)`` of one table (game, players, options) into a float32 vector of
    fixed shape ``(size,)``, every value in [-1, 1]."""

    def __init__(self, game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None):
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.check_players(self.game.default_players if players is None else players)
        self.options = self.game.resolve_options(options)
        cards = self.game.cards
        self.names = {n: i for i, n in enumerate(cards.names)}
        self.ncards = len(cards)
        deck = self.game.deck(self.players, self.options)
        copies = Counter(deck)
        self.copies = np.array([max(1, copies.get(i, 0)) for i in range(self.ncards)], dtype=np.float32)
        self.decksize = max(1, len(deck))
        self.root = Node("view", "")
        self._derive()

    def _derive(self) -> None:
        players, root, names = self.players, self.root, self.names

        def visit(state, events):
            for p in range(players):
                root.see(state.view(p), names, players)
            self._see_events(state, events)

        for g in range(SAMPLE_GAMES):
            sample_play(self.game, players, self.options, 1_000_003 * (g + 1), SAMPLE_STEPS, visit)
        self._bind(root)
        root.finish(players, self.ncards)
        root.place(0)
        self.view_size = root.width
        self._finish_events()

    def _bind(self, node: Node) -> None:
        node.bind(self.players, self.ncards, self.copies, self.decksize)

    # the plain observer ignores events
    def _see_events(self, state, events) -> None:
        pass

    def _finish_events(self) -> None:
        self.size = self.view_size

    def encode_view(self, view: Mapping[str, Any], viewer: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        self.root.encode(view, out, 0, self.names, viewer)
        return out

    def observe(self, state, player: int) -> np.ndarray:
        """The vector of ``state.view(player)``."""
        return self.encode_view(state.view(player), player)

    def describe(self) -> list[tuple[str, str, int, int]]:
        """(path, encoding, offset, width) of every field."""
        return list(self.root.fields())


class InfoStateObserver(Observer):
    """The view's vector followed by a summary of the seat's event history: for every
    event type seen while deriving the layout, how many such events each seat (relative
    to the viewer; one more column for events naming no seat) caused, as tanh(count /
    10); and for every seat, the card faces named by events it caused (as this seat saw
    them: ``Event.for_player``), as tanh(count / copies in the deck). Feed it the seat's
    events with ``record`` (``reset`` for a new game)."""

    def _see_events(self, state, events) -> None:
        if not hasattr(self, "_event_types"):
            self._event_types: set[str] = set()
        for e in events:
            self._event_types.add(e.type)

    def _finish_events(self) -> None:
        self.event_types = sorted(getattr(self, "_event_types", ()))
        self.event_index = {t: i for i, t in enumerate(self.event_types)}
        self.events_offset = self.view_size
        self.cards_offset = self.events_offset + len(self.event_types) * (self.players + 1)
        self.size = self.cards_offset + self.players * self.ncards

    def new_memory(self) -> np.ndarray:
        """Raw counters of one seat's history (event types x seats, then seats x faces)."""
        return np.zeros(self.size - self.view_size, dtype=np.float32)

    def record(self, memory: np.ndarray, event: Mapping[str, Any], viewer: int) -> None:
        """Add one event, as ``viewer`` saw it, to ``memory``."""
        p = self.players
        i = self.event_index.get(event.get("type"))
        seat = event.get("player")
        rel = (seat - viewer) % p if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < p else p
        if i is not None:
            memory[i * (p + 1) + rel] += 1.0
        if rel < p:
            base = len(self.event_types) * (p + 1) + rel * self.ncards
            for c in _cards_in(event, self.names):
                memory[base + c] += 1.0

    def encode(self, view: Mapping[str, Any], memory: np.ndarray, viewer: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_view(view, viewer, out)
        k = len(self.event_types) * (self.players + 1)
        out[self.view_size:self.view_size + k] = np.tanh(memory[:k] / 10.0)
        out[self.view_size + k:] = np.tanh(memory[k:] / np.tile(self.copies, self.players))
        return out

    def describe(self) -> list[tuple[str, str, int, int]]:
        out = super().describe()
        p = self.players
        for i, t in enumerate(self.event_types):
            out.append((f"events.{t}", f"tanh(count / 10) per seat that caused it (viewer first; "
                                       f"last column: no seat)", self.events_offset + i * (p + 1), p + 1))
        for rel in range(p):
            out.append((f"events.cards[seat +{rel}]", "tanh(count / copies) per card face named by "
                                                     "that seat's events", self.cards_offset + rel * self.ncards,
                        self.ncards))
        return out


def _cards_in(event: Mapping[str, Any], names: Mapping[str, int]) -> Iterable[int]:
    for k, v in event.items():
        if k == "type":
            continue
        if isinstance(v, str):
            c = names.get(v)
            if c is not None and k in ("card", "number", "cards", "hand", "top", "face", "drawn", "took"):
                yield c
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, str):
                    c = names.get(x)
                    if c is not None:
                        yield c


def observer(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
             *, info_state: bool = False) -> Observer:
    """The (cached) observer of a table; ``info_state=True`` for ``InfoStateObserver``."""
    g = get_game(game) if isinstance(game, str) else game
    n = g.check_players(g.default_players if players is None else players)
    opts = g.resolve_options(options)
    key = (g.id, n, tuple(sorted((k, repr(v)) for k, v in opts.items())), info_state)
    obs = _LAYOUTS.get(key)
    if obs is None:
        obs = _LAYOUTS[key] = (InfoStateObserver if info_state else Observer)(g, n, opts)
    return obs
