"""The invariants of a FLINCH state that field kinds cannot express, checked when a state
is loaded (``Game.state_from_json``): a tampered state is refused with one error."""

from __future__ import annotations

from collections import Counter

from .layout import HAND, RESERVES
from .notation import PUBLIC


def _fail(why: str) -> None:
    raise ValueError(why)


def check_state(s) -> None:
    """Raise ``ValueError`` naming the first inconsistency of ``s``."""
    cfg, n = s.cfg, s.players
    top, starter = cfg.top, cfg.starter
    if not (len(s.game_piles) == len(s.game_seen) == len(s.hands) == len(s.hand_src) == n):
        _fail("game_piles, game_seen, hands and hand_src need one entry per seat")
    if len(s.reserves) != RESERVES * n:
        _fail(f"reserves must hold {RESERVES} piles per seat")
    for p in range(n):
        hand, src = s.hands[p], s.hand_src[p]
        if len(hand) > HAND or hand != sorted(hand):
            _fail(f"seat {p}'s hand must hold at most {HAND} cards, ascending")
        if len(src) != len(hand) or any(not -1 <= k <= s.restocks for k in src):
            _fail(f"seat {p}'s hand_src must match the hand, each -1..restocks")
        if not 0 <= s.game_seen[p] <= len(s.game_piles[p]):
            _fail(f"game_seen of seat {p} must be 0..its game pile's size")
    if any(starter[v] for r in s.reserves for v in r):
        _fail('a starter card lies on a reserve pile ("1 cards may never be played to a Reserve Pile")')
    if not len(s.pile_low) == len(s.pile_high) == len(s.pile_build):
        _fail("pile_low, pile_high and pile_build must have one entry per centre pile")
    if len(s.pile_low) > cfg.max_piles:
        _fail(f"at most {cfg.max_piles} centre piles")
    kind = cfg.centre_kind
    for lo, hi, d in zip(s.pile_low, s.pile_high, s.pile_build, strict=True):
        if kind == "fives":
            ok = d == 0 and 1 <= lo <= 5 <= hi <= top and not (lo == 1 and hi == top)
        elif d == 1:
            ok = lo == 1 and 1 <= hi < top
        else:
            ok = kind == "ones-and-tens" and d == -1 and hi == top and 1 < lo <= top
        if not ok:
            _fail(f"centre pile {lo}..{hi} ({d}) cannot be built with centre={kind}")
    count = Counter(s.removed)
    if len(s.removed) % top or any(count[v] != len(s.removed) // top for v in range(1, top + 1)):
        _fail("removed must hold whole finished piles")
    if not -1 <= s.laying < n or (s.laying >= 0 and (s.laydowns < 2 or s.started or not s.hands[s.laying])):
        _fail("laying must be -1 or a seat laying down a hand in a second lay-down")
    for name in ("passes", "laydowns", "idle", "turns", "window", "restocks", "challenges"):
        if getattr(s, name) < 0:
            _fail(f"{name} must not be negative")
    if not 0 <= s.right_challenges <= s.challenges:
        _fail("right_challenges must be 0..challenges")
    if not s.started and (s.pile_low or s.removed):
        _fail("centre piles exist only once play has started")
    if s.over != (s.end is not None) or s.end not in (None, "won", "blocked", "cap"):
        _fail("end is 'won', 'blocked' or 'cap' exactly when the game is over")
    team_of = cfg.team_of
    teams = [[q for q in range(n) if team_of[q] == team_of[p]] for p in range(n)]
    out = [p for p in range(n) if not any(s.game_piles[q] for q in teams[p])]
    if s.end == "won":
        if not out or s.winners != teams[out[0]]:
            _fail("the winners must be the team whose game piles are played out")
    elif s.winners:
        _fail("winners are named only for a won game")
    if not s.over and out:
        _fail("a team has played out its game piles but the game goes on")
    if s.offender >= 0:
        off = s.offender
        if off >= n or s.over or not cfg.table or s.laying >= 0 or s.offence not in PUBLIC.values():
            _fail("a challenge window is open only in enforce=table, during play, on an action")
        if not -1 <= s.undo_slot < RESERVES or (
            s.undo_slot >= 0 and (not s.ends_turn or not s.reserves[off * RESERVES + s.undo_slot])
        ):
            _fail("undo_slot must be -1 or the offender's reserve pile that took the discard")
        if not cfg.opponents[off]:
            _fail("nobody may challenge this offender")
        if (
            not set(s.racing) | set(s.callers) <= set(cfg.opponents[off])
            or set(s.racing) & set(s.callers)
            or len(set(s.racing)) != len(s.racing)
            or len(set(s.callers)) != len(s.callers)
        ):
            _fail("racing and callers are distinct opponents of the offender")
        if not cfg.window and (s.racing or s.callers):
            _fail("only challenge=window has a window to answer")
        if cfg.window and not s.racing:
            _fail("a challenge window waits for at least one answer")
    elif s.offender != -1 or s.undo_slot != -1 or s.racing or s.callers:
        _fail("offender and undo_slot are -1, racing and callers empty, while no challenge window is open")
