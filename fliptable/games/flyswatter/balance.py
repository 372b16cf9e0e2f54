"""What a Fly-swatter balance report counts (``core/balance.py``): each card face is a
kind; a player is dealt their face-down pile (every card not removed unseen); a game
lasts turns (cards flipped). No hand at the end, no cap."""

from __future__ import annotations

from ...core.balance import Balance


class FlyswatterBalance(Balance):
    counts_cards = True
    length_names = ("turns",)

    def dealt_cards(self, state):
        return state.draw

    def lengths(self, state):
        return {"turns": state.flips}


BALANCE = FlyswatterBalance()
