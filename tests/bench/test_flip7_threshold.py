"""bench/flip7_threshold.py against an independent computation: the engine itself
(Flip7State) played over every order of a tiny draw pile, with the best decision at each
point taken over what the player has seen (expectimax over information sets)."""

from __future__ import annotations

from itertools import permutations

import pytest

from fliptable.core.registry import get_game
from fliptable.games.flip7.cards import CARDS

from .helpers import load

F = load("flip7_threshold")
GAME = get_game("flip7")


def _ids(names):
    return [CARDS.parse(c) for c in names]


def _play(held, order, actions):
    """A one-player round: ``held`` in front of the player, the pile ``order`` (top card
    first, no discards: running out ends the round), then ``actions``."""
    s = GAME.new_state(1, {"round_limit": 1}, seed=1)  # the game is this one round
    s.tableau[0] = list(held)
    s.draw = list(reversed(order))
    s.discard = []
    s.status[0] = 0
    s.job_player, s.job_left, s.job_aside = [], [], []
    s.choice = s.chooser = s.choice_card = None
    s.to_deal = []
    s.last = 0
    s._derive()
    assert s.legal_actions(0) == ("hit", "stay")
    for a in actions:
        s.apply(0, a)
    return s


def _over(s):
    return s.over


def _seen(s):
    """What the player knows after the actions: the round's cards and result so far."""
    return (s.over, tuple(s.tableau[0]), s.totals[0], tuple(s.discard), len(s.draw))


def _engine_value(held, orders, actions, policy):
    """Expected round score over equally likely ``orders`` consistent with what was seen."""
    states = [_play(held, o, actions) for o in orders]
    if _over(states[0]):
        return sum(s.totals[0] for s in states) / len(states)
    stay = float(states[0].round_score(0))
    if policy == "stay" or not states[0].draw:
        # an empty pile: the model banks (with 94 cards it never empties in one round);
        # the engine would reshuffle the round's discards, so the player stays here
        return stay
    groups = {}
    for o in orders:
        groups.setdefault(_seen(_play(held, o, [*actions, "hit"])), []).append(o)
    after = "stay" if policy in ("once", "stay") else "optimal"
    hit = sum(len(g) * _engine_value(held, g, [*actions, "hit"], after) for g in groups.values()) / len(orders)
    return hit if policy == "once" else max(stay, hit)


def _model(held, pile, policy):
    counts = [0] * len(CARDS)
    for c in _ids(pile):
        counts[c] += 1
    numbers = [c for c in _ids(held) if c <= 12]
    hand = F.hand_of(numbers)
    r = F.Round(policy)
    return r.hit(tuple(counts), hand) if policy == "once" else r.decide(tuple(counts), hand)


# piles where no Flip Three can run the pile out (the engine would then reshuffle the
# round's discards, which a 94-card pile never needs within one player's round)
CASES = [
    (["5", "9"], ["9", "3", "+4", "x2", "freeze"]),
    (["2", "7", "11"], ["11", "flip3", "4", "second", "7", "+10"]),
    (["1", "3", "4", "5", "6", "8"], ["0", "8", "flip3", "x2", "12"]),
    (["12"], ["flip3", "flip3", "12", "6", "freeze", "2", "3"]),  # a Flip Three in a Flip Three
    (["10"], ["flip3", "10", "second", "10", "4", "+2"]),  # a Second Chance saves a forced draw
]
# for the optimum, piles without Flip Three (a later hit could start one near the end)
DECIDE = [
    (["5", "9"], ["9", "3", "+4", "x2", "freeze"]),
    (["10"], ["second", "10", "10", "4", "+2", "6"]),  # used, then a second duplicate
    (["2", "7", "11"], ["11", "second", "4", "second", "7", "+10"]),  # a spare Second Chance
    (["0", "1", "3", "6", "8"], ["8", "2", "4", "6", "+6", "freeze"]),  # the seventh number's bonus
]


@pytest.mark.parametrize("held,pile", CASES)
def test_hit_once_matches_the_engine_over_every_order(held, pile):
    orders = list(permutations(_ids(pile)))
    engine = _engine_value(_ids(held), orders, [], "once")
    assert _model(held, pile, "once") == pytest.approx(engine, abs=1e-9)


@pytest.mark.parametrize("held,pile", DECIDE)
def test_optimal_policy_matches_expectimax_on_the_engine(held, pile):
    orders = list(permutations(_ids(pile)))
    engine = _engine_value(_ids(held), orders, [], "optimal")
    assert _model(held, pile, "optimal") == pytest.approx(engine, abs=1e-9)


@pytest.mark.parametrize("held,pile", CASES + DECIDE)
def test_the_optimum_is_at_least_staying_and_hitting_once(held, pile):
    stay = float(sum(int(c) for c in held))
    assert _model(held, pile, "optimal") >= max(stay, _model(held, pile, "once")) - 1e-12


def test_deciding_again_is_worth_more_than_one_hit_here():
    # after one hit, a second one pays here: the engine agrees on the optimum's value
    held, pile = ["4", "6", "10", "11", "12"], ["x2", "11", "+10", "x2", "+2"]
    once, best = _model(held, pile, "once"), _model(held, pile, "optimal")
    assert best > once + 1 and best > 43 + 1
    engine = _engine_value(_ids(held), list(permutations(_ids(pile))), [], "optimal")
    assert best == pytest.approx(engine, abs=1e-9)


def test_nested_flip_three_bounds_hold_the_exact_value():
    counts = F.pile_without((3, 12))
    hand = F.hand_of((3, 12))
    lo = F.Round("once", "low").hit(counts, hand)
    hi = F.Round("once", "high").hit(counts, hand)
    # the exact value, on a pile small enough to expand: the same pile less most numbers
    small = list(counts)
    for n in range(4, 12):
        small[n] = 0
    small = tuple(small)
    exact = F.Round("once").hit(small, hand)
    assert F.Round("once", "low").hit(small, hand) <= exact <= F.Round("once", "high").hit(small, hand)
    assert lo < hi < lo + 0.5


def test_rulebook_pile_without_flip_three_has_a_closed_form():
    # no Flip Three: hitting once is a sum over single cards (independent of the recursion)
    held = (4, 8, 10)
    pile = list(F.pile_without(held))
    pile[CARDS.parse("flip3")] = 0
    t = sum(held)
    total = 0
    for c, k in enumerate(pile):
        name = CARDS.name(c)
        if c <= 12:
            total += 0 if c in held else k * (t + c)
        elif name == "x2":
            total += k * 2 * t
        elif name.startswith("+"):
            total += k * (t + int(name[1:]))
        else:  # Freeze banks, a Second Chance is kept
            total += k * t
    assert F.Round("once").hit(tuple(pile), F.hand_of(held)) == pytest.approx(total / sum(pile), abs=1e-12)


def test_ev_bot_reading_and_thresholds():
    assert F.ev_hits((12,)) is True
    assert F.ev_hits((7, 8, 9, 10, 11, 12)) is False
    rows = [{"k": 2, "total": t, "held": (0, t)} for t in (5, 9, 12)]
    assert F.thresholds(rows, [True, False, True])[2] == (9, 13, 12)
    assert F.thresholds(rows, [True, True, True])[2] == (None, None, 12)


@pytest.mark.parametrize("held,pile", CASES + DECIDE)
def test_the_two_step_plan_lies_between_one_hit_and_the_optimum(held, pile):
    counts = [0] * len(CARDS)
    for c in _ids(pile):
        counts[c] += 1
    hand = F.hand_of([c for c in _ids(held) if c <= 12])
    two = F.twostep_hit(tuple(counts), hand)
    assert F.Round("once", "low").hit(tuple(counts), hand) - 1e-12 <= two
    assert two <= F.Round("optimal").hit(tuple(counts), hand) + 1e-12


def test_two_step_beats_staying_where_one_hit_does_not():
    # five numbers, 25 points: one hit loses a little, a second card toward the seventh
    # number's bonus makes hitting worth it (the DP pile's optimum agrees)
    held = (0, 1, 2, 10, 12)
    counts, hand = F.pile_without(held), F.hand_of(held)
    assert F.Round("once", "high").hit(counts, hand) < 25 < F.twostep_hit(counts, hand)


def test_the_page_from_small_hands(capsys):
    rows = F.compute(optimal=True, max_held=2, resolve=False)
    assert len(rows) == 13 + 78
    for r in rows:
        assert r["hit_lo"] <= r["hit"] <= r["hit_hi"]
        assert r["dp_opt_hit"] >= r["dp_hit1"] - 1e-12
    F.add_twostep(rows)
    page = F.render(rows, 1.0)
    assert "| 1 | never | never |" in page  # one card: always hit
    assert "## The `ev` bot against the best response" in page
    # {12}: hit (16.6 against 12), {11, 12}: stay (22.2 against 23)
    by = {r["held"]: r for r in rows}
    assert by[(12,)]["hit"] > 12 and by[(11, 12)]["hit"] < 23


def test_the_command_refuses_a_bad_hand(capsys):
    assert F.main(["--hands", "3,13"]) == 2
    assert "accepted 1 to 6 distinct numbers 0-12" in capsys.readouterr().err
    assert F.main(["--hands", "x"]) == 2
    assert F.main(["--hands", "11,12"]) == 0
    assert "stay 23" in capsys.readouterr().out
