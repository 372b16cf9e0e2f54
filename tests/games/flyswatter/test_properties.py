"""Properties over random games: all 112 cards always accounted for (removed triggers and
removed-unseen cards included), removed triggers never return, legal actions only, exact
JSON round trip, clone independence, replay determinism."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fliptable.bots.base import RandomAgent
from fliptable.core import Over, Race, SeatError, Turn, replay
from fliptable.games.flyswatter.cards import SWATTER, full_deck
from fliptable.sim.match import play_match

from .helpers import GAME

DECK = Counter(full_deck())


def _play(state, rng, check):
    steps = 0
    while not state.is_over():
        d = state.decision()
        if isinstance(d, Race) and rng.random() < 0.03:
            state.apply(None, d.default)
        else:
            p = rng.choice(d.players)
            legal = state.legal_actions(p)
            assert legal, f"player {p} in {d} has no legal action"
            for q in range(state.players):  # legality agrees with the decision
                assert bool(state.legal_actions(q)) == (q in d.players)
            assert state.legal_actions(None) == ()
            for bad in (-1, state.players):  # no such seat: the kernel's one seat check
                with pytest.raises(SeatError):
                    state.legal_actions(bad)
            state.apply(p, rng.choice(list(legal)))
        cached = state.decision()
        state._decision = None
        assert state.decision() == cached  # the cached decision is never stale
        check(state)
        steps += 1
        assert steps < 5000
    return steps


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), remove=st.integers(0, 100), seed=st.integers(0, 2**32))
def test_conservation_and_triggers_never_return(players, remove, seed):
    remove = min(remove, 112 - players)
    s = GAME.new_state(players, {"remove": remove}, seed)
    unseen = list(s.unseen)
    seen_triggers: list[int] = []

    def check(state):
        assert Counter(state.all_cards()) == DECK
        assert len(state.all_cards()) == 112
        assert state.unseen == unseen  # removed unseen cards never come back
        # removed triggers only ever grow, and are never anywhere else
        assert state.triggers[: len(seen_triggers)] == seen_triggers
        seen_triggers[:] = state.triggers
        elsewhere = Counter(state.middle)
        for pile in state.draw + state.won:
            elsewhere.update(pile)
        assert elsewhere[SWATTER] + state.triggers.count(SWATTER) + unseen.count(SWATTER) == 16
        assert SWATTER not in state.middle and not any(SWATTER in w for w in state.won)
        assert sum(1 for c in state.counts if c) <= 4  # never five colours in the middle

    check(s)
    _play(s, random.Random(seed), check)
    assert isinstance(s.decision(), Over)
    assert s.result().over


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_json_round_trip_and_clone(players, seed):
    s = GAME.new_state(players, {"remove": 60}, seed)
    rng = random.Random(seed)

    def check(state):
        data = state.to_json()
        again = GAME.state_from_json(data)
        assert again.to_json() == data
        assert again.decision() == state.decision()
        for p in range(players):
            assert list(again.legal_actions(p)) == list(state.legal_actions(p))
        c = state.clone()
        assert c.to_json() == data and c.view(0) == state.view(0)
        if not c.is_over():  # the clone is independent
            d = c.decision()
            p = d.players[0]
            c.apply(p, c.legal_actions(p)[0])
            assert state.to_json() == data

    _play(s, rng, check)


def test_replay_determinism_with_random_agents():
    for players in (2, 5, 8):
        for seed in range(5):
            m = play_match(GAME, [RandomAgent() for _ in range(players)], seed=seed, record=True)
            again = replay(m.log)
            assert again.to_json() == m.state.to_json()
            m2 = play_match(GAME, [RandomAgent() for _ in range(players)], seed=seed)
            assert m2.state.to_json() == m.state.to_json() and m2.decisions == m.decisions


def test_random_play_ends_for_every_player_count():
    for players in range(2, 9):
        for seed in range(10):
            m = play_match(GAME, [RandomAgent() for _ in range(players)], seed=seed, options={"remove": seed * 7})
            assert m.state.is_over() and m.state.result().over
            assert sum(m.state.result().details["flies_won"]) <= 96


def test_turn_decisions_are_seat_order():
    s = GAME.new_state(4, {}, 3)
    seats = []
    while len(seats) < 12 and not s.is_over():
        d = s.decision()
        if isinstance(d, Turn):
            seats.append(d.player)
            s.apply(d.player, "flip")
        else:
            s.apply(None, "close")
    assert seats == [0, 1, 2, 3] * 3
