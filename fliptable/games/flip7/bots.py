"""Flip 7's own bots. Every bot sees only its view."""
from __future__ import annotations

from collections import Counter

from ...bots.base import Agent, number_param
from .cards import CARDS, DECK

_NAME_TO_CARD = CARDS.by_name
_FULL = Counter(DECK)


def _choose(view: dict, seat: int, legal) -> str:
    """A give/target choice: spare Second Chance to the first eligible seat after ours;
    Freeze on the active opponent with the lowest round score; Flip Three on the active
    opponent with the most numbers (the likeliest to bust)."""
    kind = legal[0].partition(":")[0]
    seats = [int(a.partition(":")[2]) for a in legal]
    n = view["players"]
    if kind == "give":
        return min(legal, key=lambda a: (int(a.partition(":")[2]) - seat - 1) % n)
    others = [s for s in seats if s != seat]
    if not others:
        return legal[0]
    info = view["seats"]
    if view["choice"]["card"] == "freeze":
        best = min(others, key=lambda s: (info[s]["round_score"], -info[s]["total"]))
    else:
        best = max(others, key=lambda s: (sum(c.isdigit() for c in info[s]["cards"]), info[s]["total"]))
    return f"target:{best}"


class ThresholdAgent(Agent):
    """``threshold:N``: stays once its current round score is at least N, else hits."""

    name = "threshold"

    def __init__(self, value: str = "25", **params):
        if params:
            raise ValueError(f"unknown parameter(s) {', '.join(params)}; accepted: threshold:N")
        self.threshold = number_param("threshold", "N", value, int, 0, 1000)

    def describe(self):
        return f"threshold:{self.threshold}"

    def act(self, view, legal):
        if legal[0] not in ("hit", "stay"):
            return _choose(view, self.seat, legal)
        return "stay" if view["seats"][self.seat]["round_score"] >= self.threshold else "hit"


def unseen_counts(view: dict) -> Counter:
    """The exact composition of the cards this player has not seen: the draw pile's
    (or, when it is empty, the discards that will be shuffled into it)."""
    if view["draw_count"] == 0:
        return Counter(_NAME_TO_CARD[c] for c in view["discard"])
    seen = Counter(_NAME_TO_CARD[c] for c in view["discard"])
    for s in view["seats"]:
        seen.update(_NAME_TO_CARD[c] for c in s["cards"])
    for job in view["flip_three"]:
        seen.update(_NAME_TO_CARD[c] for c in job["set_aside"])
    if view["choice"] is not None:
        seen[_NAME_TO_CARD[view["choice"]["card"]]] += 1
    return _FULL - seen


def expected_gain(view: dict, seat: int) -> float:
    """Expected change of ``seat``'s round score from flipping one more card."""
    me = view["seats"][seat]
    numbers = [int(c) for c in me["cards"] if c.isdigit()]
    have = set(numbers)
    total = sum(numbers)
    doubled = "x2" in me["cards"]
    score = me["round_score"]
    counts = unseen_counts(view)
    size = sum(counts.values())
    if size == 0:
        return 0.0
    gain = 0.0
    flip3 = 0
    for card, k in counts.items():
        t = CARDS[card]
        if t.kind == "number":
            if t.rank in have:
                gain += k * (0 if me["second_chance"] else -score)
            else:
                g = t.rank * (2 if doubled else 1)
                if len(have) == 6:
                    g += 15
                gain += k * g
        elif t.kind == "modifier":
            gain += k * t.rank
        elif t.kind == "multiplier":
            gain += k * total
        elif t.name == "flip3":
            flip3 = k
    single = gain / size
    # a Flip Three is about three single draws
    return single + flip3 * 3 * single / size


class EVAgent(Agent):
    """``ev``: hits while one more card's expected change of its round score is positive,
    from the exact composition of the cards it has not seen."""

    name = "ev"

    def __init__(self, **params):
        if params:
            raise ValueError(f"ev takes no parameters, got {', '.join(params)}")

    def act(self, view, legal):
        if legal[0] not in ("hit", "stay"):
            return _choose(view, self.seat, legal)
        return "hit" if expected_gain(view, self.seat) > 0 else "stay"
