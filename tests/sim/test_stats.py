"""Wilson intervals and tallies (a shared win counts 1/k to each of k winners)."""

import pytest

from fliptable.sim.stats import Tally, wilson_interval


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_shared_win_counts_one_kth_to_each_winner():
    t = Tally(3)
    t.add_game([10, 10, 4], [0, 1], 7, {"rounds": 2})
    t.add_game([1, 2, 9], [2], 5, {"rounds": 3})
    assert t.wins == [0.5, 0.5, 1.0]
    assert t.win_rate() == [0.25, 0.25, 0.5]
    assert t.mean_score() == [5.5, 6.0, 6.5]
    assert t.decisions == 12 and t.stats == {"rounds": 5}


def test_merging_tallies_equals_adding_the_games():
    games = [([3, 1], [0], 4, {"x": 1}), ([2, 2], [0, 1], 6, {"x": 2}), ([0, 5], [1], 1, {"y": 1})]
    whole = Tally(2)
    for g in games:
        whole.add_game(*g)
    a, b = Tally(2), Tally(2)
    a.add_game(*games[0])
    b.add_game(*games[1])
    b.add_game(*games[2])
    a.merge(b)
    assert a.summary() == whole.summary() and a.stats == whole.stats and a.games == 3
