"""Flush state (flush.md, with the rulings of docs/rules/flush.md): its fields, declared
once here, and the kernel contract; the rules live in the mixins ``FlushState`` is
composed of (``legal``, ``apply``, ``rounds``, ``view``, ``checks``).

Where the cards are:

* ``hands[p]`` — the cards in a player's hand, with ``known[p]`` beside them: per card
  the knowledge mask (``core/knowledge.py``) — ``only(p)`` for a card only its owner
  has seen, ``PUBLIC`` for one everybody saw go there (a picked-up pile, a swapped-in
  Flush card);
* ``blinds[p][k]`` / ``tops[p][k]`` — base k: its Blind card (known to nobody, its owner
  included, until flipped) and its face-up top card (``-1`` once played);
* ``pile`` (bottom first) with ``pile_as``: the value each card counts as (a Mimic is
  fixed to the value it mimicked); ``top_count``: how many cards the most recent play
  put there;
* ``laid`` — the cards of a declaration being fulfilled (``laid_from``: 0 from hand,
  k for base k's top, -1 the flipped Blind card);
* ``unused`` (top last) — the rest of the pack, order known to nobody; ``indicator`` —
  the card turned up to show the Mimic value; ``discard`` — flushed cards.

A turn is a phase machine for the player ``turn``: PLAY (declare, or flip a Blind card)
→ BLIND (declare a play that includes the flipped card) → PICK (choose the cards that
fulfil the declaration, asked only when the choice is real) → resolved; a Super Flush
may add PASS (pass a base); a round whose Mimic card is a Flush card opens with SWAP.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.decision import TURNS, Over
from ...core.game import State
from .apply import Apply
from .cards import IS_LINK, VALUE
from .checks import Checks
from .deckspec import spec_of
from .legal import Legal
from .rounds import Rounds
from .tables import LINK_OF, N_STATS, VSLOT
from .view import View

_OVER = Over()


class FlushState(Legal, Apply, Rounds, View, Checks, State):
    """A game of Flush: the fields declared once here; the rules in the mixins —
    ``legal.py`` (legal actions, reasons), ``apply.py`` (applying, resolving),
    ``rounds.py`` (deal, scores, result), ``view.py`` (views, determinization),
    ``checks.py`` (loading checks)."""

    FIELDS: ClassVar[dict[str, str]] = {
        "hands": "piles",
        "known": "table",  # knowledge mask per hand card
        "blinds": "piles",
        "tops": "table",  # card or -1, per base
        "pile": "cards",  # bottom first
        "pile_as": "ints",  # the value each pile card counts as
        "top_count": "int",  # cards of the most recent play on the pile
        "unused": "cards",  # top last
        "discard": "cards",
        "indicator": "card",  # the Mimic card turned up
        "turn": "seat",
        "phase": "int",
        "decl_kind": "int",  # NUMBER, LINK, FLUSH_KIND, BIG_KIND while fulfilling
        "decl_value": "int",
        "decl_count": "int",
        "laid": "cards",
        "laid_from": "ints",
        "previous": "seat?",  # the player of the previous turn (another player)
        "turn_deduction": "int",  # Deduction points played this turn
        "round_no": "int",
        "first": "seat",  # who started this round
        "totals": "ints",
        "out_round": "ints",  # elimination: the round a player went out in (0: playing)
        "last_round": "json?",  # the round just finished: winner, scores, deduction
        "round_decisions": "int",
        "turns": "int",  # turns taken this round
        "over": "bool",
        "stat": "ints",
    }
    DERIVED: ClassVar[dict[str, str]] = {
        "mimic": "int",  # the Mimic value (0 while a Flush card waits to be swapped)
        "points": "ref",  # per card int, from the deck spec
        "deduction": "ref",
        "active": "ref",  # seats still playing, in seat order
        "run_value": "int",  # the value on top of the pile (0: no pile)
        "run_count": "int",  # consecutive cards of that value on top
        "run_links": "int",  # Link cards among them
        "tokens": "ref",  # PICK: the legal cards, kept from the last fulfilling step
        "counts": "table",  # per seat: cards it can lay per VSLOT (hand and tops), Link cards
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up ---------------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        self.totals = [0] * n
        self.out_round = [0] * n
        self.round_no = 0
        self.over = False
        self.last_round = None
        self.stat = [0] * N_STATS
        self._spec_derive()
        # flush.md "STARTING THE GAME": "random if starting the first hand"
        self._deal(deck, self.rng.randrange(n), self.opening)  # the first deal is told like the others

    def _spec_derive(self) -> None:
        spec = spec_of(self.options["deck"])
        self.points = spec.points
        self.deduction = spec.deduction

    def _derive(self) -> None:
        self.tokens = None
        self._recount()
        self._spec_derive()
        self.active = tuple(p for p in range(self.players) if not self.out_round[p])
        self.mimic = VALUE[self.indicator]
        self._derive_run()

    def _recount(self) -> None:
        """``counts[p]``: per ``VSLOT`` the cards ``p`` holds in hand and on its bases' tops
        (slot 13: bases without a top), and at 14 its Link cards among them — kept up to date
        by every move of a card, so declarations are found without reading the hand."""
        vslot, link = VSLOT, LINK_OF
        counts = []
        for p in range(self.players):
            cnt = [0] * 15
            for c in self.hands[p]:
                cnt[vslot[c]] += 1
                cnt[14] += link[c]
            for c in self.tops[p]:
                cnt[vslot[c]] += 1
                cnt[14] += link[c]
            counts.append(cnt)
        self.counts = counts

    def _derive_run(self) -> None:
        pile_as = self.pile_as
        if not pile_as:
            self.run_value = self.run_count = self.run_links = 0
            return
        v = pile_as[-1]
        i = len(pile_as)
        links = 0
        pile = self.pile
        while i and pile_as[i - 1] == v:
            i -= 1
            links += IS_LINK[pile[i]]
        self.run_value, self.run_count, self.run_links = v, len(pile_as) - i, links

    # -- the kernel contract ------------------------------------------------------------------
    def decision(self):
        return _OVER if self.over else TURNS[self.turn]  # at most 6 seats
