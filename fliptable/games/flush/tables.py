"""Flush's fixed numbers and lookup tables, shared by the modules of ``FlushState``:
phases and declaration kinds, the deal, the ``stat`` counters, and per-card tables."""

from __future__ import annotations

from . import notation as A
from .cards import BIG_FLUSH, FLUSH, IS_DEDUCTION, IS_LINK, IS_SKIP, NCARDS, VALUE

PLAY, BLIND, PICK, PASS, SWAP = range(5)
PHASES = ("play", "blind", "pick", "pass", "swap")
NUMBER, LINK, FLUSH_KIND, BIG_KIND = range(4)
KINDS = ("number", "link", "flush", "bigflush")
HAND_SIZE, BASES, BLIND_CARDS = 8, 3, 3
DEAL = HAND_SIZE + 2 * BASES  # flush.md "STARTING THE GAME": 14 cards each
ARENA_ROUNDS = 5
#: elimination ends after this many rounds at the latest (docs/rules/flush.md "Modes")
MAX_ELIMINATION_ROUNDS = 100
#: a round reaching this many decisions per seat ends at once (docs/rules/flush.md
#: "The decision cap"); far beyond any round seen in play
ROUND_DECISIONS_PER_SEAT = 500
#: ``stat`` counters: rounds, turns, round decisions, rounds won by their first player,
#: flushes, super flushes, pick-ups, link flushes, flush cards, big flushes, blind flips,
#: rounds cut by the decision cap
(
    ST_ROUNDS,
    ST_TURNS,
    ST_DECISIONS,
    ST_FIRST_WINS,
    ST_FLUSHES,
    ST_SUPERS,
    ST_PICKUPS,
    ST_LINKS,
    ST_FLUSH_CARDS,
    ST_BIG,
    ST_BLINDS,
    ST_CAPPED,
) = range(12)
N_STATS = 12
#: each counter's name in ``Game.stats``, in the order of the ST_ indices above (written out
#: again on purpose in tests/games/flush/test_rules.py, which checks this list)
STAT_NAMES = (
    "rounds",
    "turns",
    "round_decisions",
    "first_player_round_wins",
    "flushes",
    "super_flushes",
    "pickups",
    "link_flushes",
    "flush_cards",
    "big_flushes",
    "blind_flips",
    "capped_rounds",
)


#: per card int (and -1, an empty top, last): where ``_counts`` counts it — 2*value + Link
#: for a number card, 22 a Flush card, 23 a Big Flush card, 24 no card
SLOT = (*(22 if c == FLUSH else 23 if c == BIG_FLUSH else 2 * VALUE[c] + IS_LINK[c] for c in range(NCARDS)), 24)
#: per card int (and -1, an empty top, last): the value it is counted under in
#: ``_declarations`` — its value, 11 a Flush card, 12 a Big Flush card, 13 no card
VSLOT = (*(11 if c == FLUSH else 12 if c == BIG_FLUSH else VALUE[c] for c in range(NCARDS)), 13)
#: per card int (and -1): 1 for a Link card
LINK_OF = (*(int(IS_LINK[c]) for c in range(NCARDS)), 0)
#: per card int: its markings as bits — 1 Skip, 2 Link, 4 Deduction (0: a plain card)
MARKS = tuple(int(IS_SKIP[c]) | int(IS_LINK[c]) << 1 | int(IS_DEDUCTION[c]) << 2 for c in range(NCARDS))
VALUE_PREFIXES = tuple((v, A.DECL_PREFIX[v]) for v in range(1, 11))


def _eligible(kind: int, value: int, mimic: int) -> bytes:
    if kind == NUMBER:
        table = bytes(VALUE[c] == value or (VALUE[c] == mimic and mimic != 0) for c in range(NCARDS))
    elif kind == LINK:
        table = bytes(IS_LINK)
    else:
        target = FLUSH if kind == FLUSH_KIND else BIG_FLUSH
        table = bytes(c == target for c in range(NCARDS))
    return table + b"\x00"  # index -1: a base without its top card


#: ``ELIGIBLE[(kind * 11 + value) * 11 + mimic]`` is ``eligible_table(kind, value, mimic)``,
#: built once (the fulfilling steps read it on every declaration)
ELIGIBLE = tuple(_eligible(k, v, m) for k in range(len(KINDS)) for v in range(11) for m in range(11))


def eligible_table(kind: int, value: int, mimic: int) -> bytes:
    """Per card int, 1 when the card can fulfil a declaration of ``kind``/``value`` with
    this Mimic value: the value or a Mimic (a number play), a Link card (a Link Flush),
    the Flush card of that kind."""
    return ELIGIBLE[(kind * 11 + value) * 11 + mimic]


def round_cap(players: int) -> int:
    return ROUND_DECISIONS_PER_SEAT * players


def total_rounds(options) -> int | None:
    """Rounds a game lasts (None: elimination, until one player is left)."""
    mode = options["mode"]
    if mode == "arena":
        return ARENA_ROUNDS
    if mode == "rounds":
        return options["rounds"]
    return None
