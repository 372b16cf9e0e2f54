import pytest


@pytest.fixture(autouse=True)
def _fixed_terminal(monkeypatch):
    """The command's tests see the same terminal everywhere: tables are as wide as COLUMNS
    (pytest-xdist workers set it to 80), 120 here as for a pipe; TERM=dumb would send
    `play` to the plain prompt, so TERM is an ordinary terminal's."""
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("TERM", "xterm")
