"""Muggins (flinch.md "Rules For Other Games" / "Muggins"), on the FLINCH pack.

Every card is dealt face down into the hands; each player plays from the bottom of
their hand, one card at a time, the engine revealing it: 1s start centre Playing
Piles, which build up in sequence to 10 and then leave the table; a card that fits
no Playing Pile may go up or down on an opponent's face-up Stock Pile; a card that
cannot be played goes on the player's own Stock Pile and ends the turn. The own
Stock Pile's top is played before the hand whenever it can be. An exhausted hand is
the Stock Pile turned face down. First to run out of hand and Stock Pile wins.

``enforce=strict`` allows only rule-following placements; ``enforce=table`` allows the
deviations a physical player could make, after which every opponent gets a ``Race`` to
call ``muggins`` (or ``decline``). Every ruling is in ``docs/rules/muggins.md``.
"""
from __future__ import annotations

import random
from typing import Any

from ...core import Event, Over, Race, Result, Turn, ranks_from_keys
from ...core.game import State
from ..flinch.cards import CARDS

#: the highest number; a Playing Pile that reaches it leaves the table (as in FLINCH)
TOP = 10
SERIES = 11
MAX_PLAYERS = 6

# Where the card in play came from.
NONE, HAND, STOCK = 0, 1, 2
_SOURCE_NAMES = {NONE: None, HAND: "hand", STOCK: "stock"}
_SOURCE_CODES = {None: NONE, "hand": HAND, "stock": STOCK}

# Kinds of offence (deviations from "The Play" in enforce=table).
KEEP, WRONG, SKIP = "keep", "wrong-play", "skip-stock"

_TURNS = tuple(Turn(p) for p in range(MAX_PLAYERS))  # shared: decisions are immutable
_OVER = Over()
CENTRE_ACTIONS = tuple(f"centre:{i}" for i in range(1, SERIES * 2 + 1))
STOCK_ACTIONS = tuple(f"stock:{k}" for k in range(MAX_PLAYERS))

NOTATION = """\
Muggins actions (lowercase; the card in play is the one the engine revealed):
  new        start a new centre Playing Pile with a 1 (it takes the lowest free slot)
  centre:N   play the card on centre Playing Pile N (slots numbered from 1)
  stock:K    play the card on seat K's Stock Pile (an opponent's; one up or one down)
  keep       put the card drawn from the hand on your own Stock Pile; your turn ends
  hand       (enforce=table) leave your playable Stock Pile top and draw from your hand
  muggins    call "Muggins" on the player who just deviated (enforce=table race)
  decline    do not call this time
Aliases: center -> centre, "centre 2" -> centre:2, "stock 3" -> stock:3, pass -> decline."""


def pack_count(players: int, options: dict) -> int:
    """flinch.md "Players": with 4 or more players two packs are more enjoyable."""
    packs = options.get("packs", "auto")
    if packs == "auto":
        return 2 if players >= 4 else 1
    return int(packs)


class MugginsState(State):
    """A game of Muggins in progress."""

    __slots__ = ("hands", "stocks", "centre", "removed", "turn", "turns", "current", "source",
                 "offence", "racing", "window", "winner", "ended", "calls", "deviations",
                 "strict", "packs", "round_limit")

    # -- set-up and serialisation --------------------------------------------------------
    def _configure(self) -> None:
        self.strict = self.options["enforce"] == "strict"
        self.packs = pack_count(self.players, self.options)
        self.round_limit = self.options["round_limit"]

    def _setup(self, deck: list[int]) -> None:
        self._configure()
        n = self.players
        # Muggins "Setup": deal one card at a time until all are dealt; the first card
        # dealt to a hand is its top, the last its bottom (played first).
        self.hands = [deck[seat::n] for seat in range(n)]
        self.stocks = [[] for _ in range(n)]
        self.centre = [0] * (SERIES * self.packs)  # top number per slot, 0 = empty slot
        self.removed = 0  # Playing Piles finished at 10 and taken off the table
        self.turn, self.turns = 0, 1
        self.current, self.source = 0, NONE
        self.offence: list | None = None
        self.racing: list[int] = []
        self.window = 0
        self.winner: int | None = None
        self.ended: str | None = None
        self.calls = self.deviations = 0
        self._advance(None)

    def _dump(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "stocks": [list(s) for s in self.stocks],
                "centre": list(self.centre), "removed": self.removed, "turn": self.turn,
                "turns": self.turns, "current": self.current, "source": _SOURCE_NAMES[self.source],
                "offence": list(self.offence) if self.offence is not None else None,
                "racing": list(self.racing), "window": self.window, "winner": self.winner,
                "ended": self.ended, "calls": self.calls, "deviations": self.deviations}

    def _load(self, d: dict[str, Any]) -> None:
        self._configure()
        self.hands = [list(h) for h in d["hands"]]
        self.stocks = [list(s) for s in d["stocks"]]
        self.centre = list(d["centre"])
        self.removed, self.turn, self.turns = d["removed"], d["turn"], d["turns"]
        self.current, self.source = d["current"], _SOURCE_CODES[d["source"]]
        self.offence = list(d["offence"]) if d["offence"] is not None else None
        self.racing, self.window = list(d["racing"]), d["window"]
        self.winner, self.ended = d["winner"], d["ended"]
        self.calls, self.deviations = d["calls"], d["deviations"]

    def clone(self) -> "MugginsState":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        c = MugginsState(self.game, self.players, dict(self.options), rng)
        c.strict, c.packs, c.round_limit = self.strict, self.packs, self.round_limit
        c.hands = [h[:] for h in self.hands]
        c.stocks = [s[:] for s in self.stocks]
        c.centre = self.centre[:]
        c.removed, c.turn, c.turns = self.removed, self.turn, self.turns
        c.current, c.source = self.current, self.source
        c.offence = self.offence[:] if self.offence is not None else None
        c.racing, c.window = self.racing[:], self.window
        c.winner, c.ended, c.calls, c.deviations = self.winner, self.ended, self.calls, self.deviations
        return c

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out.extend(h)
        for s in self.stocks:
            out.extend(s)
        if self.source == HAND:
            out.append(self.current)  # drawn from the hand, not yet placed
        for top in self.centre:
            out.extend(range(1, top + 1))
        out.extend(list(range(1, TOP + 1)) * self.removed)
        return out

    # -- the rules' questions ---------------------------------------------------------------
    def _targets(self, card: int) -> tuple[list[int], list[int]]:
        """(centre slots, opponents' seats) the card fits physically."""
        below = card - 1
        centre = self.centre
        slots = [i for i, top in enumerate(centre) if top == below] if card != 1 and below in centre else []
        turn = self.turn
        seats = []
        for k, s in enumerate(self.stocks):
            if s and k != turn:
                d = s[-1] - card
                if d == 1 or d == -1:
                    seats.append(k)
        return slots, seats

    def _best(self, card: int) -> int:
        """Muggins "The Play" preference: 2 centre (a 1's new pile included), 1 an
        opponent's Stock Pile, 0 nowhere (the card goes on the own Stock Pile)."""
        if card == 1:
            return 2
        below = card - 1
        if below in self.centre:
            return 2
        turn = self.turn
        for k, s in enumerate(self.stocks):
            if k != turn and s and (s[-1] - card == 1 or card - s[-1] == 1):
                return 1
        return 0

    def decision(self):
        if self.ended is not None:
            return _OVER
        if self.racing:
            return Race(tuple(self.racing), "close", self.options["muggins_ms"], self.window)
        return _TURNS[self.turn]

    def legal_actions(self, player: int | None) -> list[str]:
        if self.ended is not None:
            return []
        if self.racing:
            return ["muggins", "decline"] if player in self.racing else []
        if player != self.turn:
            return []
        card = self.current
        if self.strict and card == 1:
            return ["new"]
        slots, seats = self._targets(card)
        if self.strict:
            if slots:
                return [CENTRE_ACTIONS[i] for i in slots]
            if seats:
                return [STOCK_ACTIONS[k] for k in seats]
            return ["keep"]
        out = ["new"] if card == 1 else []
        out.extend(CENTRE_ACTIONS[i] for i in slots)
        out.extend(STOCK_ACTIONS[k] for k in seats)
        if self.source == HAND:
            out.append("keep")
        elif self.hands[self.turn]:
            out.append("hand")
        return out

    def why_illegal(self, player: int | None, action: str) -> str | None:
        card = self.current
        name = CARDS.name(card) if card else "-"
        if action in ("muggins", "decline"):
            if self.strict:
                return ("in enforce=strict nobody can deviate from \"The Play\", so there is never "
                        "a Muggins to call (use enforce=table)")
            return "\"Muggins\" may be called only right after an opponent deviates (Muggins, \"The Play\")"
        if self.racing:
            return (f"a Muggins window is open after seat {self.turn}'s deviation: only 'muggins' or "
                    f"'decline' now")
        kind, _, arg = action.partition(":")
        best = self._best(card)
        if action == "new":
            if card != 1:
                return (f"only a 1 starts a new Playing Pile (\"Any time that a player draws a 1 he starts a "
                        f"new table pile\"); the card is a {name}")
            return None
        if kind == "centre" and arg.isdigit():
            slot = int(arg)
            if not 1 <= slot <= len(self.centre):
                return f"there are centre slots 1 to {len(self.centre)} only"
            top = self.centre[slot - 1]
            if top == 0:
                return f"centre slot {slot} holds no Playing Pile; a 1 starts one with 'new'"
            return (f"a {name} does not go on centre pile {slot} (top {top}): Playing Piles build up "
                    f"in sequence (Muggins, \"The Play\")")
        if kind == "stock" and arg.isdigit():
            seat = int(arg)
            if seat >= self.players:
                return f"there is no seat {seat}; seats are 0 to {self.players - 1}"
            if seat == player:
                return ("you cannot play onto your own Stock Pile; 'keep' puts a card drawn from the hand "
                        "there and ends your turn")
            stock = self.stocks[seat]
            if not stock:
                return f"seat {seat} has no Stock Pile yet"
            if abs(stock[-1] - card) != 1:
                return (f"a {name} goes on an opponent's Stock Pile only next in sequence up or down "
                        f"(seat {seat}'s top is {stock[-1]})")
            if self.strict and best == 2:
                return ("\"he must play it on one of the Playing Piles in preference to playing it on an "
                        "opponent's Stock Pile\" (Muggins, \"The Play\"; enforce=strict)")
            return None
        if action == "keep":
            if self.source == STOCK:
                return "the card in play is your Stock Pile's top; 'keep' is for a card drawn from the hand"
            if self.strict and best:
                return ("a card that can be played must be played: \"should he have an opportunity to play "
                        "and does not do so\" (Muggins, \"The Play\"; enforce=strict)")
            return None
        if action == "hand":
            if self.source == HAND:
                return "you are already playing a card drawn from your hand"
            if self.strict:
                return ("\"Once a player has started a Stock Pile he must always play from it in preference "
                        "to playing from his hand\" (Muggins, \"The Play\"; enforce=strict)")
            return "your hand is empty; the Stock Pile's top must be played"
        return "unknown action; Muggins actions: new, centre:N, stock:K, keep, hand, muggins, decline"

    # -- applying actions ---------------------------------------------------------------------
    def _apply(self, player: int | None, action: str, events: list[Event] | None) -> None:
        if self.racing:
            if action == "muggins":
                self._muggins(player, events)
            elif action == "decline":
                self.racing.remove(player)
                if events is not None:
                    events.append(Event("decline", {"player": player}))
                if not self.racing:
                    self._close_window(events)
            else:  # the clock's default, "close"
                self.racing = []
                self._close_window(events)
            return
        p = self.turn
        card, source = self.current, self.source
        if action == "hand":  # enforce=table: skip the playable Stock Pile top
            self.deviations += 1
            drawn = self.hands[p].pop()
            self.current, self.source = drawn, HAND
            if events is not None:
                events.append(Event("skip_stock", {"player": p, "stock_top": CARDS.name(card)}))
                events.append(Event("reveal", {"player": p, "card": CARDS.name(drawn), "from": "hand"}))
            self._open_window([SKIP, card, STOCK, -1], events)
            return
        best = 0 if self.strict else self._best(card)
        if source == STOCK:
            self.stocks[p].pop()
        self.current, self.source = 0, NONE
        if action == "keep":
            self.stocks[p].append(card)
            if events is not None:
                events.append(Event("keep", {"player": p, "card": CARDS.name(card)}))
            if best:
                self.deviations += 1
                self._open_window([KEEP, card, HAND, -1], events)
            else:
                self._end_turn(events)
            return
        if action == "new":
            slot = self.centre.index(0)
            self.centre[slot] = 1
            if events is not None:
                events.append(Event("play", {"player": p, "card": "1", "from": _SOURCE_NAMES[source],
                                             "to": "new", "pile": slot + 1}))
        elif action[0] == "c":  # centre:N
            slot = int(action[7:]) - 1
            if card == TOP:
                self.centre[slot] = 0
                self.removed += 1
            else:
                self.centre[slot] = card
            if events is not None:
                events.append(Event("play", {"player": p, "card": CARDS.name(card), "from": _SOURCE_NAMES[source],
                                             "to": "centre", "pile": slot + 1}))
                if card == TOP:
                    events.append(Event("pile_done", {"pile": slot + 1}))
        else:  # stock:K
            seat = int(action[6:])
            self.stocks[seat].append(card)
            if events is not None:
                events.append(Event("play", {"player": p, "card": CARDS.name(card), "from": _SOURCE_NAMES[source],
                                             "to": "stock", "seat": seat}))
            if best == 2:
                self.deviations += 1
                self._open_window([WRONG, card, source, seat], events)
                return
        self._advance(events)

    def _open_window(self, offence: list, events: list[Event] | None) -> None:
        """enforce=table: every opponent of the offender may now call "Muggins"."""
        self.offence = offence
        self.window += 1
        self.racing = [k for k in range(self.players) if k != self.turn]
        if events is not None:
            events.append(Event("deviation", {"player": self.turn, "offence": offence[0],
                                              "card": CARDS.name(offence[1])}))

    def _close_window(self, events: list[Event] | None) -> None:
        """Nobody called: play goes on as the offender left it."""
        kind = self.offence[0]
        self.offence = None
        if events is not None:
            events.append(Event("window_closed", {"player": self.turn}))
        if kind == KEEP:
            self._end_turn(events)
        elif kind == WRONG:
            self._advance(events)
        # SKIP: the drawn hand card is in play; the offender places it now

    def _muggins(self, caller: int, events: list[Event] | None) -> None:
        """Muggins "The Play", last paragraph but one: the penalty."""
        p = self.turn
        kind, card, source, seat = self.offence
        self.offence, self.racing = None, []
        self.calls += 1
        if events is not None:
            events.append(Event("muggins", {"player": caller, "offender": p, "offence": kind}))
        # "If a card is wrongly played, he takes back that card": back where it came from.
        if kind == WRONG:
            self.stocks[seat].pop()
            (self.stocks[p] if source == STOCK else self.hands[p]).append(card)
            if events is not None:
                events.append(Event("take_back", {"player": p, "card": CARDS.name(card), "from_seat": seat,
                                                  "to": _SOURCE_NAMES[source]}))
        elif kind == SKIP:
            self.hands[p].append(self.current)  # the drawn card goes back under the hand
            if events is not None:
                events.append(Event("take_back", {"player": p, "card": CARDS.name(self.current), "to": "hand"}))
            self.current, self.source = 0, NONE
        # "take a card from the top of the hand of the player who calls" (the far end of
        # the face-down hand; an exhausted hand is first turned over from the Stock Pile).
        hand = self.hands[caller]
        if not hand:
            self._turn_over(caller, events)
            hand = self.hands[caller]
        penalty = hand.pop(0)
        self.stocks[p].append(penalty)
        if events is not None:
            events.append(Event("penalty", {"player": p, "from": caller, "card": CARDS.name(penalty)}))
        if not hand and not self.stocks[caller]:
            self._win(caller, events)
            return
        self._end_turn(events)  # "This will end his play until his turn comes again."

    def _turn_over(self, seat: int, events: list[Event] | None) -> None:
        """"When a player's hand is exhausted, he turns the cards in the Stock Pile face
        down and plays them through again as a hand": the Stock Pile's top becomes the
        hand's bottom, so the list order is kept."""
        self.hands[seat], self.stocks[seat] = self.stocks[seat], self.hands[seat]
        if events is not None:
            events.append(Event("turn_over", {"player": seat, "cards": len(self.hands[seat])}))

    def _advance(self, events: list[Event] | None) -> None:
        """Put the player's next card in play: the Stock Pile's top when it can be played,
        else the bottom card of the hand (turning the Stock Pile over when it is empty)."""
        p = self.turn
        hand, stock = self.hands[p], self.stocks[p]
        if not hand and not stock:
            self._win(p, events)
            return
        if stock and self._best(stock[-1]):
            self.current, self.source = stock[-1], STOCK
            return
        if not hand:
            self._turn_over(p, events)
            hand = self.hands[p]
        self.current, self.source = hand.pop(), HAND
        if events is not None:
            events.append(Event("reveal", {"player": p, "card": CARDS.name(self.current), "from": "hand"}))

    def _end_turn(self, events: list[Event] | None) -> None:
        if self.turns >= self.round_limit * self.players:
            self.ended = "round_limit"
            if events is not None:
                events.append(Event("round_limit", {"rounds": self.round_limit,
                                                    "cards_left": self._cards_left()}))
            return
        self.turn = (self.turn + 1) % self.players
        self.turns += 1
        if events is not None:
            events.append(Event("turn", {"player": self.turn}))
        self._advance(events)

    def _win(self, seat: int, events: list[Event] | None) -> None:
        self.winner, self.ended = seat, "out"
        self.current, self.source = 0, NONE
        if events is not None:
            events.append(Event("win", {"player": seat}))

    def _cards_left(self) -> list[int]:
        out = [len(h) + len(s) for h, s in zip(self.hands, self.stocks)]
        if self.source == HAND:
            out[self.turn] += 1
        return out

    # -- what players see ------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        # Hands are held face down and nobody, the owner included, sees them; Stock Piles
        # are face up piles of which only the top shows.
        off = self.offence
        return {
            "seat": player, "players": self.players, "enforce": self.options["enforce"],
            "turn": self.turn, "turns": self.turns, "round_limit": self.round_limit,
            "current": ({"card": CARDS.name(self.current), "from": _SOURCE_NAMES[self.source]}
                        if self.source else None),
            "hand_counts": [len(h) for h in self.hands],
            "stocks": [{"top": CARDS.name(s[-1]) if s else None, "count": len(s)} for s in self.stocks],
            "centre": [CARDS.name(t) if t else None for t in self.centre],
            "removed_piles": self.removed,
            "cards_left": self._cards_left(),
            "muggins": ({"offender": self.turn, "offence": off[0], "card": CARDS.name(off[1]),
                         "callers": list(self.racing)} if off is not None else None),
            "over": self.ended is not None, "ended": self.ended, "winner": self.winner,
        }

    def result(self) -> Result:
        left = self._cards_left()
        keys = [-n for n in left]
        over = self.ended is not None
        if self.winner is not None:
            winners: tuple[int, ...] = (self.winner,)
            keys[self.winner] = 1  # the player who went out ranks first, whatever others hold
        else:
            best = max(keys)
            winners = tuple(k for k, v in enumerate(keys) if v == best) if over else ()
        return Result(tuple(float(-n) for n in left), winners, ranks_from_keys(keys), over,
                      {"cards_left": left, "ended": self.ended, "turns": self.turns,
                       "muggins_calls": self.calls})
