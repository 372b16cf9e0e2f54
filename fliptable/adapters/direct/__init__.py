"""Per-game direct encoders: a seat's observation written from the state, no JSON view.

The generic path (``incremental.SeatEncoder``) builds ``state.view(seat)`` and encodes
what changed. A direct encoder writes the same vector (the same layout, derived from
the views as always) from the state's own fields: each top-level key of the view is
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

from ..incremental import SeatEncoder
from ..observation import Observer
from .asking import AskingDirect
from .base import DirectEncoder
from .flaps import FlapsDirect
from .flinch import FlinchDirect
from .flip7 import Flip7Direct
from .flush import FlushDirect
from .flyswatter import FlyswatterDirect

#: game id -> its direct encoder
DIRECT: dict[str, type[DirectEncoder]] = {"flip7": Flip7Direct, "flush": FlushDirect, "authors": AskingDirect,
                                          "go-to-the-store": AskingDirect, "flyswatter": FlyswatterDirect,
                                          "flaps": FlapsDirect, "flinch": FlinchDirect}


def seat_encoder(observer: Observer, players: int):
    """The game's direct encoder when it has one that fits this layout, else ``SeatEncoder``."""
    cls = DIRECT.get(observer.game.id)
    if cls is not None:
        enc = cls.fit(observer, players)
        if enc is not None:
            return enc
    return SeatEncoder(observer, players)
