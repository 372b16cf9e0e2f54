"""Authors (flinch.md "Authors"), on the Flinch pack: ``game`` (the declared record,
registered), ``state`` (the rules), ``bots``, ``observation``; the asking game itself, shared
with Go to the Store, is the ``asking`` package."""

from .game import GAME, AuthorsGame
from .state import AuthorsState

__all__ = ["GAME", "AuthorsGame", "AuthorsState"]
