"""Loading checks: a saved Flush state is consistent with the rules, or a ``ValueError``
names what is not (called by ``Game.state_from_json`` after the field kinds and card
conservation). A mixin of ``FlushState`` (``state.py``)."""

from __future__ import annotations

from ...core.fields import MIXIN_SLOTS
from ...core.knowledge import PUBLIC
from . import notation as A
from .cards import IS_FLUSH, NCARDS, VALUE
from .fields import FlushFields
from .tables import (
    BIG_KIND,
    BLIND,
    FLUSH_KIND,
    MAX_ELIMINATION_ROUNDS,
    N_STATS,
    NUMBER,
    PASS,
    PICK,
    SWAP,
    round_cap,
    total_rounds,
)


class Checks(FlushFields):
    """``_check``: what a loaded state must satisfy."""

    __slots__ = MIXIN_SLOTS

    # -- loading -------------------------------------------------------------------------------------
    def _load(self, data) -> None:
        super()._load(data)
        self._check_seats()  # before the kernel's deck check reads every seat's cards

    def _check_seats(self) -> None:
        for name in ("hands", "known", "blinds", "tops", "totals", "out_round"):
            if len(getattr(self, name)) != self.players:
                raise ValueError(f"{name} must have one entry per seat")

    def _check(self) -> None:
        n = self.players
        self._check_seats()
        if len(self.stat) != N_STATS or any(x < 0 for x in self.stat):
            raise ValueError(f"stat must be {N_STATS} non-negative counters")
        for q in range(n):
            if len(self.known[q]) != len(self.hands[q]):
                raise ValueError(f"seat {q}: one knowledge mask per hand card")
            if any(mask not in (PUBLIC, 1 << q) for mask in self.known[q]):
                raise ValueError(f"seat {q}: a hand card is known to its owner, or to everybody")
            if len(self.tops[q]) != len(self.blinds[q]) or len(self.blinds[q]) > A.MAX_BASES:
                raise ValueError(f"seat {q}: one top (or -1) per base, at most {A.MAX_BASES} bases")
            if any(not -1 <= c < NCARDS for c in self.tops[q]):
                raise ValueError(f"seat {q}: a top is a card or -1")
        if any(t < 0 for t in self.totals):
            raise ValueError("totals are never below zero")
        if not self.round_no >= 1:
            raise ValueError("round must be 1 or more")
        limit = total_rounds(self.options) or MAX_ELIMINATION_ROUNDS
        if self.round_no > limit:
            raise ValueError(f"round must be 1..{limit}")
        if any(not 0 <= r <= self.round_no for r in self.out_round):
            raise ValueError("out_round is 0 or a round played")
        if self.options["mode"] != "elimination" and any(self.out_round):
            raise ValueError("only elimination puts players out")
        active = [q for q in range(n) if not self.out_round[q]]
        if len(self.pile_as) != len(self.pile) or any(not 1 <= v <= 10 for v in self.pile_as):
            raise ValueError("pile_as gives a value 1..10 per pile card")
        m = VALUE[self.indicator]
        if any(VALUE[c] != v and VALUE[c] != m for c, v in zip(self.pile, self.pile_as, strict=True)):
            raise ValueError("a pile card counts as its own value, or is a Mimic")
        if len(self.laid_from) != len(self.laid) or any(not -1 <= f <= A.MAX_BASES for f in self.laid_from):
            raise ValueError("laid_from gives a source per laid card")
        # a round reaching the cap ends at once: only a game the cap ended keeps the cap's count
        if not 0 <= self.round_decisions <= round_cap(n) - (not self.over):
            raise ValueError("round_decisions is beyond the cap")
        if self.turn_deduction < 0 or self.turns < 0:
            raise ValueError("turn_deduction and turns are not negative")
        if self.last_round is not None:
            lr = self.last_round
            if (
                not isinstance(lr, dict)
                or set(lr) != {"round", "winner", "scores", "deduction", "double", "eliminated"}
                or not isinstance(lr["scores"], list)
                or len(lr["scores"]) != n
                or not all(type(s) is int for s in lr["scores"])
                or not (lr["winner"] is None or lr["winner"] in range(n))
                or type(lr["deduction"]) is not int
                or type(lr["round"]) is not int
                or type(lr["double"]) is not bool
                or not isinstance(lr["eliminated"], list)
                or not all(e in range(n) for e in lr["eliminated"])
            ):
                raise ValueError("last_round is not a round summary")
        if self.over:
            return
        for q in range(n):
            if self.out_round[q] and (self.hands[q] or self.blinds[q] or self.tops[q]):
                raise ValueError(f"seat {q} is out but holds cards")
        self._derive()
        if len(active) < (2 if self.options["mode"] == "elimination" else n):
            raise ValueError("a game in progress has its players")
        if self.turn not in active or self.first not in active:
            raise ValueError("the player to act and the first player are playing")
        if self.previous is not None and (self.previous == self.turn or self.previous not in active):
            raise ValueError("the previous turn's player is another player still playing")
        if any(IS_FLUSH[c] for c in self.pile):
            raise ValueError("a Flush card never stays on the pile")
        counted = self.run_count if self.options["flush_count"] == "run" else self.top_count
        if (
            counted > 3
            or (self.pile and not 1 <= self.top_count <= self.run_count)
            or (not self.pile and self.top_count)
        ):
            raise ValueError(
                "the cards counting toward a Flush on top of the pile are 1..3 (4 would have "
                "flushed), the last play among them"
            )
        phase = self.phase
        if not 0 <= phase <= SWAP:
            raise ValueError("phase must be 0..4")
        if IS_FLUSH[self.indicator] != (phase == SWAP):
            raise ValueError("a Flush card shows as the Mimic exactly while it waits to be swapped")
        if phase == PICK:
            if not (
                0 <= self.decl_kind <= BIG_KIND
                and 1 <= self.decl_count <= A.MAX_LINKS
                and len(self.laid) < self.decl_count
            ):
                raise ValueError("a declaration being fulfilled needs its kind, count and room for cards")
            if (
                (self.decl_kind == NUMBER) != (1 <= self.decl_value <= 10)
                or (self.decl_kind == NUMBER and self.decl_count > A.MAX_PLAY)
                or (self.decl_kind >= FLUSH_KIND and self.decl_count != 1)
            ):
                raise ValueError("the declaration's value and count do not fit its kind")
            if (
                not all(self._eligible(c) for c in self.laid)
                or self.laid_from.count(-1) > 1
                or (-1 in self.laid_from and self.laid_from[0] != -1)
            ):
                raise ValueError("the laid cards do not fit the declaration")
            need = self.decl_count - len(self.laid)
            cands = sum(self._eligible(c) for c in self.hands[self.turn]) + sum(
                c >= 0 and self._eligible(c) for c in self.tops[self.turn]
            )
            if cands < need or (
                self._needs_real()
                and not any(VALUE[c] == self.decl_value for c in self.hands[self.turn] + self.tops[self.turn])
            ):
                raise ValueError("the declaration cannot be fulfilled")
        elif phase == BLIND:
            if len(self.laid) != 1 or self.laid_from != [-1] or IS_FLUSH[self.laid[0]]:
                raise ValueError("a flipped Blind card waits for its declaration")
        elif self.laid or self.decl_kind or self.decl_count or self.decl_value:
            raise ValueError("cards are laid only while a declaration is made")
        if phase == PASS and (self.previous is None or not self.blinds[self.turn]):
            raise ValueError("a base is passed to the previous turn's player")
        for q in active:
            if q != self.turn and not (self.hands[q] or self.blinds[q]):
                raise ValueError(f"seat {q} has no cards, so the round should be over")
        if not self.legal_actions(self.turn):
            raise ValueError("the player to act has nothing legal to do")
