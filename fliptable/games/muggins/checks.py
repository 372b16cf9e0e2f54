"""The invariants of a Muggins state that field kinds cannot express, checked when a
state is loaded (``Game.state_from_json``): a tampered state is refused with one error. A
mixin of ``MugginsState`` (``state.py``)."""

from __future__ import annotations

from ...core.fields import MIXIN_SLOTS
from ..flinch_pack.cards import pack_count
from .fields import MugginsFields
from .notation import HAND, KEEP, NONE, SERIES, SKIP, STOCK, TOP, WRONG


def _fail(why: str) -> None:
    raise ValueError(why)


class Checks(MugginsFields):
    """``_check``: what a loaded state must satisfy."""

    __slots__ = MIXIN_SLOTS

    def _check(self) -> None:
        n = self.players
        if not len(self.hands) == len(self.stocks) == len(self.hand_known) == n:
            _fail("hands, stocks and hand_known need one entry per seat")
        if len(self.centre) != SERIES * pack_count(n, self.options):
            _fail("centre needs one slot per 1 in the pack")
        if any(not 0 <= t < TOP for t in self.centre):
            _fail(f"a Playing Pile's top is 1..{TOP - 1} (0: no pile; a pile reaching {TOP} leaves)")
        if self.removed < 0 or self.calls < 0 or self.deviations < 0 or self.window < 0:
            _fail("counters must not be negative")
        if not 1 <= self.turns <= self.round_limit * n:
            _fail("turns must be 1..round_limit * players")
        for p in range(n):
            if not 0 <= self.hand_known[p] <= len(self.hands[p]):
                _fail(f"hand_known of seat {p} must be 0..its hand's size")
            if (
                not self.when_needed
                and not self.racing
                and not self.hands[p]
                and self.stocks[p]
                and not (p == self.turn and self.source == HAND)
            ):
                _fail(f"seat {p}'s hand is exhausted but its Stock Pile was not turned over")
        over = self.ended is not None
        if self.ended not in (None, "out", "round_limit") or (self.winner is not None) != (self.ended == "out"):
            _fail("ended is 'out' (with a winner) or 'round_limit' once over")
        paused = bool(self.racing) and self.offence in (KEEP, WRONG)  # muggins=window: play waits
        if (
            self.source not in (NONE, HAND, STOCK)
            or (self.current is None) != (self.source == NONE)
            or (over or paused) != (self.current is None)
        ):
            _fail("a card is in play (with its source) exactly while the game goes on")
        if self.source == STOCK and (
            not self.stocks[self.turn] or self.stocks[self.turn][-1] != self.current or not self.best(self.current)
        ):
            _fail("a card in play from the Stock Pile is its playable top")
        left = self.cards_left()
        if self.winner is not None and left[self.winner]:
            _fail("the winner still holds cards")
        waiting = self.offender if paused and self.offence == WRONG else -1  # muggins=window: the win waits
        if not over and not all(c or p == waiting for p, c in enumerate(left)):
            _fail("a player with no cards left has won")
        if self.offender >= 0:
            off, kind = self.offender, self.offence
            if off >= n or over or self.strict or kind not in (KEEP, WRONG, SKIP) or self.off_card is None:
                _fail("a Muggins window is open only in enforce=table, after a deviation")
            if not self.timed and (self.racing or self.callers):
                _fail("only muggins=window has a window to answer")
            if self.timed and (
                not self.racing
                or self.callers
                or not set(self.racing) <= set(range(n)) - {off}
                or len(set(self.racing)) != len(self.racing)
            ):
                _fail("a Muggins window waits for other players' answers")
            if kind == KEEP:
                ok = (
                    off == (self.turn if self.timed else (self.turn - 1) % n)
                    and self.off_source == HAND
                    and self.off_seat == -1
                    and not self.off_turned
                )
            elif kind == SKIP:
                ok = (
                    off == self.turn
                    and self.source == HAND
                    and self.off_source == STOCK
                    and self.off_seat == -1
                    and not self.off_turned
                    and bool(self.stocks[off])
                )
            else:
                seat = self.off_seat
                ok = (
                    off == self.turn
                    and 0 <= seat < n
                    and seat != off
                    and bool(self.stocks[seat])
                    and not (self.timed and self.off_turned)
                    and self.stocks[seat][-1] == self.off_card
                    and self.off_source in (HAND, STOCK)
                    and (not self.off_turned or (self.off_source == HAND and not self.stocks[off]))
                )
            if not ok:
                _fail(f"the {kind} window does not match the table")
        elif (
            self.offender,
            self.offence,
            self.off_card,
            self.off_source,
            self.off_seat,
            self.off_turned,
            self.racing,
            self.callers,
        ) != (
            -1,
            None,
            None,
            NONE,
            -1,
            False,
            [],
            [],
        ):
            _fail("the offence fields are set only while a Muggins window is open")
