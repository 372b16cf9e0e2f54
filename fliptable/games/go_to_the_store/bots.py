"""Go to the Store's greedy bot: the asking-games bot with "hand over all" bookkeeping."""
from __future__ import annotations

from ..authors.bots import GreedyAsker


class GreedyStore(GreedyAsker):
    """Ask a player known to hold the number, else the likeliest ask (all cards given)."""

    GIVE_ALL = True
