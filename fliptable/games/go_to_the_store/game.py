"""Go to the Store (flinch.md "Go to the Store"): the declared game record, its bot and
text. The rules are the asking games' (``asking``) with the Store."""

from __future__ import annotations

from ...core import register
from ..asking.game import AskingGame
from . import render
from .bots import GreedyStore
from .state import StoreState


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class StoreGame(AskingGame):
    wording = render
    id = "go-to-the-store"
    title = "Go to the Store"
    summary = "For children: ask for all of a number, or Go to the Store; most books wins."
    min_players, max_players, default_players = 2, 4, 3
    options = ()
    state_class = StoreState
    notation = (
        "ask:S:N  ask seat S (0-based, any other seat) for all their cards numbered N (1-10); "
        "you must hold an N. Also typed 'ask 2 5' or '2:5'. A failed ask draws from the Store "
        "automatically and passes the turn."
    )

    def bots(self):
        return {"greedy": GreedyStore}


GAME = register(StoreGame())
