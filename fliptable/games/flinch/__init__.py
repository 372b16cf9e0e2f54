"""FLINCH -- The Family Favorite (flinch.md), with its variations and the Partnership
Game: ``game`` (the declared record, registered), ``state`` (the rules), ``challenges``
(the Challenge and its penalties), ``turns`` and ``view`` (parts of the state), ``layout``
and ``notation`` (declared tables), ``explain``, ``bots``, ``render``. The pack and the challenge window are
``flinch_pack``'s, shared with the other games played with it."""

from .game import GAME, FlinchGame
from .state import FlinchState

__all__ = ["GAME", "FlinchGame", "FlinchState"]
