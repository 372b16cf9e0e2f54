import pytest

from fliptable.core import registry
from tests.core.toygame import SNAP


def register_for_test(monkeypatch, *games):
    """Register test games until the test ends: a later test in the same process (an
    xdist worker runs many) never sees them among the real games."""
    for game in games:
        monkeypatch.setitem(registry._GAMES, game.id, game)


@pytest.fixture
def snap(monkeypatch):
    """The kernel's test game, registered for the duration of a test."""
    register_for_test(monkeypatch, SNAP)
    return SNAP
