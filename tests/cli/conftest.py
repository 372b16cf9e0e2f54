import pytest

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from fliptable.sim.match import play_match


@pytest.fixture(autouse=True)
def _fixed_terminal(monkeypatch):
    """The command's tests see the same terminal everywhere: tables are as wide as COLUMNS
    (pytest-xdist workers set it to 80), 120 here as for a pipe; TERM=dumb would send
    `play` to the plain prompt, so TERM is an ordinary terminal's."""
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("TERM", "xterm")


@pytest.fixture(scope="module")
def flip7_log():
    """A finished three-player Flip 7 game's log (threshold:20 bots, seed 77), as JSON data."""
    game = get_game("flip7")
    match = play_match(game, [make_agent(game, "threshold:20") for _ in range(3)], None, 77, record=True)
    return match.log.to_json()
