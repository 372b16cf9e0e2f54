"""FLINCH's table: the layout's numbers (flinch.md "The Layout") and the facts an
option set fixes (partnership teams, the top number, packs, the starter numbers)."""
from __future__ import annotations

from ...core import OptionError

HAND = 5          # flinch.md "The Layout" b) hands of five
RESERVES = 5      # "The Layout" d) no more than five reserve piles
GAME_PILE = 10    # "The Layout" a) game piles of ten
MAX_SEATS = 6


def partnership_teams(players: int) -> list[list[int]]:
    """Partnership Game: teams alternate seats (2 v 2 partners sit opposite; 3 v 3 alternate)."""
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def check_table(players: int, options) -> None:
    if options.get("partnership") and players not in (4, 6):
        raise OptionError(f"partnership=true needs 4 or 6 players (2 v 2 or 3 v 3), not {players}")


def top_number(options) -> int:
    return 15 if options["edition"] == 150 else 10


def pack_count(players: int, options) -> int:
    packs = options["packs"]
    if packs == "auto":  # flinch.md "Players": 2 decks when 4 or more play
        return 2 if players >= 4 else 1
    return int(packs)


def starter_values(options) -> tuple[int, ...]:
    centre, top = options["centre"], top_number(options)
    if centre == "ones-and-tens":
        return (1, top)
    if centre == "fives":
        return (5,)
    return (1,)
