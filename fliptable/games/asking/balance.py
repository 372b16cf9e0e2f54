"""What a balance report counts in the asking games, Authors and Go to the Store
(``core/balance.py``): each number is a kind; a player is dealt the numbers of their
first hand and holds those left in their hand at the end. The decision cap (docs/rules:
"The decision cap") is the safety cap: a game it ended has fewer than ten books."""

from __future__ import annotations

from ...core.balance import Balance
from .state import BOOKS


class AskingBalance(Balance):
    counts_cards = True
    has_cap = True

    def _numbers(self, state):
        return [[c for c, k in enumerate(hand) if k] for hand in state.hands]

    def dealt_cards(self, state):
        return self._numbers(state)

    def held_cards(self, state):
        return self._numbers(state)

    def capped(self, state):
        return state.nbooks < BOOKS


BALANCE = AskingBalance()
