"""Fly-swatter's view as declared for learners (``games/flyswatter/observation.py``):
every seat's view of random play fits it (two hands a seat up to four players, one from
five: "Setup"), and every event is of a declared type."""

import pytest

from fliptable.core import get_game
from fliptable.core.schema import check
from fliptable.games.flyswatter.observation import EVENTS
from tests.games.flyswatter.helpers import flip_all, new
from tests.helpers import assert_views_fit_observation

GAME = get_game("flyswatter")


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_every_view_of_random_play_fits_the_declared_observation(players):
    assert "swat" in assert_views_fit_observation(GAME, steps=300, tables=[(players, None)])
    assert GAME.new_state(players, None, 1).view(0)["hands_per_player"] == (2 if players <= 4 else 1)


def test_random_play_emits_every_event():
    seen = set()
    for seed in range(2):
        seen |= assert_views_fit_observation(GAME, steps=2000, tables=[(3, None)], seed=seed)
    assert seen == set(EVENTS)


@pytest.mark.parametrize("players,hands", [(4, 2), (5, 1)])
def test_the_hands_a_seat_has_are_declared_exactly(players, hands):
    state = GAME.new_state(players, None, seed=1)
    schema = GAME.observation_schema(players, state.options)
    view = state.view(0)
    assert check(schema, view, players, GAME.cards.names) == []
    view["hands_per_player"] = 3 - hands
    assert check(schema, view, players, GAME.cards.names) == [
        f"view.hands_per_player: {3 - hands} is outside {hands}..{hands}"
    ]


@pytest.mark.parametrize("close,closed_by", [("clock", "clock"), ("done", "all done")])
def test_a_closed_window_is_told_as_declared(close, closed_by):
    """ "Swatting flies": a window closes on the clock (the race's default) or when every
    seat is done; the view's last window says which, and fits the declaration."""
    s = new(3, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    s.apply(1, "swat:2")
    s.apply(0, "done")
    if close == "clock":
        s.apply(None, s.decision().default)
    else:
        s.apply(2, "done")
        s.apply(1, "done")
    view = s.view(1)
    assert view["last_window"]["closed_by"] == closed_by
    assert view["last_window"]["outcome"] == [{"player": 1, "n": 2, "card": "red4", "result": "won", "lost": None}]
    assert check(GAME.observation_schema(3, s.options), view, 3, GAME.cards.names) == []
