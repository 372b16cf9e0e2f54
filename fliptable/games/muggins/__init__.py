"""Muggins (flinch.md "Muggins"), on the Flinch pack: ``game`` (the declared record,
registered), ``state`` (the rules), ``bots``, ``render``."""
