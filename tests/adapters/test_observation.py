"""The generic observer: fixed shapes, bounded values, the compiled encoder equal to the
layout walk, deterministic layouts, the information state, and docs/rl.md."""
from pathlib import Path

import numpy as np
import pytest

from fliptable.adapters.observation import InfoStateObserver, Observer, observer, sample_play
from fliptable.core.registry import all_game_ids, get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", all_game_ids())
def test_every_view_encodes_to_the_fixed_shape_in_bounds(game):
    o = observer(game)
    g = get_game(game)
    count = 0

    def visit(state, events):
        nonlocal count
        for p in range(state.players):
            view = state.view(p)
            v = o.encode_view(view, p)
            assert v.shape == (o.size,) and v.dtype == np.float32
            assert np.all(v >= -1.0) and np.all(v <= 1.0)
            np.testing.assert_allclose(v, o.encode_view_slow(view, p), rtol=1e-6, atol=0)
            count += 1
    # a seed the layout was not derived from
    sample_play(g, o.players, o.options, 424242, 150, visit)
    assert count > 0


def test_layout_is_deterministic_and_described_field_by_field():
    a, b = Observer("flip7", 3), Observer("flip7", 3)
    assert a.describe() == b.describe() and a.size == b.size
    fields = {path for path, *_ in a.describe()}
    assert {"view.seats[].cards", "view.scores[]", "view.turn", "view.draw_count"} <= fields
    # every offset is inside the vector, every field has a width
    for path, desc, off, width in a.describe():
        assert width > 0 and 0 <= off and off + width <= a.size, path


def test_seats_are_relative_to_the_viewer():
    """Flip 7's seats are public: seat p's entry is the same whoever looks, found at
    (p - viewer) mod n."""
    n = 3
    o = observer("flip7", n)
    s = get_game("flip7").new_state(n, None, seed=1)
    s.apply(0, "hit")
    off, width = next((off, w) for path, desc, off, w in o.describe() if path == "view.seats")
    per = width // n
    vec = [o.encode_view(s.view(q), q) for q in range(n)]
    for p in range(n):
        own = vec[p][off:off + per]
        assert own.any()
        for q in range(n):
            rel = (p - q) % n
            np.testing.assert_array_equal(vec[q][off + rel * per:off + (rel + 1) * per], own)
    assert not np.array_equal(vec[0][off:off + per], vec[1][off:off + per])


def test_information_state_remembers_what_the_view_forgets():
    """Go to the Store: an ask shows which cards a player holds; a later view no longer
    lists them. The information state keeps the counts per seat."""
    o = observer("go-to-the-store", 3, info_state=True)
    assert isinstance(o, InfoStateObserver) and o.size > o.view_size
    g = get_game("go-to-the-store")
    s = g.new_state(3, None, seed=2)
    memory = o.new_memory()
    rng = np.random.default_rng(0)
    for e in s.opening:
        o.record(memory, e.for_player(0), 0)
    for _ in range(20):
        if s.is_over():
            break
        p = s.decision().actors[0]
        legal = s.legal_actions(p)
        for e in s.apply(p, legal[int(rng.integers(len(legal)))]):
            o.record(memory, e.for_player(0), 0)
    full = o.encode(s.view(0), memory, 0)
    assert full.shape == (o.size,)
    np.testing.assert_array_equal(full[:o.view_size], o.encode_view(s.view(0), 0)[:o.view_size])
    assert full[o.view_size:].any()        # the history left counts behind
    assert np.all(full <= 1.0) and np.all(full >= -1.0)


def test_docs_list_every_game_layout():
    text = DOCS.read_text()
    for game in all_game_ids():
        assert f"### {game}" in text, game
    # the Flip 7 table in the docs is today's layout (regenerate: python -m fliptable.adapters.observation)
    for path, desc, off, width in observer("flip7").describe():
        assert f"| {off} | {width} | `{path}` |" in text, path


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {"partnership": True})])
def test_flinch_information_state_remembers_every_reserve_pile(players, options):
    """The view shows reserve tops only (reserve_memory=on); the information state,
    built from each seat's events alone, knows every reserve pile exactly: in the
    Partnership Game too, where a play from partner S's reserve is ``play:resK@S>cN``
    (issue 24: it crashed the encoder)."""
    from fliptable.adapters.observation import FlinchInfoState
    o = observer("flinch", players, options, info_state=True)
    assert isinstance(o, FlinchInfoState)
    g = get_game("flinch")
    names = g.cards.names
    rng = np.random.default_rng(3)
    deep = partner_plays = steps = 0
    for seed in range(8, 20):       # the Partnership Game ends sooner: play several games
        s = g.new_state(players, options, seed=seed)
        memories = [o.new_memory() for _ in range(players)]

        def record(events):
            for e in events:
                for p in range(players):
                    o.record(memories[p], e.for_player(p), p)
        record(s.opening)
        while not s.is_over() and steps < 200:
            steps += 1
            p = s.decision().actors[0]
            legal = s.legal_actions(p)
            partner = [a for a in legal if a.startswith("play:res") and "@" in a]
            if partner and rng.random() < 0.5:
                action = partner[0]
                partner_plays += 1
            else:
                action = legal[int(rng.integers(len(legal)))]
            record(s.apply(p, action))
            truth = s.to_json()["state"]["reserves"]    # seat-major, 5 piles each, bottom first
            want = [[[names[c] for c in truth[seat * 5 + k]] for k in range(5)] for seat in range(players)]
            for p in range(players):
                assert o.piles(memories[p]) == want
            deep = max(deep, max(len(pile) for seat in want for pile in seat))
            for v in s.view(0)["reserves"]:
                for pile in v:
                    assert set(pile) == {"top", "count"}        # the view itself forgets
        if steps >= 200:
            break
    assert deep >= 3
    assert (partner_plays > 0) == bool(options)
    full = o.encode(s.view(1), memories[1], 1)
    assert full.shape == (o.size,) and full[o.reserve_offset:].any()
    assert np.all(full >= -1.0) and np.all(full <= 1.0)


def test_what_the_layout_cannot_hold_is_dropped_and_reported():
    o = observer("flip7", 2)
    s = get_game("flip7").new_state(2, None, seed=5)
    view = s.view(0)
    assert o.misses(view) == []
    odd = dict(view, mystery_key=1, seats=[dict(view["seats"][0], status="dancing"), view["seats"][1]],
               discard=view["discard"] + ["no-such-card"])
    found = o.misses(odd)
    assert any("mystery_key" in m for m in found)
    assert any("'dancing'" in m for m in found)
    assert any("no-such-card" in m for m in found)
    v = o.encode_view(odd, 0)
    assert v.shape == (o.size,) and np.all(np.abs(v) <= 1.0)
