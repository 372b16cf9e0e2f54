# cython: language_level=3
"""Compiled writers for the RL adapters' observations and masks (docs/rl.md, "Compiled
writers"): card lists (``CardList``), per-seat numbers (``Nums``), number sequences
(``NumSeq``) and the layout's node encoders (``Enc`` trees behind ``Encoder``, made by
``adapters.compiled.compiled_tree``) here; masks (``mask_bits``) and the direct encoders'
``Putter``, ``differing`` and ``Whole`` in ``_writers_direct.pxi``; Flush's loop over the
seats (``flush_seats``, with ``select_bits`` and ``last_by``) in its own package,
``games/flush/_writers.pxi``. The parts are compiled as this one module, in the order
``adapters/writers_source.py`` gives.

Each writes the same float32s as the pure-Python code it replaces (every value is the
same double rounded to float32 as a memoryview's item assignment rounds it; checked by
``tests/adapters/test_writers.py``), which stays the fallback (the node encoders':
``adapters/generate.py``'s generated code; the direct encoders': ``adapters/direct/base.py``
and ``games/<game>/fastobs.py``). Built by ``hatch_build.py``
at install time (``pip install .`` and ``pip install -e .``), which appends
``SOURCE_HASH`` (the SHA-256 of the whole source, every part) so a stale build beside an edited source is
never used (``adapters/compiled.py``).

``out`` is anything with a writable, contiguous float32 buffer (a NumPy array, or a
memoryview of one); every write is bounds-checked against it.
"""
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy, memset

cdef int _FLAGS = PyBUF_WRITABLE | PyBUF_ND | PyBUF_FORMAT


cdef float* _floats(object out, Py_buffer* buf, Py_ssize_t lo, Py_ssize_t hi) except NULL:
    """``out``'s float32 buffer, checked to hold [lo, hi)."""
    PyObject_GetBuffer(out, buf, _FLAGS)
    if buf.itemsize != 4 or buf.format == NULL or buf.format[0] != b'f' or buf.format[1] != 0:
        PyBuffer_Release(buf)
        raise TypeError("out must be a float32 buffer")
    if lo < 0 or hi > buf.len // 4:
        PyBuffer_Release(buf)
        raise IndexError(f"region {lo}..{hi} outside a buffer of {buf.len // 4} floats")
    return <float*>buf.buf


cdef inline double _clip(double x):
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


cdef class CardList:
    """The layout's card-list encoding (``Node`` kind ``cards``) of a list of card ints
    (the card table's indices; negative: hidden): per face its count / copies, the
    hidden count / deck, the length / deck, and a one-hot of the last card."""

    cdef Py_ssize_t n, width
    cdef double deck
    cdef double* copies
    cdef int* counts

    def __cinit__(self, Py_ssize_t n, copies, double deck):
        if len(copies) != n:
            raise ValueError(f"{len(copies)} copy counts for {n} faces")
        self.n = n
        self.width = 2 * n + 2
        self.deck = deck
        self.copies = <double*>PyMem_Malloc(max(n, 1) * sizeof(double))
        self.counts = <int*>PyMem_Malloc(max(n, 1) * sizeof(int))
        if self.copies == NULL or self.counts == NULL:
            raise MemoryError()
        for i in range(n):
            self.copies[i] = float(copies[i])

    def __dealloc__(self):
        PyMem_Free(self.copies)
        PyMem_Free(self.counts)

    cdef int _count(self, list cards, Py_ssize_t start, Py_ssize_t* hidden) except -1:
        """Counts of ``cards`` (from ``start``) per face into ``self.counts``."""
        cdef Py_ssize_t i, c, k = len(cards), n = self.n
        memset(self.counts, 0, n * sizeof(int))
        hidden[0] = 0
        for i in range(start, k):
            c = cards[i]
            if c < 0:
                hidden[0] += 1
            elif c >= n:
                raise IndexError(f"card {c} outside 0..{n - 1}")
            else:
                self.counts[c] += 1
        return 0

    cdef int _put(self, list cl, float* o, Py_ssize_t b, Py_ssize_t lastc) except -1:
        """``cl`` into the zero region at ``o + b`` (its bounds checked by the caller);
        ``lastc``: the last entry's face, or -1."""
        cdef Py_ssize_t c, hidden, k = len(cl), n = self.n
        if not k:
            return 0
        if lastc >= n or lastc < -1:
            raise IndexError(f"card {lastc} outside 0..{n - 1}")
        self._count(cl, 0, &hidden)
        for c in range(n):
            if self.counts[c]:
                o[b + c] = <float>(self.counts[c] / self.copies[c])
        if hidden:
            o[b + n] = <float>min(1.0, hidden / self.deck)
        o[b + n + 1] = <float>min(1.0, k / self.deck)
        if lastc >= 0:
            o[b + n + 2 + lastc] = 1.0
        return 0

    def write(self, cards, out, Py_ssize_t b, last):
        """``cards`` (hidden ones negative) into a zero region at ``b``; ``last``: the
        face of the view list's last entry (None: hidden or empty)."""
        cdef list cl = cards if type(cards) is list else list(cards)
        cdef Py_buffer buf
        cdef Py_ssize_t lastc = -1
        if not cl:
            return
        if last is not None:
            lastc = last
            if lastc < 0 or lastc >= self.n:
                raise IndexError(f"card {lastc} outside 0..{self.n - 1}")
        cdef float* o = _floats(out, &buf, b, b + self.width)
        try:
            self._put(cl, o, b, lastc)
        finally:
            PyBuffer_Release(&buf)

    def pile(self, cards, out, Py_ssize_t b):
        """``cards`` (none hidden) into a zero region at ``b``, its last card the last."""
        if cards:
            self.write(cards, out, b, cards[-1])

    def grow(self, old, new, out, Py_ssize_t b):
        """When ``new`` is ``old`` (not empty, none hidden) with cards added at the end,
        the encoding of ``old`` at ``b`` made that of ``new`` by rewriting only the
        faces added (True); else nothing written (False)."""
        cdef list ol = old if type(old) is list else list(old)
        cdef list nl = new if type(new) is list else list(new)
        cdef Py_buffer buf
        cdef Py_ssize_t i, c, hidden, k = len(ol), m = len(nl), n = self.n
        cdef Py_ssize_t oldlast, newlast
        if k == 0 or m <= k:
            return False
        for i in range(k - 1, -1, -1):            # the last card first: most lists differ there
            if <Py_ssize_t>nl[i] != <Py_ssize_t>ol[i]:
                return False
        for i in range(k - 1, m):                  # none hidden, all faces: checked before writing
            c = nl[i]
            if c < 0 or c >= n:
                raise IndexError(f"card {c} outside 0..{n - 1}")
        oldlast, newlast = ol[k - 1], nl[m - 1]
        self._count(nl, 0, &hidden)
        cdef float* o = _floats(out, &buf, b, b + self.width)
        try:
            for i in range(k, m):
                c = nl[i]
                o[b + c] = <float>(self.counts[c] / self.copies[c])
            o[b + n + 1] = <float>min(1.0, m / self.deck)
            o[b + n + 2 + oldlast] = 0.0
            o[b + n + 2 + newlast] = 1.0
        finally:
            PyBuffer_Release(&buf)
        return True


cdef class Nums:
    """Entry ``rel`` of a per-seat list of plain numbers at ``offset`` (``value / scale``,
    clipped to [-1, 1])."""

    cdef Py_ssize_t offset, seats
    cdef double scale

    def __cinit__(self, Py_ssize_t offset, double scale, Py_ssize_t seats):
        self.offset, self.scale, self.seats = offset, scale, seats

    def write(self, Py_ssize_t rel, double v, out):
        cdef Py_buffer buf
        if rel < 0 or rel >= self.seats:
            raise IndexError(f"seat {rel} outside 0..{self.seats - 1}")
        cdef float* o = _floats(out, &buf, self.offset, self.offset + self.seats)
        o[self.offset + rel] = <float>_clip(v / self.scale)
        PyBuffer_Release(&buf)


cdef class NumSeq:
    """A list of plain numbers as the layout's sequence encoding at ``offset``: its
    length / ``length``, then its last ``window`` entries (value / scale, clipped),
    oldest first, the rest of the window zero."""

    cdef Py_ssize_t offset, window
    cdef double length, scale

    def __cinit__(self, Py_ssize_t offset, Py_ssize_t window, double length, double scale):
        self.offset, self.window, self.length, self.scale = offset, window, length, scale

    def write(self, v, out):
        cdef list vl = v if type(v) is list else list(v)
        cdef Py_buffer buf
        cdef Py_ssize_t i, k = len(vl), b = self.offset, w = self.window
        cdef Py_ssize_t start = k - w if k > w else 0
        cdef double x
        cdef float* o = _floats(out, &buf, b, b + 1 + w)
        try:
            o[b] = <float>min(1.0, k / self.length)
            for i in range(start, k):
                x = vl[i]
                o[b + 1 + i - start] = <float>_clip(x / self.scale)
            for i in range(k - start, w):
                o[b + 1 + i] = 0.0
        finally:
            PyBuffer_Release(&buf)


# -- the layout's node encoders (``layout.Node.compile``), compiled ---------------------------
# A tree of ``Enc`` mirrors the closures ``Node._compile_kind`` and ``Node.compile``
# make, float for float (``tests/adapters/test_writers.py`` checks them against
# ``Node.encode`` and the closures); ``Encoder(node's tree).write`` is the callable.

from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_GET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_AsSsize_t
from cpython.ref cimport PyObject

cdef dict _TYPES = {type(None): "null", bool: "bool", int: "num", float: "num", str: "str", dict: "dict",
                    list: "list", tuple: "list"}
cdef object _MISSING = object()


cdef inline int _set(float* o, Py_ssize_t size, Py_ssize_t i, double x) except -1:
    if i < 0 or i >= size:
        raise IndexError(f"float {i} outside a buffer of {size}")
    o[i] = <float>x
    return 0


cdef inline Py_ssize_t _mod(Py_ssize_t a, Py_ssize_t p):
    a = a % p
    return a + p if a < 0 else a


cdef inline int _seat(object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw, Py_ssize_t p) except -1:
    """Seat ``v`` (an int) one-hot from the viewer ``vw`` at ``b``, when it is a seat."""
    cdef int overflow = 0
    cdef long s = PyLong_AsLongAndOverflow(v, &overflow)
    if not overflow and 0 <= s < p:
        _set(o, size, b + _mod(s - vw, p), 1.0)
    return 0


cdef class Enc:
    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        return 0


cdef class BoolEnc(Enc):
    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        if v is True:
            _set(o, size, b, 1.0)
        return 0


cdef class NumEnc(Enc):
    # the kinds' encoders share one shape on purpose (IndexEnc, SeatEnc...): a cdef class a
    # kind, each with its own C ``put``, so a node is one C call with no dispatch on its kind
    cdef double scale

    def __cinit__(self, double scale):
        self.scale = scale

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef double x
        if type(v) is int or type(v) is float:
            x = <double>v / self.scale
            _set(o, size, b, _clip(x))
        return 0


cdef class SeatEnc(Enc):
    """``seat`` (an int: one-hot from the viewer) and, with ``many``, ``seatset`` (a list
    of them: multi-hot)."""
    cdef Py_ssize_t p
    cdef bint many

    def __cinit__(self, Py_ssize_t p, bint many=False):
        self.p, self.many = p, many

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        if not self.many:
            if type(v) is int:
                _seat(v, o, size, b, vw, self.p)
        elif type(v) is list:
            for x in <list>v:
                if type(x) is int:
                    _seat(x, o, size, b, vw, self.p)
        return 0


cdef class IndexEnc(Enc):
    """``card`` and ``word``: a one-hot of the string's index in ``index``."""
    # the same shape as NumEnc on purpose: one cdef class a kind (see there)
    cdef dict index

    def __cinit__(self, dict index):
        self.index = index

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef PyObject* c
        if type(v) is str:
            c = PyDict_GetItem(self.index, v)
            if c != NULL:
                _set(o, size, b + PyLong_AsSsize_t(<object>c), 1.0)
        return 0


cdef class DictEnc(Enc):
    """A dict's keys, each by its ``Enc`` at its offset: keys, encoders and offsets kept
    as arrays (a loop over the ``(key, Enc, offset)`` tuples unpacked each per key)."""
    cdef list items        # (key, Enc, offset)
    cdef list keys, fns
    cdef Py_ssize_t* offs
    cdef Py_ssize_t n

    def __cinit__(self, list items):
        self.items = items
        self.n = len(items)
        self.keys = [k for k, _, _ in items]
        self.fns = []
        self.offs = <Py_ssize_t*>PyMem_Malloc(max(self.n, 1) * sizeof(Py_ssize_t))
        if self.offs == NULL:
            raise MemoryError()
        for i, (k, fn, off) in enumerate(items):
            if type(k) is not str:
                raise TypeError(f"a dict key must be str, not {type(k).__name__}")
            self.fns.append(<Enc?>fn)
            self.offs[i] = off

    def __dealloc__(self):
        PyMem_Free(self.offs)

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Py_ssize_t i
        cdef PyObject* x
        if type(v) is dict:
            for i in range(self.n):
                x = PyDict_GetItem(v, <object>PyList_GET_ITEM(self.keys, i))
                if x != NULL:
                    (<Enc>PyList_GET_ITEM(self.fns, i)).put(<object>x, o, size, b + self.offs[i], vw)
        return 0


cdef class CardsEnc(Enc):
    """A list of card names (None: hidden). A list of names and Nones is counted per face
    in a C array (``put``); any other list as before (``_put_any``: the pure closure's
    rules for entries that are no card)."""
    cdef dict names
    cdef list copies
    cdef double deck
    cdef Py_ssize_t n
    cdef double* fcopies
    cdef int* counts

    def __cinit__(self, dict names, list copies, double deck, Py_ssize_t n):
        self.names, self.copies, self.deck, self.n = names, copies, deck, n
        if len(copies) != n:
            raise ValueError(f"{len(copies)} copy counts for {n} faces")
        self.fcopies = <double*>PyMem_Malloc(max(n, 1) * sizeof(double))
        self.counts = <int*>PyMem_Malloc(max(n, 1) * sizeof(int))
        if self.fcopies == NULL or self.counts == NULL:
            raise MemoryError()
        for i in range(n):
            self.fcopies[i] = <double>copies[i]
        memset(self.counts, 0, n * sizeof(int))
        for name, c in names.items():
            if not 0 <= c < n:
                raise IndexError(f"card {name!r} at {c}, outside 0..{n - 1}")

    def __dealloc__(self):
        PyMem_Free(self.fcopies)
        PyMem_Free(self.counts)

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Py_ssize_t n = self.n, k, i, c, hidden = 0, last = -1
        cdef PyObject* got
        cdef int* counts = self.counts
        if type(v) is not list or not v:
            if type(v) is list:
                _set(o, size, b + n, 0.0)
                _set(o, size, b + n + 1, 0.0)
            return 0
        cdef list lv = <list>v
        k = len(lv)
        for i in range(k):
            x = <object>PyList_GET_ITEM(lv, i)
            if type(x) is str:
                got = PyDict_GetItem(self.names, x)
                if got == NULL:
                    hidden += 1
                    last = -1
                else:
                    last = PyLong_AsSsize_t(<object>got)
                    counts[last] += 1
            elif x is None:
                hidden += 1
                last = -1
            else:                            # no card: the general rules
                memset(counts, 0, n * sizeof(int))
                return self._put_any(lv, o, size, b)
        _region(b, 2 * n + 2, size)
        for c in range(n):
            if counts[c]:
                o[b + c] = <float>(<double>counts[c] / self.fcopies[c])
                counts[c] = 0
        o[b + n] = <float>min(1.0, hidden / self.deck)
        o[b + n + 1] = <float>min(1.0, k / self.deck)
        if last >= 0:
            o[b + n + 2 + last] = 1.0
        return 0

    cdef int _put_any(self, list lv, float* o, Py_ssize_t size, Py_ssize_t b) except -1:
        cdef Py_ssize_t n = self.n, hidden = 0, c, last
        cdef dict counted = {}
        if len(lv) > 8:
            try:
                for x in lv:
                    counted[x] = counted.get(x, 0) + 1
            except TypeError:                 # an entry never seen while deriving
                return 0
        else:
            for x in lv:
                if type(x) is str or x is None:
                    counted[x] = counted.get(x, 0) + 1
        for x, kk in counted.items():
            got = self.names.get(x) if type(x) is str else None
            if got is None:
                hidden += <Py_ssize_t>kk
            else:
                c = got
                _set(o, size, b + c, <double>(<Py_ssize_t>kk) / <double>self.copies[c])
        _set(o, size, b + n, min(1.0, hidden / self.deck))
        _set(o, size, b + n + 1, min(1.0, len(lv) / self.deck))
        x = lv[len(lv) - 1]
        got = self.names.get(x) if type(x) is str else None
        if got is not None:
            last = got
            _set(o, size, b + n + 2 + last, 1.0)
        return 0


cdef class PerSeatEnc(Enc):
    cdef Py_ssize_t p, w
    cdef Enc item

    def __cinit__(self, Py_ssize_t p, Py_ssize_t w, Enc item):
        self.p, self.w, self.item = p, w, item

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Py_ssize_t rel, p = self.p
        if type(v) is list and len(<list>v) == p:
            for rel in range(p):
                self.item.put((<list>v)[_mod(vw + rel, p)], o, size, b + rel * self.w, vw)
        return 0


cdef class FixedEnc(Enc):
    cdef list fns          # (Enc, offset)
    cdef list encs
    cdef Py_ssize_t* offs
    cdef Py_ssize_t n

    def __cinit__(self, list fns):
        self.fns = fns
        self.n = len(fns)
        self.encs = []
        self.offs = <Py_ssize_t*>PyMem_Malloc(max(self.n, 1) * sizeof(Py_ssize_t))
        if self.offs == NULL:
            raise MemoryError()
        for i, (fn, off) in enumerate(fns):
            self.encs.append(<Enc?>fn)
            self.offs[i] = off

    def __dealloc__(self):
        PyMem_Free(self.offs)

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Py_ssize_t i, k
        if type(v) is list:
            k = min(len(<list>v), self.n)
            for i in range(k):
                (<Enc>PyList_GET_ITEM(self.encs, i)).put(
                    <object>PyList_GET_ITEM(<list>v, i), o, size, b + self.offs[i], vw)
        return 0


cdef class SeqEnc(Enc):
    cdef Py_ssize_t window, w
    cdef double len_scale
    cdef Enc item

    def __cinit__(self, Py_ssize_t window, double len_scale, Py_ssize_t w, Enc item):
        self.window, self.len_scale, self.w, self.item = window, len_scale, w, item

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Py_ssize_t k, start, i
        if type(v) is list:
            k = len(<list>v)
            _set(o, size, b, min(1.0, k / self.len_scale))
            if self.window:
                start = k - self.window if k > self.window else 0
                for i in range(start, k):
                    self.item.put((<list>v)[i], o, size, b + 1 + (i - start) * self.w, vw)
        return 0


#: ``_TYPES``' names in the order of ``_code``'s codes
cdef tuple _CODE_NAMES = ("null", "bool", "num", "str", "dict", "list")


cdef inline int _code(object v):
    """``_TYPES``' name of ``type(v)`` as an index of ``_CODE_NAMES``; -1 for another type."""
    t = type(v)
    if t is str:
        return 3
    if t is int or t is float:
        return 2
    if v is None:
        return 0
    if t is list or t is tuple:
        return 5
    if t is dict:
        return 4
    if t is bool:
        return 1
    return -1


cdef class UnionEnc(Enc):
    """A node of several kinds, or with presence flags (``Node.compile``'s ``union``).
    The six JSON types' flag and part are kept in arrays by ``_code``; another type goes
    through ``type_of`` and the dicts."""
    cdef dict flags        # type name -> flag index
    cdef dict parts        # type name -> (Enc, offset)
    cdef object type_of    # layout._type_of, for a subclass of a known type
    cdef Py_ssize_t flag_at[6]
    cdef Py_ssize_t part_at[6]
    cdef list part_encs    # per code: its Enc, or None

    def __cinit__(self, dict flags, dict parts, object type_of):
        self.flags, self.parts, self.type_of = flags, parts, type_of
        self.part_encs = []
        for i, name in enumerate(_CODE_NAMES):
            f = flags.get(name)
            self.flag_at[i] = -1 if f is None else f
            part = parts.get(name)
            if part is None:
                self.part_encs.append(None)
                self.part_at[i] = 0
            else:
                self.part_encs.append(<Enc?>part[0])
                self.part_at[i] = part[1]

    cdef int put(self, object v, float* o, Py_ssize_t size, Py_ssize_t b, Py_ssize_t vw) except -1:
        cdef Enc fn
        cdef Py_ssize_t off
        cdef int code = _code(v)
        cdef PyObject* enc
        if code >= 0:
            if self.flag_at[code] >= 0:
                _set(o, size, b + self.flag_at[code], 1.0)
            enc = PyList_GET_ITEM(self.part_encs, code)
            if <object>enc is not None:
                (<Enc>enc).put(v, o, size, b + self.part_at[code], vw)
            return 0
        t = self.type_of(v)
        i = self.flags.get(t)
        if i is not None:
            _set(o, size, b + <Py_ssize_t>i, 1.0)
        part = self.parts.get(t)
        if part is not None:
            fn, off = part
            fn.put(v, o, size, b + off, vw)
        return 0


cdef class Encoder:
    """``write(v, out, b, viewer)``: a node's value written into ``out`` (a float32
    buffer) at ``b``, as its ``Node.compile`` closure writes it."""
    cdef Enc enc

    def __cinit__(self, Enc enc):
        self.enc = enc

    def write(self, v, out, Py_ssize_t b, Py_ssize_t vw):
        cdef Py_buffer buf
        cdef float* o = _floats(out, &buf, 0, 0)
        try:
            self.enc.put(v, o, buf.len // 4, b, vw)
        finally:
            PyBuffer_Release(&buf)
