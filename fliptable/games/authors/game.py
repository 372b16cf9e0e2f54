"""Authors (flinch.md "Authors"): the 40-card pack dealt out, ask any other player for
one card of a number you hold, ask again while you succeed, books of four, most books
wins. Decisions are recorded in docs/rules/flinch.md "Authors"."""
from __future__ import annotations

from ...core import register
from .fishing import FishingGame, FishingState


class AuthorsState(FishingState):
    """Authors: one card per successful ask; a player with no cards is out of the asking."""

    __slots__ = ()
    GIVE_ALL = False
    HAS_STORE = False
    MAY_STOP = True  # "He may continue to ask"
    RULE = 'flinch.md "Authors"'

    def _can_be_asked(self, target: int) -> bool:
        # a player whose hand is empty can hold nothing: he is out of the asking
        return any(self.hands[target])

    def _why_not_asked(self, target: int) -> str:
        return (f"{self.RULE}: seat {target} has no cards left (all their cards are in books), "
                "so there is nothing to ask them for")


class AuthorsGame(FishingGame):
    id = "authors"
    title = "Authors"
    summary = "Ask other players for cards of a number you hold; most books of four wins."
    min_players, max_players, default_players = 2, 10, 4
    options = ()
    MAY_STOP = True
    state_class = AuthorsState
    notation = (
        "ask:S:N  ask seat S (0-based) for one card numbered N (1-10); you must hold an N, "
        "S must be another seat that still has cards. Also typed 'ask 2 5' or '2:5'.\n"
        "stop     end your turn after a successful ask (you 'may continue' asking).")

    def bots(self):
        from .authors_bots import GreedyAuthors
        return {"greedy": GreedyAuthors}


AUTHORS = register(AuthorsGame())
