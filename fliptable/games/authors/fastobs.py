"""Authors' fast path for the RL adapters (``ENCODER``, found by ``core.schema.game_module``;
only the adapters import it, and it needs NumPy): the asking games' direct encoder
(``asking/fastobs.py``) for Authors' view, which has no Store."""

from __future__ import annotations

from ..asking.fastobs import AskingDirect


class AuthorsDirect(AskingDirect):
    __doc__ = AskingDirect.__doc__


ENCODER = AuthorsDirect
