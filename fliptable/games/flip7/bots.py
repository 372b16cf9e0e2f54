"""Flip 7's own bots. Every bot sees only its view."""

from __future__ import annotations

from ...bots.base import Agent, number_param
from ...core.errors import BotSpecError
from .cards import CARDS, DECK, MODIFIER_POINTS

_NAME_TO_CARD = CARDS.by_name
_FULL_COUNTS = tuple(DECK.count(c) for c in range(len(CARDS)))
_X2 = CARDS.by_name["x2"]
_FLIP3 = CARDS.by_name["flip3"]
_FREEZE = CARDS.by_name["freeze"]
_SECOND = CARDS.by_name["second"]
_MODIFIERS = tuple((c, points) for c, points in enumerate(MODIFIER_POINTS) if points)
_WINNING = 200
_STOPPED = ("stayed", "frozen", "flip7")


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


def _score(numbers: int, mods: int, doubled: bool, held: int) -> int:
    """flip7.md "Scoring": numbers (×2), then modifiers, then 15 for seven numbers."""
    return numbers * (2 if doubled else 1) + mods + (15 if held == 7 else 0)


def _groups(counts, mask):
    """The unseen cards in the groups one forced draw cares about: (held numbers,
    new numbers, sum of new numbers, modifiers, sum of modifiers, x2, other)."""
    held = new = new_sum = 0
    for n in range(13):
        k = counts[n]
        if mask >> n & 1:
            held += k
        else:
            new += k
            new_sum += k * n
    mods = mod_sum = 0
    for card, points in _MODIFIERS:
        mods += counts[card]
        mod_sum += counts[card] * points
    return held, new, new_sum, mods, mod_sum, counts[_X2], counts[_FREEZE] + counts[_FLIP3] + counts[_SECOND]


def _last_draw(size, numbers, mods, doubled, second, held, groups) -> float:
    """Expected round score after one more forced card, from the unseen ``groups``."""
    k_held, k_new, new_sum, k_mods, mod_sum, k_x2, k_other = groups
    base = _score(numbers, mods, doubled, held)
    factor = 2 if doubled else 1
    acc = k_held * base if second else 0  # a duplicate
    acc += k_new * (numbers * factor + mods + (15 if held == 6 else 0)) + factor * new_sum
    acc += k_mods * base + mod_sum + k_other * base
    if k_x2:
        acc += k_x2 * _score(numbers, mods, True, held)
    return acc / size


def _forced(counts, size, mask, numbers, mods, doubled, second, held, left, freeze_stops, groups=None) -> float:
    """Expected round score after ``left`` forced cards (a Flip Three), card by card
    without replacement: a duplicate busts (or uses the Second Chance), the seventh
    number stops with the bonus, a Freeze stops at once when ``freeze_stops``."""
    if held == 7 or size == 0:
        return _score(numbers, mods, doubled, held)
    if groups is None:
        groups = _groups(counts, mask)
    if left == 1:
        return _last_draw(size, numbers, mods, doubled, second, held, groups)
    k_held, k_new, new_sum, k_mods, mod_sum, k_x2, k_other = groups
    acc = 0.0
    size1, left1 = size - 1, left - 1
    for card in range(len(counts)):
        k = counts[card]
        if not k:
            continue
        counts[card] = k - 1
        if card <= 12:
            if mask >> card & 1:
                value = (
                    # the same _forced call as below on purpose: positional arguments of the bot's hot path
                    _forced(
                        counts,
                        size1,
                        mask,
                        numbers,
                        mods,
                        doubled,
                        False,
                        held,
                        left1,
                        freeze_stops,
                        (k_held - 1, k_new, new_sum, k_mods, mod_sum, k_x2, k_other),
                    )
                    if second
                    else 0.0
                )
            else:  # the other copies of this number become duplicates
                value = _forced(
                    counts,
                    size1,
                    mask | 1 << card,
                    numbers + card,
                    mods,
                    doubled,
                    second,
                    held + 1,
                    left1,
                    freeze_stops,
                    (k_held + k - 1, k_new - k, new_sum - k * card, k_mods, mod_sum, k_x2, k_other),
                )
        elif card == _X2:
            value = _forced(
                counts,
                size1,
                mask,
                numbers,
                mods,
                True,
                second,
                held,
                left1,
                freeze_stops,
                (k_held, k_new, new_sum, k_mods, mod_sum, k_x2 - 1, k_other),
            )
        elif card == _FREEZE and freeze_stops:
            value = _score(numbers, mods, doubled, held)
        elif card in (_FREEZE, _FLIP3, _SECOND):
            # the same _forced call as above on purpose: positional arguments of the bot's hot path
            value = _forced(
                counts,
                size1,
                mask,
                numbers,
                mods,
                doubled,
                second or card == _SECOND,
                held,
                left1,
                freeze_stops,
                (k_held, k_new, new_sum, k_mods, mod_sum, k_x2, k_other - 1),
            )
        else:
            points = CARDS[card].rank
            value = _forced(
                counts,
                size1,
                mask,
                numbers,
                mods + points,
                doubled,
                second,
                held,
                left1,
                freeze_stops,
                (k_held, k_new, new_sum, k_mods - 1, mod_sum - points, k_x2, k_other),
            )
        counts[card] = k
        acc += k * value
    return acc / size


def expected_gain(view: dict, seat: int, flip3: str = "exact") -> float:
    """Expected change of ``seat``'s round score from flipping one more card.

    Number, modifier and ×2 cards count exactly; a Second Chance and a Freeze count 0
    (myopic: the protection and the lost option are not valued). A Flip Three drawn on
    oneself forces three more cards without the choice to stop: with ``flip3="exact"``
    its value is the exact expectation of those three draws, card by card without
    replacement from the unseen cards (busts, a Second Chance drawn or held, ×2, the
    seventh number's stop and bonus, and a Freeze that stops at once under
    ``flip3_actions=immediate``). A Freeze or Flip Three among the three is valued as a
    blank card: a set-aside Freeze only banks what the three made (exact), while a
    nested Flip Three's three further cards are not valued; that happens with
    probability at most 6/size per Flip Three, a few per cent of an already small term.
    The exact term is computed only when it can change the decision: it lies between
    -round_score (a bust) and three times the mean of what an unseen card could add (plus
    the bonus), and outside that band the sign of the gain is already known (then a bound
    is returned, not the value). With ``rules=official`` a Flip Three (and a
    Freeze) drawn while another player is active is played on that player: 0 for us.
    ``flip3="approx"`` is the older estimate: three single draws."""
    me = view["seats"][seat]
    mask = 0
    numbers = 0
    mods = 0
    doubled = False
    for name in me["cards"]:
        card = _NAME_TO_CARD[name]
        if card <= 12:
            mask |= 1 << card
            numbers += card
        elif card == _X2:
            doubled = True
        elif card != _SECOND:
            mods += MODIFIER_POINTS[card]
    counts = unseen_counts(view)
    size = sum(counts)
    if size == 0:
        return 0.0
    score = me["round_score"]
    held = mask.bit_count()
    bust = 0 if me["second_chance"] else -score
    seventh = 15 if held == 6 else 0
    factor = 2 if doubled else 1
    gain = 0.0
    ceiling = 0.0  # the most each unseen card could add, summed (for the bound below)
    for n in range(13):
        k = counts[n]
        if k:
            if mask >> n & 1:
                gain += k * bust
            else:
                gain += k * (n * factor + seventh)
                ceiling += k * n * factor
    for card, points in _MODIFIERS:
        gain += counts[card] * points
        ceiling += counts[card] * points
    if counts[_X2] and not doubled:
        gain += counts[_X2] * numbers
        ceiling += counts[_X2] * (numbers + 23)  # doubling ours and at most two more numbers
    single = gain / size
    k3 = counts[_FLIP3]
    if not k3:
        return single
    options = view.get("options", {})
    if options.get("rules") == "official" and any(
        s["status"] == "active" for q, s in enumerate(view["seats"]) if q != seat
    ):
        return single  # played on an opponent: nothing for us
    if flip3 == "approx":
        return single + k3 * 3 * single / size
    # three forced cards lose at most the round score; each of them is any unseen card
    # alike, and none adds more than its ceiling, so on average they add at most three
    # mean ceilings (and the bonus)
    most = 3 * ceiling / size + (15 if held >= 4 else 0)
    low, high = single - k3 * score / size, single + k3 * most / size
    if low > 0 or high <= 0:
        return low if low > 0 else high  # the sign is settled; the size is not needed
    counts[_FLIP3] -= 1
    after = _forced(
        counts,
        size - 1,
        mask,
        numbers,
        mods,
        doubled,
        me["second_chance"],
        held,
        3,
        options.get("flip3_actions") == "immediate",
    )
    counts[_FLIP3] += 1
    return single + k3 * (after - score) / size


def endgame(view: dict, seat: int) -> str | None:
    """The race to 200 (flip7.md "End of Game"): ``"hit"`` when an opponent who has
    stopped will finish ahead of us at 200 or more (staying loses for certain);
    ``"stay"`` when our total plus this round's score reaches 200 and leads every
    other player's total plus their round so far; else None (play for points)."""
    seats = view["seats"]
    me = seats[seat]
    mine = me["total"] + me["round_score"]
    best_other = -1
    for q, info in enumerate(seats):
        if q == seat:
            continue
        theirs = info["total"] + info["round_score"]
        if info["status"] in _STOPPED and theirs >= _WINNING and theirs > mine:
            return "hit"
        best_other = max(best_other, theirs)
    if mine >= _WINNING and mine > best_other:
        return "stay"
    return None


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


class EVAgent(Agent):
    """``ev``: plays the race to 200 (``endgame``), otherwise hits while one more card's
    expected change of its round score is positive, from the exact composition of the
    cards it has not seen. ``ev:endgame=false`` ignores the race, ``ev:flip3=approx``
    values a Flip Three as three single draws (together: the bot before rules version 2)."""

    name = "ev"

    def __init__(self, endgame: str | bool = True, flip3: str = "exact", **params):
        if params:
            raise ValueError(
                f"unknown parameter(s) {', '.join(params)}; accepted: ev:endgame=true|false,flip3=exact|approx"
            )
        if isinstance(endgame, str):
            if endgame.strip().lower() not in _TRUE + _FALSE:
                raise BotSpecError(f"bot ev: endgame={endgame!r} is invalid; accepted: true|false")
            endgame = endgame.strip().lower() in _TRUE
        if flip3 not in ("exact", "approx"):
            raise BotSpecError(f"bot ev: flip3={flip3!r} is invalid; accepted: exact|approx")
        self.endgame, self.flip3 = bool(endgame), flip3

    def describe(self):
        if self.endgame and self.flip3 == "exact":
            return "ev"
        return f"ev:endgame={'true' if self.endgame else 'false'},flip3={self.flip3}"

    def act(self, view, legal):
        if legal[0] not in ("hit", "stay"):
            return _choose(view, self.seat, legal)
        if self.endgame:
            forced = endgame(view, self.seat)
            if forced is not None:
                return forced
        return "hit" if expected_gain(view, self.seat, self.flip3) > 0 else "stay"
