"""Authors' fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): a seat's observation written from the
state's fields without building the JSON view, equal to the generic encoding of the view
(``tests/adapters/test_direct.py``). Kept because it measured at least 1.3x the generic
path on the same replayed games (issue 24: 1.76-1.79x with the compiled writers, 1.28-1.34x
with the pure-Python ones). Go to the Store's view is the same but for its Store; there this
encoder measured 1.02-1.19x (its games are short, so is its record, and nearly every key
changes at every step), so it has none.

The view's largest part is the public record (``history``, every ask, book and stop of the
game), put in words whole by every view, while the vector holds only its length and its
last rows. The record only grows (``AskingState._apply`` appends rows and never changes
one), so the encoder keeps it in words for the game it is observing, adds the new rows,
and hands it to the window's compiled encoder."""

from __future__ import annotations

from fliptable.adapters.direct.base import DirectEncoder, faces_are_ints, pile_writer, plain

from ..asking.state import NAMES, hand_list, history_words


class AuthorsDirect(DirectEncoder):
    """Authors (``AskingState._view``): the record in words kept and extended (``_history``),
    the hand counted from the state's counts, the books put in words only when one was
    laid; every other key handed to its compiled encoder, which skips a value equal to the
    one written last."""

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

    # each fast observer's fit() opens alike on purpose: one per game, checked by its own layout
    @classmethod
    def fit(cls, observer, players):
        ch = observer.root.children
        history, hand = ch.get("history"), ch.get("hand")
        if not (plain(history, "seq") and history.window and plain(hand, "cards")):
            return None
        if not faces_are_ints(observer, NAMES):
            return None
        return super().fit(observer, players)

    def __init__(self, observer, players):
        super().__init__(observer, players)
        ch = observer.root.children
        hand = ch["hand"]
        self.hand_at, self.hand_width = hand.offset, hand.width
        self.pile = pile_writer(hand, observer.copies, observer.decksize)
        #: the record of the game last observed (the state's ``history``) and its rows in
        #: words (``history_words``), kept in step as it grows
        self.record: list | None = None
        self.words: list[list] = []

    def clear(self) -> None:
        super().clear()
        self.record, self.words = None, []

    def write(self, state, seat, out, memo):
        put = self.put
        if "game" not in memo:  # the same all game long
            put("game", state.game.id, out, seat, memo)
            put("players", self.players, out, seat, memo)
            put("seat", seat, out, seat, memo)
        over = state.is_over_now()
        small = (over, state.turn, state.successes)
        if memo.get("a:small") != small:
            memo["a:small"] = small
            put("over", over, out, seat, memo)
            put("turn", None if over else state.turn, out, seat, memo)
            put("winners", list(state.result_now()) if over else [], out, seat, memo)
            put("successes_this_turn", state.successes, out, seat, memo)
        put("hand_counts", list(map(sum, state.hands)), out, seat, memo)
        # books only grow: the same lists holding as many books are the same books
        books = state.books
        if memo.get("a:books") is not books or memo["a:nbooks"] != state.nbooks:
            memo["a:books"], memo["a:nbooks"] = books, state.nbooks
            put("scores", [len(b) for b in books], out, seat, memo)
            # written whole by its compiled encoder (put's differ for it is Python's)
            fn, _, lo, hi = self.fns["books"]
            mv = self.items[seat]
            mv[lo:hi] = self.zeros(hi - lo)
            fn([[NAMES[n] for n in b] for b in books], mv, lo, seat)
        hand = state.hands[seat]
        if memo.get("a:hand") != hand:
            memo["a:hand"] = hand[:]
            at, width = self.hand_at, self.hand_width
            mv = self.items[seat]
            mv[at : at + width] = self.zeros(width)
            self.pile(hand_list(hand), mv, at)  # in order of number: the highest last, as the view
        self._history(state.history, seat, memo)

    def _history(self, rows: list[list[int]], seat: int, memo: dict) -> None:
        """The record's sequence encoding (``Node`` kind ``seq``: its length, then its
        last ``window`` rows) by its compiled encoder, from the record in words that the
        encoder keeps for the table's current game, extended by the rows added since."""
        total = len(rows)
        last = memo.get("a:record")
        if last is not None and last[0] is rows and last[1] == total:
            return
        words = self.words
        if self.record is not rows or len(words) > total:  # another game's record
            self.record, self.words = rows, history_words(rows)
        elif len(words) < total:
            words.extend(history_words(rows[len(words) :]))
        fn, _, lo, hi = self.fns["history"]
        mv = self.items[seat]
        mv[lo:hi] = self.zeros(hi - lo)
        fn(self.words, mv, lo, seat)
        memo["a:record"] = (rows, total)


ENCODER = AuthorsDirect
