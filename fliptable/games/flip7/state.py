"""Flip 7 state and rules (flip7.md, with the decisions of docs/rules/flip7.md).

The draw pile is kept top-last (``draw[-1]`` is the top card). Flip Threes being
resolved form a stack of jobs kept as three parallel fields (``job_player``,
``job_left``, ``job_aside``: who flips, flips left, action cards set aside), so the
kernel's field list can copy and save them without a deep copy. A pending choice (who
gets a spare Second Chance, or, with ``rules=official``, who gets a Freeze / Flip Three)
is ``choice`` ("give" / "target"), ``chooser`` and ``choice_card``.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.decision import Over, turn
from ...core.errors import shorten
from ...core.events import Event
from ...core.result import Result, ranks_from_keys
from .cards import CARDS, FLIP3, FREEZE, MODIFIER_POINTS, SECOND, X2
from .fields import Flip7Fields

ACTIVE, STAYED, BUSTED, FROZEN, FLIP7 = range(5)
STATUS_NAMES = ("active", "stayed", "busted", "frozen", "flip7")
HIT_STAY = ("hit", "stay")
DISCARD = "discard"
_OVER = Over()
WINNING_SCORE = 200
FLIP7_BONUS = 15
NAMES = CARDS.names
#: seats a table can have (the action strings below are built once)
MAX_SEATS = 12
GIVE = tuple(f"give:{p}" for p in range(MAX_SEATS))
TARGET = tuple(f"target:{p}" for p in range(MAX_SEATS))
_SEAT_OF = {a: p for p in range(MAX_SEATS) for a in (GIVE[p], TARGET[p])}
#: the "flip" event of each seat and card, made once: the commonest event (two thirds of a
#: game's) costs no allocation when events are told (an Event is immutable and every
#: reader copies its data)
FLIP_EVENTS = tuple(tuple(Event("flip", {"player": p, "card": name}) for name in NAMES) for p in range(MAX_SEATS))
#: the state whose flips are noted (``balance.watch_flips``) and, per seat, the set of
#: the cards flipped to it; [None, None] in play
WATCHED: list = [None, None]


#: a round in which this many decisions per seat have been made ends at once, every active
#: player banking (docs/rules/flip7.md "The decision cap"); never reached in play
ROUND_DECISIONS_PER_SEAT = 40


def round_decision_cap(players: int) -> int:
    """The most decisions one round may take (docs/rules/flip7.md "The decision cap")."""
    return ROUND_DECISIONS_PER_SEAT * players


class Flip7State(Flip7Fields):
    """A game of Flip 7."""

    FIELDS: ClassVar[dict[str, str]] = {
        "draw": "cards",  # top card last
        "discard": "cards",  # bottom first
        "tableau": "piles",  # the cards in front of each player, in the order they came
        "status": "ints",  # ACTIVE, STAYED, BUSTED, FROZEN, FLIP7 per seat
        "totals": "ints",  # game score per seat
        "dealer": "seat",
        "last": "seat",  # whose turn it is (or was last, while resolving)
        "to_deal": "seats",  # seats still to be dealt their first card, next last
        "job_player": "seats",  # Flip Three jobs, innermost last
        "job_left": "ints",
        "job_aside": "piles",
        "choice": "str?",  # "give" / "target" while a choice is pending
        "chooser": "seat?",
        "choice_card": "card?",
        "round_no": "int",
        "round_decisions": "int",  # decisions taken in this round (the cap)
        "over": "bool",
        "ended": "str?",  # "score" or "round_limit" once over
        "last_round": "ints?",  # the scores of the round just finished
        "stat": "ints",  # player-rounds, busts, flip 7s, summed round scores
    }
    DERIVED: ClassVar[dict[str, str]] = {
        "mask": "ints",  # bit n set: the player holds the number n
        "has_second": "bools",  # the player holds a Second Chance
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up -------------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.draw = deck[::-1]
        self.discard = []
        self.totals = [0] * n
        self.dealer = n - 1  # the first dealer is the last seat
        self.round_no = 0
        self.over = False
        self.ended = None
        self.last_round = None
        self.stat = [0, 0, 0, 0]
        self._start_round(self.opening)  # the first round's deal is told like the others
        self._advance(self.opening)

    def _derive(self) -> None:
        n = self.players
        self.mask = [0] * n
        self.has_second = [False] * n
        for p, cards in enumerate(self.tableau):
            for c in cards:
                if c <= 12:
                    self.mask[p] |= 1 << c
                elif c == SECOND:
                    self.has_second[p] = True

    def _check(self) -> None:
        n = self.players
        for name in ("tableau", "status", "totals"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} must have one entry per seat")
        if any(s not in range(5) for s in self.status):
            raise ValueError("a status must be 0..4 (active, stayed, busted, frozen, flip7)")
        if any(t < 0 for t in self.totals) or len(self.stat) != 4 or any(x < 0 for x in self.stat):
            raise ValueError("totals and statistics must be non-negative")
        for p, cards in enumerate(self.tableau):
            numbers = [c for c in cards if c <= 12]
            if len(set(numbers)) != len(numbers):
                raise ValueError(f"seat {p} holds a duplicate number")
            if cards.count(SECOND) > 1 or FREEZE in cards or FLIP3 in cards:
                raise ValueError(f"seat {p} holds action cards it cannot keep")
            if self.status[p] == BUSTED and cards:
                raise ValueError(f"seat {p} busted but still holds cards")
            if (len(numbers) == 7) != (self.status[p] == FLIP7) and cards:
                raise ValueError(f"seat {p}: seven numbers exactly when at Flip 7")
        if not len(self.job_player) == len(self.job_left) == len(self.job_aside):
            raise ValueError("the Flip Three jobs are not aligned")
        if any(not 0 <= k <= 3 for k in self.job_left):
            raise ValueError("a Flip Three has 0 to 3 flips left")
        if any(c not in (FREEZE, FLIP3) for aside in self.job_aside for c in aside):
            raise ValueError("only Freeze and Flip Three cards are set aside")
        if len(set(self.to_deal)) != len(self.to_deal):
            raise ValueError("a seat is to be dealt twice")
        pending = (self.choice, self.chooser, self.choice_card)
        if self.choice is None:
            if pending != (None, None, None):
                raise ValueError("choice, chooser and choice_card are set together")
            if not self.over and (self.job_player or self.to_deal or self.status[self.last] != ACTIVE):
                raise ValueError("with no choice pending, the player to act must be active and nothing left to resolve")
        else:
            if self.chooser is None or self.choice_card is None or self.over:
                raise ValueError("a pending choice needs a chooser and a card")
            if self.choice == "give" and self.choice_card != SECOND:
                raise ValueError("only a Second Chance is given")
            if self.choice == "target" and (
                self.options["rules"] != "official" or self.choice_card not in (FREEZE, FLIP3)
            ):
                raise ValueError("only rules=official targets a Freeze or Flip Three")
            if self.choice not in ("give", "target"):
                raise ValueError("choice must be give or target")
            if not self._candidates():
                raise ValueError("a pending choice has nobody to choose")
            if self.choice == "give" and self.options["spare_second"] == "give" and len(self._candidates()) < 2:
                raise ValueError("with spare_second=give a single taker is given the card at once")
        if self.last_round is not None and len(self.last_round) != n:
            raise ValueError("last_round must have one score per seat")
        if self.round_no < 1 or self.round_no > self.options["round_limit"]:
            raise ValueError("round must be 1..round_limit")
        if not 0 <= self.round_decisions <= round_decision_cap(n):
            raise ValueError("round_decisions is beyond the cap")
        if self.over != (self.ended is not None) or self.ended not in (None, "score", "round_limit"):
            raise ValueError("ended is 'score' or 'round_limit' exactly when the game is over")
        if self.over and self.ended == "score":
            top = max(self.totals)
            if top < WINNING_SCORE or self.totals.count(top) != 1:
                raise ValueError("the game ended on score without a single leader at 200 or more")

    # -- the kernel contract ------------------------------------------------------------
    def decision(self):
        if self.over:
            return _OVER
        if self.choice is not None:
            return turn(self.chooser)
        return turn(self.last)

    def _legal_actions(self, player):
        if self.over:
            return ()
        if self.choice is not None:
            if player != self.chooser:
                return ()
            if self.choice == "give":
                # flip7.md "Second Chance": "extras must be given to another player or discarded"
                gives = tuple(GIVE[q] for q in self._candidates())
                return (*gives, DISCARD) if self.options["spare_second"] == "give_or_discard" else gives
            return tuple(TARGET[q] for q in self._candidates())
        return HIT_STAY if player == self.last else ()

    def _illegal_reason(self, player, action):
        kind, _, arg = action.partition(":")
        if self.choice is not None:
            if kind == "give" and self.choice == "give":
                return (
                    f'{shorten(arg)!r} is not an eligible seat (flip7.md "Second Chance": only another active '
                    f"player without one may take it; or discard it)"
                )
            if action == DISCARD and self.choice == "give":
                return "with spare_second=give a spare Second Chance must be given while someone can take it"
            if kind == "target" and self.choice == "target":
                return f"{shorten(arg)!r} is not an active player (rules=official: any active player)"
            what = (
                "give the spare Second Chance away or discard it"
                if self.choice == "give"
                else f"choose who gets the {NAMES[self.choice_card]}"
            )
            return f"you must first {what}"  # said to the player refused
        if kind == "target" and self.options["rules"] != "official":
            return "target:<seat> exists only with rules=official (the rulebook's Freeze and Flip Three hit the drawer)"
        if kind in ("give", "target", DISCARD):
            return "there is no card to hand out now"
        return None

    def timeout_action(self, player):
        """A player whose time ran out stays; a pending choice takes its first legal option."""
        legal = self.legal_actions(player)
        if legal == HIT_STAY:
            return "stay"
        return super().timeout_action(player)

    def _apply(self, player, action, events):
        self.round_decisions += 1
        if action == "hit":
            self._flip(player, self._draw(events), False, events)
        elif action == "stay":
            # flip7.md "Pass (Stay)": bank the points, done for the round
            self.status[player] = STAYED
            if events is not None:
                events.append(Event("stay", {"player": player, "round_score": self.round_score(player)}))
        else:
            chooser, card = self.chooser, self.choice_card
            self.choice = self.chooser = self.choice_card = None
            if action == DISCARD:
                self.discard.append(card)
                if events is not None:
                    events.append(Event("discard_second", {"player": chooser, "chosen": True}))
            elif action[0] == "g":
                self._give_second(chooser, _SEAT_OF[action], card, events)
            else:
                self._resolve_action_card(chooser, _SEAT_OF[action], card, events)
        if self.round_decisions >= round_decision_cap(self.players):
            self._cut_round("round_cap", events)
        self._advance(events)

    def all_cards(self):
        out = self.draw + self.discard
        for t in self.tableau:
            out += t
        for aside in self.job_aside:
            out += aside
        if self.choice_card is not None:
            out.append(self.choice_card)
        return out

    def hidden_slots(self, player):
        """Everything in Flip 7 is face up but the order of the draw pile: every player
        (and a spectator) knows its composition, nobody its order."""
        draw = self.draw
        return [(draw, i) for i in range(len(draw))]

    def _redeal(self, player, rng):
        rng.shuffle(self.draw)  # the same as re-dealing hidden_slots, without the index list

    # -- the engine -------------------------------------------------------------------------
    def _clear_tableaus(self) -> None:
        """Every tableau empty, with the caches ``_derive`` keeps of them (a finished
        game's view must be the one its saved state gives)."""
        n = self.players
        self.tableau = [[] for _ in range(n)]
        self.mask = [0] * n
        self.has_second = [False] * n

    def _start_round(self, events) -> None:
        n = self.players
        self.round_no += 1
        if self.round_no > 1:
            self.dealer = (self.dealer + 1) % n
        self._clear_tableaus()
        self.status = [ACTIVE] * n
        self.job_player, self.job_left, self.job_aside = [], [], []
        self.choice = self.chooser = self.choice_card = None
        self.round_decisions = 0
        # flip7.md "Setup" 3: one card to each player from the dealer's left
        self.to_deal = [(self.dealer + 1 + i) % n for i in range(n)][::-1]
        self.last = self.dealer
        if events is not None:
            events.append(Event("round_start", {"round": self.round_no, "dealer": self.dealer}))

    def _advance(self, events) -> None:
        """Resolve everything automatic until a player must decide or the game ends."""
        status = self.status
        while True:
            if self.choice is not None or self.over:
                return
            jobs = self.job_player
            if jobs:
                p = jobs[-1]
                if status[p] != ACTIVE:
                    # out of the round meanwhile: set-aside cards are discarded
                    self._pop_job()
                    continue
                if self.job_left[-1] > 0:
                    self.job_left[-1] -= 1
                    card = self._draw(events)
                    if card is not None:
                        self._flip(p, card, True, events)
                    continue
                aside = self.job_aside[-1]
                if aside:
                    # docs/rules/flip7.md "Flip Three": set-aside cards after the three, in order
                    self._action_card(p, aside.pop(0), events)
                    continue
                self._pop_job()
                continue
            if self.to_deal:
                p = self.to_deal.pop()
                if status[p] == ACTIVE:
                    card = self._draw(events)
                    if card is not None:
                        self._flip(p, card, False, events)
                continue
            # flip7.md "Gameplay": next active player after the one who acted last
            n = self.players
            for i in range(1, n + 1):
                q = (self.last + i) % n
                if status[q] == ACTIVE:
                    self.last = q
                    return
            self._end_round(events)
            if self.over:
                return
            status = self.status

    def _pop_job(self) -> None:
        self.job_player.pop()
        self.job_left.pop()
        self.discard += self.job_aside.pop()

    def _cut_round(self, why: str, events) -> None:
        """End the round at once: every active player banks what they have; set-aside
        cards, a card waiting for a choice and the rest of the deal are dropped."""
        # same steps as the official Flip 7 ending below on purpose: this also drops the deal
        for p in range(self.players):
            if self.status[p] == ACTIVE:
                self.status[p] = STAYED
        for aside in self.job_aside:
            self.discard += aside
        self.job_player, self.job_left, self.job_aside = [], [], []
        if self.choice_card is not None:
            self.discard.append(self.choice_card)
            self.choice = self.chooser = self.choice_card = None
        self.to_deal.clear()
        if events is not None:
            events.append(Event(why, {}))

    def _draw(self, events) -> int | None:
        """The top card; an empty draw pile is refilled from the shuffled discards.
        With no card anywhere, the round ends (docs/rules/flip7.md "Running out")."""
        draw = self.draw
        if not draw:
            if not self.discard:
                self._cut_round("no_cards", events)
                return None
            self.draw, self.discard = self.discard, []
            self.rng.shuffle(self.draw)
            draw = self.draw
            if events is not None:
                events.append(Event("reshuffle", {"cards": len(draw)}))
        return draw.pop()

    def _flip(self, p: int, card: int | None, in_flip3: bool, events) -> None:
        """A card flipped for player ``p`` (flip7.md "Hit")."""
        if card is None:
            return
        if events is not None:
            events.append(FLIP_EVENTS[p][card])
        if WATCHED[0] is self:
            WATCHED[1][p].add(card)
        if card <= 12:
            bit = 1 << card
            if self.mask[p] & bit:
                if self.has_second[p]:
                    # flip7.md "Second Chance": discard the duplicate and the Second Chance
                    self.has_second[p] = False
                    self.tableau[p].remove(SECOND)
                    self.discard += (card, SECOND)
                    if events is not None:
                        events.append(Event("second_chance", {"player": p, "card": NAMES[card]}))
                    return
                # flip7.md "Busting": 0 points, all cards discarded
                self.status[p] = BUSTED
                self.discard += self.tableau[p]
                self.discard.append(card)
                self.tableau[p] = []
                self.mask[p] = 0
                if events is not None:
                    events.append(Event("bust", {"player": p, "card": NAMES[card]}))
                return
            self.mask[p] |= bit
            self.tableau[p].append(card)
            if self.mask[p].bit_count() == 7:
                self._flip7(p, events)
            return
        if card == SECOND:
            if not self.has_second[p]:
                self.has_second[p] = True
                self.tableau[p].append(card)
                return
            self._spare_second(p, card, events)
            return
        if card in (FREEZE, FLIP3):
            if in_flip3 and self.options["flip3_actions"] == "after":
                # the published clarification: set aside until the three are flipped
                self.job_aside[-1].append(card)
                return
            # flip7.md "Hit": "Action Card: Resolve its effect immediately"
            self._action_card(p, card, events)
            return
        self.tableau[p].append(card)  # modifiers and x2

    def _flip7(self, p: int, events) -> None:
        """flip7.md "Hit": the 7th unique number stops the player with a 15-point bonus."""
        self.status[p] = FLIP7
        if events is not None:
            events.append(Event("flip7", {"player": p}))
        if self.options["rules"] == "official":
            # the published game: a Flip 7 ends the round for everyone (as _cut_round does, on purpose)
            for q in range(self.players):
                if self.status[q] == ACTIVE:
                    self.status[q] = STAYED
            for aside in self.job_aside:
                self.discard += aside
            self.job_player, self.job_left, self.job_aside = [], [], []
            self.to_deal.clear()

    def _spare_second(self, p: int, card: int, events) -> None:
        """flip7.md "Second Chance": a second one "must be given to another player or
        discarded": the drawer chooses (``give:<seat>`` or ``discard``); with nobody able
        to take it, it is discarded. With ``spare_second=give`` (rules version 1) it must
        be given when someone can take it: automatically when only one can."""
        self.choice, self.chooser, self.choice_card = "give", p, card
        candidates = self._candidates()
        if not candidates:
            self.choice = self.chooser = self.choice_card = None
            self.discard.append(card)
            if events is not None:
                events.append(Event("discard_second", {"player": p, "chosen": False}))
        elif len(candidates) == 1 and self.options["spare_second"] == "give":
            self.choice = self.chooser = self.choice_card = None
            self._give_second(p, candidates[0], card, events)

    def _give_second(self, p: int, q: int, card: int, events) -> None:
        self.has_second[q] = True
        self.tableau[q].append(card)
        if events is not None:
            events.append(Event("give", {"player": p, "to": q}))

    def _action_card(self, p: int, card: int, events) -> None:
        """Freeze or Flip Three drawn by ``p``: on ``p`` itself, or (rules=official) on an
        active player of ``p``'s choice."""
        if self.options["rules"] == "official":
            self.choice, self.chooser, self.choice_card = "target", p, card
            targets = self._candidates()
            if len(targets) > 1:
                return
            self.choice = self.chooser = self.choice_card = None
            if not targets:
                self.discard.append(card)
                return
            self._resolve_action_card(p, targets[0], card, events)
            return
        self._resolve_action_card(p, p, card, events)

    def _resolve_action_card(self, p: int, target: int, card: int, events) -> None:
        self.discard.append(card)
        if card == FREEZE:
            # docs/rules/flip7.md "Freeze": banks the round score, out of the round
            self.status[target] = FROZEN
            if events is not None:
                events.append(Event("freeze", {"player": p, "target": target, "round_score": self.round_score(target)}))
        else:
            self.job_player.append(target)
            self.job_left.append(3)
            self.job_aside.append([])
            if events is not None:
                events.append(Event("flip_three", {"player": p, "target": target}))

    def _candidates(self) -> list[int]:
        """Who the pending choice may go to."""
        p = self.chooser
        status = self.status
        if self.choice == "give":
            return [q for q in range(self.players) if q != p and status[q] == ACTIVE and not self.has_second[q]]
        return [q for q in range(self.players) if status[q] == ACTIVE]

    def round_score(self, p: int) -> int:
        """flip7.md "Scoring": numbers (doubled by x2), plus modifiers, plus 15 for Flip 7."""
        if self.status[p] == BUSTED:
            return 0
        numbers = 0
        bonus = 0
        doubled = False
        for c in self.tableau[p]:
            if c <= 12:
                numbers += c
            elif c == X2:
                doubled = True
            else:
                bonus += MODIFIER_POINTS[c]
        if doubled:
            numbers *= 2
        if self.mask[p].bit_count() == 7:
            bonus += FLIP7_BONUS
        return numbers + bonus

    def _end_round(self, events) -> None:
        """flip7.md "End of Round" and "End of Game" (and the round limit)."""
        n = self.players
        scores = [self.round_score(p) for p in range(n)]
        stat = self.stat
        for p in range(n):
            self.totals[p] += scores[p]
            self.discard += self.tableau[p]  # unused Second Chances are discarded too
            stat[1] += self.status[p] == BUSTED
            stat[2] += self.status[p] == FLIP7
        stat[0] += n
        stat[3] += sum(scores)
        self._clear_tableaus()
        self.last_round = scores
        if events is not None:
            events.append(Event("round_end", {"round": self.round_no, "scores": scores[:], "totals": self.totals[:]}))
        top = max(self.totals)
        if top >= WINNING_SCORE and self.totals.count(top) == 1:
            self.ended = "score"
        elif self.round_no >= self.options["round_limit"]:
            # docs/rules/flip7.md "The round limit": the game ends; the top total wins, ties share
            self.ended = "round_limit"
        if self.ended is not None:
            self.over = True
            if events is not None:
                winners = [p for p in range(n) if self.totals[p] == top]
                events.append(Event("game_over", {"totals": self.totals[:], "winners": winners, "ended": self.ended}))
            return
        self._start_round(events)

    # -- what players see -------------------------------------------------------------
    def _view(self, player):
        """Everything in Flip 7 is face up except the order of the draw pile."""
        n = self.players
        choice = None
        if self.choice is not None:
            choice = {"kind": self.choice, "player": self.chooser, "card": NAMES[self.choice_card]}
        over = self.over
        return {
            "game": "flip7",
            "seat": player,
            "players": n,
            "round": self.round_no,
            "dealer": self.dealer,
            "turn": None if over else (self.chooser if self.choice is not None else self.last),
            "choice": choice,
            "seats": [
                {
                    "cards": [NAMES[c] for c in self.tableau[p]],
                    "status": STATUS_NAMES[self.status[p]],
                    "round_score": self.round_score(p),
                    "total": self.totals[p],
                    "second_chance": self.has_second[p],
                }
                for p in range(n)
            ],
            "scores": self.totals[:],
            "draw_count": len(self.draw),
            "discard": [NAMES[c] for c in self.discard],
            "flip_three": [
                {
                    "player": self.job_player[i],
                    "left": self.job_left[i],
                    "set_aside": [NAMES[c] for c in self.job_aside[i]],
                }
                for i in range(len(self.job_player))
            ],
            "last_round": None if self.last_round is None else self.last_round[:],
            "over": over,
            "winners": list(self.result().winners) if over else [],
            "options": dict(self.options),
        }

    def result(self):
        """Totals so far; winners (the top total) only once the game is over."""
        totals = self.totals
        top = max(totals)
        leading = tuple(p for p in range(self.players) if totals[p] == top)
        details = {"rounds": self.round_no - (0 if self.over else 1), "leading": list(leading)}
        if self.over:
            details["ended"] = self.ended
        return Result(tuple(totals), leading if self.over else (), ranks_from_keys(totals), self.over, details)
