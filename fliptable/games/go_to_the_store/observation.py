"""Go to the Store's view, declared: the asking games' (``asking/observation.py``) with
the Store's count and ``draw`` rows in the record."""

from __future__ import annotations

from ..asking.observation import EVENTS as ASKING_EVENTS
from ..asking.observation import schema as asking_schema


def schema(game, players, options):
    return asking_schema(game, players, options, store=True)


#: the asking games' events and the Store's
EVENTS = (*ASKING_EVENTS, "draw", "store_empty")
