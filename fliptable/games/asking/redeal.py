"""Determinization of the asking games (Authors, Go to the Store): re-deal every card a
player cannot see (the other hands, the Store) consistently with everything that player
has seen, each consistent deal as likely as the shuffle made it.

What a player has seen: his own hand (and the cards he drew), every hand's size, the
books, and the table's public record (``history``): who asked whom for which number and
how many cards were handed over, who drew from the Store, who laid which book and when.
Each of these says something about a hidden hand *at that moment*:

* an asker holds at least one of the number he asks for;
* a player asked hands over what he holds (Go to the Store: all of them, so "none" or
  "three" is an exact count) or, in Authors, one card if he holds any ("none" is exact,
  "one" means at least one);
* a book is laid the moment a fourth card arrives: a player who received or drew a card
  without laying a book holds at most three of every number, and a book laid says he
  held four;
* cards shown by an ask stay where they went (they move only in the open), and a player
  who said "none" holds that number again only by receiving it in the open or by
  drawing it - one card a draw.

Write ``moved[q][n]`` for the cards of ``n`` that went into ``q``'s hand in the open
(received, less given and booked). A hidden card enters a hand only by the deal or a
draw, so ``q``'s hand at any moment is ``moved`` so far plus the hidden cards that
entered it so far, and every fact above bounds how many cards of ``n`` were among the
first ``dealt + i`` hidden cards to enter ``q``'s hand (``i`` = his draws by then).

What is drawn: for every other player the multiset ``M[q]`` of hidden cards that entered
his hand (dealt and drawn), and the Store's remaining cards; the hands are then
``M + moved`` and the Store is shuffled. Every deal of the pack being equally likely, a
table ``M`` is drawn in proportion to the number of deals giving it,
``prod_n copies[n]! / prod_q M[q][n]!`` (times the Store's and the unbounded numbers'
multinomials), among the tables that satisfy

* per number, ``lo <= M[q][n] <= hi``: ``lo`` from every "held at least" fact (what he
  held then had entered by then), ``hi`` from every "held at most / exactly" fact plus
  the draws he made since, and the hand now between 0 and 3 of each number;
* one card a draw: for every moment ``t``, the cards beyond those caps from ``t`` on fit
  in the draws made after ``t``.

Authors: nothing hidden enters a hand after the deal, so these bounds *are* the record:
the deal drawn is exactly uniform among the deals consistent with everything the player
saw (the Bayesian posterior of the shuffle). Go to the Store: the bounds keep every fact
about who can hold what now - cards shown, "none" until a draw, one card a draw, no four
of a kind - but not the order in which a player's draws must have come for his earlier
asks to have been possible (e.g. that his 7 was among his first seven cards because he
asked for one before his second draw). Conditioning on that order too, by rejection, was
measured to need thousands of tries late in two-player games; the present-hands deal
costs about a millisecond.

How a table is drawn, exactly in proportion to its weight (``BoundedTable``): quick
draws first (place the ``lo`` cards, shuffle the other hidden cards into the room left,
keep the table if it is within ``hi`` and then with probability ``prod 1 / C(x, lo)``,
which turns the shuffle's weights into the table's); after ``QUICK_FIRST`` failures a
dynamic programme over the numbers (exact counts, then one exact draw) if it fits its
budget, else more quick draws. Every try keeps what it keeps with the right weight, so
the mixture is exact.
"""

from __future__ import annotations

import random
from math import comb, factorial
from typing import ClassVar, Protocol

from ...core import StateError
from ..flinch_pack.cards import series_pack, unseen_counts
from .record import ASK, BOOK, DRAW, NUMBERS


class AskingState(Protocol):
    """What the redeal reads and writes of a game's state (``state.AskingState``; declared
    here, not imported: state.py imports this module)."""

    GIVE_ALL: ClassVar[bool]
    players: int
    hands: list[list[int]]
    store: list[int]
    history: list[list[int]]

    def deal_count(self) -> int: ...
    def dealt_sizes(self) -> list[int]: ...


GE, EQ, LE = range(3)
#: tries before giving up with StateError (the real cards never stay in place); never
#: reached in the tests, which measure the tries taken (docs/rules: "Determinization")
MAX_TRIES = 1_000_000
#: quick draws before the dynamic programme is tried
QUICK_FIRST = 300
PACK = series_pack(4, 10)


class Facts:
    """What the public record says about every seat's hidden cards."""

    __slots__ = ("draws", "facts", "moved")

    def __init__(self, players: int):
        #: moved[q][n]: cards of n that entered q's hand in the open, less those that left
        self.moved = [[0] * 11 for _ in range(players)]
        self.draws = [0] * players
        #: facts[q]: (i, n, relation, value): among the first dealt+i hidden cards that
        #: entered q's hand, the count of n is >=, == or <= value
        self.facts: list[list[tuple[int, int, int, int]]] = [[] for _ in range(players)]

    def add(self, q: int, n: int, rel: int, held: int) -> None:
        """q holds ``held`` (at least / exactly / at most) cards of n now."""
        self.facts[q].append((self.draws[q], n, rel, held - self.moved[q][n]))


def read_record(history: list[list[int]], players: int, give_all: bool) -> Facts:
    """Replay the public record into facts about every seat's hidden cards."""
    f = Facts(players)
    moved = f.moved
    j, size = 0, len(history)
    dealt_books = set()
    while j < size and history[j][0] == BOOK:  # books laid from the deal itself
        dealt_books.add((history[j][1], history[j][2]))
        j += 1
    for q in range(players):
        for n in NUMBERS:
            if (q, n) in dealt_books:
                f.add(q, n, EQ, 4)
                moved[q][n] -= 4
            else:
                f.add(q, n, LE, 3)
    while j < size:
        row = history[j]
        kind = row[0]
        booked = history[j + 1] if j + 1 < size and history[j + 1][0] == BOOK else None
        if kind == ASK:
            _, a, t, n, got = row
            f.add(a, n, GE, 1)
            f.add(t, n, EQ if give_all or not got else GE, got if give_all or not got else 1)
            moved[t][n] -= got
            moved[a][n] += got
            if got:
                if booked is not None and booked[1] == a and booked[2] == n:
                    f.add(a, n, EQ, 4)
                    moved[a][n] -= 4
                    j += 1
                else:
                    f.add(a, n, LE, 3)
        elif kind == DRAW:
            q = row[1]
            f.draws[q] += 1
            if booked is not None and booked[1] == q:
                m = booked[2]
                f.add(q, m, EQ, 4)
                moved[q][m] -= 4
                j += 1
                for n in NUMBERS:
                    if n != m:
                        f.add(q, n, LE, 3)
            else:
                for n in NUMBERS:
                    f.add(q, n, LE, 3)
        j += 1
    return f


def seat_bounds(facts: Facts, q: int) -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
    """What the record allows of ``M[q]``, the hidden cards that entered seat ``q``'s
    hand (dealt and drawn): ``(lo, hi, caps)`` with ``lo[n] <= M[q][n] <= hi[n]`` and
    ``caps`` the earlier moments' upper bounds that one card a draw must respect."""
    last, moved = facts.draws[q], facts.moved[q]
    lo = [0] * 11
    hi = [0] * 11
    for n in NUMBERS:  # the hand now: 0 to 3 of each
        lo[n] = max(0, -moved[n])
        hi[n] = 3 - moved[n]
    caps = []
    for i, n, rel, value in facts.facts[q]:
        if rel != LE:  # what he held then had entered his hand by then
            lo[n] = max(lo[n], value)
        if rel != GE:  # more since then only by drawing: one card a draw
            hi[n] = min(hi[n], value + last - i)
            if i < last:
                caps.append((i, n, value))
    return lo, hi, caps


def check_record(state: AskingState) -> None:
    """ValueError unless the public record fits the cards: the Store holds what the deal
    and the draws left, and every seat's hidden cards (his hand less what moved in the
    open) are as many as he was dealt and drew and within every bound the record sets.
    The true deal then satisfies every fact any seat knows, so a re-deal exists for
    every seat (a loaded state that passes this can be determinized)."""
    facts = read_record(state.history, state.players, state.GIVE_ALL)
    if len(state.store) != len(PACK) - state.deal_count() - sum(facts.draws):
        raise ValueError(
            f"the Store holds {len(state.store)} cards, but the deal and the record's "
            f"{sum(facts.draws)} draws leave {len(PACK) - state.deal_count() - sum(facts.draws)}"
        )
    dealt = state.dealt_sizes()
    for q in range(state.players):
        entered = [0] + [state.hands[q][n] - facts.moved[q][n] for n in NUMBERS]
        lo, hi, caps = seat_bounds(facts, q)
        if (
            sum(entered) != dealt[q] + facts.draws[q]
            or any(not lo[n] <= entered[n] <= hi[n] for n in NUMBERS)
            or (caps and not _one_card_a_draw(entered, facts.draws[q], caps))
        ):
            raise ValueError(
                f"seat {q}'s hand does not fit the public record (what was asked, given, drawn and booked)"
            )


def redeal(state: AskingState, player: int | None, rng: random.Random) -> None:
    """Re-deal, in place, every card ``player`` cannot see (see the module doc).
    StateError if no consistent deal is found: the real cards never stay in place."""
    deal = sample_deal(state, player, rng)
    if deal is None:
        raise StateError(
            f"no deal of the cards hidden from {_whom(player)} fitting the public record "
            f"was found in {MAX_TRIES:,} tries"
        )
    hands, store = deal
    for q, hand in hands.items():
        state.hands[q] = hand
    state.store = store


def sample_deal(
    state: AskingState, player: int | None, rng: random.Random
) -> tuple[dict[int, list[int]], list[int]] | None:
    """``({seat: hand counts}, store)`` for every seat ``player`` cannot see, drawn
    uniformly among the consistent deals (see the module doc); None if no try succeeded."""
    players = state.players
    facts = read_record(state.history, players, state.GIVE_ALL)
    hidden = [q for q in range(players) if q != player]
    dealt = state.dealt_sizes()
    known: list[int] = []
    if player is not None:  # what entered the player's own hand: his deal and his draws
        hand, moved = state.hands[player], facts.moved[player]
        known = [n for n in NUMBERS for _ in range(hand[n] - moved[n])]
    copies = unseen_counts(PACK, known)  # hidden copies of each number
    sizes = [dealt[q] + facts.draws[q] for q in hidden] + [len(state.store)]
    if sum(sizes) != sum(copies[n] for n in NUMBERS) or any(c < 0 for c in copies):
        raise StateError(f"the cards hidden from {_whom(player)} do not fit the places hidden from them")
    lo = [[0] * 11 for _ in sizes]
    hi = [[copies[n] for n in range(11)] for _ in sizes]
    caps: list[list[tuple[int, int, int]]] = []
    for r, q in enumerate(hidden):
        seat_lo, seat_hi, mine = seat_bounds(facts, q)
        lo[r][1:] = seat_lo[1:]
        hi[r][1:] = [min(copies[n], seat_hi[n]) for n in NUMBERS]
        caps.append(mine)
    table = BoundedTable(sizes, copies, lo, hi)
    for attempt in range(MAX_TRIES):
        # quick draws first; then the programme if it is small enough, else more quick
        # draws. Every try that keeps a table keeps it with the right weight, so which
        # way a try is made (decided by the table and the try's number alone) changes
        # nothing in what comes out.
        counts = table.programme(rng) if attempt >= QUICK_FIRST and table.build() else table.quick(rng)
        if counts is not None and all(
            _one_card_a_draw(counts[r], facts.draws[q], caps[r]) for r, q in enumerate(hidden) if caps[r]
        ):
            break
    else:
        return None
    hands = {}
    for r, q in enumerate(hidden):
        moved = facts.moved[q]
        hands[q] = [0] + [counts[r][n] + moved[n] for n in NUMBERS]
    store = [n for n in NUMBERS for _ in range(counts[-1][n])]
    rng.shuffle(store)
    return hands, store


def _whom(player: int | None) -> str:
    return "a spectator" if player is None else f"seat {player}"


def _one_card_a_draw(counts: list[int], draws: int, caps: list[tuple[int, int, int]]) -> bool:
    """Whether the cards of each number beyond what a player could hold at an earlier
    moment fit in the draws made since, one card a draw (for every moment ``t``: the
    excess over the caps from ``t`` on is at most the draws after ``t``)."""
    for t in sorted({i for i, _, _ in caps}):
        cap: dict[int, int] = {}
        for i, n, value in caps:
            if i >= t and value < cap.get(n, 99):
                cap[n] = value
        if sum(max(0, counts[n] - v) for n, v in cap.items()) > draws - t:
            return False
    return True


_BITS = 7  # one field per row: a 6-bit room and a guard bit above it
_FIELD = (1 << (_BITS - 1)) - 1
_FACT = [float(factorial(i)) for i in range(64)]
#: the programme's budget (splits tried); a larger table is left to the quick draws
DP_BUDGET = 400_000


class TooBig(Exception):
    """The programme would take too long for this table."""


class BoundedTable:
    """Tables ``x[r][n]`` (rows: places with ``sizes[r]`` cards; columns: numbers with
    ``copies[n]`` hidden copies) within ``lo <= x <= hi``, drawn exactly in proportion to
    the number of ways of placing the physical cards, ``prod_n copies[n]! / prod_r
    x[r][n]!``. Two exact ways to draw one, both "accept or try again":

    * ``quick``: put the ``lo`` cards in place, shuffle the other hidden cards into the
      room left, keep the table if it is within ``hi`` and then with probability
      ``prod 1 / C(x, lo)`` (which turns the shuffle's weights into the table's). Cheap,
      and most tables pass unless many facts cut them down.
    * ``programme``: a dynamic programme over the numbers with a fact, its state the room
      left in every row (one int with a field per row and a guard bit, so that "does
      this split fit" is one subtraction); numbers without a fact are placed in closed
      form. Upper bounds of three or more (no book was laid) are left to a check after
      the draw: they rule out few tables and would make every number one to track.
      Fast with few rows, however many facts; too slow with many rows (``DP_BUDGET``).
    """

    def __init__(self, sizes: list[int], copies: list[int], lo: list[list[int]], hi: list[list[int]]):
        if max(sizes, default=0) > _FIELD:
            raise ValueError("a place holds more cards than the re-deal can count")
        self.sizes, self.copies, self.lo, self.hi = sizes, copies, lo, hi
        rows = range(len(sizes))
        # for the quick draw: the cards placed by ``lo`` and the room they leave
        self.room_left = [sizes[r] - sum(lo[r]) for r in rows]
        self.pool = [n for n in NUMBERS for _ in range(copies[n] - sum(lo[r][n] for r in rows))]
        self.lo_cells = [(r, n, lo[r][n]) for r in rows for n in NUMBERS if lo[r][n] > 0]
        self.ready: bool | None = None  # the programme: not yet built / built / too big

    # -- the quick draw ----------------------------------------------------------------------
    def quick(self, rng: random.Random) -> list[list[int]] | None:
        """One try: a table drawn with the right weight, or None (try again)."""
        pool = self.pool
        rng.shuffle(pool)
        table = [row[:] for row in self.lo]
        hi = self.hi
        at = 0
        for r, room in enumerate(self.room_left):
            row, top = table[r], hi[r]
            for n in pool[at : at + room]:
                row[n] += 1
                if row[n] > top[n]:
                    return None
            at += room
        keep = 1.0
        for r, n, low in self.lo_cells:
            keep /= comb(table[r][n], low)
        return table if keep == 1.0 or rng.random() < keep else None

    # -- the programme -------------------------------------------------------------------------
    def build(self) -> bool:
        """Prepare the programme within its budget; False if it is too big."""
        if self.ready is None:
            try:
                self._build()
                self.ready = True
            except TooBig:
                self.ready = False
        return self.ready

    def _build(self) -> None:
        sizes, copies, lo = self.sizes, self.copies, self.lo
        rows = range(len(sizes))
        self.soft_hi = [[copies[n] if h >= 3 else h for n, h in enumerate(row)] for row in self.hi]
        hi = self.soft_hi
        self.bound = [
            n for n in NUMBERS if copies[n] and any(lo[r][n] > 0 or hi[r][n] < min(copies[n], sizes[r]) for r in rows)
        ]
        self.free = [n for n in NUMBERS if copies[n] and n not in self.bound]
        self.guards = sum(1 << (_BITS * r + _BITS - 1) for r in rows)
        self.splits = [self._splits(n) for n in self.bound]
        self.memo: list[dict[int, float]] = [{} for _ in range(len(self.bound) + 1)]
        self.work = 0
        self.count(0, self._start())

    def _start(self) -> int:
        return sum(c << (_BITS * r) for r, c in enumerate(self.sizes))

    def _splits(self, n: int) -> list[tuple[int, float, tuple[int, ...]]]:
        """Every way to share the copies of ``n`` among the rows within the bounds: the
        split as a room code, its weight ``k! / prod x!``, and the split itself."""
        lo, hi, k, sizes = self.lo, self.soft_hi, self.copies[n], self.sizes
        rows = len(sizes)
        out: list[tuple[int, float, tuple[int, ...]]] = []
        x = [0] * rows

        def place(r: int, left: int) -> None:
            if r == rows - 1:
                if lo[r][n] <= left <= min(hi[r][n], sizes[r]):
                    x[r] = left
                    weight = _FACT[k]
                    for v in x:
                        weight /= _FACT[v]
                    out.append((sum(v << (_BITS * i) for i, v in enumerate(x)), weight, tuple(x)))
                return
            for v in range(lo[r][n], min(hi[r][n], sizes[r], left) + 1):
                x[r] = v
                place(r + 1, left - v)

        place(0, k)
        return out

    def _rooms(self, code: int) -> list[int]:
        return [(code >> (_BITS * r)) & _FIELD for r in range(len(self.sizes))]

    def count(self, j: int, room: int) -> float:
        """Weighted number of ways to place numbers ``bound[j:]`` and the free ones."""
        memo = self.memo[j]
        got = memo.get(room)
        if got is not None:
            return got
        if j == len(self.bound):
            rooms = self._rooms(room)
            total = _FACT[sum(rooms)]
            for c in rooms:
                total /= _FACT[c]
        else:
            splits = self.splits[j]
            self.work += len(splits)
            if self.work > DP_BUDGET:
                raise TooBig
            total = 0.0
            guards = self.guards
            with_guards = room | guards
            deeper = self.count
            for code, weight, _ in splits:
                after = with_guards - code
                if after & guards == guards:
                    total += weight * deeper(j + 1, after ^ guards)
        memo[room] = total
        return total

    def programme(self, rng: random.Random) -> list[list[int]] | None:
        """One try with the programme (it must be built): a table, or None (try again:
        the table broke an upper bound the programme left aside)."""
        room = self._start()
        if not self.count(0, room) > 0.0:  # the true deal is one, in a state that was checked
            raise StateError("no deal of the hidden cards is consistent with the public record")
        table = [[0] * 11 for _ in self.sizes]
        guards = self.guards
        for j, n in enumerate(self.bound):
            pick = rng.random() * self.count(j, room)
            # count(j, room) > 0 (checked above, and kept by every choice): a split is chosen
            chosen: tuple[tuple[int, ...], int] | None = None
            for code, weight, x in self.splits[j]:
                after = (room | guards) - code
                if after & guards == guards:
                    after ^= guards
                    w = weight * self.count(j + 1, after)
                    if w > 0.0:
                        chosen = (x, after)
                        pick -= w
                        if pick < 0.0:
                            break
            if chosen is None:
                raise StateError("no deal of the hidden cards is consistent with the public record")
            x, room = chosen
            for r, v in enumerate(x):
                table[r][n] = v
        cards = [n for n in self.free for _ in range(self.copies[n])]
        rng.shuffle(cards)
        at = 0
        for r, c in enumerate(self._rooms(room)):
            for n in cards[at : at + c]:
                table[r][n] += 1
            at += c
        if any(x > h for row, top in zip(table, self.hi, strict=True) for x, h in zip(row, top, strict=True)):
            return None
        return table
