"""Muggins bots. Every bot sees only its view."""

from __future__ import annotations

from ...bots.base import Agent, number_param


class GreedyMuggins(Agent):
    """Follows "The Play": a 1 starts a pile, then the centre, then an opponent's Stock
    Pile (``_target``), else keep; never skips its own Stock Pile. Calls "Muggins" (a
    claim) with probability ``call`` (default 1) after a reaction of about ``rt`` ms.
    With ``cheat`` (default 0; enforce=table only) it plays, with that probability, a
    card on the leader's Stock Pile although a Playing Pile would take it, and risks
    the call."""

    name = "greedy"

    def __init__(
        self, call: str | float = 1.0, cheat: str | float = 0.0, rt: str | float = 400.0, value: str | None = None
    ):
        self.call = number_param("greedy", "call", value if value is not None else call, float, 0.0, 1.0)
        self.cheat = number_param("greedy", "cheat", cheat, float, 0.0, 1.0)
        self.reaction_ms = number_param("greedy", "rt", rt, float, 1, 60000)

    def react(self, view, legal):
        """muggins=window: answer the window."""
        call = "muggins" in legal and self.rng.random() < self.call
        return ("muggins" if call else "decline"), self.reaction_ms * (0.75 + 0.5 * self.rng.random())

    def claim(self, view, legal):
        if "muggins" in legal and self.rng.random() < self.call:
            return "muggins", self.reaction_ms * (0.75 + 0.5 * self.rng.random())
        return None

    def act(self, view, legal):
        if "muggins" in legal:
            if self.rng.random() < self.call:
                return "muggins"
            legal = [a for a in legal if a != "muggins"]
            if legal == ["decline"]:
                return "decline"
        if len(legal) == 1:
            return legal[0]
        stocks = [a for a in legal if a[0] == "s"]
        if stocks and self.cheat and self.rng.random() < self.cheat:
            return self._leader(view, stocks)
        if "new" in legal:
            return "new"
        for action in legal:
            if action[0] == "c":  # centre piles with the same top are interchangeable
                return action
        if stocks:
            return self._target(view, stocks)
        return "keep"

    def _target(self, view, stocks):
        return self._leader(view, stocks)

    @staticmethod
    def _leader(view, stocks):
        """Give the card to the leader (fewest cards left); lowest seat on ties."""
        left = view["cards_left"]
        return min(stocks, key=lambda a: (left[int(a[6:])], int(a[6:])))
