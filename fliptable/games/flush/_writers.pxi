# Flush's part of the compiled writers (``fliptable/adapters/_writers.pyx``): not a module of
# its own. ``hatch_build.py`` compiles it into ``fliptable.adapters._writers`` after the
# adapters' parts (``adapters/writers_source.py`` lists them), so it uses their ``CardList``,
# ``Nums``, ``_floats`` and ``_clip``; ``games/flush/fastobs.py`` calls ``flush_seats``,
# ``select_bits`` and ``last_by`` there, and has their pure-Python twins for an install
# without a C compiler (the same floats: tests/adapters/test_writers.py).

# -- Flush's list helpers -------------------------------------------------------------------------

def select_bits(list values, list masks, Py_ssize_t bit):
    """The tuple of ``values[i]`` whose ``masks[i]`` has bit ``bit`` set (``zip``'s length)."""
    cdef Py_ssize_t i, k = min(len(values), len(masks))
    cdef list out = []
    for i in range(k):
        if (<object>masks[i]) >> bit & 1:
            out.append(values[i])
    return tuple(out)


def last_by(values, list rank):
    """``max(values, key=rank.__getitem__)`` for integer ranks (the first of equal
    ranks), None when empty."""
    cdef Py_ssize_t i, k = len(values), r, top
    if not k:
        return None
    best = values[0]
    top = rank[best]
    for i in range(1, k):
        x = values[i]
        r = rank[x]
        if r > top:
            best, top = x, r
    return best


# -- Flush: every seat's bases, known cards and counts (``games/flush/fastobs.py``) ---------

cdef Py_ssize_t _last_by(seq, list rank) except -2:
    cdef Py_ssize_t i, k = len(seq), r, top, best
    if not k:
        return -1
    best = seq[0]
    top = rank[best]
    for i in range(1, k):
        x = seq[i]
        r = rank[x]
        if r > top:
            best, top = x, r
    return best


cdef int _region(Py_ssize_t b, Py_ssize_t w, Py_ssize_t size) except -1:
    if b < 0 or b + w > size:
        raise IndexError(f"region {b}..{b + w} outside a buffer of {size} floats")
    return 0


def flush_seats(Py_ssize_t seat, list seen, state, out, tuple bases, tuple known, dict blocks,
                Py_ssize_t max_blocks, list rank, Nums hand_count, Nums card_count, object unset):
    """``FlushDirect.write``'s loop over the seats (viewer first), compiled: for each seat
    whose hand, what the viewer knows of it, its bases or its blind count changed since
    ``seen[rel]`` (``[hand, tops, known, known cards, hand count, card count, blinds]``,
    ``unset`` where never written), its bases, its known cards (a block kept in
    ``blocks`` by the known cards' tuple) and its counts rewritten."""
    cdef Py_buffer buf
    cdef Py_buffer bb
    cdef Py_ssize_t n = len(seen), rel, q, nb, hc, cc, b, i, k, lastc
    cdef Py_ssize_t bases_at = bases[0], bases_w = bases[1], known_at = known[0], known_w = known[1]
    cdef CardList write_base = bases[2], write_known = known[2]
    cdef list hands = state.hands, blinds = state.blinds, tops = state.tops, knowns = state.known
    cdef list got, hand, t, kn
    cdef bytearray fresh
    cdef float* o = _floats(out, &buf, 0, 0)
    cdef Py_ssize_t size = buf.len // 4
    cdef float* f
    try:
        if n > hand_count.seats or n > card_count.seats:
            raise IndexError(f"{n} seats, counts for {hand_count.seats} and {card_count.seats}")
        for rel in range(n):
            q = (seat + rel) % n
            got = seen[rel]
            hand, t, kn = hands[q], tops[q], knowns[q]
            nb = len(<list>blinds[q])
            if got[1] == t and got[0] == hand and got[2] == kn and got[6] == nb:
                continue
            got[6] = nb
            if got[1] != t:                                 # the bases
                got[1] = t[:]
                b = bases_at + rel * bases_w
                _region(b, bases_w, size)
                memset(o + b, 0, bases_w * sizeof(float))
                k = len(t)
                write_base._put(t, o, b, t[k - 1] if k and t[k - 1] >= 0 else -1)
            if got[0] != hand or got[2] != kn:              # the hand or what is known of it
                got[0], got[2] = hand[:], kn[:]
                b = known_at + rel * known_w
                _region(b, known_w, size)
                if q == seat:
                    if got[3] is unset:
                        got[3] = None
                        memset(o + b, 0, known_w * sizeof(float))
                        o[b + 1] = 1.0                      # presence flag: null
                else:
                    key = select_bits(hand, kn, seat)       # knowledge.knows
                    if got[3] != key:
                        got[3] = key
                        block = blocks.get(key)
                        if block is None:
                            fresh = bytearray(known_w * sizeof(float))
                            f = <float*><char*>fresh
                            f[0] = 1.0                      # presence flag: list
                            _region(2, write_known.width, known_w)
                            write_known._put(list(key), f, 2, _last_by(key, rank))
                            if len(blocks) >= max_blocks:
                                blocks.clear()
                            block = blocks[key] = memoryview(fresh).cast("f")
                        PyObject_GetBuffer(block, &bb, PyBUF_ND | PyBUF_FORMAT)
                        try:
                            if bb.len != known_w * 4:
                                raise ValueError(f"a kept block of {bb.len // 4} floats, not {known_w}")
                            memcpy(o + b, bb.buf, known_w * sizeof(float))
                        finally:
                            PyBuffer_Release(&bb)
            hc = len(hand)
            cc = hc + nb + len(t)
            for i in range(len(t)):                         # State.hand_cards (-1: a flipped top)
                if <Py_ssize_t>t[i] == -1:
                    cc -= 1
            if got[4] != hc:
                got[4] = hc
                _region(hand_count.offset, hand_count.seats, size)
                o[hand_count.offset + rel] = <float>_clip(hc / hand_count.scale)
            if got[5] != cc:
                got[5] = cc
                _region(card_count.offset, card_count.seats, size)
                o[card_count.offset + rel] = <float>_clip(cc / card_count.scale)
    finally:
        PyBuffer_Release(&buf)
