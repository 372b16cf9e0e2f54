"""The layout's pure-Python encoders (``layout.Node.compile`` with ``pure=True``, or when
the compiled writers are not built) as generated code: one function per layout, its
nodes written inline, straight-line where the layout is fixed (object keys, tuple
positions) and as loops over list entries (per-seat lists, windows, card lists), with no
call per node. Offsets are constants where the base is known (``writer(node, names,
base)``: the whole view at 0), else added to ``b``. The function writes the same floats
as the compiled encoders (``_writers.pyx``) and as the closures it replaced, for any
value (``tests/adapters/test_writers.py``), into anything indexable by position (a
float32 ``memoryview`` writes for half of a NumPy array's cost).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from fliptable.core.schema import json_type


class Node(Protocol):
    """What the generator reads of a layout node (``layout.Node``; declared here, not
    imported, so that layout.py, which calls the generator, and this module import in one
    direction only)."""

    __dict__: dict[str, Any]
    path: str
    width: int
    optional: bool
    kinds: list[str]
    flag_types: list[str]
    keys: list[str]
    scale: float
    vocab_index: dict[str, int]
    window: int
    len_scale: float
    _players: int
    _ncards: int
    _copies: Any  # a NumPy array of each card's copies in the pack
    _decksize: int

    @property
    def children(self) -> Mapping[str, Node]: ...
    @property
    def index_items(self) -> Sequence[Node]: ...
    @property
    def entry(self) -> Node: ...

    def _kind_width(self, kind: str) -> int: ...


#: the layout's type name of a value by its exact type (subclasses: ``json_type``)
TYPE_NAMES = {
    type(None): "null",
    bool: "bool",
    int: "num",
    float: "num",
    str: "str",
    dict: "dict",
    list: "list",
    tuple: "list",
}
#: the type of value each encoding kind writes
KIND_TYPE = {
    "bool": "bool",
    "num": "num",
    "seat": "num",
    "seatset": "list",
    "card": "str",
    "word": "str",
    "cards": "list",
    "perseat": "list",
    "fixed": "list",
    "seq": "list",
    "dict": "dict",
}
_MISSING = object()
#: a per-seat list is written seat by seat (not by a loop) up to this many lines of code
UNROLL = 120
#: the one exact type of a type name, where there is one
_EXACT = {"dict": "dict", "str": "str", "bool": "bool", "list": "list", "num": "int"}


class _Base:
    """Where a node is written: ``var + const`` (``var`` None: a constant offset)."""

    def __init__(self, var: str | None, const: int):
        self.var, self.const = var, const

    def __add__(self, k: int) -> _Base:
        return _Base(self.var, self.const + k)

    def __str__(self) -> str:
        if self.var is None:
            return str(self.const)
        return f"{self.var} + {self.const}" if self.const else self.var


def _at(base: _Base, i: str) -> str:
    """The index expression of table entry ``i``, an offset from ``base.var`` (0: none)."""
    return i if base.var is None else f"{base.var} + {i}"


class _Gen:
    def __init__(self, names: Mapping[str, int], safe: bool = False):
        self.names = names
        #: objects read with ``get`` only (else a required key by subscript, the object
        #: written again by its safe writer when one is missing)
        self.safe = safe
        #: inside an object's ``try`` (a KeyError writes the object again, safely)
        self.in_try = 0
        self.lines: list[str] = []
        self.ns: dict[str, Any] = {
            "TN": TYPE_NAMES.get,
            "type_of": json_type,
            "count": _count_elements,  # Counter's counting loop (in C)
            "M": _MISSING,
        }
        self.count = 0
        #: variables whose exact type the code written so far has tested
        self.sure: dict[str, str] = {}

    def var(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def const(self, value: Any, prefix: str) -> str:
        name = self.var(prefix)
        self.ns[name] = value
        return name

    def emit(self, ind: int, line: str) -> None:
        self.lines.append("    " * ind + line)

    def index_of(self, table: Mapping[str, int], base: _Base, get: bool = True) -> tuple[str, str]:
        """A name for ``table.get`` (or ``table``) moved to ``base`` when it is constant,
        and the index expression of what it returns (``i``)."""
        if base.var is None:
            moved = {k: base.const + v for k, v in table.items()}
            return self.const(moved.get if get else moved, "G"), "{}"
        return self.const(dict(table).get if get else dict(table), "G"), f"{base} + {{}}"

    # -- nodes ----------------------------------------------------------------------------
    def node(self, node: Node, x: str, base: _Base, ind: int) -> None:
        """Code writing the value in variable ``x`` as ``node`` at ``base``."""
        if not node.flag_types and len(node.kinds) == 1:
            self.kind(node, node.kinds[0], x, base, ind)
            return
        flags = {t: i for i, t in enumerate(node.flag_types)}
        parts = {}
        pos = len(node.flag_types)
        for kind in node.kinds:
            parts[KIND_TYPE[kind]] = (kind, pos)
            pos += node._kind_width(kind)
        # each type by identity first (None, the exact type of each kind: its kind's own
        # type test then known true); any other value by name (subclasses: ``json_type``)
        types = sorted(set(flags) | set(parts))
        word = "if"
        for ty in types:
            if ty == "null":
                self.emit(ind, f"{word} {x} is None:")
            else:
                self.emit(ind, f"{word} type({x}) is {_EXACT[ty]}:")
            word = "elif"
            self._branch(node, flags, parts, ty, x, base, ind + 1, _EXACT.get(ty))
        # any other value: a float, a tuple or a subclass, whose flag is set by its type
        # name; of the kinds' own tests (exact types), only a number's passes, for a float
        t = self.var("t")
        self.emit(ind, "else:")
        self.emit(ind + 1, f"{t} = TN(type({x})) or type_of({x})")
        word = "if"
        for ty in types:
            if ty == "null":  # by identity above: not here
                continue
            self.emit(ind + 1, f"{word} {t} == {ty!r}:")
            word = "elif"
            self._branch(node, flags, parts if ty == "num" else {}, ty, x, base, ind + 2, None)

    def _branch(
        self,
        node: Node,
        flags: dict[str, int],
        parts: dict[str, tuple[str, int]],
        ty: str,
        x: str,
        base: _Base,
        ind: int,
        exact: str | None,
    ) -> None:
        """What a value of type name ``ty`` writes (``exact``: its exact type is known)."""
        start = len(self.lines)
        if ty in flags:
            self.emit(ind, f"o[{base + flags[ty]}] = 1.0")
        if ty in parts:
            kind, off = parts[ty]
            if exact is not None:
                self.sure[x] = exact
            self.kind(node, kind, x, base + off, ind)
            self.sure.pop(x, None)
        if len(self.lines) == start:
            self.emit(ind, "pass")

    def _if(self, ind: int, x: str, exacts: tuple[str, ...], *more: str) -> int:
        """Emit ``if`` the type of ``x`` is one of ``exacts`` (not tested when known) and
        ``more``; the indentation of its body (``ind`` when nothing is tested)."""
        tests = [] if self.sure.get(x) in exacts else [" or ".join(f"type({x}) is {t}" for t in exacts)]
        tests += more
        if not tests:
            return ind
        if len(tests) > 1 and len(exacts) > 1:
            tests[0] = f"({tests[0]})"
        self.emit(ind, f"if {' and '.join(tests)}:")
        return ind + 1

    def kind(self, node: Node, kind: str, x: str, base: _Base, ind: int) -> None:
        getattr(self, f"k_{kind}")(node, x, base, ind)

    def k_bool(self, node: Node, x: str, base: _Base, ind: int) -> None:
        self.emit(ind, f"if {x} is True:")
        self.emit(ind + 1, f"o[{base}] = 1.0")

    def k_num(self, node: Node, x: str, base: _Base, ind: int) -> None:
        y = self.var("y")
        ind = self._if(ind, x, ("int", "float"))
        self.emit(ind, f"{y} = {x} / {float(node.scale)!r}")
        self.emit(ind, f"o[{base}] = 1.0 if {y} > 1.0 else (-1.0 if {y} < -1.0 else {y})")

    def k_seat(self, node: Node, x: str, base: _Base, ind: int) -> None:
        p = node._players
        ind = self._if(ind, x, ("int",), f"0 <= {x} < {p}")
        self.emit(ind, f"o[{base} + ({x} - vw) % {p}] = 1.0")

    def k_seatset(self, node: Node, x: str, base: _Base, ind: int) -> None:
        p, y = node._players, self.var("y")
        ind = self._if(ind, x, ("list",))
        self.emit(ind, f"for {y} in {x}:")
        self.emit(ind + 1, f"if type({y}) is int and 0 <= {y} < {p}:")
        self.emit(ind + 2, f"o[{base} + ({y} - vw) % {p}] = 1.0")

    def _index(self, table: Mapping[str, int], x: str, base: _Base, ind: int) -> None:
        ind = self._if(ind, x, ("str",))
        if self.in_try:  # an unknown name: KeyError, the object written again by get
            table_name, at = self.index_of(table, base, get=False)
            self.emit(ind, f"o[{at.format(f'{table_name}[{x}]')}] = 1.0")
            return
        get, at = self.index_of(table, base)
        i = self.var("i")
        self.emit(ind, f"{i} = {get}({x})")
        self.emit(ind, f"if {i} is not None:")
        self.emit(ind + 1, f"o[{at.format(i)}] = 1.0")

    def k_card(self, node: Node, x: str, base: _Base, ind: int) -> None:
        self._index(self.names, x, base, ind)

    def k_word(self, node: Node, x: str, base: _Base, ind: int) -> None:
        self._index(node.vocab_index, x, base, ind)

    def k_cards(self, node: Node, x: str, base: _Base, ind: int) -> None:
        n, deck = node._ncards, float(node._decksize)
        copies = [float(c) for c in node._copies]
        e = self.emit
        # one card: its face's offsets and share of its copies by one lookup; a short list
        # counted entry by entry (names and hidden cards only), a long one whole in C (as
        # ``_writers.CardsEnc`` counts), its faces' offsets and copies by one lookup
        at = base.const  # the entries' offsets: from ``base.var`` when there is one
        faces = self.const({k: (at + c, copies[c], at + n + 2 + c, 1 / copies[c]) for k, c in self.names.items()}, "F")
        cnt, y, k, f, h, z = (self.var(s) for s in "nykfhz")
        one = min(1.0, 1 / deck)  # one card (or hidden card) of the deck
        ind = self._if(ind, x, ("list",), x) - 1
        e(ind + 1, f"if len({x}) == 1:")
        e(ind + 2, f"{y} = {x}[0]")
        e(ind + 2, f"{f} = {faces}.get({y}) if type({y}) is str else None")
        e(ind + 2, f"if {f} is not None:")
        e(ind + 3, f"o[{_at(base, f'{f}[0]')}] = {f}[3]")
        e(ind + 3, f"o[{_at(base, f'{f}[2]')}] = 1.0")
        e(ind + 2, f"elif type({y}) is str or {y} is None:")
        e(ind + 3, f"o[{base + n}] = {one!r}")
        e(ind + 2, f"o[{base + (n + 1)}] = {one!r}")
        e(ind + 1, f"elif len({x}) <= 8:")
        self._cards_short(node, x, base, ind + 2)
        e(ind + 1, "else:")
        e(ind + 2, f"{cnt} = {{}}")
        e(ind + 2, "try:")
        e(ind + 3, f"count({cnt}, {x})")
        e(ind + 2, "except TypeError:  # an entry that is no card: nothing written")
        e(ind + 3, f"{cnt} = None")
        e(ind + 2, f"if {cnt} is not None:")
        e(ind + 3, f"{h} = {cnt}.pop(None, 0)")
        e(ind + 3, f"for {y}, {k} in {cnt}.items():")
        e(ind + 4, f"{f} = {faces}.get({y}) if type({y}) is str else None")
        e(ind + 4, f"if {f} is None:")
        e(ind + 5, f"{h} += {k}")
        e(ind + 4, "else:")
        e(ind + 5, f"o[{_at(base, f'{f}[0]')}] = {k} / {f}[1]")
        e(ind + 3, f"if {h}:")
        e(ind + 4, f"{z} = {h} / {deck!r}")
        e(ind + 4, f"o[{base + n}] = 1.0 if {z} > 1.0 else {z}")
        e(ind + 3, f"{z} = len({x}) / {deck!r}")
        e(ind + 3, f"o[{base + (n + 1)}] = 1.0 if {z} > 1.0 else {z}")
        e(ind + 3, f"{y} = {x}[-1]")
        e(ind + 3, f"if type({y}) is str:")
        e(ind + 4, f"{f} = {faces}.get({y})")
        e(ind + 4, f"if {f} is not None:")
        e(ind + 5, f"o[{_at(base, f'{f}[2]')}] = 1.0")

    def _cards_short(self, node: Node, x: str, base: _Base, ind: int) -> None:
        """A short list (2 to 8 entries), counted as ``_writers.CardsEnc`` counts it: its
        names and hidden entries only (whatever else it holds)."""
        n = node._ncards
        get, at = self.index_of(self.names, base)
        index = self.const(dict(self.names).get, "I")
        copies = self.const([float(c) for c in node._copies], "C")
        deck = float(node._decksize)
        cnt, y, k, c, h, z = (self.var(s) for s in "nykchz")
        e = self.emit
        e(ind, f"{cnt} = {{}}")
        e(ind, f"for {y} in {x}:")
        e(ind + 1, f"if type({y}) is str or {y} is None:")
        e(ind + 2, f"{cnt}[{y}] = {cnt}.get({y}, 0) + 1")
        e(ind, f"{h} = 0")
        e(ind, f"for {y}, {k} in {cnt}.items():")
        e(ind + 1, f"{c} = {index}({y}) if type({y}) is str else None")
        e(ind + 1, f"if {c} is None:")
        e(ind + 2, f"{h} += {k}")
        e(ind + 1, "else:")
        e(ind + 2, f"o[{base} + {c}] = {k} / {copies}[{c}]")
        e(ind, f"{z} = {h} / {deck!r}")
        e(ind, f"o[{base + n}] = 1.0 if {z} > 1.0 else {z}")
        e(ind, f"{z} = len({x}) / {deck!r}")
        e(ind, f"o[{base + (n + 1)}] = 1.0 if {z} > 1.0 else {z}")
        e(ind, f"{y} = {x}[-1]")
        self._index_last(get, at, y, ind, base, n)

    def _index_last(self, get: str, at: str, y: str, ind: int, base: _Base, n: int) -> None:
        i = self.var("i")
        self.emit(ind, f"if type({y}) is str:")
        self.emit(ind + 1, f"{i} = {get}({y})")
        self.emit(ind + 1, f"if {i} is not None:")
        self.emit(ind + 2, f"o[{at.format(i)} + {n + 2}] = 1.0")

    def k_dict(self, node: Node, x: str, base: _Base, ind: int) -> None:
        ind = self._if(ind, x, ("dict",)) - 1
        fast = not self.safe and any(c.width and not c.optional for c in node.children.values())
        if fast:
            # a subscript costs half a ``get``: on a missing key, the writes so far (all
            # assignments) are made again, and the rest, by the object's safe writer
            self.emit(ind + 1, "try:")
            ind += 1
            self.in_try += 1
        off = 0
        for k in node.keys:
            child = node.children[k]
            o, off = off, off + child.width
            if not child.width:
                continue
            y = self.var("x")
            if fast and not child.optional:
                self.emit(ind + 1, f"{y} = {x}[{k!r}]")
                self.node(child, y, base + o, ind + 1)
            elif "null" in child.flag_types:  # absent and null differ
                self.emit(ind + 1, f"{y} = {x}.get({k!r}, M)")
                self.emit(ind + 1, f"if {y} is not M:")
                self.node(child, y, base + o, ind + 2)
            else:  # absent writes what null writes: nothing
                self.emit(ind + 1, f"{y} = {x}.get({k!r})")
                self.node(child, y, base + o, ind + 1)
        if fast:
            self.in_try -= 1
            safe = self.const(_writer(node, self.names, None, True, "dict"), "S")
            self.emit(ind, "except KeyError:")
            self.emit(ind + 1, f"{safe}({x}, o, {base if base.var else base.const}, vw)")

    def _loop(self, item: Node, seq: str, start: _Base, ind: int) -> None:
        """``for`` over the entries in ``seq``, written from ``start``, ``item.width`` apart."""
        b, y = self.var("b"), self.var("x")
        self.emit(ind, f"{b} = {start}")
        self.emit(ind, f"for {y} in {seq}:")
        self.node(item, y, _Base(b, 0), ind + 1)
        self.emit(ind + 1, f"{b} += {item.width}")

    def k_perseat(self, node: Node, x: str, base: _Base, ind: int) -> None:
        p, r, item = node._players, self.var("r"), node.entry
        ind = self._if(ind, x, ("list",), f"len({x}) == {p}") - 1
        self.emit(ind + 1, f"{r} = vw % {p}")
        start = len(self.lines)
        y = self.var("x")
        self.emit(ind + 1, f"{y} = {x}[{r} - {p}]")
        self.node(item, y, base, ind + 1)
        if p * (len(self.lines) - start) > UNROLL:
            del self.lines[start:]
            self._loop(item, f"{x}[{r}:] + {x}[:{r}]", base, ind + 1)
            return
        # seat by seat (seat r + k is x[r + k - p], negative below p), each at its own offset
        for k in range(1, p):
            y = self.var("x")
            self.emit(ind + 1, f"{y} = {x}[{r} - {p - k}]")
            self.node(item, y, base + k * item.width, ind + 1)

    def k_seq(self, node: Node, x: str, base: _Base, ind: int) -> None:
        z = self.var("z")
        ind = self._if(ind, x, ("list",)) - 1
        self.emit(ind + 1, f"{z} = len({x}) / {float(node.len_scale)!r}")
        self.emit(ind + 1, f"o[{base}] = 1.0 if {z} > 1.0 else {z}")
        self._loop(node.entry, f"{x}[-{node.window}:]", base + 1, ind + 1)

    def k_fixed(self, node: Node, x: str, base: _Base, ind: int) -> None:
        n = self.var("n")
        ind = self._if(ind, x, ("list",)) - 1
        # a record's row may be shorter than the widest row: its missing entries stay zero
        self.emit(ind + 1, f"{n} = len({x})")
        off = 0
        for i, child in enumerate(node.index_items):
            y = self.var("x")
            self.emit(ind + 1, f"if {n} > {i}:")
            self.emit(ind + 2, f"{y} = {x}[{i}]")
            self.node(child, y, base + off, ind + 2)
            off += child.width


def writer(node: Node, names: Mapping[str, int], base: int | None = None) -> Callable[..., None]:
    """``f(v, o, b, vw)`` writing ``v`` as ``node`` at ``b`` into ``o`` (zero there), for
    viewer ``vw``; with ``base``, at that offset, whatever ``b``."""
    return _writer(node, names, base, False)


def _writer(
    node: Node, names: Mapping[str, int], base: int | None, safe: bool, kind: str | None = None
) -> Callable[..., None]:
    """``writer``, or with ``kind`` the writer of that kind's part of the node alone."""
    # generated once per node, table of names and base: a direct encoder asks for its
    # writers again at every reset, and compiling costs about 1 ms
    made = node.__dict__.setdefault("_generated", {})
    got = made.get((base, safe, kind))
    if got is not None and got[0] is names:
        return got[1]
    gen = _Gen(names, safe)
    at = _Base("b", 0) if base is None else _Base(None, base)
    if kind is None:
        gen.node(node, "v", at, 1)
    else:
        gen.kind(node, kind, "v", at, 1)
    source = "\n".join(["def f(v, o, b, vw):", *gen.lines, "    return None"])
    exec(compile(source, f"<layout {node.path}>", "exec"), gen.ns)
    f = gen.ns["f"]
    f.source = source
    made[(base, safe, kind)] = (names, f)
    return f
