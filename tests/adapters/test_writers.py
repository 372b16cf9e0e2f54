"""The compiled writers (``adapters/_writers.pyx``, built at install time by
``hatch_build.py``) write the same float32s as the pure-Python ones they replace, refuse
what would write outside their region, and are not used when stale or refused."""

import re
import warnings
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fliptable.adapters import compiled
from fliptable.adapters.direct import base
from fliptable.adapters.direct.base import card_list_writer, num_seq_writer, nums_writer, pile_grower, pile_writer
from fliptable.adapters.episode import Spec

SIZE = 256


def test_the_compiled_writers_are_built_and_used():
    # CI installs with a C compiler: the build hook must have built them (a build
    # without one is pure-Python, with a warning, and fails this test)
    assert base.COMPILED is not None, "fliptable.adapters._writers is not built: pip install -e . with a C compiler"
    node = SimpleNamespace(_ncards=3)
    assert type(card_list_writer(node, [1, 1, 1], 3).__self__) is base.COMPILED.CardList
    assert card_list_writer(node, [1, 1, 1], 3, pure=True).__name__ == "f"
    from fliptable.adapters.direct import seat_encoder

    spec = Spec("flush", 4, {})
    assert type(seat_encoder(spec.observer, 4).put.__self__) is base.COMPILED.Putter


@st.composite
def deck(draw):
    n = draw(st.integers(1, 40))
    copies = draw(st.lists(st.integers(1, 8), min_size=n, max_size=n))
    return n, copies, draw(st.integers(1, 200)), draw(st.integers(0, SIZE - 2 * n - 2))


def both(make, *args):
    return make(*args), make(*args, pure=True)


def buffers():
    a, b = np.zeros(SIZE, dtype=np.float32), np.zeros(SIZE, dtype=np.float32)
    return a, b, memoryview(b)  # the pure writers are handed the memoryview, as the encoders do


@settings(max_examples=300, deadline=None)
@given(deck(), st.data())
def test_card_lists_with_hidden_cards_are_written_alike(d, data):
    n, copies, decksize, at = d
    cards = data.draw(st.lists(st.integers(-1, n - 1), max_size=60))
    last = data.draw(st.sampled_from([None] + [c for c in cards if c >= 0]))
    fast, slow = both(card_list_writer, SimpleNamespace(_ncards=n), copies, decksize)
    a, b, mv = buffers()
    fast(cards, a, at, last)
    slow(cards, mv, at, last)
    np.testing.assert_array_equal(a, b)
    assert not a[:at].any() and not a[at + 2 * n + 2 :].any()


@settings(max_examples=300, deadline=None)
@given(deck(), st.data())
def test_piles_and_grown_piles_are_written_alike(d, data):
    n, copies, decksize, at = d
    face = st.integers(0, n - 1)
    old = data.draw(st.lists(face, min_size=1, max_size=40))
    grown = old + data.draw(st.lists(face, max_size=10))
    other = data.draw(st.lists(face, min_size=1, max_size=50))
    node = SimpleNamespace(_ncards=n)
    for new in (grown, other, old[:-1]):
        (pile_fast, pile_slow), (grow_fast, grow_slow) = (
            both(pile_writer, node, copies, decksize),
            both(pile_grower, node, copies, decksize),
        )
        a, b, mv = buffers()
        pile_fast(old, a, at)
        pile_slow(old, mv, at)
        assert grow_fast(old, new, a, at) == grow_slow(old, new, mv, at)
        np.testing.assert_array_equal(a, b)
    a, b, mv = buffers()
    pile_fast(grown, a, at)
    pile_slow(grown, mv, at)
    np.testing.assert_array_equal(a, b)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_per_seat_numbers_and_number_sequences_are_written_alike(data):
    ch = Spec("flush", 4, {}).observer.root.children
    (nums_fast, nums_slow), (seq_fast, seq_slow) = (
        both(nums_writer, ch["hand_counts"]),
        both(num_seq_writer, ch["pile_as"]),
    )
    size = ch["pile_as"].offset + ch["pile_as"].width + ch["hand_counts"].offset + 8
    a, b = np.zeros(size, dtype=np.float32), np.zeros(size, dtype=np.float32)
    number = st.one_of(st.integers(-300, 300), st.floats(-300, 300))
    for rel, v in data.draw(st.lists(st.tuples(st.integers(0, 3), number), max_size=8)):
        nums_fast(rel, v, a)
        nums_slow(rel, v, memoryview(b))
    for values in data.draw(st.lists(st.lists(st.integers(0, 30), max_size=40), max_size=4)):
        seq_fast(values, a)
        seq_slow(values, memoryview(b))
    np.testing.assert_array_equal(a, b)


def test_what_would_write_outside_the_region_is_refused_and_writes_nothing():
    if base.COMPILED is None:
        pytest.fail("fliptable.adapters._writers is not built")
    cl = base.COMPILED.CardList(4, [1, 1, 1, 1], 10)
    a = np.zeros(12, dtype=np.float32)
    with pytest.raises(IndexError, match=re.escape("card 4 outside 0..3")):
        cl.write([1, 4], a, 0, None)
    with pytest.raises(IndexError, match=re.escape("card 7 outside 0..3")):
        cl.write([1], a, 0, 7)
    with pytest.raises(IndexError, match=re.escape("region 5..15 outside a buffer of 12 floats")):
        cl.write([1], a, 5, None)
    with pytest.raises(IndexError, match=re.escape("card -1 outside 0..3")):
        cl.grow([1], [1, -1], a, 0)
    with pytest.raises(TypeError, match="float32 buffer"):
        cl.write([1], np.zeros(12, dtype=np.float64), 0, None)
    with pytest.raises(IndexError, match=re.escape("seat 4 outside 0..3")):
        base.COMPILED.Nums(0, 1.0, 4).write(4, 1.0, a)
    assert not a.any()


def test_a_stale_or_refused_build_is_not_used(monkeypatch):
    if base.COMPILED is None:
        pytest.fail("fliptable.adapters._writers is not built")
    monkeypatch.setattr(base.COMPILED, "SOURCE_HASH", "0" * 64)
    with pytest.warns(RuntimeWarning, match="built from an older _writers.pyx or part"):
        assert compiled.load() is None
    monkeypatch.undo()
    monkeypatch.setenv("FLIPTABLE_PURE", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compiled.load() is None
    monkeypatch.delenv("FLIPTABLE_PURE")
    assert compiled.load() is base.COMPILED


def test_the_wheel_carries_the_compiled_writers_and_their_source(tmp_path):
    import zipfile
    from pathlib import Path

    from hatchling.builders.wheel import WheelBuilder

    repo = Path(base.__file__).resolve().parents[3]
    wheel = next(WheelBuilder(str(repo)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    # the stale check reads the whole source: every part is in the wheel
    from fliptable.adapters.writers_source import PACKAGE, parts

    assert {str(p.relative_to(PACKAGE.parent)) for p in parts()} <= names
    assert "fliptable/games/flush/_writers.pxi" in names
    assert any(n.startswith("fliptable/adapters/_writers.") and n.endswith(".so") for n in names), sorted(
        n for n in names if "_writers" in n
    )
    assert not wheel.endswith("-py3-none-any.whl")  # a compiled module: a platform tag


def _encodings(node, names, value, viewer, size):
    out = []
    for pure in (False, True):
        a = np.zeros(size, dtype=np.float32)
        try:
            node.compile(names, pure=pure)(value, a if pure is False else memoryview(a), 0, viewer)
        except Exception as exc:  # both must refuse alike
            out.append(type(exc))
        else:
            out.append(a)
    return out


@pytest.mark.parametrize("game", sorted(__import__("fliptable.core.registry", fromlist=["x"]).all_game_ids()))
def test_compiled_node_encoders_write_every_view_as_the_closures_do(game):
    import random

    from fliptable.adapters.episode import Moments

    spec = Spec(game, None, {})
    obs, n = spec.observer, spec.players
    rng = random.Random(5)
    views = 0
    while views < 300:
        state = spec.game.new_state(n, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while not moments.over and views < 300:
            seat = rng.randrange(n)
            fast, slow = _encodings(obs.root, obs.names, state.view(seat), seat, obs.view_size)
            np.testing.assert_array_equal(fast, slow)
            views += 1
            if moments.may_pass and (rng.random() < 0.3 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))


class _Int(int):
    pass


class _Str(str):
    pass


def _json(cards):
    """Any JSON-like value, with some of the game's card names (and ``str`` and ``int``
    subclasses, which the encoders treat as no name and no number)."""
    names = st.sampled_from(cards)
    return st.recursive(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-5, 12),
            st.builds(_Int, st.integers(0, 5)),
            st.floats(-50, 50),
            st.sampled_from(["7", "Skip", "red", "x", "flush", "B3", "R10", "ask", "draw", "busted"]),
            names,
            names,
            st.builds(_Str, names),
        ),
        lambda inner: st.one_of(
            st.lists(inner, max_size=12),
            st.lists(st.one_of(names, st.none()), max_size=20),
            st.lists(st.one_of(names, st.none(), st.builds(_Str, names), st.integers(0, 3)), max_size=12),
            st.dictionaries(
                st.sampled_from(["value", "count", "kind", "player", "laid", "suit", "rank", "sum", "card", "cards"]),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=30,
    )


_JSON = _json(["B3", "R10"])


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(["flush", "flaps", "flyswatter", "flinch", "go-to-the-store", "flip7", "muggins", "patience"]),
    st.data(),
)
def test_compiled_node_encoders_take_any_value_as_the_closures_do(game, data):
    obs = Spec(game, {"go-to-the-store": 3, "patience": 1}.get(game, 4), {}).observer
    key = data.draw(st.sampled_from(sorted(k for k, c in obs.root.children.items() if c.width)))
    node = obs.root.children[key]
    value = data.draw(_json(sorted(obs.names)))
    fast, slow = _encodings(node, obs.names, value, data.draw(st.integers(0, 3)), obs.view_size)
    if isinstance(fast, type):
        assert fast is slow
    else:
        np.testing.assert_array_equal(fast, slow)


@pytest.mark.parametrize(
    "game,players,options", [("flush", 4, {}), ("flinch", 3, {"enforce": "table"}), ("flyswatter", 4, {})]
)
def test_masks_built_in_c_equal_the_cached_pure_ones(game, players, options, monkeypatch):
    import random

    from fliptable.adapters import episode
    from fliptable.adapters.episode import Moments

    assert episode.WRITERS is not None
    spec = Spec(game, players, options)
    rng = random.Random(3)
    checked = passes = 0
    while checked < 600:
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while not moments.over and checked < 600:
            for seat in range(players):
                fast = spec.mask(moments, seat)
                monkeypatch.setattr(episode, "WRITERS", None)
                slow = spec.mask(moments, seat)
                monkeypatch.undo()
                assert fast.dtype == slow.dtype == np.int8 and fast.flags.writeable
                np.testing.assert_array_equal(fast, slow)
            checked += 1
            passes += bool(moments.may_pass)
            if moments.may_pass and (rng.random() < 0.5 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))
    assert game != "flyswatter" or passes  # masks with PASS set were compared


@pytest.mark.parametrize("game,players,kept", [("flush", 4, False), ("flip7", 3, True)])
def test_the_pure_mask_cache_is_kept_only_where_most_sets_repeat(game, players, kept, monkeypatch):
    """The pure-Python masks: a table's cache, once full, is emptied and kept where at
    least three lookups in four hit (Flip 7's few sets), dropped where most sets are new
    (Flush); the masks are the legal actions either way, each a new array of its own."""
    import random

    from fliptable.adapters import episode
    from fliptable.adapters.episode import Moments

    monkeypatch.setattr(episode, "WRITERS", None)
    monkeypatch.setattr(episode, "_MASKS", 8)
    spec = Spec(game, players, {})
    rng = random.Random(5)
    for _ in range(3):
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while not moments.over:
            seat = moments.current
            mask = spec.mask(moments, seat)
            legal = state.legal_actions(seat)
            assert mask.dtype == np.int8 and mask.flags.writeable
            assert set(np.flatnonzero(mask[:-1])) == {spec.index[a] for a in legal}
            assert bool(mask[-1]) == moments.may_pass
            mask[:] = 1  # the caller's own array: the next mask is not touched
            if moments.may_pass and (rng.random() < 0.5 or not legal):
                moments.pass_()
            else:
                moments.act(rng.choice(legal))
    assert (spec._masks is not None) is kept


def test_mask_bits_refuses_unknown_actions_and_ids_outside_the_mask():
    if base.COMPILED is None:
        pytest.fail("fliptable.adapters._writers is not built")
    bits = base.COMPILED.mask_bits
    assert bytes(bits({"a": 0, "b": 2}, ("b",), 4, 3)) == b"\x00\x00\x01\x01"
    with pytest.raises(KeyError):
        bits({"a": 0}, ("z",), 4, -1)
    with pytest.raises(IndexError, match=re.escape("action id 9 outside 0..3")):
        bits({"a": 9}, ("a",), 4, -1)
    with pytest.raises(IndexError, match=re.escape("action id 4 outside 0..3")):
        bits({"a": 0}, ("a",), 4, 4)


def test_the_pure_python_writers_still_encode_as_the_generic_path():
    # CI runs with the compiled writers; their pure-Python fallbacks (no compiler, or
    # FLIPTABLE_PURE=1) are checked here, in a process that never loads them
    import os
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parent
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            str(tests / "test_direct.py"),
        ],
        env={**os.environ, "FLIPTABLE_PURE": "1"},
        capture_output=True,
        text=True,
        cwd=tests.parents[1],
        timeout=280,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " skipped" not in run.stdout


def test_the_build_hook_goes_on_pure_python_when_the_writers_cannot_be_built(tmp_path, monkeypatch):
    import importlib.util
    from pathlib import Path

    repo = Path(base.__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", repo / "hatch_build.py")
    hook_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook_module)

    class App:
        def __init__(self):
            self.warnings = []

        def display_warning(self, text):
            self.warnings.append(text)

    def no_compiler(root):
        raise OSError("command 'cc' failed: No such file or directory")

    monkeypatch.setattr(hook_module, "build_writers", no_compiler)
    app = App()
    hook = hook_module.WritersHook(str(repo), {}, None, None, str(tmp_path), "wheel", app=app)
    build_data = {"force_include": {}, "pure_python": True, "infer_tag": False}
    hook.initialize("standard", build_data)
    assert build_data == {"force_include": {}, "pure_python": True, "infer_tag": False}
    assert app.warnings == [
        (
            "fliptable: compiled writers not built (OSError: command 'cc' failed: No such file or "
            "directory); the RL adapters use their pure-Python writers"
        )
    ]
    monkeypatch.setenv("FLIPTABLE_PURE_BUILD", "1")  # asked not to build: not even tried
    monkeypatch.setattr(hook_module, "build_writers", lambda root: pytest.fail("built"))
    hook.initialize("standard", build_data)
    assert build_data["force_include"] == {}


@settings(max_examples=300, deadline=None)
@given(st.lists(_JSON, max_size=12), st.lists(_JSON, max_size=12), st.booleans())
def test_differing_finds_the_pairs_that_differ_as_python_does(a, b, as_tuples):
    from fliptable.games.flinch.fastobs import FlinchDirect

    if base.COMPILED is None:
        pytest.fail("fliptable.adapters._writers is not built")
    if as_tuples:
        a, b = tuple(a), tuple(b)
    assert base.COMPILED.differing(a, b) == FlinchDirect.differing(a, b)
    assert base.COMPILED.differing(a, a) == FlinchDirect.differing(a, a) == []


def test_encode_view_still_writes_any_array_it_is_given():
    import random

    spec = Spec("flush", 3, {})
    obs = spec.observer
    state = spec.game.new_state(3, spec.options, seed=random.Random(2).randrange(1 << 30))
    view = state.view(1)
    want = obs.encode_view(view, 1)
    wide = np.zeros(obs.size, dtype=np.float64)  # float64
    assert obs.encode_view(view, 1, out=wide) is wide  # the doubles, unrounded
    np.testing.assert_array_equal(wide.astype(np.float32), want)
    assert wide.any()
    strided = np.zeros((obs.size, 2), dtype=np.float32)[:, 0]  # not contiguous
    obs.encode_view(view, 1, out=strided)
    np.testing.assert_array_equal(strided, want)
