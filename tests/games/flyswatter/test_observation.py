"""Fly-swatter's view as declared for learners (``games/flyswatter/observation.py``):
every seat's view of random play fits it (two hands a seat up to four players, one from
five: "Setup"), and every event is of a declared type."""
import pytest

from fliptable.core import get_game
from fliptable.core.schema import check
from fliptable.games.flyswatter.observation import EVENTS
from tests.games.observed import play_observed, undeclared_events

GAME = get_game("flyswatter")


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_every_view_of_random_play_fits_the_declared_observation(players):
    state, types, wrong = play_observed(GAME, players, seed=players, steps=600)
    assert wrong == []
    assert undeclared_events(GAME, types) == []
    assert state.view(0)["hands_per_player"] == (2 if players <= 4 else 1)


def test_random_play_emits_every_event():
    seen = set()
    for seed in range(4):
        seen |= play_observed(GAME, 3, seed=seed, steps=3000)[1]
    assert seen == set(EVENTS)


@pytest.mark.parametrize("players,hands", [(4, 2), (5, 1)])
def test_the_hands_a_seat_has_are_declared_exactly(players, hands):
    state = GAME.new_state(players, None, seed=1)
    schema = GAME.observation_schema(players, state.options)
    view = state.view(0)
    assert check(schema, view, players, GAME.cards.names) == []
    view["hands_per_player"] = 3 - hands
    assert check(schema, view, players, GAME.cards.names) == [
        f"view.hands_per_player: {3 - hands} is outside {hands}..{hands}"]
