"""Go to the Store's view as declared for learners (``games/go_to_the_store/observation.py``,
``core/schema.py``): every seat's view of random play, at every table size, fits it,
and every event is of a declared type."""

from fliptable.core import get_game
from tests.helpers import assert_views_fit_observation

GAME = get_game("go-to-the-store")


def test_every_view_of_random_play_fits_the_declared_observation():
    assert "turn" in assert_views_fit_observation(GAME)
