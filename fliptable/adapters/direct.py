"""Per-game direct encoders: a seat's observation written from the state, no JSON view.

The generic path (``incremental.SeatEncoder``) builds ``state.view(seat)`` and encodes
what changed. A direct encoder writes the same vector (the same layout, derived from
the views as always) from the state's own fields: each top-level key of the view is
either a small value handed to that key's compiled encoder (a scalar, a short list), or
written by the game's own code where the generic path is slow (piles of cards counted
from the state's card ints, which are the card table's indices). Parts whose source in
the state did not change since the seat's last observation are left as they are.

A direct encoder knows its game's view (which state fields make which key), so it is
checked against the generic encoding over random games (``tests/adapters/test_direct.py``)
and used only for a layout whose structure it knows (``fit``); else the generic path.
``DIRECT`` lists the games that have one.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .incremental import SeatEncoder, top_keys
from .observation import Observer


class DirectEncoder:
    """A seat's view vector written from the state (``SeatEncoder``'s interface)."""

    #: the view's top-level keys this encoder writes (a layout with another key: not fit)
    KEYS: frozenset[str] = frozenset()

    def __init__(self, observer: Observer, players: int):
        self.observer = observer
        self.players = players
        self.fns = {k: (fn, lo, hi) for k, fn, diff, lo, hi in top_keys(observer)}
        self.vectors = [np.zeros(observer.view_size, dtype=np.float32) for _ in range(players)]
        self.states: list[Any] = [None] * players
        self.plies = [-1] * players
        self.memo: list[dict] = [{} for _ in range(players)]

    @classmethod
    def fit(cls, observer: Observer, players: int) -> "DirectEncoder | None":
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
        """Write ``value`` as the view's ``key`` (skipped when it is the value written last)."""
        got = self.fns.get(key)
        if got is None:
            return
        last = memo.get(key, _NONE)
        if last is not _NONE and type(last) is type(value) and last == value:
            return
        fn, lo, hi = got
        out[lo:hi] = 0.0
        fn(value, out, lo, seat)
        memo[key] = value

    def write(self, state, seat: int, out: np.ndarray, memo: dict) -> None:
        raise NotImplementedError


_NONE = object()


def pile_writer(node, copies, decksize: int) -> Callable:
    """``f(cards, out, b)``: a list of card ints (the card table's indices, none hidden)
    written as the layout's card-list encoding (``Node`` kind ``cards``) of their names,
    into a zero region."""
    n = node._ncards
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


class Flip7Direct(DirectEncoder):
    """Flip 7 (``Flip7State._view``): the seats' cards and the discard pile counted from
    the state's card ints, every other key handed to its compiled encoder."""

    KEYS = frozenset({"game", "seat", "players", "round", "dealer", "turn", "choice", "seats", "scores",
                      "draw_count", "discard", "flip_three", "last_round", "over", "winners", "options"})

    @classmethod
    def fit(cls, observer, players):
        root = observer.root
        seats = root.children.get("seats")
        discard = root.children.get("discard")
        if seats is None or seats.kinds != ["perseat"] or seats.flag_types:
            return None
        item = seats.item
        if item.kinds != ["dict"] or item.flag_types or "cards" not in item.children:
            return None
        cards = item.children["cards"]
        if cards.kinds != ["cards"] or cards.flag_types:
            return None
        if discard is not None and (discard.kinds != ["cards"] or discard.flag_types):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.games.flip7.state import NAMES, STATUS_NAMES
        assert all(observer.names[NAMES[c]] == c for c in range(len(NAMES))), "card ints are the faces"
        self.status_names = STATUS_NAMES
        root = observer.root
        seats = root.children["seats"]
        item = seats.item
        self.seats_at = seats.offset
        self.seat_width = item.width
        cards = item.children["cards"]
        self.seat_pile = pile_writer(cards, observer.copies, observer.decksize)
        self.seat_cards_at = cards.offset - item.offset
        self.seat_parts = []        # (view key, compiled encoder, offset in the entry)
        for k in ("round_score", "second_chance", "status", "total"):
            child = item.children.get(k)
            if child is not None and child.width:
                self.seat_parts.append((k, child.compile(observer.names), child.offset - item.offset))
        discard = root.children.get("discard")
        self.discard = None if discard is None else (discard.offset, discard.width,
                                                     pile_writer(discard, observer.copies, observer.decksize))
        self.options = None

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        over = state.over
        if "game" not in memo:                          # the same all game long
            put("game", "flip7", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("options", dict(state.options), out, seat, memo)
        put("round", state.round_no, out, seat, memo)
        put("dealer", state.dealer, out, seat, memo)
        put("turn", None if over else (state.chooser if state.choice is not None else state.last), out, seat, memo)
        choice = None
        if state.choice is not None:
            choice = {"kind": state.choice, "player": state.chooser, "card": _NAMES_OF[state.choice_card]}
        put("choice", choice, out, seat, memo)
        put("scores", state.totals[:], out, seat, memo)
        put("draw_count", len(state.draw), out, seat, memo)
        put("last_round", None if state.last_round is None else state.last_round[:], out, seat, memo)
        put("flip_three", [{"player": state.job_player[i], "left": state.job_left[i],
                            "set_aside": [_NAMES_OF[c] for c in state.job_aside[i]]}
                           for i in range(len(state.job_player))], out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result().winners) if over else [], out, seat, memo)
        # the discard pile, counted from the card ints
        if self.discard is not None:
            at, width, pile = self.discard
            if memo.get("discard") != state.discard:
                out[at:at + width] = 0.0
                pile(state.discard, out, at)
                memo["discard"] = state.discard[:]
        # the seats, the viewer's first; an entry rewritten only when its seat changed
        tableau, status, totals, second = state.tableau, state.status, state.totals, state.has_second
        names = self.status_names
        w = self.seat_width
        last = memo.get("seats")
        if last is None:
            last = memo["seats"] = [None] * n
        for rel in range(n):
            p = (seat + rel) % n
            key = (tableau[p][:], status[p], totals[p], second[p])
            if last[rel] == key:
                continue
            last[rel] = key
            b = self.seats_at + rel * w
            out[b:b + w] = 0.0
            self.seat_pile(tableau[p], out, b + self.seat_cards_at)
            for k, fn, off in self.seat_parts:
                if k == "round_score":
                    fn(state.round_score(p), out, b + off, seat)
                elif k == "second_chance":
                    fn(second[p], out, b + off, seat)
                elif k == "status":
                    fn(names[status[p]], out, b + off, seat)
                else:
                    fn(totals[p], out, b + off, seat)


def card_list_writer(node, copies, decksize: int) -> Callable:
    """``f(cards, out, b, last)``: a list of card ints, negative for a hidden card (a
    ``null`` in the view), written as the layout's card-list encoding, into a zero
    region; ``last`` is the face of the view list's last entry (None: hidden or empty)."""
    n = node._ncards
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


def _json_copy(value):
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_copy(v) for v in value]
    return value


class FlushDirect(DirectEncoder):
    """Flush (``Views._view``): the hand, the pile, the discard pile, every base and the
    cards each seat knows in other hands counted from the state's card ints (a sorted
    list's last card is the highest by ``card_order``); a part rewritten only when its
    cards (and knowledge) changed; every other key handed to its compiled encoder."""

    KEYS = frozenset({"game", "seat", "players", "mode", "round", "rounds", "turn", "phase", "first",
                      "previous", "mimic", "indicator", "pile", "pile_as", "run", "declared", "hand_counts",
                      "card_counts", "known", "bases", "draw_count", "discard", "scores", "playing",
                      "last_round", "over", "winners", "limit", "hand"})

    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        for k in ("hand", "pile", "discard"):
            if k not in ch or ch[k].kinds != ["cards"] or ch[k].flag_types:
                return None
        bases, known = ch.get("bases"), ch.get("known")
        if bases is None or bases.kinds != ["perseat"] or bases.flag_types or bases.item.kinds != ["cards"] \
                or bases.item.flag_types:
            return None
        if known is None or known.kinds != ["perseat"] or known.flag_types or known.item.kinds != ["cards"] \
                or known.item.flag_types != ["list", "null"]:
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.core.knowledge import knows
        from fliptable.games.flush.cards import NAMES, card_order
        from fliptable.games.flush.tables import BLIND, KINDS, PHASES, PICK, total_rounds
        assert all(observer.names[NAMES[c]] == c for c in range(len(NAMES))), "card ints are the faces"
        self.NAMES, self.KINDS, self.PHASES, self.PICK, self.BLIND = NAMES, KINDS, PHASES, PICK, BLIND
        self.knows = knows
        self.rank = [card_order(name) for name in NAMES]
        ch = observer.root.children
        copies, deck = observer.copies, observer.decksize
        self.lists = {k: (ch[k].offset, ch[k].width, card_list_writer(ch[k], copies, deck))
                      for k in ("hand", "pile", "discard")}
        bases, known = ch["bases"], ch["known"]
        self.bases = (bases.offset, bases.item.width, card_list_writer(bases.item, copies, deck))
        self.known = (known.offset, known.item.width, card_list_writer(known.item, copies, deck))
        self.rounds = total_rounds

    def _sorted_last(self, cards):
        rank = self.rank
        return max(cards, key=rank.__getitem__) if cards else None

    def write(self, state, seat, out, memo):
        n = self.players
        put = self.put
        NAMES = self.NAMES
        over = state.over
        options = state.options
        if "game" not in memo:                          # the same all game long
            put("game", "flush", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", n, out, seat, memo)
            put("mode", options["mode"], out, seat, memo)
            put("rounds", self.rounds(options), out, seat, memo)
            if options["mode"] == "elimination":
                put("limit", options["limit"], out, seat, memo)
        phase = state.phase
        put("round", state.round_no, out, seat, memo)
        put("turn", None if over else state.turn, out, seat, memo)
        put("phase", "over" if over else self.PHASES[phase], out, seat, memo)
        put("first", state.first, out, seat, memo)
        put("previous", state.previous, out, seat, memo)
        put("mimic", state.mimic or None, out, seat, memo)
        put("indicator", NAMES[state.indicator], out, seat, memo)
        put("pile_as", list(state.pile_as), out, seat, memo)
        put("run", ({"value": state.run_value, "count": state.run_count, "links": state.run_links,
                     "last_play": state.top_count} if state.pile else None), out, seat, memo)
        declared = None
        if phase in (self.PICK, self.BLIND) and not over:
            declared = {"player": state.turn, "kind": self.KINDS[state.decl_kind] if phase == self.PICK else None,
                        "value": state.decl_value or None,
                        "count": state.decl_count if phase == self.PICK else None,
                        "laid": [NAMES[c] for c in state.laid], "from": list(state.laid_from)}
        put("declared", declared, out, seat, memo)
        put("hand_counts", [len(h) for h in state.hands], out, seat, memo)
        put("card_counts", [state.hand_cards(q) for q in range(n)], out, seat, memo)
        put("draw_count", len(state.unused), out, seat, memo)
        put("scores", list(state.totals), out, seat, memo)
        put("playing", [not state.out_round[q] for q in range(n)], out, seat, memo)
        last_round = state.last_round
        if memo.get("last_round", _NONE) != last_round:
            put("last_round", _json_copy(last_round), out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result().winners) if over else [], out, seat, memo)
        # card lists, counted from the card ints
        for key, cards, sort in (("hand", state.hands[seat], True), ("pile", state.pile, False),
                                 ("discard", state.discard, False)):
            mkey = "cards:" + key
            if memo.get(mkey) == cards:
                continue
            at, width, write = self.lists[key]
            out[at:at + width] = 0.0
            write(cards, out, at, (self._sorted_last(cards) if sort else cards[-1]) if cards else None)
            memo[mkey] = cards[:]
        at, w, write = self.bases
        last = memo.setdefault("bases", [_NONE] * n)
        for rel in range(n):
            tops = state.tops[(seat + rel) % n]
            if last[rel] is not _NONE and last[rel] == tops:
                continue
            last[rel] = tops[:]
            b = at + rel * w
            out[b:b + w] = 0.0
            write(tops, out, b, tops[-1] if tops and tops[-1] >= 0 else None)
        at, w, write = self.known
        last = memo.setdefault("known", [_NONE] * n)
        knows = self.knows
        for rel in range(n):
            q = (seat + rel) % n
            if q == seat:
                key = None
            else:
                key = [c for c, mask in zip(state.hands[q], state.known[q]) if knows(mask, seat)]
            if last[rel] is not _NONE and last[rel] == key:
                continue
            last[rel] = key
            b = at + rel * w
            out[b:b + w] = 0.0
            if key is None:
                out[b + 1] = 1.0                 # presence flag: null
            else:
                out[b] = 1.0                     # presence flag: list
                write(key, out, b + 2, self._sorted_last(key))


def _flip7_names():
    from fliptable.games.flip7.state import NAMES
    return NAMES


_NAMES_OF = _flip7_names()

#: game id -> its direct encoder
DIRECT: dict[str, type[DirectEncoder]] = {"flip7": Flip7Direct, "flush": FlushDirect}


def seat_encoder(observer: Observer, players: int):
    """The game's direct encoder when it has one that fits this layout, else ``SeatEncoder``."""
    cls = DIRECT.get(observer.game.id)
    if cls is not None:
        enc = cls.fit(observer, players)
        if enc is not None:
            return enc
    return SeatEncoder(observer, players)
