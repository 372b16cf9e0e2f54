"""Random play for the adapter tests."""

import random

from fliptable.core.decision import Race


def random_play(game, players, options, seed, steps, visit):
    """Play one random game (a random seat among those with a legal action, a race's
    default when nobody has one), calling ``visit(state)`` after the deal and after
    every action, for at most ``steps`` actions."""
    state = game.new_state(players, options, seed=seed)
    rng = random.Random(seed)
    visit(state)
    for _ in range(steps):
        if state.is_over():
            break
        d = state.decision()
        actors = [p for p in d.actors if state.legal_actions(p)]
        if not actors:
            if not isinstance(d, Race):
                break
            state.apply(None, d.default)
        else:
            p = rng.choice(actors)
            state.apply(p, rng.choice(state.legal_actions(p)))
        visit(state)
    return state
