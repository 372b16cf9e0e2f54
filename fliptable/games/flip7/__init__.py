"""Flip 7 (flip7.md): press-your-luck with number, modifier and action cards."""
from .game import FLIP7, Flip7
from .state import Flip7State

__all__ = ["FLIP7", "Flip7", "Flip7State"]
