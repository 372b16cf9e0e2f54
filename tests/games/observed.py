"""Random play with every seat's view checked against the game's declared observation
(``observation.py``: ``Game.observation_schema`` and ``EVENTS``), for each game's own
tests (``tools/mutation.py`` runs a game's folder, not ``tests/test_contract.py``)."""
from __future__ import annotations

import random

from fliptable.core.schema import check, declared


def play_observed(game, players, options=None, seed=0, steps=400):
    """One random game (at most ``steps`` steps, clock defaults taken now and then):
    every seat's view checked at every step. Returns (the state, the event types seen,
    what departed from the schema: one entry per wrong view)."""
    state = game.new_state(players, options, seed=seed)
    schema = game.observation_schema(players, state.options)
    rng = random.Random(seed)
    types = {e.type for e in state.opening}
    wrong = []
    for _ in range(steps):
        for p in range(players):
            found = check(schema, state.view(p), players, game.cards.names)
            if found:
                wrong.append((state.ply, p, found[:3]))
        if state.is_over():
            break
        d = state.decision()
        default = getattr(d, "default", None)
        actors = [p for p in d.actors if state.legal_actions(p)]
        if default is not None and (not actors or rng.random() < 0.05):
            types.update(e.type for e in state.apply(None, default))
            continue
        p = rng.choice(actors)
        types.update(e.type for e in state.apply(p, rng.choice(state.legal_actions(p))))
    return state, types, wrong


def undeclared_events(game, types):
    return sorted(set(types) - set(declared(game).EVENTS))
