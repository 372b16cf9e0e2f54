"""The invariants of a FLINCH state that field kinds cannot express, checked when a state
is loaded (``Game.state_from_json``): a tampered state is refused with one error. A mixin
of ``FlinchState`` (``state.py``)."""

from __future__ import annotations

from collections import Counter

from ...core.fields import MIXIN_SLOTS
from .fields import FlinchFields
from .layout import HAND, RESERVES
from .notation import PUBLIC


def _fail(why: str) -> None:
    raise ValueError(why)


class Checks(FlinchFields):
    """``_check``: what a loaded state must satisfy."""

    __slots__ = MIXIN_SLOTS

    def _check(self) -> None:
        """Raise ``ValueError`` naming the first inconsistency of the state."""
        cfg, n = self.cfg, self.players
        top, starter = cfg.top, cfg.starter
        if not (len(self.game_piles) == len(self.game_seen) == len(self.hands) == len(self.hand_src) == n):
            _fail("game_piles, game_seen, hands and hand_src need one entry per seat")
        if len(self.reserves) != RESERVES * n:
            _fail(f"reserves must hold {RESERVES} piles per seat")
        for p in range(n):
            hand, src = self.hands[p], self.hand_src[p]
            if len(hand) > HAND or hand != sorted(hand):
                _fail(f"seat {p}'s hand must hold at most {HAND} cards, ascending")
            if len(src) != len(hand) or any(not -1 <= k <= self.restocks for k in src):
                _fail(f"seat {p}'s hand_src must match the hand, each -1..restocks")
            if not 0 <= self.game_seen[p] <= len(self.game_piles[p]):
                _fail(f"game_seen of seat {p} must be 0..its game pile's size")
        if any(starter[v] for r in self.reserves for v in r):
            _fail('a starter card lies on a reserve pile ("1 cards may never be played to a Reserve Pile")')
        if not len(self.pile_low) == len(self.pile_high) == len(self.pile_build):
            _fail("pile_low, pile_high and pile_build must have one entry per centre pile")
        if len(self.pile_low) > cfg.max_piles:
            _fail(f"at most {cfg.max_piles} centre piles")
        kind = cfg.centre_kind
        for lo, hi, d in zip(self.pile_low, self.pile_high, self.pile_build, strict=True):
            if kind == "fives":
                ok = d == 0 and 1 <= lo <= 5 <= hi <= top and not (lo == 1 and hi == top)
            elif d == 1:
                ok = lo == 1 and 1 <= hi < top
            else:
                ok = kind == "ones-and-tens" and d == -1 and hi == top and 1 < lo <= top
            if not ok:
                _fail(f"centre pile {lo}..{hi} ({d}) cannot be built with centre={kind}")
        count = Counter(self.removed)
        if len(self.removed) % top or any(count[v] != len(self.removed) // top for v in range(1, top + 1)):
            _fail("removed must hold whole finished piles")
        if not -1 <= self.laying < n or (
            self.laying >= 0 and (self.laydowns < 2 or self.started or not self.hands[self.laying])
        ):
            _fail("laying must be -1 or a seat laying down a hand in a second lay-down")
        for name in ("passes", "laydowns", "idle", "turns", "window", "restocks", "challenges"):
            if getattr(self, name) < 0:
                _fail(f"{name} must not be negative")
        if not 0 <= self.right_challenges <= self.challenges:
            _fail("right_challenges must be 0..challenges")
        if not self.started and (self.pile_low or self.removed):
            _fail("centre piles exist only once play has started")
        if self.over != (self.end is not None) or self.end not in (None, "won", "blocked", "cap"):
            _fail("end is 'won', 'blocked' or 'cap' exactly when the game is over")
        team_of = cfg.team_of
        teams = [[q for q in range(n) if team_of[q] == team_of[p]] for p in range(n)]
        out = [p for p in range(n) if not any(self.game_piles[q] for q in teams[p])]
        if self.end == "won":
            if not out or self.winners != teams[out[0]]:
                _fail("the winners must be the team whose game piles are played out")
        elif self.winners:
            _fail("winners are named only for a won game")
        if not self.over and out:
            _fail("a team has played out its game piles but the game goes on")
        if self.offender >= 0:
            off = self.offender
            if off >= n or self.over or not cfg.table or self.laying >= 0 or self.offence not in PUBLIC.values():
                _fail("a challenge window is open only in enforce=table, during play, on an action")
            if not -1 <= self.undo_slot < RESERVES or (
                self.undo_slot >= 0 and (not self.ends_turn or not self.reserves[off * RESERVES + self.undo_slot])
            ):
                _fail("undo_slot must be -1 or the offender's reserve pile that took the discard")
            if not cfg.opponents[off]:
                _fail("nobody may challenge this offender")
            if (
                not set(self.racing) | set(self.callers) <= set(cfg.opponents[off])
                or set(self.racing) & set(self.callers)
                or len(set(self.racing)) != len(self.racing)
                or len(set(self.callers)) != len(self.callers)
            ):
                _fail("racing and callers are distinct opponents of the offender")
            if not cfg.window and (self.racing or self.callers):
                _fail("only challenge=window has a window to answer")
            if cfg.window and not self.racing:
                _fail("a challenge window waits for at least one answer")
        elif self.offender != -1 or self.undo_slot != -1 or self.racing or self.callers:
            _fail("offender and undo_slot are -1, racing and callers empty, while no challenge window is open")
