"""Flush (flush.md): a shedding game of Flushes, Mimics, Blind cards, Skips and Links."""
from .game import FLUSH, Flush
from .state import FlushState

__all__ = ["FLUSH", "Flush", "FlushState"]
