"""One package per game (the registry, ``core/registry.py``, names them), and two packages
of what several games share: ``flinch_pack`` (the FLINCH pack and its challenge window:
FLINCH, Muggins, Patience, Authors, Go to the Store) and ``asking`` (the asking game that
Authors and Go to the Store are)."""
