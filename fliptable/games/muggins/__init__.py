"""Muggins (flinch.md "Muggins"), on the Flinch pack: ``game`` (the declared record,
registered), ``state`` (the rules), ``bots``, ``render``."""

from .game import GAME, MugginsGame
from .state import MugginsState

__all__ = ["GAME", "MugginsGame", "MugginsState"]
