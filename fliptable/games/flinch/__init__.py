"""FLINCH -- The Family Favorite (flinch.md), with its variations and the Partnership
Game: ``game`` (the declared record, registered), ``state`` (the rules), ``challenges``
and ``turns`` (parts of the state), ``layout`` and ``notation`` (declared tables),
``explain``, ``bots``, ``render``. ``cards`` is the Flinch pack, shared with Muggins,
Authors, Patience and Go to the Store; importing this package loads only that."""
from .game import GAME, FlinchGame
from .state import FlinchState

__all__ = ["GAME", "FlinchGame", "FlinchState"]
