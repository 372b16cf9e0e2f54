"""Views that compute a part of the result themselves, without building a ``Result`` on
every call (FLINCH's ``scores``, Muggins' ``winners``), show exactly what ``result()``
says, at every step of random games, finished ones included."""

import random

import pytest

from fliptable.adapters.episode import Moments, Spec


@pytest.mark.parametrize(
    "game,players,options,key",
    [
        ("flinch", 2, {}, "scores"),
        ("flinch", 4, {"partnership": True}, "scores"),
        ("muggins", 3, {}, "winners"),
        ("muggins", 2, {"round_limit": 15}, "winners"),
        ("muggins", 4, {"enforce": "strict", "turn_over": "when-needed"}, "winners"),
    ],
)
def test_the_view_shows_the_result(game, players, options, key):
    spec = Spec(game, players, options)
    rng = random.Random(7)
    finished = steps = 0
    seen = set()
    while finished < 3:
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while True:
            result = state.result()
            want = [int(s) for s in result.scores] if key == "scores" else list(result.winners)
            for p in range(players):
                assert state.view(p)[key] == want, (game, state.ply, p)
            seen.add(repr(want))
            if moments.over:
                break
            steps += 1
            if moments.may_pass and rng.random() < 0.5:
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))
        finished += 1
    assert len(seen) > 1 and steps > 100  # the value moved: not checked at one value only
