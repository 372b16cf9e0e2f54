"""Seeded randomness living inside the state, serialisable with it."""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from typing import Any

from .errors import SeedError, StateError, shorten


def check_seed(seed: object) -> int | str:
    """``seed`` if it is a seed: a non-negative integer or text. A negative integer is
    refused, since ``random.Random`` seeds with its absolute value (-5 would deal the
    game of 5); so are booleans, floats and anything else. SeedError otherwise."""
    if isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        raise SeedError(
            f"a seed is a non-negative integer or text, got {shorten(seed)} "
            f"(a negative seed would deal the same game as its positive)"
        )
    raise SeedError(f"a seed is a non-negative integer or text, got {shorten(seed)}")


def new_rng(seed: int | str) -> random.Random:
    """A fresh ``random.Random`` for ``seed`` (never the global RNG); SeedError unless
    ``seed`` is a non-negative integer or text."""
    return random.Random(check_seed(seed))


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


#: Mersenne Twister: 624 words of 32 bits and the index of the next word (0-624)
_WORDS, _WORD = 624, 1 << 32


def rng_from_json(data: object) -> random.Random:
    """The generator ``rng_to_json`` wrote: ``[3, [624 words and an index], gauss_next]``,
    each word an integer in [0, 2^32), the index in 0..624, ``gauss_next`` null or a
    finite float, and a state that is not all zeros (its every draw would be 0).
    StateError names what is wrong: ``random.setstate`` would truncate a word, take any
    value for ``gauss_next`` and run from the zero state, so a loaded state would not
    write back what it was read from."""
    if not (isinstance(data, (list, tuple)) and len(data) == 3):
        raise StateError(f"the rng must be [3, [624 words and an index], gauss_next], got {shorten(data)}")
    version, internal, gauss = data
    if type(version) is not int or version != 3:
        raise StateError(f"the rng's version must be 3, got {shorten(version)}")
    if not (
        isinstance(internal, (list, tuple)) and len(internal) == _WORDS + 1 and all(type(w) is int for w in internal)
    ):
        raise StateError(f"the rng's state must be {_WORDS} words and an index, all integers")
    if not all(0 <= w < _WORD for w in internal[:_WORDS]):
        raise StateError("the rng's words must be integers in [0, 2^32)")
    if not 0 <= internal[_WORDS] <= _WORDS:
        raise StateError(f"the rng's index must be in 0..{_WORDS}, got {shorten(internal[_WORDS])}")
    # only the top bit of the first word is part of the generator's state
    if internal[0] >> 31 == 0 and not any(internal[1:_WORDS]):
        raise StateError("the rng's state is all zeros (every draw would be 0)")
    if gauss is not None and not (type(gauss) is float and math.isfinite(gauss)):
        raise StateError(f"the rng's gauss_next must be null or a finite float, got {shorten(gauss)}")
    rng = random.Random()
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
