"""FLAPS' fixed numbers, shared by the modules of ``FlapsState``: the phases (what the
game waits for), the suit a lead may call, the hand dealt, the ``stat`` counters."""

from __future__ import annotations

# phases
(
    PLAY,
    ATTACKED,
    KNOCK,
    SCUFFLE,
    FOLLOW,
    KING_RUN,
    MEGA_RUN,
    DUMP_RUN,
    TRUMPS_GAME,
    SPOOF_GAME,
    SPOOF_CALL,
    SECRET_PICK,
    GUESSING,
    DOWN_PLACE,
    OVER_PICK,
    PEEK_PICK,
    SWAP_PICK,
    SWAP_GIVE,
    MONTY_LAYING,
    MONTY_POINT,
    MONTY_SHOW,
    MONTY_TAKE,
) = range(22)
#: each phase's name in views
PHASES = (
    "play",
    "attacked",
    "eight",
    "scuffle",
    "follow",
    "king'n'lay",
    "mega-flap",
    "dump",
    "trumps",
    "spoof",
    "spoof-call",
    "pick a secret",
    "guess",
    "1-down",
    "1-over",
    "1-look",
    "1-swap",
    "1-swap give",
    "full monty",
    "full monty point",
    "full monty show",
    "full monty take",
)
#: the separate games where cards are laid face down (no catching, no claims)
FACE_DOWN = (TRUMPS_GAME, SPOOF_GAME)
SPOOFING = (SPOOF_GAME, SPOOF_CALL)
MONTY_PHASES = (MONTY_LAYING, MONTY_POINT, MONTY_SHOW, MONTY_TAKE)
ANY_SUIT = 4  # lead_suit when a suitless first card lets any suit follow
HAND_SIZE = 7

# stat counters
(
    ST_LAYS,
    ST_DRAWS,
    ST_ATTACKS,
    ST_ATTACK_SUM,
    ST_FLAPPINGS,
    ST_FLAPS,
    ST_CATCHES,
    ST_FORGETS,
    ST_TRUMPS,
    ST_CUTS,
    ST_PACK_OUT,
    ST_DOUBLE,
    ST_SCUFFLES,
    ST_MEGA,
    ST_SPOOFS,
    ST_SOLVED,
) = range(16)
N_STATS = 16
#: each counter's name in ``Game.stats``, in the order of the ST_ indices above (written out
#: again on purpose in test_checks.py's stats test, which checks this list)
STAT_NAMES = (
    "lays",
    "draws",
    "attacks",
    "attack_sum",
    "flappings",
    "flaps",
    "catches",
    "forgets",
    "trumps",
    "cuts",
    "pack_outs",
    "double_wins",
    "scuffles",
    "mega_flaps",
    "spoofs",
    "solved",
)
