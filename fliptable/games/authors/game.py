"""Authors (flinch.md "Authors"): the declared game record, its bot and text."""

from __future__ import annotations

from ...core import register
from ..asking.game import AskingGame
from .bots import GreedyAuthors
from .state import AuthorsState


# the declared record (core.game.Game's fields): every game's class header reads alike on purpose
class AuthorsGame(AskingGame):
    id = "authors"
    title = "Authors"
    summary = "Ask other players for cards of a number you hold; most books of four wins."
    min_players, max_players, default_players = 2, 10, 4
    options = ()
    MAY_STOP = True
    state_class = AuthorsState
    notation = (
        "ask:S:N  ask seat S (0-based) for one card numbered N (1-10); you must hold an N, "
        "S must be another seat that still has cards. Also typed 'ask 2 5' or '2:5'.\n"
        "stop     end your turn after a successful ask (you 'may continue' asking)."
    )

    def bots(self):
        return {"greedy": GreedyAuthors}


GAME = register(AuthorsGame())
