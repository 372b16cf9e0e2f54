"""Patience (flinch.md "Patience"), solitaire on the Flinch pack: ``game`` (the declared
record, registered), ``state`` (the rules), ``bots``, ``render``."""
