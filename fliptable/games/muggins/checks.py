"""The invariants of a Muggins state that field kinds cannot express, checked when a
state is loaded (``Game.state_from_json``): a tampered state is refused with one error."""

from __future__ import annotations

from ..flinch_pack.cards import pack_count
from .notation import HAND, KEEP, NONE, SERIES, SKIP, STOCK, TOP, WRONG


def _fail(why: str) -> None:
    raise ValueError(why)


def check_state(s) -> None:
    n = s.players
    if not len(s.hands) == len(s.stocks) == len(s.hand_known) == n:
        _fail("hands, stocks and hand_known need one entry per seat")
    if len(s.centre) != SERIES * pack_count(n, s.options):
        _fail("centre needs one slot per 1 in the pack")
    if any(not 0 <= t < TOP for t in s.centre):
        _fail(f"a Playing Pile's top is 1..{TOP - 1} (0: no pile; a pile reaching {TOP} leaves)")
    if s.removed < 0 or s.calls < 0 or s.deviations < 0 or s.window < 0:
        _fail("counters must not be negative")
    if not 1 <= s.turns <= s.round_limit * n:
        _fail("turns must be 1..round_limit * players")
    for p in range(n):
        if not 0 <= s.hand_known[p] <= len(s.hands[p]):
            _fail(f"hand_known of seat {p} must be 0..its hand's size")
        if (
            not s.when_needed
            and not s.racing
            and not s.hands[p]
            and s.stocks[p]
            and not (p == s.turn and s.source == HAND)
        ):
            _fail(f"seat {p}'s hand is exhausted but its Stock Pile was not turned over")
    over = s.ended is not None
    if s.ended not in (None, "out", "round_limit") or (s.winner is not None) != (s.ended == "out"):
        _fail("ended is 'out' (with a winner) or 'round_limit' once over")
    paused = bool(s.racing) and s.offence in (KEEP, WRONG)  # muggins=window: play waits
    if (
        s.source not in (NONE, HAND, STOCK)
        or (s.current is None) != (s.source == NONE)
        or (over or paused) != (s.current is None)
    ):
        _fail("a card is in play (with its source) exactly while the game goes on")
    if s.source == STOCK and (not s.stocks[s.turn] or s.stocks[s.turn][-1] != s.current or not s.best(s.current)):
        _fail("a card in play from the Stock Pile is its playable top")
    left = s.cards_left()
    if s.winner is not None and left[s.winner]:
        _fail("the winner still holds cards")
    waiting = s.offender if paused and s.offence == WRONG else -1  # muggins=window: the win waits
    if not over and not all(c or p == waiting for p, c in enumerate(left)):
        _fail("a player with no cards left has won")
    if s.offender >= 0:
        off, kind = s.offender, s.offence
        if off >= n or over or s.strict or kind not in (KEEP, WRONG, SKIP) or s.off_card is None:
            _fail("a Muggins window is open only in enforce=table, after a deviation")
        if not s.timed and (s.racing or s.callers):
            _fail("only muggins=window has a window to answer")
        if s.timed and (
            not s.racing
            or s.callers
            or not set(s.racing) <= set(range(n)) - {off}
            or len(set(s.racing)) != len(s.racing)
        ):
            _fail("a Muggins window waits for other players' answers")
        if kind == KEEP:
            ok = (
                off == (s.turn if s.timed else (s.turn - 1) % n)
                and s.off_source == HAND
                and s.off_seat == -1
                and not s.off_turned
            )
        elif kind == SKIP:
            ok = (
                off == s.turn
                and s.source == HAND
                and s.off_source == STOCK
                and s.off_seat == -1
                and not s.off_turned
                and bool(s.stocks[off])
            )
        else:
            seat = s.off_seat
            ok = (
                off == s.turn
                and 0 <= seat < n
                and seat != off
                and bool(s.stocks[seat])
                and not (s.timed and s.off_turned)
                and s.stocks[seat][-1] == s.off_card
                and s.off_source in (HAND, STOCK)
                and (not s.off_turned or (s.off_source == HAND and not s.stocks[off]))
            )
        if not ok:
            _fail(f"the {kind} window does not match the table")
    elif (s.offender, s.offence, s.off_card, s.off_source, s.off_seat, s.off_turned, s.racing, s.callers) != (
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
