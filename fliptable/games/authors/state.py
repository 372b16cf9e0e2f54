"""Authors (flinch.md "Authors"): the 40-card pack dealt out, ask any other player for
one card of a number you hold, ask again while you succeed, books of four, most books
wins. Decisions are recorded in docs/rules/authors.md."""

from __future__ import annotations

from ..asking.state import AskingState


class AuthorsState(AskingState):
    """Authors: one card per successful ask; a player with no cards is out of the asking."""

    __slots__ = ()
    GIVE_ALL = False
    HAS_STORE = False
    MAY_STOP = True  # "He may continue to ask"
    RULE = "Authors rules"

    def _can_be_asked(self, target: int) -> bool:
        # a player whose hand is empty can hold nothing: he is out of the asking
        return any(self.hands[target])

    def _why_not_asked(self, target: int) -> str | None:
        if not any(self.hands[target]):
            return (
                f"{self.RULE}: seat {target} has no cards left (all their cards are in books), "
                "so there is nothing to ask them for"
            )
        return None
