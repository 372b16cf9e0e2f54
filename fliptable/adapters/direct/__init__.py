"""Direct encoders: a seat's observation written from the state, no JSON view.

The generic path builds ``state.view(seat)`` and encodes it whole
(``Observer.observe``). A direct encoder writes the same vector (the same layout, built
from the game's declared view) from the state's own fields: each top-level key of the view is
either a small value handed to that key's compiled encoder (a scalar, a short list), or
written by the game's own code where the generic path is slow (piles of cards counted
from the state's card ints, which are the card table's indices). Parts whose source in
the state did not change since the seat's last observation are left as they are.

A game's direct encoder lives in its package (``fliptable/games/<game>/fastobs.py``,
``ENCODER``, a ``DirectEncoder``), found through ``core.schema.game_module`` so the rules
never import it; a game has one only where it measured at least 1.3x the generic path
(issue 24: Flush, FLINCH, Fly-swatter, Authors, Go to the Store and FLAPS). Each is checked against the
generic encoding over random games (``tests/adapters/test_direct.py``) and used only for
a layout whose structure it knows (``fit``); else the generic path.
"""

from __future__ import annotations

from fliptable.core.schema import game_module

from ..observation import Observer
from .base import DirectEncoder

_CLASSES: dict[str, type[DirectEncoder] | None] = {}


def encoder_class(game) -> type[DirectEncoder] | None:
    """The game's direct encoder (its package's ``fastobs.ENCODER``), or None; looked up
    once per game (a missing module is a search of the file system)."""
    if game.id not in _CLASSES:
        _CLASSES[game.id] = getattr(game_module(game, "fastobs"), "ENCODER", None)
    return _CLASSES[game.id]


def seat_encoder(observer: Observer, players: int) -> DirectEncoder | None:
    """The game's direct encoder when it has one that fits this layout, else None (the
    generic path)."""
    cls = encoder_class(observer.game)
    return None if cls is None else cls.fit(observer, players)
