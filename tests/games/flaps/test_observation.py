"""FLAPS's view as declared for learners (``games/flaps/observation.py``): every seat's
view of random play fits it at every level (Levels 5-7 add the mystery cards, the downs
and the FULL MONTY), with two packs past eight seats, and every event is of a declared
type."""

import pytest

from fliptable.core import get_game
from fliptable.core.schema import check
from fliptable.games.flaps.observation import EVENTS
from tests.helpers import assert_views_fit_observation

GAME = get_game("flaps")


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {"level": 1}),
        (3, {"level": 2}),
        (4, {"level": 3, "games": 2}),
        (3, {"level": 4}),
        (4, {"level": 5}),
        (2, {"level": 6}),
        (5, {"level": 7, "games": 2}),
        (10, {"level": 7, "packs": 2}),
    ],
)
def test_every_view_of_random_play_fits_the_declared_observation(players, options):
    assert "lay" in assert_views_fit_observation(GAME, steps=500, tables=[(players, options)])


def test_random_play_emits_the_common_events():
    seen = set()
    for seed in range(3):
        seen |= assert_views_fit_observation(GAME, steps=1500, tables=[(4, {"level": 7})], seed=seed)
    assert {"deal", "lay", "draw", "win"} <= seen <= set(EVENTS)


@pytest.mark.parametrize(
    "level,keys",
    [
        (4, set()),
        (5, {"mystery", "guesses", "you_know"}),
        (6, {"mystery", "guesses", "you_know", "downs", "taken", "swap"}),
        (7, {"mystery", "guesses", "you_know", "downs", "taken", "swap", "monty"}),
    ],
)
def test_the_levels_add_their_keys(level, keys):
    state = GAME.new_state(3, {"level": level}, seed=1)
    schema = GAME.observation_schema(3, state.options)
    view = state.view(0)
    base = GAME.new_state(3, {"level": 4}, seed=1).view(0)
    assert set(view) - set(base) == keys
    assert check(schema, view, 3, GAME.cards.names) == []
