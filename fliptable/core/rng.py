"""Seeded randomness living inside the state, serialisable with it."""
from __future__ import annotations

import hashlib
import random


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
