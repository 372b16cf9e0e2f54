"""Fly-swatter's fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): a seat's observation written from the
state's fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``). Kept because it measured at least 1.3x the generic
path on the same replayed games (issue 24)."""

from __future__ import annotations

import numpy as np

from fliptable.adapters.direct.base import (
    _NONE,
    COMPILED,
    DirectEncoder,
    card_list_writer,
    faces_are_ints,
    keep_block,
    nums_writer,
    pile_bringer,
    plain,
)

from .cards import COLOUR_NAME, NAME, VALUE

#: the keys of the open window (``FlyswatterState._window_json``)
_WINDOW = frozenset({"number", "trigger", "allowed", "swatting", "hands", "hands_left", "timeout_ms"})


class FlyswatterDirect(DirectEncoder):
    """Fly-swatter (``FlyswatterState._view``), written from the state's fields, each part
    only when what it shows changed. Within one game the state only moves forward, so a
    few counters say what moved since the seat last looked: a flip (``flips``: the last
    flip, removed cards, draw counts, the turn, the middle), a window opened or closed
    (``window``, ``open``: the window, the last window, won piles, counts and points, the
    middle), a swat or a ``done`` (while a window is open its hands only grow and its
    swatters only leave: the window's moving parts and the hands on the middle's flies).
    What is the same for every seat is encoded once and copied: the middle's flies (a
    block per card and place), a window as it opened, the last window's JSON, and blocks
    per seat from the viewer for the turn and the last flip. Another state (or an earlier
    ply of this one) starts the seat's vector afresh."""

    KEYS = frozenset(
        {
            "game",
            "seat",
            "players",
            "turn",
            "next",
            "over",
            "winners",
            "hands_per_player",
            "draw_counts",
            "middle",
            "window",
            "last_window",
            "last_flip",
            "won",
            "won_counts",
            "scores",
            "removed",
            "removed_unseen",
            "flips",
            "windows",
        }
    )

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        middle, won, hands = ch.get("middle"), ch.get("won"), None
        if not plain(middle, "seq") or not middle.window or not plain(middle.item, "dict"):
            return None
        item = middle.item.children
        if set(item) != {"n", "card", "colour", "value", "hands"}:
            return None
        hands = item["hands"]
        if not (plain(hands, "seq") and plain(won, "perseat") and plain(won.item, "cards")):
            return None  # an empty list of hands is all zeros only as a plain window
        for key in ("window", "last_window", "last_flip"):
            node = ch.get(key)
            if node is None or node.kinds != ["dict"] or node.flag_types != ["dict", "null"]:
                return None
        # blocks encoded for one viewer and copied for every seat: their only seats are
        # the ones written here (turn, next, the last flip's player; an opened window's
        # seats all swatting, with all their hands left)
        if set(ch["window"].children) != _WINDOW or set(ch["last_flip"].children) != {"player", "card"}:
            return None
        # the last window's only seats: its outcome's players (one plain one-hot each)
        last = ch["last_window"].children
        outcome = last.get("outcome")
        if set(last) != {"number", "trigger", "allowed", "closed_by", "outcome"} or not plain(outcome, "seq"):
            return None
        if set(outcome.item.children) != {"player", "n", "card", "result", "lost"} or not outcome.window:
            return None
        if not plain(outcome.item.children["player"], "seat") or not plain(outcome.item, "dict"):
            return None
        if not all(ch.get(k) is not None and ch[k].kinds == ["seat"] for k in ("turn", "next")):
            return None
        if ch["last_flip"].children["player"].kinds != ["seat"] or not plain(ch.get("removed"), "cards"):
            return None
        if not all(plain(ch.get(k), "num") for k in ("flips", "windows")):
            return None
        if not all(nums_writer(ch.get(k)) for k in ("draw_counts", "won_counts", "scores")):
            return None
        if not faces_are_ints(observer, NAME):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        self.differing = COMPILED.differing if COMPILED is not None else _differing
        names, ch = observer.names, observer.root.children
        copies, deck = observer.copies, observer.decksize
        middle = ch["middle"]
        item = middle.item
        self.middle = (middle.offset, item.width, middle.window, float(middle.len_scale))
        self.fly = item.compile(names)
        hands = item.children["hands"]
        self.fly_hands = (hands.offset - item.offset, hands.width, hands.compile(names), self.zeros(hands.width))
        # (card, n) -> the middle entry's block with no hand on it, shared by every seat
        # and game of this table (seat-free: hands are written over it)
        self.fly_blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_flyswatter_fly_blocks", {})
        # the middle with no hands as the encoder wrote it last: (its cards, the (card, n) of
        # each entry, the encoding)
        self.flies: tuple = (None, [], np.zeros(middle.width, dtype=np.float32).data)
        won = ch["won"]
        self.won = (won.offset, won.item.width, card_list_writer(won.item, copies, deck), self.zeros(won.item.width))
        # per-seat numbers written here, one float each: (offset, scale)
        self.draw_counts, self.won_counts, self.scores = (
            (ch[k].offset, float(ch[k].item.scale)) for k in ("draw_counts", "won_counts", "scores")
        )
        removed = ch["removed"]
        self.removed = (removed.offset, pile_bringer(removed, copies, deck))
        window = ch["window"]
        self.window = self._nullable(window)
        moving = window.children
        swatting, hands, left = moving["swatting"], moving["hands"], moving["hands_left"]
        # (offset, width, encoder, zeros of that width) of each
        self.swatting, self.hands, self.hands_left = (
            (c.offset, c.width, c.compile(names), self.zeros(c.width)) for c in (swatting, hands, left)
        )
        last = ch["last_window"]
        self.last_window = self._nullable(last)
        # (the state's last window, its JSON, in pure Python its block for the viewer 0)
        self.last_json: tuple = (None, None, None)
        # in pure Python, where the last window's outcome writes its seats: (offset of the
        # first entry's seat, entry width, entries shown); the compiled writer encodes the
        # window for each seat for less than a block and its seats moved
        outcome = last.children["outcome"]
        self.outcome_seats = None
        if COMPILED is None:
            player = outcome.item.children["player"].offset
            self.outcome_seats = (player, outcome.item.width, outcome.window)
        self.opened: tuple = (None, None, None)  # (state, its window, the window as it opened)
        self.flips, self.windows = ((ch[k].offset, float(ch[k].scale)) for k in ("flips", "windows"))
        # whose turn and who is next, as blocks: None, or the seat from the viewer
        self.turn = self._table("turn", [None, *range(players)])
        self.next = self._table("next", [None, *range(players)])
        # the last flip, (seat from the viewer, card) -> its block, per table
        self.flip_blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_flyswatter_flip_blocks", {})

    def _table(self, key: str, values: list) -> tuple[int, int, dict]:
        """(offset, width, value -> the key's block encoded for the viewer 0) of a key
        whose seats are the only thing relative to the viewer."""
        fn, _, lo, hi = self.fns[key]
        blocks = {}
        for v in values:
            block = np.zeros(hi - lo, dtype=np.float32)
            fn(v, block, 0, 0)
            blocks[v] = block.data
        return lo, hi - lo, blocks

    def _nullable(self, node) -> tuple:
        """(offset, width, offset of its null flag, zeros of its width) of a key that may be None."""
        return (node.offset, node.width, node.offset + node.flag_types.index("null"), self.zeros(node.width))

    def write(self, state, seat, out, memo):
        mv = self.items[seat]  # ``out``'s memory: one float, or a region, at a time
        if memo.get("state") is not state or memo["ply"] > state.ply:
            # another state (or this one rewound): everything written afresh
            memo.clear()
            mv[:] = self.zeros(len(out))
            memo["state"] = state
            put = self.put
            put("game", "flyswatter", out, seat, memo)
            put("seat", seat, out, seat, memo)
            put("players", self.players, out, seat, memo)
            put("hands_per_player", state.hands_max, out, seat, memo)
            put("removed_unseen", len(state.unseen), out, seat, memo)
        memo["ply"] = state.ply
        open_, number, flips = state.open, state.window, state.flips
        if memo.get("flips") != flips:  # a card turned over
            memo["flips"] = flips
            at, scale = self.flips
            mv[at] = min(1.0, flips / scale)
            lf = state.last_flip
            key = None if lf is None else ((lf[0] - seat) % self.players, lf[1])
            block = self.flip_blocks.get(key)
            if block is None:
                fn, _, lo, hi = self.fns["last_flip"]
                fresh = np.zeros(hi - lo, dtype=np.float32)
                fn(None if key is None else {"player": key[0], "card": NAME[key[1]]}, fresh, 0, 0)
                block = keep_block(self.flip_blocks, key, fresh)
            at = self.fns["last_flip"][2]
            mv[at : at + len(block)] = block
            triggers = state.triggers
            old = memo.get("removed:cards")
            if old != triggers:
                at, bring = self.removed
                bring(old, triggers, mv, at)
                memo["removed:cards"] = triggers[:]
            moved = True
        else:
            moved = False
        if memo.get("window") != (number, open_):  # a window opened or closed
            memo["window"] = (number, open_)
            at, scale = self.windows
            mv[at] = min(1.0, number / scale)
            self._windows(state, seat, mv, memo)
            closed = number - open_  # windows closed so far
            if memo.get("closed") != closed:  # flies are won and lost as a window closes
                memo["closed"] = closed
                self._won(state, seat, mv, memo)
            self._middle(state, seat, mv)
            moved = True
        elif open_:  # a swat or a ``done``: the hands and the players still swatting
            k0 = self._moving(state, seat, mv, memo)
            if k0 < len(state.hands):  # the middle's flies stay while a window is open
                self._fly_hands(state, seat, mv, k0)
        elif moved:  # a card turned over with no window open
            self._middle(state, seat, mv)
        if moved:  # a card turned over or a window closed: draw counts and the turn
            self._draws(state, seat, mv, memo)
            self._turn(state, seat, out, mv, memo)

    def _moving(self, state, seat, mv, memo) -> int:
        """An open window's moving parts: the hands laid since the seat last looked (hands
        are only added while a window is open), their seats' hands left, and the players
        still swatting. The number of hands the seat saw last."""
        hands, racing = state.hands, state.racing
        k0, r0 = memo["moving"]
        memo["moving"] = (len(hands), len(racing))
        if r0 != len(racing):
            at, width, fn, zero = self.swatting
            mv[at : at + width] = zero
            fn(racing, mv, at, seat)
        if k0 == len(hands):
            return k0
        # both written whole: one call each costs less than the entries one by one
        at, width, fn, zero = self.hands
        mv[at : at + width] = zero
        fn(hands, mv, at, seat)
        at, width, fn, zero = self.hands_left
        hands_max = state.hands_max
        mv[at : at + width] = zero
        fn([hands_max - len(pl) for pl in state.placed], mv, at, seat)
        return k0

    def _turn(self, state, seat, out, mv, memo) -> None:
        """Whose turn and who flips next; whether the game is over, and its winners."""
        ending, turn, open_ = state.ending, state.turn, state.open
        key = (turn, ending, open_)
        if memo.get("turn:src") == key:
            return
        memo["turn:src"] = key
        rel = (turn - seat) % self.players
        at, width, blocks = self.turn
        mv[at : at + width] = blocks[None if ending or open_ else rel]
        at, width, blocks = self.next
        mv[at : at + width] = blocks[None if ending else rel]
        over = ending and not open_
        if memo.get("over") is not over:
            self.put("over", over, out, seat, memo)
            self.put("winners", list(state.result().winners) if over else [], out, seat, memo)

    def _draws(self, state, seat, mv, memo) -> None:
        """The draw counts of the seats whose count changed (from the viewer)."""
        counts = list(map(len, state.draw))
        old = memo.get("draws")
        if old == counts:
            return
        memo["draws"] = counts
        n = self.players
        at, scale = self.draw_counts
        for q in range(n) if old is None else self.differing(counts, old):
            mv[at + (q - seat) % n] = min(1.0, counts[q] / scale)

    def _won(self, state, seat, mv, memo) -> None:
        """The won piles (counted from the card ints), their sizes and points, of the seats
        whose pile changed (from the viewer)."""
        won = state.won
        old = memo.get("won")
        if old == won:
            return
        memo["won"] = list(map(list.copy, won))
        n = self.players
        at, w, pile, zero = self.won
        (counts, count_scale), (scores, score_scale) = self.won_counts, self.scores
        for q in range(n) if old is None else self.differing(won, old):
            cards, rel = won[q], (q - seat) % n
            b = at + rel * w
            mv[b : b + w] = zero
            pile(cards, mv, b, cards[-1] if cards else None)
            mv[counts + rel] = min(1.0, len(cards) / count_scale)
            mv[scores + rel] = min(1.0, sum(map(VALUE.__getitem__, cards)) / score_scale)

    def _windows(self, state, seat, mv, memo) -> None:
        """The open window (written whole when it opens; null when none is open) and the
        last closed one (the state replaces its record whole when a window closes)."""
        at, width, null, zero = self.window
        if state.open:
            # the window as it opened (every seat still swatting, no hand down: the same
            # for every seat), encoded once a window; then what moved since
            got = self.opened
            if got[0] is not state or got[1] != (state.window, state.trigger, state.allowed):
                n = self.players
                opened = state._window_json()
                opened.update(swatting=list(range(n)), hands=[], hands_left=[state.hands_max] * n)
                block = np.zeros(width, dtype=np.float32)
                self.fns["window"][0](opened, block, 0, 0)
                got = self.opened = (state, (state.window, state.trigger, state.allowed), block.data)
            mv[at : at + width] = got[2]
            memo["moving"] = (0, self.players)
            self._moving(state, seat, mv, memo)
        else:
            mv[at : at + width] = zero
            mv[null] = 1.0
        last = state.last_window
        if memo.get("last_window:src", _NONE) is not last:
            memo["last_window:src"] = last
            at, width, null, zero = self.last_window
            mv[at : at + width] = zero
            if last is None:
                mv[null] = 1.0
            else:
                got = self.last_json  # built once for every seat
                if got[0] is not last:
                    json = state._last_window_json()
                    shared: memoryview | None = None
                    if self.outcome_seats is not None:  # pure Python: encoded once, for the viewer 0
                        fresh = np.zeros(width, dtype=np.float32)
                        self.fns["last_window"][0](json, fresh, 0, 0)
                        shared = fresh.data
                    got = self.last_json = (last, json, shared)
                if got[2] is None:
                    self.fns["last_window"][0](got[1], mv, at, seat)
                else:  # the viewer 0's block, its outcome's seats turned to this viewer's
                    mv[at : at + width] = got[2]
                    if seat:
                        self._outcome_seats(got[1]["outcome"], seat, mv)

    def _outcome_seats(self, outcome: list, seat: int, mv) -> None:
        """The seats of the last window's outcome entries (the block's only seats), written
        for ``seat`` over the viewer 0's: each entry's one-hot moved."""
        b, w, size = self.outcome_seats
        n = self.players
        for e in outcome[-size:]:
            p = e["player"]
            mv[b + p] = 0.0
            mv[b + (p - seat) % n] = 1.0
            b += w

    def _middle(self, state, seat, mv) -> None:
        """The middle's window encoding: its flies as every seat sees them (``_flies``,
        written once for all seats), then the hands on them."""
        flies = self._flies(state.middle)
        at = self.middle[0]
        mv[at : at + len(flies)] = flies
        if state.hands:
            self._fly_hands(state, seat, mv, 0)

    def _fly_hands(self, state, seat, mv, k0: int) -> None:
        """The hands on the middle's flies (seats from the viewer) where hands landed since
        the ``k0``-th: each such fly's list of hands rewritten."""
        middle, hands = state.middle, state.hands
        at, w, size, _ = self.middle
        m = len(middle)
        first = m - size if m > size else 0
        off, width, fn, zero = self.fly_hands
        for k in {k for _, k in hands[k0:]}:
            if k > first:
                b = at + 1 + (k - 1 - first) * w + off
                mv[b : b + width] = zero
                fn([p for p, q in hands if q == k], mv, b, seat)

    def _flies(self, middle: list[int]) -> memoryview:
        """The middle's window encoding with no hands (the same for every seat), kept up to
        date here: an entry (a block per card and place, ``fly_blocks``) rewritten only
        where its card or place changed."""
        shared = self.flies
        if shared[0] == middle:
            return shared[2]
        _, w, size, len_scale = self.middle
        m = len(middle)
        first = m - size if m > size else 0
        keys = list(zip(middle[first:], range(first + 1, m + 1), strict=True))
        written, out = shared[1], shared[2]
        blocks = self.fly_blocks
        changed = self.differing(keys, written)
        changed.extend(range(len(written), len(keys)))
        for i in changed:
            key = keys[i]
            block = blocks.get(key)
            if block is None:
                block = self._fly_block(key)
            out[1 + i * w : 1 + (i + 1) * w] = block
        if len(written) > len(keys):
            out[1 + len(keys) * w : 1 + len(written) * w] = self.zeros((len(written) - len(keys)) * w)
        out[0] = min(1.0, m / len_scale)
        self.flies = (middle[:], keys, out)
        return out

    def _fly_block(self, key: tuple) -> memoryview:
        """The block of a middle entry with no hand on it: (card, n), encoded once per table."""
        c, k = key
        fresh = np.zeros(self.middle[1], dtype=np.float32)
        self.fly({"n": k, "card": NAME[c], "colour": COLOUR_NAME[c], "value": VALUE[c], "hands": []}, fresh, 0, 0)
        return keep_block(self.fly_blocks, key, fresh)


def _differing(a, b):
    """The indices ``i`` of ``zip(a, b)``'s pairs where ``a[i] != b[i]`` (compiled: ``_writers.differing``)."""
    return [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]


#: the direct encoder the adapters use for Fly-swatter
ENCODER = FlyswatterDirect
