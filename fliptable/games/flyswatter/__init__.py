"""Fly-swatter (flyswatter.md): flip cards in turn; on a fly-swatter or a fifth colour,
every player races to swat the flies of the most prevalent colour."""

from .game import GAME, FlyswatterGame
from .state import FlyswatterState

__all__ = ["GAME", "FlyswatterGame", "FlyswatterState"]
