"""The generic observer: fixed shapes, bounded values, the compiled encoder equal to the
pure-Python one, layouts built from the declared schema (seat-relative lists only where
the schema says so), the information state, and docs/rl.md."""

from pathlib import Path

import numpy as np
import pytest

from fliptable.adapters.observation import InfoStateObserver, Observer, layout_markdown, observer
from fliptable.core.registry import all_game_ids, get_game
from tests.adapters.play import random_play

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", all_game_ids())
def test_every_view_encodes_to_the_fixed_shape_in_bounds(game):
    o = observer(game)
    g = get_game(game)
    pure = o.root.compile(o.names, pure=True)
    count = 0

    def visit(state):
        nonlocal count
        for p in range(state.players):
            view = state.view(p)
            v = o.encode_view(view, p)
            assert v.shape == (o.size,) and v.dtype == np.float32
            assert np.all(v >= -1.0) and np.all(v <= 1.0)
            w = np.zeros(o.size, dtype=np.float32)
            pure(view, w, 0, p)
            np.testing.assert_array_equal(v, w)
            count += 1

    random_play(g, o.players, o.options, 424242, 150, visit)
    assert count > 0


def test_layout_is_deterministic_and_described_field_by_field():
    a, b = Observer("flip7", 3), Observer("flip7", 3)
    assert a.describe() == b.describe() and a.size == b.size
    fields = {path for path, *_ in a.describe()}
    assert {"view.seats[].cards", "view.scores[]", "view.turn", "view.draw_count"} <= fields
    # every offset is inside the vector, every field has a width
    for path, _desc, off, width in a.describe():
        assert width > 0 and off >= 0 and off + width <= a.size, path


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
        own = vec[p][off : off + per]
        assert own.any()
        for q in range(n):
            rel = (p - q) % n
            np.testing.assert_array_equal(vec[q][off + rel * per : off + (rel + 1) * per], own)
    assert not np.array_equal(vec[0][off : off + per], vec[1][off : off + per])


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
    np.testing.assert_array_equal(full[: o.view_size], o.encode_view(s.view(0), 0)[: o.view_size])
    assert full[o.view_size :].any()  # the history left counts behind
    assert np.all(full <= 1.0) and np.all(full >= -1.0)


@pytest.mark.parametrize("game", all_game_ids())
def test_docs_list_every_game_layout(game):
    """Each game's table in the docs is today's layout, row for row (regenerate:
    python -m fliptable.adapters.observation)."""
    text = DOCS.read_text()
    assert layout_markdown(game) in text, f"docs/rl.md's layout of {game} is not today's"


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {"partnership": True})])
def test_flinch_information_state_remembers_every_reserve_pile(players, options):
    """The view shows reserve tops only (reserve_memory=on); the information state,
    built from each seat's events alone, knows every reserve pile exactly: in the
    Partnership Game too, where a play from partner S's reserve is ``play:resK@S>cN``
    (issue 24: it crashed the encoder)."""
    from fliptable.games.flinch.infostate import FlinchInfoState

    o = observer("flinch", players, options, info_state=True)
    assert isinstance(o, FlinchInfoState)
    g = get_game("flinch")
    names = g.cards.names
    rng = np.random.default_rng(3)
    deep = partner_plays = steps = 0
    for seed in range(8, 20):  # the Partnership Game ends sooner: play several games
        s = g.new_state(players, options, seed=seed)
        memories = [o.new_memory() for _ in range(players)]

        def record(events, memories=memories):
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
            truth = s.to_json()["state"]["reserves"]  # seat-major, 5 piles each, bottom first
            want = [[[names[c] for c in truth[seat * 5 + k]] for k in range(5)] for seat in range(players)]
            for p in range(players):
                assert o.piles(memories[p]) == want
            deep = max(deep, max(len(pile) for seat in want for pile in seat))
            for v in s.view(0)["reserves"]:
                for pile in v:
                    assert set(pile) == {"top", "count"}  # the view itself forgets
        if steps >= 200:
            break
    assert deep >= 3
    assert (partner_plays > 0) == bool(options)
    full = o.encode(s.view(1), memories[1], 1)
    assert full.shape == (o.size,) and full[o.reserve_offset :].any()
    assert np.all(full >= -1.0) and np.all(full <= 1.0)


def test_a_view_beyond_its_schema_still_encodes_to_the_fixed_shape():
    """An unknown key, word or card is dropped (the contract test keeps real views
    within their schema); the vector keeps its shape and bounds."""
    o = observer("flip7", 2)
    s = get_game("flip7").new_state(2, None, seed=5)
    view = s.view(0)
    odd = dict(
        view,
        mystery_key=1,
        seats=[dict(view["seats"][0], status="dancing"), view["seats"][1]],
        discard=view["discard"] + ["no-such-card"],
        round=10**6,
    )
    v = o.encode_view(odd, 0)
    assert v.shape == (o.size,) and np.all(np.abs(v) <= 1.0)


def _field(o, path):
    return next((off, w) for p, d, off, w in o.describe() if p == path and not d.startswith("presence"))


def test_flinch_reserve_piles_are_not_rotated_at_five_players():
    """Issue 24: with 5 players each seat's 5 reserve piles looked like "one entry per
    seat" and were rotated by the viewer. Only the seats are rotated: pile k of seat q
    is at the same place of (q - viewer) mod 5's block for every viewer."""
    o = observer("flinch", 5)
    g = get_game("flinch")
    state = random_play(g, 5, None, 3, 120, lambda s: None)
    off, width = _field(o, "view.reserves")
    per_seat = width // 5
    view = state.view(0)
    assert len({r["count"] for seat in view["reserves"] for r in seat}) > 2  # piles differ
    blocks = {}
    for viewer in range(5):
        v = o.encode_view(state.view(viewer), viewer)
        assert o.decode(v, viewer)["reserves"] == view["reserves"]
        for q in range(5):
            block = v[off + ((q - viewer) % 5) * per_seat :][:per_seat]
            # seat q's piles, in pile order, whoever looks (the old layout rotated them)
            np.testing.assert_array_equal(blocks.setdefault(q, block), block)


def test_flyswatter_hands_are_seat_and_place_pairs_at_two_players():
    """Issue 24: with 2 players the ``[player, fly]`` pairs of ``window.hands`` were
    taken for per-seat lists and rotated (``[0, 3]`` written ``[0, 0.03]`` for one viewer
    and ``[0.03, 0]`` for the other). Now a pair is a seat (relative) and a place."""
    o = observer("flyswatter", 2)
    paths = {p: d for p, d, off, w in o.describe()}
    assert paths["view.window.hands[][0]"].startswith("one-hot seat relative")
    assert paths["view.window.hands[][1]"].startswith("value / 64")
    g = get_game("flyswatter")
    seen = []

    def visit(state):
        view = state.view(0)
        if view["window"] and view["window"]["hands"]:
            seen.append(state.clone())

    random_play(g, 2, None, 1, 400, visit)
    assert seen
    for state in seen[:20]:
        for viewer in range(2):
            view = state.view(viewer)
            got = o.decode(o.encode_view(view, viewer), viewer)["window"]["hands"]
            assert got == view["window"]["hands"][-len(got) :]


def test_flip7_round_is_scaled_by_the_round_limit():
    """Issue 24: ``round`` was divided by 50 while ``round_limit`` goes to 1000; a round
    is now scaled by the table's own limit, so the last round reads 1.0."""
    for limit in (10, 200, 1000):
        o = Observer("flip7", 3, {"round_limit": limit})
        assert {p: d for p, d, off, w in o.describe()}["view.round"] == f"value / {limit}, clipped to [-1, 1]"
        s = get_game("flip7").new_state(3, {"round_limit": limit}, seed=1)
        view = dict(s.view(0), round=limit)
        off, _ = _field(o, "view.round")
        assert o.encode_view(view, 0)[off] == 1.0
