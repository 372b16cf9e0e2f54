"""The terminal client (``fliptable play``), built on Textual.

On screen: the table (the game's own ``render`` of your view), a log of what happened
(the game's ``narrate``), whose turn it is, a countdown bar while a race window is open,
and your keys. Keys come from the legal actions alone: one-word actions by their first
letter (Flip 7: ``h`` hit, ``s`` stay), numbered ones by their digit (``give:2`` -> 2,
Fly-swatter ``swat:3`` -> 3, Enter = done), long lists as a short menu tree over the
notation (FLINCH: ``p`` play, ``h`` hand, ``2`` ... ; Esc goes back). ``:`` types any
action in the game's notation. ``+``/``-`` change the bots' pace (``FLIPTABLE_DELAY``
seconds per move, default 0.8), Ctrl+Q quits, ``q`` leaves once the game is over.
Hotseat (``--bot human``): a "pass the keyboard" screen hides the table between people.

``run_play`` is imported lazily so that ``import fliptable.tui`` does not pull in Textual.
"""

from __future__ import annotations


def run_play(*args, **kwargs) -> int:
    """Play a game in the terminal (see ``fliptable.tui.app.run_play``)."""
    from .app import run_play as _run_play

    return _run_play(*args, **kwargs)


__all__ = ["run_play"]
