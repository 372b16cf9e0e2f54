"""Authors' greedy bot: the asking games' bot (``asking/bots.py``), one card an ask."""

from __future__ import annotations

from ..asking.bots import GreedyAsker


class GreedyAuthors(GreedyAsker):
    __doc__ = GreedyAsker.__doc__
    GIVE_ALL = False
