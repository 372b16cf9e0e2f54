"""FLINCH's table: the layout's numbers (flinch.md "The Layout") and the facts an option
set fixes (partnership teams, the top number, packs, the starter numbers), computed
once per table as a ``Config`` shared by every state of that table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import OptionError
from ..flinch_pack.cards import pack_count

HAND = 5  # flinch.md "The Layout" b) hands of five
RESERVES = 5  # "The Layout" d) no more than five reserve piles
GAME_PILE = 10  # "The Layout" a) game piles of ten
MAX_SEATS = 6
#: a game that reaches this many decisions per seat ends drawn (docs: "The decision cap")
DECISIONS_PER_SEAT = 5000


#: how a centre pile builds: up from a 1, down from the top number (ones-and-tens), both
#: ways from a 5 (fives)
UP, DOWN, BOTH = 1, -1, 0
BUILD_NAMES = {UP: "up", DOWN: "down", BOTH: "both"}


def pile_takes(low: int, high: int, build: int, top: int) -> tuple[int, ...]:
    """flinch.md "The Play", "as long as he can build up in sequence" (and Variations,
    "building up on the 1's and down on the 10's", "both up and down"): the cards a centre
    pile holding the run ``low..high`` takes next -- one below its low end when it builds
    down, one above its high end when it builds up, never past 1 or the top number."""
    out: tuple[int, ...] = ()
    if build <= 0 and low > 1:
        out += (low - 1,)
    if build >= 0 and high < top:
        out += (high + 1,)
    return out


def pile_after(low: int, high: int, build: int, card: int) -> tuple[int, int]:
    """The run ``(low, high)`` of a pile after ``card`` (one it takes) is played on it."""
    if build >= 0 and card == high + 1:
        return low, card
    return card, high


def partnership_teams(players: int) -> list[list[int]]:
    """Partnership Game: teams alternate seats (2 v 2 partners sit opposite; 3 v 3 alternate)."""
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def check_table(players: int, options: Mapping[str, Any]) -> None:
    if options.get("partnership") and players not in (4, 6):
        raise OptionError(f"partnership=true needs 4 or 6 players (2 v 2 or 3 v 3), not {players}")


def top_number(options: Mapping[str, Any]) -> int:
    return 15 if options["edition"] == 150 else 10


def starter_values(options: Mapping[str, Any]) -> tuple[int, ...]:
    centre, top = options["centre"], top_number(options)
    if centre == "ones-and-tens":
        return (1, top)
    if centre == "fives":
        return (5,)
    return (1,)


def max_piles(players: int, options: Mapping[str, Any]) -> int:
    """At most one centre pile per starter card in the deck."""
    per_pack = 10 if options["edition"] == 150 else 11
    return per_pack * pack_count(players, options) * len(starter_values(options))


class Config:
    """What one table's options fix, shared (never changed) by its states."""

    __slots__ = (
        "cap",
        "centre_kind",
        "max_piles",
        "memory",
        "opponents",
        "partners",
        "partnership",
        "players",
        "starter",
        "starters",
        "starts",
        "table",
        "takes",
        "team_of",
        "teams",
        "timeout",
        "top",
        "two_rounds",
        "window",
    )

    def __init__(self, players: int, options: Mapping[str, Any]):
        n = self.players = players
        self.top = top_number(options)
        self.starters = starter_values(options)
        self.starter = tuple(v in self.starters for v in range(self.top + 2))
        #: per card value, the targets it has on an empty centre: (0,) (``new``) for a starter
        self.starts = tuple((0,) if s else () for s in self.starter)
        # pile_takes of every run, looked up as takes[build][low][high] (build -1 is the
        # last of the three: BOTH, UP, DOWN)
        span = range(self.top + 2)
        self.takes = tuple(
            tuple(tuple(pile_takes(lo, hi, build, self.top) for hi in span) for lo in span)
            for build in (BOTH, UP, DOWN)
        )
        self.centre_kind = options["centre"]
        self.table = options["enforce"] == "table"
        self.memory = options["reserve_memory"] == "on"
        self.partnership = bool(options["partnership"])
        if self.partnership:
            self.teams = partnership_teams(n)
            self.team_of = tuple(p % 2 for p in range(n))
        else:
            self.teams = [[p] for p in range(n)]
            self.team_of = tuple(range(n))
        self.partners = tuple(tuple(q for q in self.teams[self.team_of[p]] if q != p) for p in range(n))
        # opponents from the nearest to the left (flinch.md "Challenge")
        self.opponents = tuple(
            tuple((p + k) % n for k in range(1, n) if self.team_of[(p + k) % n] != self.team_of[p]) for p in range(n)
        )
        self.max_piles = max_piles(players, options)
        self.cap = DECISIONS_PER_SEAT * n
        # fliptable 1's rules, kept to replay its logs (Flinch.legacy_options)
        self.window = options["challenge"] == "window"
        self.timeout = float(options["challenge_ms"])
        self.two_rounds = options["standstill"] == "two-rounds"


_CONFIGS: dict[tuple, Config] = {}


def config(players: int, options: Mapping[str, Any]) -> Config:
    """The (shared) ``Config`` of a table."""
    key = (players, tuple(sorted(options.items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        cfg = _CONFIGS[key] = Config(players, options)
    return cfg
