"""Muggins bots (private to the Muggins module)."""
from __future__ import annotations

from ...bots.base import Agent, number_param


class GreedyMuggins(Agent):
    """Follows "The Play": a 1 starts a pile, then the centre, then the opponent holding
    the fewest cards gets the card on their Stock Pile, else keep; never skips its own
    Stock Pile. Calls "Muggins" with probability ``call`` (default 1). With ``cheat``
    (default 0; enforce=table only) it plays, with that probability, a card on the
    leader's Stock Pile although a Playing Pile would take it, and risks the call."""

    name = "greedy"

    def __init__(self, call: str | float = 1.0, cheat: str | float = 0.0, value: str | None = None):
        self.call = number_param("greedy", "call", value if value is not None else call, float, 0.0, 1.0)
        self.cheat = number_param("greedy", "cheat", cheat, float, 0.0, 1.0)

    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        if "muggins" in legal:
            return "muggins" if self.rng.random() < self.call else "decline"
        stocks = [a for a in legal if a[0] == "s"]
        if stocks and self.cheat and self.rng.random() < self.cheat:
            return self._leader(view, stocks)
        if "new" in legal:
            return "new"
        for action in legal:
            if action[0] == "c":  # centre piles with the same top are interchangeable
                return action
        if stocks:
            return self._leader(view, stocks)
        return "keep"

    @staticmethod
    def _leader(view, stocks):
        """Give the card to the leader (fewest cards left); lowest seat on ties."""
        left = view["cards_left"]
        return min(stocks, key=lambda a: (left[int(a[6:])], int(a[6:])))

    def react(self, view, legal):
        return self.act(view, legal), self.rng.expovariate(1.0 / self.reaction_ms)
