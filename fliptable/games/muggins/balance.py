"""What a Muggins balance report counts (``core/balance.py``): each card face is a kind;
a player is dealt their whole hand (Muggins deals every card) and holds their hand and
stock at the end; a game lasts turns; the round limit is its safety cap."""

from __future__ import annotations

from ...core.balance import Balance


class MugginsBalance(Balance):
    counts_cards = True
    length_names = ("turns",)
    has_cap = True

    def dealt_cards(self, state):
        return state.hands

    def held_cards(self, state):
        return [hand + stock for hand, stock in zip(state.hands, state.stocks, strict=True)]

    def lengths(self, state):
        return {"turns": state.turns}

    def capped(self, state):
        return state.ended == "round_limit"


BALANCE = MugginsBalance()
