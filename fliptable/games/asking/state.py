"""The asking games: Authors and Go to the Store (flinch.md "Authors", "Go to the
Store"). In both a player asks another for cards of a number he holds ("He asks any
other player for one card", "Give me all of your 5's") and lays down "books" of four;
the most books wins. This module is the rules they share: hands, asking, books, the
public record of the table. The declared record they share is
``game.py`` (``AskingGame``); neither game's package is imported here.

Hands are count vectors (``hands[p][n]`` = how many ``n`` seat ``p`` holds): cards of
one number are interchangeable, so this is exact and makes asking O(1). A subclass sets
``GIVE_ALL`` (Store: all cards of the number; Authors: one), ``HAS_STORE`` and
``MAY_STOP`` and the rule names used in messages.

``history`` is what the whole table has seen, in order, one row of ints per thing:
``[ASK, asker, target, number, given]``, ``[DRAW, seat, why]`` (the card is seen only by
the drawer), ``[BOOK, seat, number]``, ``[STOP, seat]``. Views show it in words; bots
and the re-deal (``redeal.py``) read it; the row codes are in ``record.py``.

Notation: ``ask:S:N`` asks seat ``S`` (0-based) for number ``N`` (1-10);
``stop`` ends the turn after a successful ask (Authors only).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import Event, Over, Result, State, ranks_from_keys
from ...core.decision import turn as turn_of
from ..flinch_pack.cards import CARDS
from .record import ASK, BOOK, DRAW, KIND_WORDS, NUMBERS, ROW_SIZE, STOP
from .redeal import check_record, redeal

BOOKS = 10  # four series of 1-10: ten books in all
MAX_SEATS = 10
NAMES = CARDS.names
#: a game that reaches this many decisions ends there, books as they stand decide
#: (docs/rules: "The decision cap"); random play's longest game is far shorter
MAX_DECISIONS = 2000

#: ASK_TEXT[t][n] is the canonical text of "ask seat t for n" (precomputed: legal_actions is hot)
ASK_TEXT = [[""] + [f"ask:{t}:{n}" for n in NUMBERS] for t in range(MAX_SEATS)]
PARSE = {a: (t, n) for t in range(MAX_SEATS) for n in NUMBERS for a in (ASK_TEXT[t][n],)}
_OVER = Over()


def history_words(history: list[list[int]]) -> list[list]:
    """The table's record as a view shows it: ``["ask", asker, target, "5", given]``,
    ``["draw", seat]``, ``["book", seat, "5"]``, ``["stop", seat]``."""
    out: list[list] = []
    for row in history:
        kind = row[0]
        if kind == ASK:
            out.append(["ask", row[1], row[2], NAMES[row[3]], row[4]])
        elif kind == BOOK:
            out.append(["book", row[1], NAMES[row[2]]])
        else:
            out.append([KIND_WORDS[kind], row[1]])
    return out


class AskingState(State):
    """A game of asking for cards: Authors or Go to the Store."""

    FIELDS: ClassVar[dict[str, str]] = {
        "hands": "table",  # per seat, 11 counts: hands[p][n] cards numbered n
        "books": "piles",  # per seat, the numbers of his books in the order made
        "turn": "seat",  # who asks (or asked last, once over)
        "store": "cards",  # Go to the Store's Store, top card first (Authors: empty)
        "history": "table",  # the public record (see the module doc)
        "successes": "int",  # successful asks in the current turn
    }
    DERIVED: ClassVar[dict[str, str]] = {
        "nbooks": "int",  # books laid in all
        "_legal": "ref",  # the turn player's legal actions (a tuple), None until asked for
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # FIELDS and DERIVED again, typed for mypy: an annotation without a value makes no
    # class attribute, so the slots above are unchanged (tests/test_fields_typed.py keeps
    # the two lists naming the same attributes, of types that fit their kinds)
    hands: list[list[int]]
    books: list[list[int]]
    turn: int
    store: list[int]
    history: list[list[int]]
    successes: int
    nbooks: int
    _legal: tuple[str, ...] | None

    # each game's rules (class constants a game's state class sets)
    GIVE_ALL: ClassVar[bool] = False
    HAS_STORE: ClassVar[bool] = False
    MAY_STOP: ClassVar[bool] = False
    RULE: ClassVar[str] = ""  # the rulebook heading, quoted in messages
    HOLD_QUOTE: ClassVar[str] = "he may ask for a card only if he has in his hand one with the same number"

    # -- set-up -----------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.hands = [[0] * 11 for _ in range(n)]
        self.books = [[] for _ in range(n)]
        self.history = []
        self.successes = self.nbooks = 0
        self._legal = None
        dealt = self.deal_count()
        # docs/kernel.md "Seats and the deal": one at a time in seat order from seat 0
        for i in range(dealt):
            self.hands[i % n][deck[i]] += 1
        self.store = list(deck[dealt:])  # top card first
        for p in range(n):  # four of a kind in the deal is a book at once
            for num in NUMBERS:
                if self.hands[p][num] == 4:
                    self._lay_book(p, num, None)
        self.turn = 0
        self._start_turn(0, None, first=True)

    def deal_count(self) -> int:
        """How many cards are dealt to the hands (the rest is the Store)."""
        return len(self.game.deck(self.players, self.options))

    def dealt_sizes(self) -> list[int]:
        """Each seat's hand size after the deal (one card at a time from seat 0)."""
        dealt, n = self.deal_count(), self.players
        return [dealt // n + (1 if p < dealt % n else 0) for p in range(n)]

    def _derive(self) -> None:
        self.nbooks = sum(len(b) for b in self.books)
        self._legal = None

    def _check(self) -> None:
        n = self.players
        if len(self.hands) != n or len(self.books) != n:
            raise ValueError("hands and books need one entry per seat")
        for p, hand in enumerate(self.hands):
            if len(hand) != 11 or hand[0] != 0 or any(not 0 <= c <= 3 for c in hand):
                raise ValueError(
                    f"seat {p}'s hand must count 0-3 cards of each number 1-10 (four of a number are a book)"
                )
        booked = [b for books in self.books for b in books]
        if any(not 1 <= b <= 10 for b in booked) or len(set(booked)) != len(booked):
            raise ValueError("books are distinct numbers 1-10")
        if self.store and not self.HAS_STORE:
            raise ValueError(f"{self.game.id} has no Store")
        book_rows: list[list[int]] = [[] for _ in range(n)]
        asks = 0
        for row in self.history:
            kind = row[0] if row else -1
            if ROW_SIZE.get(kind) != len(row) or not 0 <= row[1] < n:
                raise ValueError("a history row is malformed")
            if kind == ASK:
                asks += 1
                if not (0 <= row[2] < n and row[2] != row[1] and 1 <= row[3] <= 10 and 0 <= row[4] <= 3):
                    raise ValueError("a history ask is malformed")
                if not self.GIVE_ALL and row[4] > 1:
                    raise ValueError(f"in {self.game.title} an ask gives one card at most")
            elif kind == DRAW:
                if not self.HAS_STORE or row[2] not in (0, 1):
                    raise ValueError("a history draw is malformed")
            elif kind == BOOK:
                book_rows[row[1]].append(row[2])
            elif kind == STOP and not self.MAY_STOP:
                raise ValueError(f"{self.game.title} has no stop")
        if book_rows != self.books:
            raise ValueError("the books do not match the history")
        if not 0 <= self.successes <= asks:
            raise ValueError("successes must count asks of this turn")
        if self.ply > MAX_DECISIONS:
            raise ValueError(f"a game ends at {MAX_DECISIONS} decisions")
        if self.nbooks < BOOKS and self.ply < MAX_DECISIONS and not any(self.hands[self.turn]):
            raise ValueError("the seat to ask holds no card")
        check_record(self)

    # -- the decision and legality -------------------------------------------------
    def books_made(self) -> int:
        return self.nbooks

    def is_over_now(self) -> bool:
        return self.nbooks == BOOKS or self.ply >= MAX_DECISIONS

    def decision(self):
        if self.nbooks == BOOKS or self.ply >= MAX_DECISIONS:
            return _OVER
        return turn_of(self.turn)

    def _can_be_asked(self, target: int) -> bool:
        return True

    def _legal_actions(self, player):
        if player != self.turn or self.nbooks == BOOKS or self.ply >= MAX_DECISIONS:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal(player, self.MAY_STOP and self.successes > 0)
        return legal

    def _list_legal(self, player: int, stop: bool) -> tuple[str, ...]:
        hand = self.hands[player]
        held = [n for n in NUMBERS if hand[n]]
        can = self._can_be_asked
        acts = [ASK_TEXT[t][n] for t in range(self.players) if t != player and can(t) for n in held]
        if stop:
            acts.append("stop")
        return tuple(acts)

    def _illegal_reason(self, player, action):
        if action == "stop":
            if not self.MAY_STOP:
                return f'{self.RULE}: the asker "continues to ask until some player he asks fails"; there is no stop'
            return (
                f'{self.RULE}: "he may continue to ask ... as long as he succeeds" - stop only after a successful ask'
            )
        parsed = PARSE.get(action)
        if parsed is None:
            return f"write an ask as ask:SEAT:NUMBER (seat 0-{self.players - 1}, number 1-10), e.g. ask:1:5"
        t, n = parsed
        if t >= self.players:
            return f"there is no seat {t}; seats are 0 to {self.players - 1}"
        if t == player:
            return f"{self.RULE}: a player asks any *other* player, never himself"
        if not self.hands[player][n]:
            return f'{self.RULE}: "{self.HOLD_QUOTE}" - you hold no {n}'
        return self._why_not_asked(t)

    def _why_not_asked(self, target: int) -> str | None:
        return None

    def timeout_action(self, player):
        """A player whose time ran out stops if he may, else makes his first legal ask."""
        legal = self.legal_actions(player)
        if "stop" in legal:
            return "stop"
        return super().timeout_action(player)

    # -- applying ---------------------------------------------------------------------
    def _apply(self, player, action, events):
        self._legal = None
        if action == "stop":
            self.history.append([STOP, player])
            if events is not None:
                events.append(Event("stop", {"player": player}))
            self._pass_turn(player, events)
            self._check_cap(events)
            return
        t, n = PARSE[action]
        got = self.hands[t][n]
        if got and not self.GIVE_ALL:
            got = 1
        self.history.append([ASK, player, t, n, got])
        if events is not None:
            events.append(Event("ask", {"player": player, "target": t, "number": NAMES[n], "got": got}))
        if got:
            self.hands[t][n] -= got
            self.hands[player][n] += got
            self.successes += 1
            if self.hands[player][n] == 4:
                self._lay_book(player, n, events)
            if self.nbooks == BOOKS:
                self._end(events)
                return
            if not any(self.hands[player]) and not self._refill_empty_hand(player, events):
                self._pass_turn(player, events)
        else:
            self._failed(player, n, events)
        self._check_cap(events)

    def _check_cap(self, events) -> None:
        """The decision cap ends the game (the kernel counts this action after _apply)."""
        if self.nbooks == BOOKS:
            self._end(events)
        elif self.ply + 1 >= MAX_DECISIONS and events is not None:
            events.append(Event("decision_cap", {"decisions": MAX_DECISIONS}))
            self._end(events)

    def _end(self, events) -> None:
        if events is not None:
            result = self.result_now()
            events.append(Event("over", {"books": [len(b) for b in self.books], "winners": list(result)}))

    def result_now(self) -> tuple[int, ...]:
        keys = [len(b) for b in self.books]
        best = max(keys)
        return tuple(p for p, k in enumerate(keys) if k == best)

    def _failed(self, player: int, number: int, events) -> None:
        self._pass_turn(player, events)

    def _refill_empty_hand(self, player: int, events) -> bool:
        """An empty-handed player's remedy (Store: draw). True if they may go on asking."""
        return False

    def _lay_book(self, player: int, number: int, events) -> None:
        self.hands[player][number] = 0
        self.books[player].append(number)
        self.history.append([BOOK, player, number])
        self.nbooks += 1
        if events is not None:
            events.append(Event("book", {"player": player, "number": NAMES[number], "books": len(self.books[player])}))

    def _pass_turn(self, player: int, events) -> None:
        self._start_turn((player + 1) % self.players, events)

    def _start_turn(self, seat: int, events, first: bool = False) -> None:
        """Give the turn to ``seat`` or the next seat to its left that can ask."""
        self.successes = 0
        self._legal = None
        if self.nbooks == BOOKS:
            self.turn = seat
            return
        for _ in range(self.players + 1):
            if any(self.hands[seat]) or self._refill_empty_hand(seat, events):
                self.turn = seat
                if events is not None and not first:
                    events.append(Event("turn", {"player": seat}))
                return
            if events is not None:
                events.append(Event("skip", {"player": seat, "reason": "no cards"}))
            seat = (seat + 1) % self.players
        raise AssertionError("no seat can ask although books remain")  # a bug: see the module doc

    # -- views and results ----------------------------------------------------------
    def _view(self, player):
        over = self.is_over_now()
        v: dict[str, Any] = {
            "game": self.game.id,
            "players": self.players,
            "seat": player,
            "turn": None if over else self.turn,
            "over": over,
            "winners": list(self.result_now()) if over else [],
            "scores": [len(b) for b in self.books],
            "hand_counts": [sum(h) for h in self.hands],
            "books": [[NAMES[n] for n in b] for b in self.books],
            "history": history_words(self.history),
            "successes_this_turn": self.successes,
        }
        if player is not None:
            v["hand"] = hand_names(self.hands[player])
        if self.HAS_STORE:
            v["draw_count"] = len(self.store)
        return v

    def result(self) -> Result:
        keys = [len(b) for b in self.books]
        over = self.nbooks == BOOKS or self.ply >= MAX_DECISIONS
        winners = self.result_now() if over else ()
        details = {"capped": True} if over and self.nbooks < BOOKS else {}
        return Result(tuple(float(k) for k in keys), winners, ranks_from_keys(keys), over, details)

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            if any(not 0 <= c <= 4 for c in h):  # a loaded state is checked after this
                raise ValueError("a hand holds 0 to 3 cards of each number")
            out.extend(hand_list(h))
        for b in self.books:
            for n in b:
                out.extend((n, n, n, n))
        out.extend(self.store)
        return out

    # -- determinization ------------------------------------------------------------------
    def _redeal(self, player, rng):
        redeal(self, player, rng)
        self._derive()


def hand_list(hand: list[int]) -> list[int]:
    """A count vector as cards, sorted ("Players arrange the cards in their hands so that
    any cards with the same number are together")."""
    return [n for n in NUMBERS for _ in range(hand[n])]


def hand_names(hand: list[int]) -> list[str]:
    return [NAMES[n] for n in NUMBERS for _ in range(hand[n])]
