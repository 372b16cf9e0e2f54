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

from fliptable.core import IllegalAction, Race, all_game_ids, get_game, replay
from fliptable.core.log import GameLog

GAMES = [g for g in all_game_ids()]
MAX_STEPS = 20_000


def _options(game, draw):
    """Random values for choice and bool options (numbers keep their defaults)."""
    out = {}
    for opt in game.options:
        if opt.kind == "choice":
            out[opt.name] = draw(st.sampled_from(opt.choices))
        elif opt.kind == "bool":
            out[opt.name] = draw(st.booleans())
    return out


@st.composite
def games(draw, game_id):
    game = get_game(game_id)
    players = draw(st.integers(game.min_players, min(game.max_players, 6)))
    options = _options(game, draw)
    seed = draw(st.integers(0, 2**32))
    try:
        game.new_state(players, options, seed)
    except Exception as exc:  # some option combinations need other player counts
        from fliptable.core import FliptableError
        if not isinstance(exc, FliptableError):
            raise
        options = {}
        players = game.default_players
    return game, players, options, seed


def _step(state, rng):
    """One random legal step: (player, action)."""
    d = state.decision()
    if isinstance(d, Race) and rng.random() < 0.05:
        return None, d.default
    p = d.players[int(rng.random() * len(d.players))]
    legal = state.legal_actions(p)
    assert legal, f"player {p} is listed in {d} but has no legal action"
    return p, legal[int(rng.random() * len(legal))]


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
    game, players, options, seed = data.draw(games(game_id))
    state = game.new_state(players, options, seed)
    deck = Counter(game.deck(players, state.options))
    rng = random.Random(seed)
    actions = []
    checkpoints = {rng.randrange(1, 400) for _ in range(3)}
    for step in range(MAX_STEPS):
        assert Counter(state.all_cards()) == deck, "a card appeared or vanished"
        if state.is_over():
            break
        if step in checkpoints:
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
            tp, ta = _step(twin, random.Random(step))
            twin.apply(tp, ta)
            assert state.to_json() == before
            # views are JSON
            for seat in list(range(players)) + [None]:
                json.dumps(state.view(seat))
        p, a = _step(state, rng)
        state.apply(p, a)
        actions.append([p, a])
    else:
        pytest.fail(f"{game_id} did not end in {MAX_STEPS} random steps")
    result = state.result()
    assert result.over and len(result.scores) == players
    assert set(result.winners) <= set(range(players))
    # replay determinism
    log = GameLog(game_id, dict(state.options), players, seed, actions)
    assert replay(log).to_json() == state.to_json()
