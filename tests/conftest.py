import pytest

from fliptable.core.registry import register
from tests.core.toygame import SNAP


@pytest.fixture
def snap():
    """The kernel's test game, registered for the duration of a test."""
    register(SNAP)
    return SNAP


#: Games not yet moved onto the Kernel 2 contract: their tests are skipped, loudly, until
#: the move lands (the old tests expect the old views and messages). Empty this when done.
NOT_YET_ON_KERNEL_2 = ("authors", "go-to-the-store", "go_to_the_store")


def pytest_collection_modifyitems(config, items):
    marker = pytest.mark.skip(reason="Authors and Go to the Store are not yet on the Kernel 2 contract")
    for item in items:
        if any(name in item.nodeid for name in NOT_YET_ON_KERNEL_2):
            item.add_marker(marker)
