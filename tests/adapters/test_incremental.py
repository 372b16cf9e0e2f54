"""The envs' fast observation path (``incremental.SeatEncoder``: only what changed since a
seat's last observation re-encoded) gives exactly the reference encoding, for every game."""
import random

import numpy as np
import pytest

from fliptable.adapters.incremental import SeatEncoder
from fliptable.adapters.observation import observer
from fliptable.adapters.pettingzoo import History, Moments, Spec
from fliptable.core.registry import all_game_ids


def play(spec: Spec, seed: int, steps: int, check) -> int:
    """Random play through the env's serialisation (passing half the time where one may);
    ``check(state, moments, history, seat)`` before every step."""
    rng = random.Random(seed)
    done = 0
    while done < steps:
        state = spec.game.new_state(spec.players, spec.options, seed=rng.randrange(1 << 30))
        history = History(spec)
        moments = Moments(state, history)
        while not moments.over and done < steps:
            seat = moments.current
            check(state, moments, history, seat)
            done += 1
            if moments.may_pass and (rng.random() < 0.5 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(seat)))
    return done


@pytest.mark.parametrize("game", all_game_ids())
@pytest.mark.parametrize("info_state", [False, True])
def test_fast_observations_equal_the_reference_encoding(game, info_state):
    spec = Spec(game, None, {}, info_state=info_state)
    obs = spec.observer
    seen = set()

    def check(state, moments, history, seat):
        fast = history.observation(state, seat)
        view = state.view(seat)
        ref = obs.encode(view, history.memory[seat], seat) if info_state else obs.encode_view(view, seat)
        np.testing.assert_array_equal(fast, ref)
        seen.add(fast.tobytes())
        # and another seat, not the one asked (its cache is older)
        other = (seat + 1) % spec.players
        np.testing.assert_array_equal(history.seats.observe(state, other), observer(game).observe(state, other))
        mask = spec.mask(moments, seat)
        legal = {spec.index[a] for a in state.legal_actions(seat)} | ({spec.PASS} if moments.may_pass else set())
        assert set(np.flatnonzero(mask)) == legal

    assert play(spec, 31 + info_state, 700, check) == 700
    assert len(seen) > 50           # the observations really moved


def test_an_observation_is_a_new_array_and_a_repeat_is_not_rebuilt():
    spec = Spec("flip7", 3, {})
    state = spec.game.new_state(3, spec.options, seed=4)
    enc = SeatEncoder(spec.observer, 3)
    a = enc.observe(state, 1)
    a[:] = 0.5                      # the caller's array: changing it changes nothing kept
    calls = []
    real = state.view

    class Counting:
        """The state, counting its views."""
        def __getattr__(self, name):
            return getattr(state, name)

        def view(self, p):
            calls.append(p)
            return real(p)
    counted = Counting()
    b = enc.observe(counted, 1)
    c = enc.observe(counted, 1)     # same state, same ply: the view is not built again
    np.testing.assert_array_equal(b, spec.observer.observe(state, 1))
    np.testing.assert_array_equal(b, c)
    assert calls == [1]
    state.apply(0, "hit")           # the state moves: a new view
    np.testing.assert_array_equal(enc.observe(counted, 1), spec.observer.observe(state, 1))
    assert calls == [1, 1]


def test_sequences_that_grow_shift_their_window():
    """Authors' public history grows by a few entries between a seat's observations and
    soon passes the 16-entry window: the shifted window equals a fresh encoding."""
    spec = Spec("authors", 3, {})
    obs = spec.observer
    enc = SeatEncoder(obs, 3)
    rng = random.Random(2)
    state = spec.game.new_state(3, spec.options, seed=8)
    lengths = []
    while not state.is_over() and len(lengths) < 200:
        seat = state.decision().actors[0]
        view = state.view(seat)
        lengths.append(len(view["history"]))
        np.testing.assert_array_equal(enc.update(view, seat), obs.encode_view(view, seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert max(lengths) > 20
