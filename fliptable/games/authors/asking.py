"""The asking games: Authors and Go to the Store (flinch.md "Authors", "Go to the
Store"). In both a player asks another for cards of a number he holds ("He asks any
other player for one card", "Give me all of your 5's") and lays down "books" of four;
the most books wins. This module is the rules they share: hands, asking, books, the
public ask history. It lives in the Authors package (the rulebook's first asking game)
and imports nothing from either game, so ``go_to_the_store`` imports it from here
without a cycle.

Hands are count vectors (``hand[n]`` = how many ``n`` a player holds): cards of one
number are interchangeable, so this is exact and makes asking O(1). A subclass sets
``GIVE_ALL`` (Store: all cards of the number; Authors: one), ``HAS_STORE`` and
``MAY_STOP`` and the rule names used in messages.

Notation: ``ask:S:N`` asks seat ``S`` (0-based) for number ``N`` (1-10);
``stop`` ends the turn after a successful ask (Authors only).
"""
from __future__ import annotations

import random
import re
from typing import Any

from ...core import Event, Game, Over, Result, State, Turn, ranks_from_keys
from ..flinch.cards import CARDS, series_pack

NUMBERS = range(1, 11)
BOOKS = 10  # four series of 1-10: ten books in all
MAX_SEATS = 10

#: ASK[t][n] is the canonical text of "ask seat t for n" (precomputed: legal_actions is hot)
ASK = [[""] + [f"ask:{t}:{n}" for n in NUMBERS] for t in range(MAX_SEATS)]
PARSE = {a: (t, n) for t in range(MAX_SEATS) for n in NUMBERS for a in (ASK[t][n],)}
_WORDS = re.compile(r"[a-z]+|\d+")


class AskingState(State):
    """A game of asking for cards: Authors or Go to the Store."""

    __slots__ = ("hands", "books", "turn", "store", "history", "successes", "nbooks", "_legal")

    GIVE_ALL: bool = False
    HAS_STORE: bool = False
    MAY_STOP: bool = False
    RULE: str = ""  # the rulebook heading, quoted in messages
    HOLD_QUOTE: str = "he may ask for a card only if he has in his hand one with the same number"

    # -- set-up -----------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.hands = [[0] * 11 for _ in range(n)]
        self.books: list[list[int]] = [[] for _ in range(n)]
        self.history: list[list] = []
        self.successes = self.nbooks = 0
        self._legal = None
        dealt = self._deal_count(len(deck))
        # DESIGN.md "Determinism": one at a time in seat order from seat 0
        for i in range(dealt):
            self.hands[i % n][deck[i]] += 1
        self.store = list(deck[dealt:])  # top card first
        for p in range(n):  # four of a kind in the deal is a book at once
            for num in NUMBERS:
                if self.hands[p][num] == 4:
                    self._lay_book(p, num, None)
        self.turn = 0
        self._start_turn(0, None, first=True)

    def _deal_count(self, size: int) -> int:
        return size

    # -- serialisation ------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "books": [list(b) for b in self.books],
                "turn": self.turn, "store": list(self.store), "history": [list(h) for h in self.history],
                "successes": self.successes}

    def _load(self, d: dict[str, Any]) -> None:
        self.hands = [list(h) for h in d["hands"]]
        self.books = [list(b) for b in d["books"]]
        self.turn, self.store = d["turn"], list(d["store"])
        self.history = [list(h) for h in d["history"]]
        self.successes = d["successes"]
        self.nbooks = sum(len(b) for b in self.books)  # derived, not stored
        self._legal = None

    def clone(self) -> "AskingState":
        c = self.__class__.__new__(self.__class__)
        c.game, c.players, c.options = self.game, self.players, dict(self.options)
        c.rng = _clone_rng(self.rng)
        c.hands = [h[:] for h in self.hands]
        c.books = [b[:] for b in self.books]
        c.turn, c.store = self.turn, self.store[:]
        c.history = [h[:] for h in self.history]
        c.successes, c.nbooks = self.successes, self.nbooks
        c._legal = None
        return c

    # -- the decision and legality -------------------------------------------------
    def books_made(self) -> int:
        return self.nbooks

    def decision(self):
        if self.nbooks == BOOKS:
            return Over()
        return Turn(self.turn)

    def _can_be_asked(self, target: int) -> bool:
        return True

    def legal_actions(self, player):
        if player != self.turn or self.nbooks == BOOKS:
            return []
        legal = self._legal
        if legal is None:
            hand = self.hands[player]
            held = [n for n in NUMBERS if hand[n]]
            legal = []
            for t in range(self.players):
                if t != player and self._can_be_asked(t):
                    row = ASK[t]
                    legal.extend(row[n] for n in held)
            if self.MAY_STOP and self.successes:
                legal.append("stop")
            self._legal = legal
        return legal

    def why_illegal(self, player, action):
        if action == "stop":
            if not self.MAY_STOP:
                return f'{self.RULE}: the asker "continues to ask until some player he asks fails"; there is no stop'
            return f'{self.RULE}: "he may continue to ask ... as long as he succeeds" - stop only after a successful ask'
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
        if not self._can_be_asked(t):
            return self._why_not_asked(t)
        return None

    def _why_not_asked(self, target: int) -> str:
        return f"seat {target} may not be asked"

    # -- applying ---------------------------------------------------------------------
    def _apply(self, player, action, events):
        self._legal = None
        if action == "stop":
            if events is not None:
                events.append(Event("stop", {"player": player}))
            self._pass_turn(player, events)
            return
        t, n = PARSE[action]
        got = self.hands[t][n]
        if got and not self.GIVE_ALL:
            got = 1
        self.history.append(["ask", player, t, n, got])
        if events is not None:
            events.append(Event("ask", {"player": player, "target": t, "number": n, "got": got}))
        if got:
            self.hands[t][n] -= got
            self.hands[player][n] += got
            self.successes += 1
            if self.hands[player][n] == 4:
                self._lay_book(player, n, events)
            if self.nbooks == BOOKS:
                return
            if not any(self.hands[player]) and not self._refill_empty_hand(player, events):
                self._pass_turn(player, events)
            return
        self._failed(player, n, events)

    def _failed(self, player: int, number: int, events) -> None:
        self._pass_turn(player, events)

    def _refill_empty_hand(self, player: int, events) -> bool:
        """An empty-handed player's remedy (Store: draw). True if they may go on asking."""
        return False

    def _lay_book(self, player: int, number: int, events) -> None:
        self.hands[player][number] = 0
        self.books[player].append(number)
        self.nbooks += 1
        if events is not None:
            events.append(Event("book", {"player": player, "number": number,
                                         "books": len(self.books[player])}))

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
    def view(self, player):
        v = {
            "game": self.game.id, "players": self.players, "seat": player, "turn": self.turn,
            "over": self.nbooks == BOOKS,
            "hand": _hand_list(self.hands[player]) if player is not None else None,
            "hand_counts": [sum(h) for h in self.hands],
            "books": [list(b) for b in self.books],
            "history": [list(h) for h in self.history],
            "asked_ok_this_turn": self.successes,
        }
        if self.HAS_STORE:
            v["store_count"] = len(self.store)
        return v

    def result(self) -> Result:
        keys = [len(b) for b in self.books]
        best = max(keys)
        over = self.nbooks == BOOKS
        winners = tuple(p for p, k in enumerate(keys) if k == best) if over else ()
        return Result(tuple(float(k) for k in keys), winners, ranks_from_keys(keys), over)

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out.extend(_hand_list(h))
        for b in self.books:
            for n in b:
                out.extend((n, n, n, n))
        out.extend(self.store)
        return out


def _hand_list(hand: list[int]) -> list[int]:
    return [n for n in NUMBERS for _ in range(hand[n])]


def _clone_rng(rng):
    r = random.Random()
    r.setstate(rng.getstate())
    return r


class AskingGame(Game):
    """Shared facts of the asking games: the 40-card pack (flinch.md: "Use four series
    of cards from 1 to 10"), the ``ask:S:N`` notation, books-per-seat stats."""

    cards = CARDS
    default_bot = "greedy"
    MAY_STOP = False

    def deck(self, players, options):
        return series_pack(4, 10)

    def action_space(self, players, options):
        acts = tuple(ASK[t][n] for t in range(players) for n in NUMBERS)
        return acts + (("stop",) if self.MAY_STOP else ())

    def parse_action(self, text):
        canon = super().parse_action(text)
        if canon in PARSE or canon == "stop":
            return canon
        words = _WORDS.findall(text.lower())  # before spaces are dropped: "ask 2 5"
        if words and words[0] == "ask":
            words = words[1:]
        if len(words) == 2 and words[0].isdigit() and words[1].isdigit():
            return f"ask:{int(words[0])}:{int(words[1])}"
        return canon

    def stats(self, state):
        out = {f"books_seat{p}": float(len(b)) for p, b in enumerate(state.books)}
        out["asks"] = float(sum(1 for h in state.history if h[0] == "ask"))
        return out

    def summarize_stats(self, totals, games, players):
        g = max(games, 1)
        return {"mean_books": [totals.get(f"books_seat{p}", 0.0) / g for p in range(players)],
                "mean_asks": totals.get("asks", 0.0) / g}


class Knowledge:
    """What the ask history says publicly about every hand (used by the greedy bots).

    ``held[p][n]``: cards of ``n`` that ``p`` is known to hold; ``lacks[p][n]``: ``p`` was
    known to hold no ``n`` (``since[p][n]`` unknown cards drawn since then). Built
    incrementally from the view's public history (bots see only views)."""

    __slots__ = ("held", "lacks", "since", "seen")

    def __init__(self, players: int):
        self.held = [[0] * 11 for _ in range(players)]
        self.lacks = [[False] * 11 for _ in range(players)]
        self.since = [[0] * 11 for _ in range(players)]
        self.seen = 0

    def update(self, history: list, give_all: bool) -> None:
        held, lacks = self.held, self.lacks
        for entry in history[self.seen:]:
            if entry[0] == "draw":
                since = self.since[entry[1]]  # an unknown card joined the hand
                for n in range(1, 11):
                    since[n] += 1
                continue
            _, a, t, n, got = entry
            if held[a][n] < 1:
                held[a][n] = 1
            lacks[a][n] = False
            if got:
                held[a][n] += got
                if give_all:
                    held[t][n], lacks[t][n], self.since[t][n] = 0, True, 0
                else:
                    held[t][n] = max(0, held[t][n] - 1)
            else:
                held[t][n], lacks[t][n], self.since[t][n] = 0, True, 0
        self.seen = len(history)
