import pytest

from fliptable.core.registry import register
from tests.core.toygame import SNAP


@pytest.fixture
def snap():
    """The kernel's test game, registered for the duration of a test."""
    register(SNAP)
    return SNAP

