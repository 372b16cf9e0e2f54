"""FLAPS (flaps.md), Levels 1-3: shedding by suit or number, attacks, FLAPS out of turn, TRUMPS."""
from .game import FLAPS_GAME, Flaps
from .state import FlapsState

__all__ = ["FLAPS_GAME", "Flaps", "FlapsState"]
