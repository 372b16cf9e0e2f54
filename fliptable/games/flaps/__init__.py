"""FLAPS (flaps.md), Levels 1-3: shedding by suit or number, attacks, FLAPS out of turn, TRUMPS."""

from .game import GAME, FlapsGame
from .state import FlapsState

__all__ = ["GAME", "FlapsGame", "FlapsState"]
