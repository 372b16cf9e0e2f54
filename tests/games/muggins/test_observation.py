"""Muggins's view as declared for learners (``games/muggins/observation.py``,
``core/schema.py``): every seat's view of random play, at every table size, fits it,
and every event is of a declared type."""

from fliptable.core import get_game
from tests.helpers import assert_views_fit_observation

GAME = get_game("muggins")


def test_every_view_of_random_play_fits_the_declared_observation():
    assert "turn" in assert_views_fit_observation(GAME)
    # enforce=strict, a game ended by the round limit, a timed Muggins window
    tables = [(2, {"enforce": "strict"}), (3, {"round_limit": 2}), (3, {"muggins": "window"})]
    assert "round_limit" in assert_views_fit_observation(GAME, 200, tables=tables)
