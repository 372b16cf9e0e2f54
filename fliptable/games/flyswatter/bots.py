"""Fly-swatter's own bot.

``swatter`` (``swatter:rt=400,sd=100,err=0.05``) flips on its turn. In a swat window each
hand reacts after a delay drawn from a normal distribution (mean ``rt`` ms, deviation
``sd`` ms, at least 1 ms) from its own seeded RNG. It goes for the highest-value fly of an
allowed colour that no hand covers yet (ties broken at random); with probability ``err``
it instead goes for a fly of a wrong colour (if any lies in the middle). With nothing
worth swatting it says ``done``. ``swatter:300`` sets ``rt`` alone.
"""

from __future__ import annotations

from ...bots.base import Agent, number_param


class SwatterAgent(Agent):
    """A reaction-time swatter: mean ``rt``, deviation ``sd``, error chance ``err``."""

    name = "swatter"

    def __init__(self, rt: str | float = 400, sd: str | float = 100, err: str | float = 0.05, value: str | None = None):
        if value is not None:
            rt = value
        self.rt = number_param("swatter", "rt", rt, float, 1, 60_000)
        self.sd = number_param("swatter", "sd", sd, float, 0, 60_000)
        self.err = number_param("swatter", "err", err, float, 0, 1)

    def describe(self) -> str:
        return f"swatter:rt={self.rt:g},sd={self.sd:g},err={self.err:g}"

    def act(self, view, legal):
        return "flip" if "flip" in legal else legal[0]

    def react(self, view, legal):
        rng = self.rng
        delay = max(1.0, rng.gauss(self.rt, self.sd))
        window = view["window"] if view else None
        if window is None:
            return legal[-1], delay
        allowed = window["allowed"]
        seat = self.seat
        right, wrong = [], []
        for fly in view["middle"]:
            hands = fly["hands"]
            if seat in hands:
                continue
            if fly["colour"] in allowed:
                if not hands:
                    right.append(fly)
            else:
                wrong.append(fly)
        if wrong and self.err > 0 and rng.random() < self.err:
            target = wrong[int(rng.random() * len(wrong))]
        elif right:
            best = max(f["value"] for f in right)
            top = [f for f in right if f["value"] == best]
            target = top[int(rng.random() * len(top))]
        else:
            return "done", delay
        action = f"swat:{target['n']}"
        return (action if action in legal else "done"), delay
