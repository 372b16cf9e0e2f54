"""Patience (flinch.md "Patience"), solitaire on the Flinch pack: ``game`` (the declared
record, registered), ``state`` (the rules), ``bots``, ``render``."""

from .game import GAME, PatienceGame
from .state import PatienceState

__all__ = ["GAME", "PatienceGame", "PatienceState"]
