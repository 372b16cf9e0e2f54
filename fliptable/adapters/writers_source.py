"""The source of the compiled writers: ``adapters/_writers.pyx`` followed by its parts
(``adapters/_writers_*.pxi``, then each game's ``games/<game>/_writers.pxi``, a game's
compiled fast path kept in its package), compiled as one module,
``fliptable.adapters._writers``, by ``hatch_build.py``. Standard library only: the
build hook loads this file by its path, before fliptable is installed."""

from __future__ import annotations

import hashlib
from pathlib import Path

#: the package directory (``fliptable/``)
PACKAGE = Path(__file__).resolve().parent.parent


def parts(package: Path = PACKAGE) -> list[Path]:
    """The files of the compiled writers' source, in the order they are compiled."""
    adapters = package / "adapters"
    return [
        adapters / "_writers.pyx",
        *sorted(adapters.glob("_writers_*.pxi")),
        *sorted(package.glob("games/*/_writers.pxi")),
    ]


def source(package: Path = PACKAGE) -> str:
    """The module's whole source: the parts one after another, each under a line naming it."""
    return "\n\n".join(f"# ---- {p.relative_to(package.parent)} ----\n{p.read_text()}" for p in parts(package))


def source_hash(package: Path = PACKAGE) -> str:
    """The SHA-256 of ``source``: what a build carries as ``SOURCE_HASH``, so that a build
    beside an edited part is never used (``adapters/compiled.py``)."""
    return hashlib.sha256(source(package).encode()).hexdigest()
