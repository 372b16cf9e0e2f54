"""The asking games' fast path for the RL adapters (``AskingDirect``; each game's
``fastobs.ENCODER`` is its subclass, found by ``core.schema.game_module``; only the
adapters import it, and it needs NumPy): a seat's observation written from the state's
fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``).

The view's largest part is the public record (``history``: every ask, draw, book and
stop of the game), put in words whole by every view, while the vector holds only its
length and its last ``window`` rows, each row's floats fixed by the row and the seat
observing (seats are written relative to the viewer). The record only grows
(``AskingState._apply`` appends rows and never changes one), so the encoder keeps, per
seat, the floats of the last ``window`` rows of the record it saw last, one block of
bytes in window order: a new row's floats are appended (each row's encoded once per
viewer, by the layout's own encoder, then looked up), the oldest dropped, and the block
copied into the vector whole."""

from __future__ import annotations

import weakref
from typing import Any, ClassVar

import numpy as np

from fliptable.adapters.direct.base import COMPILED, DirectEncoder, faces_are_ints, nums_writer, plain

from .record import NUMBERS
from .state import NAMES, history_words

#: a layout's cache of encoded record rows is emptied when it holds this many
ROWS = 65536
#: each layout's encoded record rows, (row's ints..., viewer) -> the row's floats as bytes
#: (``AskingDirect._row``), shared by its encoders (a bench builds one for every game)
_ROWS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class AskingDirect(DirectEncoder):
    """An asking game (``AskingState._view``): the record's window kept per seat as bytes
    (``_history``); the hand (``_hand``), the books (``_books``) and the per-seat counts
    (``_counts``) written only where they changed since the seat's last write, from the
    state's ints; the turn, and once over the winners, by their layout's encoders when
    they change. A subclass names the view's keys (``KEYS``: Go to the Store's has its
    Store's count, a plain number, ``NUM``)."""

    KEYS = frozenset(
        {
            "game",
            "players",
            "seat",
            "turn",
            "over",
            "winners",
            "scores",
            "hand_counts",
            "books",
            "history",
            "successes_this_turn",
            "hand",
        }
    )

    #: the view's plain numbers the encoder writes itself: each seat's (``perseat``) or one
    NUMS: ClassVar[tuple[str, ...]] = ("hand_counts", "scores")
    NUM: ClassVar[tuple[str, ...]] = ("successes_this_turn",)

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        history, hand = ch.get("history"), ch.get("hand")
        if not (plain(history, "seq") and history.window and plain(hand, "cards")):
            return None
        books = ch.get("books")
        if not (plain(books, "perseat") and plain(books.item, "cards") and books.width == players * books.item.width):
            return None
        if not faces_are_ints(observer, NAMES):
            return None
        if not all(nums_writer(ch.get(k)) and ch[k].width == players for k in cls.NUMS):
            return None
        if not all(plain(ch.get(k), "num") for k in cls.NUM):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        ch = observer.root.children
        hand = ch["hand"]
        #: the hand's card-list encoding (``Node`` kind ``cards``): each face's count /
        #: its copies (``counted[n][k]``: k of number n), the hidden count (none), the size /
        #: the deck, the last card's face (the highest number: the view's hand is in order)
        self.hand_at, n = hand.offset, hand._ncards
        self.size_at, self.top_at = hand.offset + n + 1, hand.offset + n + 2
        self.deck = float(observer.decksize)
        self.counted = [[k / float(c) for k in range(5)] for c in observer.copies[:11]]
        books = ch["books"].item
        #: each seat's books: a card-list encoding of ``books_width`` floats, its size and
        #: last card's face at ``books_size`` and ``books_top`` from its start
        self.books_at, self.books_width = ch["books"].offset, books.width
        self.books_size, self.books_top = books._ncards + 1, books._ncards + 2
        #: (offset, scale) of the plain numbers written here
        self.nums = {k: (ch[k].offset, float(ch[k].item.scale)) for k in self.NUMS}
        self.nums.update({k: (ch[k].offset, float(ch[k].scale)) for k in self.NUM})
        history = ch["history"]
        #: the record's place: its length's float, then ``window`` rows of ``row`` floats
        self.length_at, self.len_scale = history.offset, float(history.len_scale)
        self.row, self.window = history.item.width, history.window
        #: the window's bytes in the vector, and as a byte view of each seat's vector
        self.window_at = 4 * (history.offset + 1)
        self.window_bytes = 4 * self.row * self.window
        self.bytes = [mv.cast("B") for mv in self.items]
        self.blank = bytes(self.window_bytes)
        self.rows: dict[tuple, bytes] = _ROWS.setdefault(observer, {})
        self.scratch = np.zeros(observer.view_size, dtype=np.float32)  # zero: ``_row`` writes a row there
        if COMPILED is not None:  # the window written by its compiled encoder (``_history_words``)
            self._history = self._history_words
        self._records()

    def _records(self) -> None:
        #: per seat: the record last written there (the state's ``history``), how many of
        #: its rows, and the bytes of the last ``window`` of them in window order
        self.record: list[list | None] = [None] * self.players
        self.seen = [0] * self.players
        self.tail = [bytearray() for _ in range(self.players)]
        #: with the compiled writers: the record last written in words (``_history_words``)
        self.words: list[list] = []
        self.words_of: list | None = None

    def clear(self) -> None:
        super().clear()
        self._records()

    def write(self, state, seat, out, memo):
        mv = self.items[seat]
        if "game" not in memo:  # the same all game long
            put = self.put
            put("game", state.game.id, out, seat, memo)
            put("players", self.players, out, seat, memo)
            put("seat", seat, out, seat, memo)
        over = state.is_over_now()
        # whose turn, or once over who won: over, winners and turn change together
        mark = state.result_now() if over else state.turn
        if memo.get("a:turn", -1) != mark:
            memo["a:turn"] = mark
            self._key("turn", None if over else mark, mv, seat)
            if over or memo.get("a:over"):
                self._key("over", over, mv, seat)
                self._key("winners", list(mark) if over else [], mv, seat)
            memo["a:over"] = over
        self._num("successes_this_turn", state.successes, mv)
        self._counts("hand_counts", list(map(sum, state.hands)), mv, seat, memo)
        # books only grow: the same lists holding as many books are the same books
        books = state.books
        if memo.get("a:books") is not books or memo["a:nbooks"] != state.nbooks:
            self._books(books, mv, seat, memo)
            memo["a:books"], memo["a:nbooks"] = books, state.nbooks
        self._hand(state.hands[seat], mv, memo)
        self._history(state.history, seat, mv)
        self._more(state, seat, mv, memo)

    def _key(self, key: str, value, mv: Any, seat: int) -> None:
        """The view's ``key`` cleared and written whole by the layout's encoder."""
        fn, _, lo, hi = self.fns[key]
        mv[lo:hi] = self.zeros(hi - lo)
        fn(value, mv, lo, seat)

    def _num(self, key: str, value: int, mv: Any) -> None:
        """A plain number (``value / scale``, at most 1: the view's are never negative)."""
        at, scale = self.nums[key]
        x = value / scale
        mv[at] = 1.0 if x > 1.0 else x

    def _counts(self, key: str, counts: list[int], mv: Any, seat: int, memo: dict) -> None:
        """A per-seat list of plain numbers (seats from the viewer, ``value / scale``),
        written only where it changed since the seat's last write."""
        last = memo.get(key)
        if last == counts:
            return
        at, scale = self.nums[key]
        n = self.players
        for p, c in enumerate(counts):
            if last is None or last[p] != c:
                x = c / scale
                mv[at + (p - seat) % n] = 1.0 if x > 1.0 else x
        memo[key] = counts

    def _books(self, books: list[list[int]], mv: Any, seat: int, memo: dict) -> None:
        """Each seat's books (a card list, in the order made) and their count: the books of
        the state last written grown by the books laid since (the rest as they are), or
        another state's written whole."""
        old = memo.get("scores")
        self._counts("scores", [len(b) for b in books], mv, seat, memo)
        if memo.get("a:books") is not books or old is None:
            self._key("books", [[NAMES[n] for n in b] for b in books], mv, seat)
            return
        counted, width, n = self.counted, self.books_width, self.players
        for p, b in enumerate(books):
            k = old[p]
            if len(b) == k:
                continue
            at = self.books_at + (p - seat) % n * width
            for x in b[k:]:
                mv[at + x] = counted[x][b.count(x)]
            x = len(b) / self.deck
            mv[self.books_size + at] = 1.0 if x > 1.0 else x
            if k:
                mv[self.books_top + at + b[k - 1]] = 0.0
            mv[self.books_top + at + b[-1]] = 1.0

    def _hand(self, hand: list[int], mv: Any, memo: dict) -> None:
        """The seat's hand (its counts of each number) as the card-list encoding of its
        cards in order of number, written only where it changed since the seat's last write."""
        last = memo.get("a:hand")
        if last == hand:
            return
        at, counted = self.hand_at, self.counted
        if last is None:
            last = [0] * 11
        for n in NUMBERS:
            k = hand[n]
            if k != last[n]:
                mv[at + n] = counted[n][k]
        x = sum(hand) / self.deck
        mv[self.size_at] = 1.0 if x > 1.0 else x
        top, old = _top(hand), _top(last)
        if top != old:
            if old:
                mv[self.top_at + old] = 0.0
            if top:
                mv[self.top_at + top] = 1.0
        memo["a:hand"] = hand[:]

    def _more(self, state, seat: int, mv: Any, memo: dict) -> None:
        """The keys of a subclass's view beyond the asking games' own."""

    def _history(self, rows: list[list[int]], seat: int, mv: Any) -> None:
        """The record's sequence encoding (``Node`` kind ``seq``: its length, then its
        last ``window`` rows, oldest first, the rest zero) from the seat's bytes of the
        record's last rows, extended by the rows added since it was written."""
        total = len(rows)
        seen = self.seen[seat]
        if self.record[seat] is rows and seen == total:
            return
        tail = self.tail[seat]
        if self.record[seat] is not rows or seen > total:  # another game's record
            self.record[seat] = rows
            seen = 0
            del tail[:]
        window, cache = self.window, self.rows
        for i in range(max(seen, total - window), total):
            row = rows[i]
            got = cache.get((*row, seat))
            tail += got if got is not None else self._row(row, seat)
        keep = self.window_bytes
        if len(tail) > keep:
            del tail[: len(tail) - keep]
        self.seen[seat] = total
        x = total / self.len_scale
        mv[self.length_at] = 1.0 if x > 1.0 else x
        at, raw = self.window_at, self.bytes[seat]
        n = len(tail)
        raw[at : at + n] = tail
        if n < keep:
            raw[at + n : at + keep] = self.blank[n:]

    def _history_words(self, rows: list[list[int]], seat: int, mv: Any) -> None:
        """``_history`` with the compiled writers, where encoding the whole window from
        the record in words costs less than the bytes kept in Python: the record kept in
        words (for the game observed last) and extended by its new rows."""
        total = len(rows)
        if self.record[seat] is rows and self.seen[seat] == total:
            return
        words = self.words
        if self.words_of is not rows or len(words) > total:  # another game's record
            self.words_of, self.words = rows, history_words(rows)
        elif len(words) < total:
            words.extend(history_words(rows[len(words) :]))
        fn, _, lo, hi = self.fns["history"]
        mv[lo:hi] = self.zeros(hi - lo)
        fn(self.words, mv, lo, seat)
        self.record[seat], self.seen[seat] = rows, total

    def _row(self, row: list[int], seat: int) -> bytes:
        """The floats of one record row seen by ``seat``, as bytes: written alone by the
        record's own encoder into a zero vector (so the same floats as the generic path),
        cut out, and kept."""
        fn, _, lo, hi = self.fns["history"]
        scratch = self.scratch
        fn(history_words([row]), scratch.data, lo, seat)
        got = scratch[lo + 1 : lo + 1 + self.row].tobytes()
        scratch[lo:hi] = 0.0
        if len(self.rows) >= ROWS:
            self.rows.clear()
        self.rows[(*row, seat)] = got
        return got


def _top(hand: list[int]) -> int:
    """The highest number held (0: none)."""
    for n in range(10, 0, -1):
        if hand[n]:
            return n
    return 0
