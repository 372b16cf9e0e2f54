from pathlib import Path

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


def pytest_collection_modifyitems(config, items):
    """The browser tests (tests/web) run after every other test of a process, whatever the
    order on the command line: Playwright's sync API keeps an event loop running in the
    process's thread for the rest of the session (its ``browser`` fixture), and there a
    later ``asyncio.run`` (the server tests' own, their PostgreSQL schemas' teardown) fails
    with "cannot be called from a running event loop". xdist's workers take tests in this
    order too."""
    web_dir = Path(__file__).resolve().parent / "web"
    web = [item for item in items if item.path.is_relative_to(web_dir)]
    if web:
        rest = [item for item in items if not item.path.is_relative_to(web_dir)]
        items[:] = rest + web
