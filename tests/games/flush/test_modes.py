"""Modes: rounds (N rounds, lowest total wins), arena (5 rounds, the 5th doubled),
elimination (out at the limit, the last player standing wins)."""

import random

import pytest

from fliptable.core import OptionError
from tests.games.flush.helpers import FLUSH, kinds, play, table


def finish(state, seed=0):
    rng = random.Random(seed)
    while not state.is_over():
        p = state.decision().player
        legal = state.legal_actions(p)
        state.apply(p, legal[int(rng.random() * len(legal))])
    return state


def test_mode_rounds_plays_the_set_number_of_rounds_and_the_lowest_total_wins():
    state = finish(FLUSH.new_state(3, {"rounds": 3}, 2))
    result = state.result()
    assert state.stat[0] == 3 and result.details["rounds"] == 3
    low = min(state.totals)
    assert result.winners == tuple(p for p in range(3) if state.totals[p] == low)


def test_mode_rounds_the_last_round_ends_the_game():
    state = table(2, hands={0: ["2"], 1: ["9", "3"]}, turn=0, options={"rounds": 1}, totals=[5, 0])
    events = play(state, (0, "1x2"))
    assert kinds(events)[-1] == "game_over" and state.is_over()
    assert state.result().winners == (0,) and state.totals == [5, 12]


def test_mode_arena_is_five_rounds_the_fifth_scoring_double():
    state = table(2, hands={0: ["4d"], 1: ["9", "3"]}, turn=0, options={"mode": "arena"}, round_no=5, totals=[20, 10])
    events = play(state, (0, "1x4"))
    end = next(e for e in events if e.type == "round_end").data
    assert end["double"] and end["scores"] == [0, 24] and end["deduction"] == 10
    assert state.totals == [10, 34] and state.is_over() and state.result().winners == (0,)
    assert FLUSH.max_decisions(2, FLUSH.resolve_options({"mode": "arena"})) == 5 * 2 * 500


def test_mode_arena_ignores_the_rounds_option():
    state = finish(FLUSH.new_state(2, {"mode": "arena", "rounds": 2}, 3))
    assert state.stat[0] == 5


def test_mode_elimination_a_player_reaching_the_limit_is_out_and_not_dealt_in():
    options = {"mode": "elimination", "limit": 30}
    state = table(3, hands={0: ["2"], 1: ["9", "8"], 2: ["3"]}, turn=0, options=options, totals=[0, 14, 0])
    events = play(state, (0, "1x2"))
    end = next(e for e in events if e.type == "round_end").data
    assert end["eliminated"] == [1] and state.out_round == [0, 1, 0]
    assert not state.is_over() and state.round_no == 2
    assert state.hands[1] == [] and state.blinds[1] == [] and state.view(0)["playing"] == [True, False, True]
    assert len(state.hands[0]) == 8 and state.turn == 0


def test_mode_elimination_the_last_player_standing_wins():
    options = {"mode": "elimination", "limit": 30}
    state = table(2, hands={0: ["2"], 1: ["9", "10", "10s", "3"]}, turn=0, options=options, totals=[29, 0])
    events = play(state, (0, "1x2"))
    assert state.is_over() and state.result().winners == (0,)
    assert kinds(events)[-1] == "game_over"
    # ranked: the last standing first, then the later eliminated, then the lower total
    assert state.result().ranks == (1, 2)


def test_mode_elimination_ranks_later_eliminations_higher():
    state = finish(FLUSH.new_state(4, {"mode": "elimination", "limit": 20}, 11))
    result = state.result()
    out = state.out_round
    assert sum(1 for r in out if r == 0) <= 1
    for p in range(4):
        for q in range(4):
            if out[p] and out[q] and out[p] > out[q]:
                assert result.ranks[p] < result.ranks[q]


@pytest.mark.parametrize(
    "option, value", [("rounds", 0), ("rounds", 21), ("limit", 0), ("limit", 201), ("mode", "marathon")]
)
def test_modes_options_have_finite_ranges(option, value):
    with pytest.raises(OptionError):
        FLUSH.resolve_options({option: value})
