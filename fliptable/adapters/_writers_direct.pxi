# The direct encoders' part of the compiled writers (``_writers.pyx``): masks
# (``mask_bits``), ``DirectEncoder.put`` (``Putter``), ``differing`` and ``differ``'s
# ``Whole``. Not a module of its own: ``hatch_build.py`` compiles it into
# ``fliptable.adapters._writers`` after ``_writers.pyx`` (``writers_source.py``).

# -- masks and the direct encoders' writers ------------------------------------------------------

def mask_bits(dict index, legal, Py_ssize_t size, Py_ssize_t extra):
    """A ``bytearray`` of ``size`` zeros with a 1 at ``index[a]`` for every ``a`` in
    ``legal`` (a KeyError for an action outside ``index``) and at ``extra`` (if >= 0)."""
    cdef bytearray out = bytearray(size)
    cdef char* p = out
    cdef Py_ssize_t i
    for a in legal:
        i = index[a]
        if i < 0 or i >= size:
            raise IndexError(f"action id {i} outside 0..{size - 1}")
        p[i] = 1
    if extra >= 0:
        if extra >= size:
            raise IndexError(f"action id {extra} outside 0..{size - 1}")
        p[extra] = 1
    return out


cdef class Putter:
    """``DirectEncoder.put`` compiled: ``put(key, value, out, seat, memo)`` writes the
    view's ``key`` as ``value`` unless it is the value written last (``memo``): a key
    narrower than ``wide`` floats (or written first) cleared and encoded whole by its
    ``Encoder``, a wider one re-encoded by its differ. ``fns``: key -> (Encoder, differ,
    start, end); ``unset``: ``memo``'s marker of a key never written."""
    cdef dict fns
    cdef Py_ssize_t wide
    cdef object unset

    def __cinit__(self, dict fns, Py_ssize_t wide, object unset):
        self.fns, self.wide, self.unset = fns, wide, unset

    def put(self, key, value, out, Py_ssize_t seat, dict memo):
        cdef Py_buffer buf
        cdef Py_ssize_t lo, hi
        cdef Encoder enc
        cdef float* o
        got = self.fns.get(key)
        if got is None:
            return
        last = memo.get(key, self.unset)
        if last is not self.unset and type(last) is type(value) and last == value:
            return
        enc, diff, lo, hi = got
        if last is self.unset or hi - lo < self.wide:
            o = _floats(out, &buf, lo, hi)
            try:
                memset(o + lo, 0, (hi - lo) * sizeof(float))
                enc.enc.put(value, o, buf.len // 4, lo, seat)
            finally:
                PyBuffer_Release(&buf)
        else:
            diff(value, last, out, lo, seat)
        memo[key] = value


def differing(a, b):
    """The indices ``i`` of ``zip(a, b)``'s pairs where ``a[i] != b[i]``, in order."""
    cdef Py_ssize_t i, k = min(len(a), len(b))
    cdef list out = []
    for i in range(k):
        if a[i] != b[i]:
            out.append(i)
    return out


cdef class Whole:
    """``differ.compile_diff``'s ``whole``, compiled: ``diff(x, y, out, b, viewer)``
    clears the node's ``width`` floats at ``b`` and writes ``x`` (unless ``missing``)."""
    cdef Encoder encoder
    cdef Py_ssize_t width
    cdef object missing

    def __cinit__(self, Encoder encoder, Py_ssize_t width, object missing):
        self.encoder, self.width, self.missing = encoder, width, missing

    def diff(self, x, y, out, Py_ssize_t b, Py_ssize_t vw):
        cdef Py_buffer buf
        cdef float* o = _floats(out, &buf, b, b + self.width)
        try:
            memset(o + b, 0, self.width * sizeof(float))
            if x is not self.missing:
                self.encoder.enc.put(x, o, buf.len // 4, b, vw)
        finally:
            PyBuffer_Release(&buf)
