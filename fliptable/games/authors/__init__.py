"""Authors (flinch.md "Authors"), on the Flinch pack: ``game`` (the declared record,
registered), ``state`` (the rules), ``asking`` (the asking game shared with Go to the
Store), ``bots``, ``render``."""
from .game import GAME, AuthorsGame
from .state import AuthorsState

__all__ = ["GAME", "AuthorsGame", "AuthorsState"]
