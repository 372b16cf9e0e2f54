# Flush's part of the compiled writers (``fliptable/adapters/_writers.pyx``): not a module of
# its own. ``hatch_build.py`` compiles it into ``fliptable.adapters._writers`` after the
# adapters' parts (``adapters/writers_source.py`` lists them), so it uses their ``CardList``,
# ``Nums``, ``_floats`` and ``_clip``; ``games/flush/fastobs.py`` writes with ``FlushWriter``
# there (its ``write``, with the loop over the seats ``_flush_seats``), and has its pure-Python
# twin for an install without a C compiler (the same floats: tests/adapters/test_direct.py and
# the pure-Python run of tests/adapters/test_writers.py).

# -- Flush's list helpers -------------------------------------------------------------------------

cdef tuple _select_bits(list values, list masks, Py_ssize_t bit):
    """The tuple of ``values[i]`` whose ``masks[i]`` has bit ``bit`` set (``zip``'s length)."""
    cdef Py_ssize_t i, k = min(len(values), len(masks))
    cdef list out = []
    for i in range(k):
        if (<object>masks[i]) >> bit & 1:
            out.append(values[i])
    return tuple(out)


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


cdef int _flush_seats(Py_ssize_t seat, list seen, state, out, tuple bases, tuple known, dict blocks,
                      Py_ssize_t max_blocks, list rank, Nums hand_count, Nums card_count, object unset) except -1:
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
                    key = _select_bits(hand, kn, seat)       # knowledge.knows
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
    return 0


# -- Flush: a seat's whole observation (``games/flush/fastobs.py``'s ``FlushDirect.write``) -------

cdef class FlushWriter:
    """``FlushDirect.write`` compiled: the keys that change from ply to ply compared with
    what the seat's ``memo`` holds and rewritten where they changed, in C; the keys
    written once a game (``first_keys``), between rounds (``between``) and a declaration
    being fulfilled (``declare``) by the encoder's own methods, called only when their
    source changed. The same floats as ``FlushDirect.write`` (tests/adapters/test_direct.py)."""
    cdef object enc, put, pile_write, pile_grow, pile_zeros, pile_as, hand_write, list_zeros, unset
    cdef tuple names, phases, bases, known
    cdef list items, rank
    cdef dict blocks, declared_blocks
    cdef Nums hand_count, card_count
    cdef Py_ssize_t n, pick, blind, pile_at, discard_at, pile_w, hand_at, hand_w, max_blocks
    cdef Py_ssize_t declared_at, declared_w
    cdef bint declared

    def __cinit__(self, enc, tuple names, tuple phases, Py_ssize_t pick, Py_ssize_t blind, tuple piles,
                  tuple hand, declared, tuple seat_args):
        self.enc, self.put, self.pile_as = enc, enc.put, enc.pile_as
        self.items, self.list_zeros, self.n = enc.items, enc.list_zeros, enc.players
        self.names, self.phases, self.pick, self.blind = names, phases, pick, blind
        self.pile_at, self.discard_at, self.pile_w, self.pile_write, self.pile_grow, self.pile_zeros = piles
        self.hand_at, self.hand_w, self.hand_write = hand
        self.declared = declared is not None
        self.declared_at, self.declared_w = declared if self.declared else (0, 0)
        self.declared_blocks = enc.declared_blocks
        (self.bases, self.known, self.blocks, self.max_blocks, self.rank, self.hand_count, self.card_count,
         self.unset) = seat_args

    def write(self, state, Py_ssize_t seat, out, dict memo):
        cdef object put = self.put, over = state.over, unset = self.unset
        cdef object mv, last, at_round, pile, pile_as, old, cards, seen, source, key, block, laid, laid_from
        cdef tuple small, run
        cdef Py_ssize_t phase = state.phase, at
        cdef bint declaring
        if "game" not in memo:  # the same all game long
            self.enc.first_keys(state, seat, out, memo)
        mv = self.items[seat]
        small = (over, state.turn, phase, state.previous, state.mimic, state.indicator, len(state.unused))
        last = memo.get("g:small")
        if last != small:
            memo["g:small"] = small
            if last is None or last[0] != over or last[1] != small[1]:
                put("turn", None if over else state.turn, out, seat, memo)
            if last is None or last[0] != over or last[2] != small[2]:
                put("phase", "over" if over else self.phases[phase], out, seat, memo)
            if last is None or last[3] != small[3]:
                put("previous", small[3], out, seat, memo)
            if last is None or last[4] != small[4]:
                put("mimic", small[4] or None, out, seat, memo)
            if last is None or last[5] != small[5]:
                put("indicator", self.names[small[5]], out, seat, memo)
            if last is None or last[6] != small[6]:
                put("draw_count", small[6], out, seat, memo)
        at_round = memo.get("g:round")
        if at_round is None or at_round[0] is not state or at_round[1] != state.round_no or at_round[2] is not over:
            memo["g:round"] = (state, state.round_no, over)
            self.enc.between(state, over, put, out, seat, memo)
        pile, pile_as = state.pile, state.pile_as
        run = (state.run_value, state.run_count, state.run_links, state.top_count)
        if memo.get("g:pile") != pile or memo.get("g:run") != run or memo.get("g:pile_as") != pile_as:
            memo["g:run"] = run
            memo["g:pile_as"] = pile_as[:]
            self.pile_as(pile_as, mv)
            put(
                "run",
                {"value": run[0], "count": run[1], "links": run[2], "last_play": run[3]} if pile else None,
                out,
                seat,
                memo,
            )
        if self.declared:
            declaring = (phase == self.pick or phase == self.blind) and not over
            source = (
                (state.turn, phase, state.decl_kind, state.decl_value, state.decl_count, state.laid, state.laid_from)
                if declaring
                else None
            )
            if memo.get("g:declared", unset) != source:
                if declaring:
                    laid, laid_from = state.laid, state.laid_from
                    key = ((state.turn - seat) % self.n, *source[1:5], tuple(laid), tuple(laid_from))
                    memo["g:declared"] = (*source[:5], laid[:], laid_from[:])
                else:
                    key = memo["g:declared"] = None
                block = self.declared_blocks.get(key)
                if block is None:
                    block = self.enc.declared_block(state, seat, phase, declaring, key)
                at = self.declared_at
                mv[at : at + self.declared_w] = block
        old = memo.get("g:pile")
        if old != pile:
            at = self.pile_at
            if not (old and self.pile_grow(old, pile, mv, at)):
                mv[at : at + self.pile_w] = self.pile_zeros
                self.pile_write(pile, mv, at)
            memo["g:pile"] = pile[:]
        cards = state.discard
        old = memo.get("g:discard")
        if old != cards:
            at = self.discard_at
            if not (old and self.pile_grow(old, cards, mv, at)):
                mv[at : at + self.pile_w] = self.pile_zeros
                self.pile_write(cards, mv, at)
            memo["g:discard"] = cards[:]
        cards = state.hands[seat]
        if memo.get("g:hand") != cards:
            at = self.hand_at
            mv[at : at + self.hand_w] = self.list_zeros
            at = _last_by(cards, self.rank)
            self.hand_write(cards, mv, self.hand_at, None if at < 0 else at)
            memo["g:hand"] = cards[:]
        seen = memo.get("g:seats")
        if seen is None:
            seen = memo["g:seats"] = [[None, None, None, unset, -1, -1, -1] for _ in range(self.n)]
        _flush_seats(seat, seen, state, mv, self.bases, self.known, self.blocks, self.max_blocks, self.rank,
                     self.hand_count, self.card_count, unset)
