"""Muggins (flinch.md "Rules For Other Games" / "Muggins"), on the FLINCH pack.

Every card is dealt face down into the hands; each player plays from the bottom of
their hand, one card at a time, the engine revealing it: 1s start centre Playing
Piles, which build up in sequence to 10 and then leave the table; a card that fits
no Playing Pile may go up or down on an opponent's face-up Stock Pile; a card that
cannot be played goes on the player's own Stock Pile and ends the turn. The own
Stock Pile's top is played before the hand whenever it can be. When the hand runs
out, the Stock Pile is turned face down as the new hand. First to run out of hand
and Stock Pile wins.

``enforce=strict`` allows only rule-following placements; ``enforce=table`` allows the
deviations a physical player could make, after which every opponent may call
``muggins`` out of turn (a claim, ``..flinch_pack.challenge_window``) until the next action.
Every ruling is in docs/rules/muggins.md.
"""

from __future__ import annotations

from typing import ClassVar

from ...core import Event, Over, Result, ranks_from_keys
from ...core.game import State
from ..flinch_pack.cards import NAMES, pack_count
from ..flinch_pack.challenge_window import ChallengeWindow
from .checks import Checks
from .explain import explain
from .notation import (
    CENTRE_ACTIONS,
    HAND,
    KEEP,
    MUGGINS,
    NONE,
    SERIES,
    SKIP,
    SOURCE_NAMES,
    STOCK,
    STOCK_ACTIONS,
    TOP,
    WRONG,
)

_OVER = Over()
_SLOT = {a: i for i, a in enumerate(CENTRE_ACTIONS)}
_SEAT = {a: k for k, a in enumerate(STOCK_ACTIONS)}


class MugginsState(ChallengeWindow, Checks, State):
    """A game of Muggins in progress."""

    CALL = MUGGINS
    FIELDS: ClassVar[dict[str, str]] = {
        "hands": "piles",  # index 0 the top (the first card dealt), the last the bottom (next up)
        "hand_known": "ints",  # per seat: cards at the bottom of the hand everyone saw (taken back,
        # or a turned-over Stock Pile)
        "stocks": "piles",  # bottom first
        "centre": "ints",  # the top number per slot, 0: no pile
        "removed": "int",  # finished Playing Piles
        "turn": "seat",
        "turns": "int",  # turns begun, from 1
        "current": "card?",  # the card in play
        "source": "int",  # where it came from: NONE, HAND, STOCK
        # the Muggins window (enforce=table; ..flinch_pack.challenge_window)
        "offender": "int",  # -1: no window
        "window": "int",
        "offence": "str?",  # KEEP, WRONG or SKIP
        "off_card": "card?",  # the card of the offence
        "off_source": "int",  # where it came from
        "off_seat": "int",  # WRONG: the Stock Pile it went on, else -1
        "off_turned": "bool",  # WRONG: the offender's hand ran out with it (Stock Pile turned over)
        "racing": "seats",  # muggins=window: opponents still to answer the window
        "callers": "seats",  # muggins=window: always empty (the first call is resolved at once)
        "winner": "seat?",
        "ended": "str?",  # "out" or "round_limit" once over
        "calls": "int",
        "deviations": "int",
    }
    DERIVED: ClassVar[dict[str, str]] = {"strict": "bool", "round_limit": "int", "timed": "bool", "when_needed": "bool"}
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up ---------------------------------------------------------------------------
    def _derive(self) -> None:
        self.strict = self.options["enforce"] == "strict"
        self.round_limit = self.options["round_limit"]
        # fliptable 1's rules, kept to replay its logs (MugginsGame.legacy_options)
        self.timed = self.options["muggins"] == "window"
        self.when_needed = self.options["turn_over"] == "when-needed"

    def _setup(self, deck: list[int]) -> None:
        self._derive()
        n = self.players
        # Muggins "Setup": deal one card at a time until all are dealt; the first card
        # dealt to a hand is its top, the last its bottom (played first).
        self.hands = [deck[seat::n] for seat in range(n)]
        self.hand_known = [0] * n
        self.stocks = [[] for _ in range(n)]
        self.centre = [0] * (SERIES * pack_count(n, self.options))
        self.removed = 0
        self.turn, self.turns = 0, 1
        self.current, self.source = None, NONE
        self.offender, self.window = -1, 0
        self.racing, self.callers = [], []
        self._clear_offence()
        self.winner = self.ended = None
        self.calls = self.deviations = 0
        self._advance(None)

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out.extend(h)
        for s in self.stocks:
            out.extend(s)
        if self.source == HAND and self.current is not None:
            out.append(self.current)  # drawn from the hand, not yet placed
        for top in self.centre:
            out.extend(range(1, top + 1))
        out.extend(list(range(1, TOP + 1)) * self.removed)
        return out

    # -- the rules' questions ---------------------------------------------------------------
    def _targets(self, card: int) -> tuple[list[int], list[int]]:
        """(centre slots, opponents' seats) the card fits: a Playing Pile whose top is one
        below it; an opponent's Stock Pile whose top is one above or one below it."""
        centre = self.centre
        slots = [i for i, top in enumerate(centre) if top == card - 1] if card != 1 else []
        turn = self.turn
        seats = [k for k, s in enumerate(self.stocks) if s and k != turn and (s[-1] - card) in (1, -1)]
        return slots, seats

    def best(self, card: int) -> int:
        """Muggins "The Play" preference: 2 centre (a 1's new pile included), 1 an
        opponent's Stock Pile, 0 nowhere (the card goes on the own Stock Pile)."""
        if card == 1 or (card - 1) in self.centre:
            return 2
        turn = self.turn
        for k, s in enumerate(self.stocks):
            if k != turn and s and (s[-1] - card) in (1, -1):
                return 1
        return 0

    def last_card(self) -> bool:
        """Whether the card in play is the turn player's last card."""
        p = self.turn
        return self.source == HAND and not self.hands[p] and not self.stocks[p]

    def decision(self):
        if self.ended is not None:
            return _OVER
        if self.racing:
            return self._race_decision("close", self.options["muggins_ms"])
        return self._decide(self.turn)

    def _legal_actions(self, player):
        if self.ended is not None:
            return ()
        if self.racing:
            return self._race_legal(player)
        return self._with_calls(player, self.turn, self._turn_actions() if player == self.turn else ())

    def _turn_actions(self) -> tuple[str, ...]:
        card = self.current
        assert card is not None, "a turn always has a card in play"
        slots, seats = self._targets(card)
        if self.strict:
            if card == 1:
                return ("new",)
            if slots:
                return tuple(CENTRE_ACTIONS[i] for i in slots)
            if seats:
                return tuple(STOCK_ACTIONS[k] for k in seats)
            return ("keep",)
        out = ["new"] if card == 1 else []
        out += [CENTRE_ACTIONS[i] for i in slots]
        if self.timed or not (self.last_card() and self.best(card) == 2):
            # docs: nobody goes out by a deviation (a winning play could not be called;
            # muggins=window waits for the window before the win)
            out += [STOCK_ACTIONS[k] for k in seats]
        if self.source == HAND:
            out.append("keep")
        elif self.hands[self.turn]:
            out.append("hand")
        return tuple(out)

    def _can_call(self, player: int) -> bool:
        """ "His opponent calls 'Muggins'": any player but the offender who holds a card in
        hand to pay with (a hand is empty only while its last card is in play; with
        turn_over=when-needed an exhausted hand's Stock Pile is turned over to pay)."""
        if self.hands[player]:
            return True
        return self.when_needed and bool(self.stocks[player]) and not (player == self.turn and self.source == HAND)

    def _illegal_reason(self, player, action):
        return explain(self, player, action)

    def timeout_action(self, player):
        """A walked-away player places the card as the rules say (never a call)."""
        if player == self.turn and self.ended is None:
            saved, self.strict = self.strict, True
            try:
                return self._turn_actions()[0]
            finally:
                self.strict = saved
        return super().timeout_action(player)

    # -- applying actions ---------------------------------------------------------------------
    def _apply(self, player, action, events) -> None:
        if action == MUGGINS:
            self._resolve_call(player, events)
            return
        if self.racing:  # muggins=window: a decline, or the clock's "close"
            if self._race_answer(player, action, events):
                self._close_race(events)
            return
        self._close_window()
        p = self.turn
        card, source = self.current, self.source
        assert card is not None, "a turn always has a card in play"
        if action == "hand":  # enforce=table: skip the playable Stock Pile top
            self.deviations += 1
            self._draw(p, events, skipped=card)
            self._open(SKIP, p, card, STOCK, -1, False, events)
            return
        best = 2 if self.strict else self.best(card)
        if source == STOCK:
            self.stocks[p].pop()
        self.current, self.source = None, NONE
        if action == "keep":
            self.stocks[p].append(card)
            if events is not None:
                events.append(Event("keep", {"player": p, "card": NAMES[card]}))
            self._settle(p, events)
            deviation = bool(best) and not self.strict
            self.deviations += deviation
            if deviation and self.timed:
                self._open(KEEP, p, card, HAND, -1, False, events)  # the turn ends after the window
                return
            self._end_turn(events)
            if deviation and self.ended is None:
                self._open(KEEP, (self.turn - 1) % self.players, card, HAND, -1, False, events)
            return
        seat = -1
        if action == "new":
            slot = self.centre.index(0)
            self.centre[slot] = 1
            if events is not None:
                events.append(
                    Event(
                        "play", {"player": p, "card": "1", "from": SOURCE_NAMES[source], "to": "new", "pile": slot + 1}
                    )
                )
        elif action in _SLOT:
            slot = _SLOT[action]
            done = card == TOP
            self.centre[slot] = 0 if done else card
            self.removed += done
            if events is not None:
                events.append(
                    Event(
                        "play",
                        {
                            "player": p,
                            "card": NAMES[card],
                            "from": SOURCE_NAMES[source],
                            "to": "centre",
                            "pile": slot + 1,
                        },
                    )
                )
                if done:
                    events.append(Event("pile_done", {"pile": slot + 1}))
        else:
            seat = _SEAT[action]
            self.stocks[seat].append(card)
            if events is not None:
                events.append(
                    Event(
                        "play",
                        {"player": p, "card": NAMES[card], "from": SOURCE_NAMES[source], "to": "stock", "seat": seat},
                    )
                )
        wrong = seat >= 0 and best == 2 and not self.strict
        if wrong:
            self.deviations += 1
            if self.timed:  # the play goes on (or is won) only after the window
                self._open(WRONG, p, card, source, seat, False, events)
                return
        turned = source == HAND and self._settle(p, events)
        if self.ended is not None:
            return
        self._advance(events)
        if wrong and self.ended is None:
            self._open(WRONG, p, card, source, seat, turned, events)

    def _open(self, kind, offender, card, source, seat, turned, events) -> None:
        """enforce=table: "Should a player deviate from the above ... his opponent calls
        'Muggins'": every other player may call until the next action (muggins=window:
        play stops until every other player has answered or the clock closes it)."""
        if self.timed:
            self._open_race(offender, [q for q in range(self.players) if q != offender])
        else:
            self._open_window(offender)
        self.offence, self.off_card, self.off_source, self.off_seat, self.off_turned = kind, card, source, seat, turned
        if events is not None:
            events.append(
                Event("deviation", {"player": offender, "offence": kind, "card": NAMES[card], "window": self.window})
            )

    def _close_window(self) -> None:
        self.offender = -1
        self.racing, self.callers = [], []
        self._clear_offence()

    def _close_race(self, events) -> None:
        """muggins=window: nobody called; play goes on as the offender left it."""
        kind, p = self.offence, self.offender
        self._close_window()
        if kind == KEEP:
            self._end_turn(events)
        elif kind == WRONG:
            self._settle(p, events)  # the wrong card may have been the hand's last
            if self.ended is None:
                self._advance(events)

    def _clear_offence(self) -> None:
        self.offence, self.off_card, self.off_source, self.off_seat, self.off_turned = None, None, NONE, -1, False

    def _resolve_call(self, caller: int, events) -> None:
        """Muggins, last paragraph but one: the offender "is obliged to take a card from the
        top of the hand of the player who calls 'Muggins' and place it on his own Stock
        Pile. If a card is wrongly played, he takes back that card. This will end his play
        until his turn comes again." """
        p, kind = self.offender, self.offence
        card, source, seat, turned = self.off_card, self.off_source, self.off_seat, self.off_turned
        self._close_window()
        self.calls += 1
        if events is not None:
            events.append(Event("muggins", {"player": caller, "offender": p, "offence": kind}))
        if kind != KEEP:
            # the card in play since the offence goes back where it came from
            back = self.current
            if self.source == HAND and back is not None:
                self._to_hand_bottom(p, back)
            self.current, self.source = None, NONE
            if kind == SKIP and events is not None:
                assert back is not None, "a skip leaves the card drawn from the hand in play"
                events.append(Event("take_back", {"player": p, "card": NAMES[back], "to": "hand"}))
        if kind == WRONG:
            assert card is not None, "a wrong play names its card"
            if turned:  # the hand had run out with the wrong card: undo the turning over
                self.hands[p], self.stocks[p] = self.stocks[p], self.hands[p]
                self.hand_known[p] = 0
            self.stocks[seat].pop()
            if source == HAND:
                self._to_hand_bottom(p, card)
            else:
                self.stocks[p].append(card)
            if events is not None:
                events.append(
                    Event(
                        "take_back", {"player": p, "card": NAMES[card], "from_seat": seat, "to": SOURCE_NAMES[source]}
                    )
                )
        # the penalty: the top of the caller's hand (the far end, the first card dealt to it);
        # turn_over=when-needed: an exhausted hand is first turned over from the Stock Pile
        if not self.hands[caller]:
            if caller == self.turn and self.source == STOCK:
                self.current, self.source = None, NONE  # his Stock Pile is turned over
            self._settle(caller, events, force=True)
        hand = self.hands[caller]
        penalty = hand.pop(0)
        if self.hand_known[caller] > len(hand):
            self.hand_known[caller] = len(hand)
        self.stocks[p].append(penalty)
        if events is not None:
            events.append(Event("penalty", {"player": p, "from": caller, "card": NAMES[penalty]}))
        if caller == self.turn and self.source == STOCK and not hand:
            self.current, self.source = None, NONE  # the Stock Pile is about to be turned over
        self._settle(caller, events)
        if self.ended is not None:
            return
        if kind == KEEP and not self.timed:
            # the turn had passed already: the card in play stays, unless it was a Stock
            # Pile top that can no longer be played
            if self.current is None or (self.source == STOCK and not self.best(self.current)):
                self.current, self.source = None, NONE
                self._advance(events)
        else:
            self._end_turn(events)

    def _to_hand_bottom(self, p: int, card: int) -> None:
        self.hands[p].append(card)
        self.hand_known[p] += 1

    def _settle(self, p: int, events, force: bool = False) -> bool:
        """flinch.md: "When a player's hand is exhausted, he turns the cards in the Stock
        Pile face down and plays them through again as a hand": as soon as ``p``'s hand
        is empty and none of its cards is in play (turn_over=when-needed: only when a card
        is needed from it, ``force``). With no Stock Pile either, ``p`` has played out and
        wins. True when the Stock Pile was turned over."""
        if self.hands[p] or (p == self.turn and self.source == HAND):
            return False
        if not self.stocks[p]:
            self._win(p, events)
            return False
        if self.when_needed and not force:
            return False
        # the Stock Pile's top becomes the hand's bottom: the list keeps its order
        self.hands[p], self.stocks[p] = self.stocks[p], self.hands[p]
        self.hand_known[p] = len(self.hands[p])  # every card of it was seen face up
        if events is not None:
            events.append(Event("turn_over", {"player": p, "cards": len(self.hands[p])}))
        return True

    def _draw(self, p: int, events, skipped: int | None = None) -> None:
        """Turn up the bottom card of ``p``'s hand."""
        hand = self.hands[p]
        card = hand.pop()
        self.current, self.source = card, HAND
        if self.hand_known[p] > 0:
            self.hand_known[p] -= 1
        if events is not None:
            if skipped is not None:
                events.append(Event("skip_stock", {"player": p, "stock_top": NAMES[skipped]}))
            events.append(Event("reveal", {"player": p, "card": NAMES[card], "from": "hand"}))

    def _advance(self, events) -> None:
        """Put the player's next card in play: the Stock Pile's top when it can be played,
        else the bottom card of the hand."""
        p = self.turn
        hand, stock = self.hands[p], self.stocks[p]
        if stock and self.best(stock[-1]):
            self.current, self.source = stock[-1], STOCK
            return
        if not hand and not self._settle(p, events, force=True):
            return  # no card left: the player has won
        self._draw(p, events)

    def _end_turn(self, events) -> None:
        if self.turns >= self.round_limit * self.players:
            self.ended = "round_limit"
            self.current, self.source = None, NONE
            if events is not None:
                events.append(Event("round_limit", {"rounds": self.round_limit, "cards_left": self.cards_left()}))
            return
        self.turn = (self.turn + 1) % self.players
        self.turns += 1
        if events is not None:
            events.append(Event("turn", {"player": self.turn}))
        self._advance(events)

    def _win(self, seat: int, events) -> None:
        self.winner, self.ended = seat, "out"
        if self.source == HAND and self.current is not None:  # a caller went out while another's card was in play
            self._to_hand_bottom(self.turn, self.current)
        self.current, self.source = None, NONE
        self._close_window()
        if events is not None:
            events.append(Event("win", {"player": seat}))

    def cards_left(self) -> list[int]:
        out = [len(h) + len(s) for h, s in zip(self.hands, self.stocks, strict=True)]
        if self.source == HAND:
            out[self.turn] += 1
        return out

    # -- what players see ------------------------------------------------------------------------
    def _view(self, player):
        # Hands are held face down and nobody, the owner included, sees them; Stock Piles
        # are face-up piles of which only the top shows.
        n = self.players
        left = self.cards_left()
        over = self.ended is not None
        return {
            "seat": player,
            "players": n,
            "dealer": n - 1,
            "enforce": self.options["enforce"],
            "turn": None if over else self.turn,
            "turns": self.turns,
            "round": (self.turns - 1) // n + 1,
            "round_limit": self.round_limit,
            "current": (
                {"card": NAMES[self.current], "from": SOURCE_NAMES[self.source]} if self.current is not None else None
            ),
            "hand_counts": [len(h) for h in self.hands],
            "stocks": [{"top": NAMES[s[-1]] if s else None, "count": len(s)} for s in self.stocks],
            "centre": [NAMES[t] if t else None for t in self.centre],
            "removed_piles": self.removed,
            "cards_left": left,
            "scores": [-c for c in left],
            "muggins": (
                {
                    "offender": self.offender,
                    "offence": self.offence,
                    "card": NAMES[self.off_card],
                    "window": self.window,
                }
                if self.offender >= 0
                else None
            ),
            "over": over,
            "ended": self.ended,
            "winner": self.winner,
            "winners": list(self._winners(left)),
        }

    def hidden_slots(self, player):
        """Nobody knows the cards of a hand that came from the deal and were never turned
        up (its top part); everything else -- every card turned up, Stock Piles, cards
        taken back, a turned-over Stock Pile -- everyone saw."""
        out = []
        for hand, known in zip(self.hands, self.hand_known, strict=True):
            out.extend((hand, i) for i in range(len(hand) - known))
        return out

    def _winners(self, left: list[int]) -> tuple[int, ...]:
        """``result().winners`` from ``cards_left()`` (the view's, without ranking)."""
        if self.winner is not None:
            return (self.winner,)
        if self.ended is None:
            return ()
        best = min(left)
        return tuple(k for k, v in enumerate(left) if v == best)

    def result(self) -> Result:
        left = self.cards_left()
        keys = [-n for n in left]
        over = self.ended is not None
        winners = self._winners(left)
        if self.winner is not None:
            keys[self.winner] = 1  # the player who went out ranks first, whatever others hold
        return Result(
            tuple(float(-n) for n in left),
            winners,
            ranks_from_keys(keys),
            over,
            {"cards_left": left, "ended": self.ended, "turns": self.turns, "muggins_calls": self.calls},
        )
