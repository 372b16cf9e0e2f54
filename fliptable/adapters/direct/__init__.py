"""Per-game direct encoders: a seat's observation written from the state, no JSON view.

The generic path builds ``state.view(seat)`` and encodes it whole
(``Observer.observe``). A direct encoder writes the same vector (the same layout, built
from the game's declared view) from the state's own fields: each top-level key of the view is
either a small value handed to that key's compiled encoder (a scalar, a short list), or
written by the game's own code where the generic path is slow (piles of cards counted
from the state's card ints, which are the card table's indices). Parts whose source in
the state did not change since the seat's last observation are left as they are.

A direct encoder knows its game's view (which state fields make which key), so it is
checked against the generic encoding over random games (``tests/adapters/test_direct.py``)
and used only for a layout whose structure it knows (``fit``); else the generic path.
``DIRECT`` lists the games that have one.
"""
from __future__ import annotations

from ..observation import Observer
from .asking import AskingDirect
from .base import DirectEncoder
from .flinch import FlinchDirect
from .flush import FlushDirect

#: game id -> its direct encoder: only where one measured at least 1.3x the generic path
#: (issue 24; Flip 7's, Fly-swatter's and FLAPS's measured 0.4-1.3x and were removed)
DIRECT: dict[str, type[DirectEncoder]] = {"flush": FlushDirect, "authors": AskingDirect,
                                          "go-to-the-store": AskingDirect, "flinch": FlinchDirect}


def seat_encoder(observer: Observer, players: int) -> DirectEncoder | None:
    """The game's direct encoder when it has one that fits this layout, else None (the
    generic path)."""
    cls = DIRECT.get(observer.game.id)
    if cls is not None:
        enc = cls.fit(observer, players)
        if enc is not None:
            return enc
    return None
