"""The cards that follow and the answers to an attack are cached by what the rules read
(``Legal._following`` and ``_answering``, for speed: issue 24): at every ply of random
games over tables that read different things (the options and levels), the cached sets are
the cards ``_follows`` and ``_answers`` allow in that very state. A rule reading something
the cache key leaves out would make them differ."""

import random

import pytest

from fliptable.adapters.episode import Moments
from fliptable.games.flaps.tables import ATTACKED, PLAY

from .helpers import FLAPS, NAMES

TABLES = [
    (4, {}),
    (3, {"level": 1}),
    (5, {"level": 4, "king_n_lay": "next"}),
    (4, {"level": 6, "legacy": "v1"}),
    (3, {"level": 7, "hoofers": "plain", "games": 2}),
]


@pytest.mark.parametrize("players,options", TABLES)
def test_the_cached_following_and_answering_cards_are_those_the_rules_allow(players, options):
    opts = FLAPS.resolve_options(options)
    rng = random.Random(players)
    seen = {PLAY: 0, ATTACKED: 0}
    for _ in range(4):
        state = FLAPS.new_state(players, opts, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while not moments.over:
            if state.phase == PLAY and not state.over:
                assert state._following() == {c for c in range(len(NAMES)) if state._follows(c)}
                seen[PLAY] += 1
            elif state.phase == ATTACKED and not state.over:
                assert state._answering() == {c for c in range(len(NAMES)) if state._answers(c)}
                seen[ATTACKED] += 1
            if moments.may_pass and (rng.random() < 0.5 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))
    assert seen[PLAY] > 50 and seen[ATTACKED] > 5  # both phases met often
