"""The compiled writers (``_writers.pyx``: card lists, numbers and the layout's node
encoders), when built and current; the adapters fall back to their pure-Python ones."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Mapping

from .writers_source import source_hash


def load():
    """The compiled writers (``adapters/_writers.pyx`` and its parts, ``writers_source.py``,
    built by ``hatch_build.py`` at install time), or None: not built, ``FLIPTABLE_PURE=1``,
    or built from another version of the source than the one beside it (a warning:
    reinstall to rebuild)."""
    if os.environ.get("FLIPTABLE_PURE"):
        return None
    try:
        from . import _writers
    except ImportError:
        return None
    try:
        current = source_hash()
    except OSError:  # an install without the source beside it: the build is what there is
        current = getattr(_writers, "SOURCE_HASH", None)
    if current != getattr(_writers, "SOURCE_HASH", None):
        warnings.warn(
            "fliptable.adapters._writers was built from an older _writers.pyx or part: the pure-Python "
            "writers are used (reinstall fliptable to rebuild it)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return _writers


#: the compiled writers, or None
WRITERS = load()


def compiled_tree(node, names: Mapping[str, int], type_of: Callable):
    """``layout.Node.compile``'s tree of ``_writers.Enc`` for ``node`` (the same parts as
    its closures; ``type_of``: layout's type name of a value of a subclass)."""
    W = WRITERS
    parts = {}
    pos = len(node.flag_types)
    for kind in node.kinds:
        enc, width, t = _kind(node, kind, names, type_of)
        parts[t] = (enc, pos)
        pos += width
    flags = {t: i for i, t in enumerate(node.flag_types)}
    if not flags and len(parts) == 1:
        ((t, (enc, off)),) = parts.items()
        if off == 0:
            return enc
    return W.UnionEnc(flags, parts, type_of)


def _kind(node, kind: str, names: Mapping[str, int], type_of: Callable):
    W, p, n = WRITERS, node._players, node._ncards
    if kind == "bool":
        return W.BoolEnc(), 1, "bool"
    if kind == "num":
        return W.NumEnc(float(node.scale)), 1, "num"
    if kind == "seat":
        return W.SeatEnc(p), p, "num"
    if kind == "card":
        return W.IndexEnc(dict(names)), n, "str"
    if kind == "word":
        return W.IndexEnc(dict(node.vocab_index)), len(node.vocab), "str"
    if kind == "dict":
        items, off = [], 0
        for k in node.keys:
            child = node.children[k]
            if child.width:
                items.append((k, compiled_tree(child, names, type_of), off))
            off += child.width
        return W.DictEnc(items), off, "dict"
    if kind == "cards":
        return W.CardsEnc(dict(names), [float(c) for c in node._copies], float(node._decksize), n), 2 * n + 2, "list"
    if kind == "seatset":
        return W.SeatEnc(p, True), p, "list"
    if kind == "perseat":
        w = node.item.width
        return W.PerSeatEnc(p, w, compiled_tree(node.item, names, type_of)), p * w, "list"
    if kind == "fixed":
        fns, off = [], 0
        for child in node.index_items:
            fns.append((compiled_tree(child, names, type_of), off))
            off += child.width
        return W.FixedEnc(fns), off, "list"
    if kind == "seq":
        w = node.item.width
        return (
            W.SeqEnc(node.window, float(node.len_scale), w, compiled_tree(node.item, names, type_of)),
            1 + node.window * w,
            "list",
        )
    raise AssertionError(kind)
