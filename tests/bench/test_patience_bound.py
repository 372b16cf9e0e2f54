"""bench/patience_bound.py: the clairvoyant solver on handmade deals (one it must win,
one it cannot), its winning lines replayed through the game's validating ``apply``, and
an independent exhaustive search over the public API on a deal small enough for it."""

from __future__ import annotations

import pytest

from fliptable.core.registry import get_game

from .helpers import load

B = load("patience_bound")
GAME = get_game("patience")


def _deal(order: list[int], **options):
    return GAME.new_state(1, options, seed=1, deck=[str(c) for c in order])


def test_a_deal_in_order_is_won_and_its_line_replays():
    # 1s up at the deal, the 2s fill the row and go up, then every card goes straight up
    order = [n for n in range(1, 11) for _ in range(4)]
    st = _deal(order)
    sol = B.solve(st, budget=10_000)
    assert sol.won is True and sol.best == 40 and sol.decided
    assert B.replay_wins(st, sol.line)


def test_a_deal_with_the_1s_last_cannot_be_won():
    # the row shows four 2s; every 3..10 can only go to the stock pile, then the 1s come:
    # the four 1s and the four 2s go up, the stock's top 10 blocks the rest
    order = [2] * 4 + [n for n in range(3, 11) for _ in range(4)] + [1] * 4
    sol = B.solve(_deal(order), budget=100_000)
    assert sol.won is False and sol.decided
    assert sol.best == 8


def test_the_budget_leaves_a_deal_undecided():
    order = [2] * 4 + [n for n in range(3, 11) for _ in range(4)] + [1] * 4
    sol = B.solve(_deal(order), budget=3)
    assert sol.won is None and not sol.decided and sol.nodes == 3
    with pytest.raises(ValueError, match="budget"):
        B.solve(_deal(order), budget=0)


def _exhaustive_best(st) -> int:
    """Most cards up over every line of play, through legal_actions/apply/clone only."""
    best = sum(st.up)
    seen = set()
    stack = [st]
    while stack:
        s = stack.pop()
        for a in s.legal_actions(0):
            c = s.clone()
            c.apply(0, a)
            key = (len(c.pack), c.card, tuple(c.up), tuple(map(tuple, c.rows)), tuple(c.stock))
            if key not in seen:
                seen.add(key)
                best = max(best, sum(c.up))
                stack.append(c)
    return best


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_solver_agrees_with_an_exhaustive_search_of_the_public_api(seed):
    # a deal cut short: most of the pack is already turned (the search is then small),
    # played from a real deal's position after the greedy bot's first moves
    from fliptable.games.patience.bots import greedy_move

    st = GAME.new_state(1, {}, seed=seed)
    while len(st.pack) > 14 and st.legal_actions(0):
        legal = st.legal_actions(0)
        st.apply(0, greedy_move(st.rows, len(st.pack), legal))
    sol = B.solve(st, budget=200_000)
    assert sol.decided
    assert sol.best == _exhaustive_best(st)
    if sol.won:
        assert B.replay_wins(st, sol.line)


def test_wilson_interval():
    lo, hi = B.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert B.wilson(0, 10)[0] == 0.0


def test_a_small_measurement_and_its_page(tmp_path):
    cache = tmp_path / "deals.json"
    report = B.measure(deals=2, budget=20_000, cache=cache)
    assert [r["deal"] for r in report["rows"]] == [0, 1]
    for r in report["rows"]:
        if r["won"] is not None:  # the bound holds deal by deal
            assert r["bot_up"] <= (40 if r["won"] else r["best"])
    again = B.measure(deals=3, budget=20_000, cache=cache)  # resumes: deals 0-1 kept
    assert again["rows"][:2] == report["rows"] and len(again["rows"]) == 3
    page = B.render(again)
    assert "| `lookahead` (sees the face-up cards) |" in page and "clairvoyant" in page
