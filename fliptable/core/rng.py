"""Seeded randomness living inside the state, serialisable with it."""
from __future__ import annotations

import hashlib
import random
import secrets

from .errors import SeedError, shorten


def check_seed(seed: object) -> int | str:
    """``seed`` if it is a seed: a non-negative integer or text. A negative integer is
    refused, since ``random.Random`` seeds with its absolute value (-5 would deal the
    game of 5); so are booleans, floats and anything else. SeedError otherwise."""
    if isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        raise SeedError(f"a seed is a non-negative integer or text, got {shorten(seed)} "
                        f"(a negative seed would deal the same game as its positive)")
    raise SeedError(f"a seed is a non-negative integer or text, got {shorten(seed)}")


def new_rng(seed: int | str) -> random.Random:
    """A fresh ``random.Random`` for ``seed`` (never the global RNG); SeedError unless
    ``seed`` is a non-negative integer or text."""
    return random.Random(check_seed(seed))


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
