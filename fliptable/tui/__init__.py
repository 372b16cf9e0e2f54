"""The terminal client (``fliptable play``), built on Textual. ``run_play`` is imported
lazily so that ``import fliptable.tui`` does not pull in Textual."""
from __future__ import annotations


def run_play(*args, **kwargs) -> int:
    """Play a game in the terminal (see ``fliptable.tui.app.run_play``)."""
    from .app import run_play as _run_play
    return _run_play(*args, **kwargs)


__all__ = ["run_play"]
