"""Muggins bots (private to the Muggins module)."""
from __future__ import annotations

from ...bots.base import Agent, number_param


class GreedyMuggins(Agent):
    """Follows "The Play" to the letter: a 1 starts a pile, then the centre, then the
    opponent holding the fewest cards gets the card on their Stock Pile, else keep;
    never skips its own Stock Pile. Calls "Muggins" with probability ``call`` (default 1)."""

    name = "greedy"

    def __init__(self, call: str | float = 1.0, value: str | None = None):
        self.call = number_param("greedy", "call", value if value is not None else call, float, 0.0, 1.0)

    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        if "muggins" in legal:
            return "muggins" if self.rng.random() < self.call else "decline"
        if "new" in legal:
            return "new"
        for action in legal:
            if action[0] == "c":  # centre piles with the same top are interchangeable
                return action
        stocks = [a for a in legal if a[0] == "s"]
        if stocks:
            left = view["cards_left"]
            # Give the card to the leader (fewest cards left); lowest seat on ties.
            return min(stocks, key=lambda a: (left[int(a[6:])], int(a[6:])))
        return "keep"

    def react(self, view, legal):
        return self.act(view, legal), self.rng.expovariate(1.0 / self.reaction_ms)
