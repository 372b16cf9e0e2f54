"""Flip 7's own bots. Every bot sees only its view."""
from __future__ import annotations

from ...bots.base import Agent, number_param
from .cards import CARDS, DECK

_NAME_TO_CARD = CARDS.by_name
_FULL_COUNTS = tuple(DECK.count(c) for c in range(len(CARDS)))
_X2 = CARDS.by_name["x2"]
_FLIP3 = CARDS.by_name["flip3"]
_MODIFIERS = tuple((c, t.rank) for c, t in enumerate(CARDS.types) if t.kind == "modifier")


def _choose(view: dict, seat: int, legal) -> str:
    """A give/target choice: a spare Second Chance is discarded (giving it helps an
    opponent), else goes to the first eligible seat after ours; a Freeze goes on the
    active opponent with the lowest round score; a Flip Three on the active opponent
    with the most numbers (the likeliest to bust)."""
    if "discard" in legal:
        return "discard"
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


def unseen_counts(view: dict) -> list[int]:
    """The exact composition of the cards this player has not seen, as a count per card
    int: the draw pile's (or, when it is empty, the discards that will be shuffled into it)."""
    ids = _NAME_TO_CARD
    if view["draw_count"] == 0:
        counts = [0] * len(CARDS)
        for name in view["discard"]:
            counts[ids[name]] += 1
        return counts
    counts = list(_FULL_COUNTS)
    for name in view["discard"]:
        counts[ids[name]] -= 1
    for seat in view["seats"]:
        for name in seat["cards"]:
            counts[ids[name]] -= 1
    for job in view["flip_three"]:
        for name in job["set_aside"]:
            counts[ids[name]] -= 1
    if view["choice"] is not None:
        counts[ids[view["choice"]["card"]]] -= 1
    return counts


def expected_gain(view: dict, seat: int) -> float:
    """Expected change of ``seat``'s round score from flipping one more card."""
    me = view["seats"][seat]
    have = 0
    total = 0
    doubled = False
    for name in me["cards"]:
        card = _NAME_TO_CARD[name]
        if card <= 12:
            have |= 1 << card
            total += card
        elif card == _X2:
            doubled = True
    counts = unseen_counts(view)
    size = sum(counts)
    if size == 0:
        return 0.0
    bust = 0 if me["second_chance"] else -me["round_score"]
    seventh = 15 if have.bit_count() == 6 else 0
    factor = 2 if doubled else 1
    gain = 0.0
    for n in range(13):
        k = counts[n]
        if k:
            gain += k * (bust if have >> n & 1 else n * factor + seventh)
    for card, points in _MODIFIERS:
        gain += counts[card] * points
    gain += counts[_X2] * total
    single = gain / size
    # a Flip Three is about three single draws
    return single + counts[_FLIP3] * 3 * single / size


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
