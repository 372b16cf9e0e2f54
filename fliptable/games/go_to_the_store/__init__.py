"""Go to the Store (flinch.md "Go to the Store"), on the Flinch pack: ``game`` (the
declared record, registered), ``state`` (the rules, on ``asking``), ``bots``,
``render``."""

from .game import GAME, StoreGame
from .state import StoreState

__all__ = ["GAME", "StoreGame", "StoreState"]
