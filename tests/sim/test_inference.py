"""The balance report's statistics (sim/inference.py) against published values and
textbook cases with known answers."""

import math
import statistics

import pytest

from fliptable.sim.inference import (
    chi2_sf,
    count_quantiles,
    holm,
    jackknife,
    mean_difference,
    mean_interval,
    newcombe_interval,
    seat_test,
    two_proportion_p,
)

# chi-square critical values (any table, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4): P(X >= x) = alpha
CRITICAL = [
    (3.841458820694124, 1, 0.05),
    (5.991464547107979, 2, 0.05),
    (7.814727903251178, 3, 0.05),
    (9.487729036781154, 4, 0.05),
    (11.070497693516351, 5, 0.05),
    (6.634896601021214, 1, 0.01),
    (11.344866730144373, 3, 0.01),
    (2.705543454095404, 1, 0.10),
    (18.475306906582357, 7, 0.01),
    (24.995790139728616, 15, 0.05),
]


@pytest.mark.parametrize("x, df, alpha", CRITICAL)
def test_chi_square_tail_gives_the_tables_critical_values(x, df, alpha):
    assert chi2_sf(x, df) == pytest.approx(alpha, rel=1e-9)


def test_chi_square_tail_closed_forms_and_edges():
    # df 2: exp(-x/2); df 1: erfc(sqrt(x/2))
    for x in (0.5, 3.0, 40.0, 900.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-12)
    assert chi2_sf(0.0, 3) == 1.0
    assert chi2_sf(1e6, 7) == 0.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_chi_square_tail_agrees_with_scipy():
    stats = pytest.importorskip("scipy.stats")  # in dev through open_spiel; the table test above always runs
    for df in (1, 2, 3, 4, 5, 6, 7, 8, 11, 15):
        for x in (0.01, 0.7, 2.0, 5.5, 13.0, 40.0, 150.0):
            assert chi2_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)


def test_seat_test_on_a_known_split():
    # 1000 four-player games, seat 0 wins 310: chi-square (60^2 + 3 * 20^2) / 250 = 19.2, df 3
    got = seat_test([310, 230, 230, 230], 1000)
    assert got["chi2"] == pytest.approx(19.2)
    assert got["df"] == 3
    assert got["p"] == pytest.approx(2.4837e-4, rel=1e-3)
    assert got["even"] == 0.25
    # seat 0's score test: z = 60 / sqrt(1000 * 0.25 * 0.75) = 4.3818
    assert got["seat_p"][0] == pytest.approx(math.erfc(4.381780460041329 / math.sqrt(2)), rel=1e-9)
    assert seat_test([250, 250, 250, 250], 1000)["p"] == 1.0
    assert seat_test([5.0], 10) is None


def test_holm_adjustment():
    # sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005, 3*0.01, 2*0.03, max(0.06, 1*0.04)
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_newcombe_interval_reproduces_newcombe_1998():
    # Newcombe (1998), Statistics in Medicine 17:873-890, Table II, method 10
    d, lo, hi = newcombe_interval(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    d, lo, hi = newcombe_interval(9, 10, 3, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1705, 0.809)
    assert newcombe_interval(1, 0, 1, 2) is None


def test_two_proportion_test():
    # 56/70 vs 48/80: pooled 104/150, z = 0.2 / sqrt(104/150 * 46/150 * (1/70 + 1/80)) = 2.6502,
    # two-sided p = 0.00805 (the 2x2 table's Pearson chi-square, 7.0235 on 1 df, without correction)
    assert two_proportion_p(56, 70, 48, 80) == pytest.approx(0.008045, rel=1e-3)
    assert two_proportion_p(56, 70, 48, 80) == pytest.approx(chi2_sf(7.02353, 1), rel=1e-4)
    assert two_proportion_p(5, 10, 5, 10) == 1.0


def test_quantiles_and_means_of_counts():
    counts = {1: 1, 2: 1, 3: 1, 4: 1, 100: 1}
    assert count_quantiles(counts, (0.25, 0.5, 0.75, 0.99)) == [2, 3, 4, 100]
    values = [1, 2, 3, 4, 100]
    got = mean_interval(counts)
    assert got["mean"] == 22 and got["sd"] == pytest.approx(statistics.stdev(values))
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(5)
    assert got["ci95"] == pytest.approx([22 - half, 22 + half])
    d = mean_difference(mean_interval({10: 4, 12: 4}), mean_interval({10: 8}))
    assert d["diff"] == 1.0 and d["ci95"][0] < 1.0 < d["ci95"][1]


def test_jackknife_of_a_mean_is_the_standard_error():
    # groups of one game: the jackknife standard error of a mean is s / sqrt(n) exactly
    values = [3.0, 7.0, 1.0, 9.0, 4.0, 6.0]
    parts = [({"x": v}, 1) for v in values]
    got = jackknife(lambda totals, games: {"mean": totals["x"] / games, "label": "kept", "pair": [1.0, 2.0]}, parts)
    se = statistics.stdev(values) / math.sqrt(len(values))
    assert got["mean"]["value"] == pytest.approx(statistics.mean(values))
    assert got["mean"]["se"] == pytest.approx(se)
    assert got["mean"]["ci95"] == pytest.approx([5.0 - 1.959963984540054 * se, 5.0 + 1.959963984540054 * se])
    assert got["label"] == "kept"
    assert got["pair"][0]["se"] == 0.0
    # one group: no interval
    assert jackknife(lambda t, g: {"m": t["x"] / g}, [({"x": 4.0}, 2)])["m"]["ci95"] is None
