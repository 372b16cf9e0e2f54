"""Flip 7 (flip7.md): press-your-luck with number, modifier and action cards."""

from .game import GAME, Flip7Game
from .state import Flip7State

__all__ = ["GAME", "Flip7Game", "Flip7State"]
