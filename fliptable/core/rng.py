"""Seeded randomness living inside the state, serialisable with it."""
from __future__ import annotations

import hashlib
import random
import secrets


def new_rng(seed: int | str) -> random.Random:
    """A fresh ``random.Random`` for ``seed`` (never the global RNG)."""
    return random.Random(seed)


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived deterministically from ``parts`` (run seed, game index...)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def fresh_seed() -> int:
    """A new 64-bit seed from the operating system's CSPRNG (``secrets``), for games
    started without one: a 2^31 seed space could be searched for a game's deal."""
    return secrets.randbits(64)
