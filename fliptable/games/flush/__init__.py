"""Flush (flush.md): a shedding game of Flushes, Mimics, Blind cards, Skips and Links."""

from .game import GAME, FlushGame
from .state import FlushState

__all__ = ["GAME", "FlushGame", "FlushState"]
