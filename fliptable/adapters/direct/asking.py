"""The direct encoder of the asking games, Authors and Go to the Store (``AskingState._view``)."""
from __future__ import annotations

import numpy as np

from .base import DirectEncoder, keep_block


class AskingDirect(DirectEncoder):
    """Authors and Go to the Store: the public record (``history``, every ask, draw, book
    and stop of the game) is the view's largest part and only grows, so only its rows
    added since the seat's last observation are written (each row put in words by
    ``history_words`` and encoded once per table and viewer, then copied), the sequence's
    window shifted; every other key is handed to its compiled
    encoder when its value changed."""

    KEYS = frozenset({"game", "players", "seat", "turn", "over", "winners", "scores", "hand_counts", "books",
                      "history", "successes_this_turn", "hand", "draw_count"})

    @classmethod
    def fit(cls, observer, players):
        history = observer.root.children.get("history")
        if history is None or history.kinds != ["seq"] or history.flag_types or not history.window:
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        from fliptable.games.authors.asking import BOOKS, MAX_DECISIONS, NAMES, hand_names, history_words
        from fliptable.games.authors.record import NUMBERS
        self.NAMES, self.BOOKS, self.MAX_DECISIONS = NAMES, BOOKS, MAX_DECISIONS
        self.hand_names, self.history_words = hand_names, history_words
        node = observer.root.children["history"]
        self.h_at = node.offset
        self.h_window = node.window
        self.h_width = node.item.width
        self.h_scale = float(node.len_scale)
        self.h_item = node.item.compile(observer.names)
        # the hand (counts per number) written as its card-list encoding, number by number
        node = observer.root.children.get("hand")
        self.hand = None
        if node is not None and node.kinds == ["cards"] and not node.flag_types:
            at, n = node.offset, node._ncards
            faces = [0] * (max(NUMBERS) + 1)
            for k in NUMBERS:
                faces[k] = observer.names.get(NAMES[k], -1)
            if min(faces[k] for k in NUMBERS) >= 0:
                self.hand = (at, at + n + 1, at + n + 2, faces, [float(c) for c in node._copies],
                             float(node._decksize), NUMBERS)
        # (record row, viewer) -> its encoded block (a memoryview), shared by every game of this table
        self.blocks: dict[tuple, memoryview] = observer.__dict__.setdefault("_record_blocks", {})

    def write(self, state, seat, out, memo):
        put = self.put
        over = state.nbooks == self.BOOKS or state.ply >= self.MAX_DECISIONS
        if "game" not in memo:                          # the same all game long
            put("game", state.game.id, out, seat, memo)
            put("players", state.players, out, seat, memo)
            put("seat", seat, out, seat, memo)
        put("turn", None if over else state.turn, out, seat, memo)
        put("over", over, out, seat, memo)
        put("winners", list(state.result_now()) if over else [], out, seat, memo)
        put("scores", [len(b) for b in state.books], out, seat, memo)
        put("hand_counts", [sum(h) for h in state.hands], out, seat, memo)
        books = state.books
        if memo.get("books_src") != books:
            put("books", [[self.NAMES[n] for n in b] for b in books], out, seat, memo)
            memo["books_src"] = [b[:] for b in books]
        put("successes_this_turn", state.successes, out, seat, memo)
        hand = state.hands[seat]
        last = memo.get("hand_src")
        if last != hand:
            if self.hand is None:
                put("hand", self.hand_names(hand), out, seat, memo)
            else:
                self._hand(hand, last, self.items[seat])      # item by item: the memoryview
            memo["hand_src"] = hand[:]
        if state.HAS_STORE:
            put("draw_count", len(state.store), out, seat, memo)
        self._history(state.history, out, seat, memo)

    def _hand(self, hand, last, out) -> None:
        """The hand's card-list encoding (count per face / copies, no hidden card, length /
        deck, one-hot of the last card: ``hand_names`` lists the numbers in order, so the
        highest held) brought from ``last`` (the counts written before, None: a zero region)
        to ``hand``, only the numbers whose count changed rewritten."""
        at, length_at, last_at, faces, copies, deck, numbers = self.hand
        top = old_top = 0
        for k in numbers:
            c = hand[k]
            if c:
                top = k
            was = last[k] if last is not None else 0
            if was:
                old_top = k
            if c != was:
                f = faces[k]
                out[at + f] = c / copies[f]
        out[length_at] = min(1.0, sum(hand) / deck)
        if top != old_top:
            if old_top:
                out[last_at + faces[old_top]] = 0.0
            if top:
                out[last_at + faces[top]] = 1.0

    def _history(self, rows, out, seat, memo) -> None:
        """The record's sequence encoding (``Node`` kind ``seq``): its length, then its
        last ``window`` entries, oldest first (through the seat's memoryview: a region
        moved or cleared at a fraction of NumPy's cost, overlaps handled by memmove)."""
        total = len(rows)
        done = memo.get("history", -1)
        if total == done:
            return
        b, window, w = self.h_at, self.h_window, self.h_width
        mv = self.items[seat]
        lo = b + 1
        grown = total - done
        if done < 0 or grown < 0 or grown >= window:     # the whole window afresh
            mv[b:lo + window * w] = self.zeros(1 + window * w)
            tail = min(total, window)
            for i, row in enumerate(rows[total - tail:]):
                self._entry(row, mv, lo + i * w, seat)
        else:
            before, after = min(done, window), min(total, window)
            keep = after - grown                            # old entries still in the window
            if keep > 0:
                mv[lo:lo + keep * w] = mv[lo + (before - keep) * w:lo + before * w]
            mv[lo + keep * w:lo + after * w] = self.zeros((after - keep) * w)
            for i, row in enumerate(rows[done:], keep):
                self._entry(row, mv, lo + i * w, seat)
        mv[b] = min(1.0, total / self.h_scale)
        memo["history"] = total

    def _entry(self, row, mv, at, seat) -> None:
        """One record row (the state's ints) into its block: put in words and encoded once
        per row and viewer, then copied (rows repeat: the same ask, draw or book recurs all
        game long)."""
        key = (tuple(row), seat)
        block = self.blocks.get(key)
        if block is None:
            scratch = np.zeros(self.h_width, dtype=np.float32)
            self.h_item(self.history_words([row])[0], scratch, 0, seat)
            block = keep_block(self.blocks, key, scratch)
        mv[at:at + self.h_width] = block
