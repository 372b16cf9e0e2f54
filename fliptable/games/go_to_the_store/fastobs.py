"""Go to the Store's fast path for the RL adapters (``ENCODER``, found by
``core.schema.game_module``; only the adapters import it, and it needs NumPy): the asking
games' direct encoder (``asking/fastobs.py``) with the Store's count."""

from __future__ import annotations

from ..asking.fastobs import AskingDirect


class StoreDirect(AskingDirect):
    """The asking games' direct encoder, and the Store's count (``draw_count``)."""

    KEYS = AskingDirect.KEYS | {"draw_count"}
    NUM = (*AskingDirect.NUM, "draw_count")

    def _more(self, state, seat, mv, memo):
        self._num("draw_count", len(state.store), mv)


ENCODER = StoreDirect
