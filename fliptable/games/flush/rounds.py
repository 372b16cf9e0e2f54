"""Rounds: the deal (flush.md "STARTING THE GAME"), the end of a round and its scores
("END OF THE ROUND", "DEDUCTION CARDS ★"), the decision cap, what the mode makes of
the totals, and the result. A mixin of ``FlushState`` (``state.py``)."""

from __future__ import annotations

from ...core.events import Event
from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC
from ...core.result import Result, ranks_from_keys
from .cards import IS_FLUSH, NAMES, VALUE, card_order
from .deckspec import spec_of
from .fields import FlushFields
from .tables import (
    ARENA_ROUNDS,
    BLIND_CARDS,
    DEAL,
    HAND_SIZE,
    MAX_ELIMINATION_ROUNDS,
    PLAY,
    ST_CAPPED,
    ST_DECISIONS,
    ST_FIRST_WINS,
    ST_ROUNDS,
    ST_TURNS,
    SWAP,
    total_rounds,
)

#: per card int: its place among the faces sorted by ``card_order`` (a dealt hand is told so)
_ORDER = [0] * len(NAMES)
for _i, _c in enumerate(sorted(range(len(NAMES)), key=lambda c: card_order(NAMES[c]))):
    _ORDER[_c] = _i
#: per ``deck`` option: the pack in card-table order (``DeckSpec.deck``), shuffled each round
_DECKS: dict[str, tuple[int, ...]] = {}


class Rounds(FlushFields):
    """Dealing, ending and scoring rounds; the game's result."""

    __slots__ = MIXIN_SLOTS

    def _deal(self, order: list[int], first: int, events) -> None:
        """flush.md "STARTING THE GAME": 14 cards each, one at a time in seat order; of a
        player's cards the first three dealt are the Blind cards, the next three the
        face-up tops of bases 1-3, the last eight the hand; the next card is turned up
        to show the Mimic value; the rest is the unused deck."""
        n = self.players
        self.active = active = tuple(p for p in range(n) if not self.out_round[p])
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.blinds = [[] for _ in range(n)]
        self.tops = [[] for _ in range(n)]
        k = len(active)
        for i, p in enumerate(active):
            cards = order[i : k * DEAL : k]
            self.blinds[p] = cards[:BLIND_CARDS]
            self.tops[p] = cards[BLIND_CARDS : 2 * BLIND_CARDS]
            self.hands[p] = cards[2 * BLIND_CARDS :]
            self.known[p] = [1 << p] * HAND_SIZE
        self.indicator = order[k * DEAL]
        self.unused = order[k * DEAL + 1 :][::-1]
        self.discard = []
        self.pile, self.pile_as = [], []
        self.top_count = 0
        self.run_value = self.run_count = self.run_links = 0
        self.laid, self.laid_from = [], []
        self.tokens = None
        self.decl_kind = self.decl_value = self.decl_count = 0
        self.round_no += 1
        self.first = self.turn = first
        self.previous = None
        self.turn_deduction = 0
        self.round_decisions = 0
        self.turns = 1
        self.mimic = VALUE[self.indicator]
        self._recount()
        # flush.md "MIMIC CARDS": a Flush card turned up is swapped by the starting player
        self.phase = SWAP if IS_FLUSH[self.indicator] else PLAY
        if events is not None:
            events.append(
                Event(
                    "round_start",
                    {
                        "round": self.round_no,
                        "first": first,
                        "players": list(active),
                        "indicator": NAMES[self.indicator],
                        "mimic": self.mimic or None,
                        "tops": {str(p): [NAMES[c] for c in self.tops[p]] for p in active},
                        "unused": len(self.unused),
                    },
                )
            )
            for p in active:
                hand = [NAMES[c] for c in sorted(self.hands[p], key=_ORDER.__getitem__)]
                events.append(
                    Event("deal", {"player": p, "hand_count": HAND_SIZE, "blinds": BLIND_CARDS}, {"hand": hand}, (p,))
                )

    def _holding_points(self, q: int) -> int:
        """flush.md "END OF THE ROUND": every card held, Blind cards included; Mimics ×3."""
        pts = self.points
        m = self.mimic
        total = 0
        for c in self.hands[q]:
            total += pts[c] * (3 if VALUE[c] == m else 1)
        for c in self.blinds[q]:
            total += pts[c] * (3 if VALUE[c] == m else 1)
        for c in self.tops[q]:
            if c >= 0:
                total += pts[c] * (3 if VALUE[c] == m else 1)
        return total

    def _cut_round(self, events) -> None:
        """The decision cap (docs/rules/flush.md): the round ends without a winner."""
        p = self.turn
        if self.laid:
            self.hands[p].extend(self.laid)
            self.known[p].extend([PUBLIC] * len(self.laid))
            self._count_in(p, self.laid)
            self.laid, self.laid_from = [], []
        self.tokens = None
        self.decl_kind = self.decl_value = self.decl_count = 0
        self.stat[ST_CAPPED] += 1
        if events is not None:
            events.append(Event("round_cap", {"round": self.round_no}))
        self._end_round(None, events)

    def _end_round(self, winner: int | None, events) -> None:
        """flush.md "END OF THE ROUND", "DEDUCTION CARDS ★"; the mode decides what follows."""
        n = self.players
        options = self.options
        double = options["mode"] == "arena" and self.round_no == ARENA_ROUNDS
        factor = 2 if double else 1
        scores = [0] * n
        for q in self.active:
            if q != winner:
                scores[q] = self._holding_points(q) * factor
                self.totals[q] += scores[q]
        deduction = 0
        if winner is not None:
            deduction = self.turn_deduction * factor
            # "a total score cannot decrease below zero"
            self.totals[winner] = max(0, self.totals[winner] - deduction)
        stat = self.stat
        stat[ST_ROUNDS] += 1
        stat[ST_TURNS] += self.turns
        stat[ST_DECISIONS] += self.round_decisions
        if winner is not None and winner == self.first:
            stat[ST_FIRST_WINS] += 1
        eliminated = []
        if options["mode"] == "elimination":
            for q in self.active:
                if self.out_round[q] == 0 and self.totals[q] >= options["limit"]:
                    self.out_round[q] = self.round_no
                    eliminated.append(q)
        self.last_round = {
            "round": self.round_no,
            "winner": winner,
            "scores": scores,
            "deduction": deduction,
            "double": double,
            "eliminated": eliminated,
        }
        if events is not None:
            events.append(
                Event(
                    "round_end",
                    {
                        "round": self.round_no,
                        "winner": winner,
                        "scores": scores[:],
                        "deduction": deduction,
                        "double": double,
                        "totals": self.totals[:],
                        "eliminated": eliminated[:],
                    },
                )
            )
        previous_first = self.first
        self.active = tuple(q for q in range(n) if not self.out_round[q])
        limit = total_rounds(options)
        if limit is not None:
            over = self.round_no >= limit
        else:
            over = len(self.active) <= 1 or self.round_no >= MAX_ELIMINATION_ROUNDS
        if over:
            self.over = True
            if events is not None:
                res = self.result()
                events.append(Event("game_over", {"totals": self.totals[:], "winners": list(res.winners)}))
            return
        # flush.md "END OF THE ROUND": the previous round's winner starts the next
        if winner is None or winner not in self.active:
            first = next((q for q in self.active if q > previous_first), self.active[0])
        else:
            first = winner
        deck = _DECKS.get(options["deck"])
        if deck is None:
            if len(_DECKS) >= 64:  # a bound, for a server seeing many packs
                _DECKS.clear()
            deck = _DECKS[options["deck"]] = tuple(spec_of(options["deck"]).deck())
        order = list(deck)
        self.rng.shuffle(order)
        self._deal(order, first, events)

    def result(self):
        """Totals; in rounds and arena the lowest total wins, in elimination the last player
        standing (then the later eliminated, then the lower total)."""
        totals = self.totals
        n = self.players
        if self.options["mode"] == "elimination":
            keys = [(0 if self.out_round[p] else 1, self.out_round[p], -totals[p]) for p in range(n)]
        else:
            keys = [-t for t in totals]
        ranks = ranks_from_keys(keys)
        winners = tuple(p for p in range(n) if ranks[p] == 1) if self.over else ()
        details = {"mode": self.options["mode"], "rounds": self.round_no if self.over else self.round_no - 1}
        if self.options["mode"] == "elimination":
            details["out_round"] = list(self.out_round)
        return Result(tuple(totals), winners, ranks, self.over, details)
