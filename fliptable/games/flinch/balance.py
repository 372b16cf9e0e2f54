"""What a FLINCH balance report counts (``core/balance.py``): each number is a kind; a
player is dealt their game pile (the FLINCH pile) and first hand; they hold their hand at
the end; a game lasts turns; the turn cap is its safety cap."""

from __future__ import annotations

from ...core.balance import Balance


class FlinchBalance(Balance):
    counts_cards = True
    length_names = ("turns",)
    has_cap = True

    def dealt_cards(self, state):
        return [pile + hand for pile, hand in zip(state.game_piles, state.hands, strict=True)]

    def held_cards(self, state):
        return state.hands

    def lengths(self, state):
        return {"turns": state.turns}

    def capped(self, state):
        return state.end == "cap"


BALANCE = FlinchBalance()
