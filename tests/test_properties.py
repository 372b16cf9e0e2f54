"""Property tests over random games of every registered game (OpenSpiel's
random_sim_test, ours): card conservation, legal-only transitions, illegal input
leaves the state unchanged, exact JSON round trip, independent clones, JSON views,
replay determinism."""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fliptable.core import IllegalAction, all_game_ids, get_game, replay
from fliptable.core.log import GameLog
from tests.helpers import new_random_state, random_step

GAMES = list(all_game_ids())
MAX_STEPS = 20_000


def _illegal_probe(state, rng, game):
    """Something not allowed now: another seat's action or an action outside the legal list."""
    space = game.action_space(state.players, state.options)
    p = rng.randrange(state.players)
    legal = set(state.legal_actions(p))
    candidates = [a for a in space if a not in legal] + ["not-an-action"]
    return p, rng.choice(candidates)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_keep_every_invariant(game_id, data):
    game = get_game(game_id)
    state, players, _options, seed = new_random_state(game, data.draw)
    deck = Counter(game.deck(players, state.options))
    rng = random.Random(seed)
    actions = []
    # checks early, and at steady intervals to the end of long games
    every = rng.randrange(30, 300)
    checkpoints = {rng.randrange(1, 400) for _ in range(3)}
    for step in range(MAX_STEPS):
        assert Counter(state.all_cards()) == deck, "a card appeared or vanished"
        if state.is_over():
            break
        if step in checkpoints or step % every == every - 1:
            before = state.to_json()
            # illegal input: rejected, state unchanged
            p, bad = _illegal_probe(state, rng, game)
            with pytest.raises(IllegalAction):
                state.apply(p, bad)
            assert state.to_json() == before
            # exact JSON round trip
            text = json.dumps(before)
            assert game.state_from_json(json.loads(text)).to_json() == before
            # clones are independent
            twin = state.clone()
            assert twin.to_json() == before
            tp, ta = random_step(twin, random.Random(step))
            twin.apply(tp, ta)
            assert state.to_json() == before
            # views are JSON
            for seat in [*range(players), None]:
                json.dumps(state.view(seat))
        p, a = random_step(state, rng)
        state.apply(p, a)
        actions.append([p, a])
    else:
        pytest.fail(f"{game_id} did not end in {MAX_STEPS} random steps")
    result = state.result()
    assert result.over and len(result.scores) == players
    assert set(result.winners) <= set(range(players))
    # replay determinism
    log = GameLog(game_id, dict(state.options), players, seed, actions, rules_version=game.rules_version)
    assert replay(log).to_json() == state.to_json()
