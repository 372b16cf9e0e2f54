"""The Kernel 2 contract, checked over random games of every registered game: one
legality (tuples, action space, why_illegal), frames, ply and stale actions, seat
checks, determinization (invariance and non-triviality), no shared live state, clones
with their own chance, validated loading, facts and returns."""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fliptable.core import IllegalAction, SeatError, StaleAction, StateError, all_game_ids, get_game
from tests.helpers import new_random_state, random_step

GAMES = list(all_game_ids())
MAX_STEPS = 20_000
FRAME_KEYS = {"game", "ply", "seat", "decision", "legal", "view"}
SECRET_WORDS = {"seed", "rng", "deck_order", "draw_order"}


def walk(game, data, checks, every=None):
    """Play one random game; at sampled steps, early and late, call ``checks(state, rng)``."""
    state, _, _, seed = new_random_state(game, data.draw)
    rng = random.Random(seed)
    every = every or rng.randrange(7, 60)
    for n in range(MAX_STEPS):
        if state.is_over():
            break
        if n % every == 0:
            checks(state, rng)
        p, a = random_step(state, rng)
        state.apply(p, a)
    else:
        pytest.fail(f"{game.id} did not end in {MAX_STEPS} random steps")
    checks(state, rng)
    return state


def scramble(value):
    """Mutate JSON-like data in place as a careless caller might."""
    if isinstance(value, list):
        for i in range(len(value)):
            if isinstance(value[i], (list, dict)):
                scramble(value[i])
        value.append("scrambled")
        value.reverse()
    elif isinstance(value, dict):
        for v in list(value.values()):
            if isinstance(v, (list, dict)):
                scramble(v)
        value["scrambled"] = True


def no_secret_keys(value, path="view"):
    if isinstance(value, dict):
        for k, v in value.items():
            assert k not in SECRET_WORDS, f"{path}.{k} must never leave the kernel"
            no_secret_keys(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            no_secret_keys(v, f"{path}[{i}]")


def random_games(max_examples=25):
    """A property of every game, tried on ``max_examples`` random games of each: the test
    takes ``game_id`` and Hypothesis' ``data`` (for ``walk``)."""

    def wrap(test):
        test = given(data=st.data())(test)
        test = settings(max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])(test)
        return pytest.mark.parametrize("game_id", GAMES)(test)

    return wrap


@random_games()
def test_one_legality(game_id, data):
    game = get_game(game_id)

    def checks(state, rng):
        space = set(game.action_space(state.players, state.options))
        d = state.decision()
        for p in range(state.players):
            legal = state.legal_actions(p)
            assert isinstance(legal, tuple), f"legal_actions({p}) must be a tuple"
            for a in legal:
                assert a in space, f"legal {a!r} is not in the action space"
                assert state.why_illegal(p, a) is None, f"legal {a!r} given a reason"
            if legal:
                assert p in d.actors, f"player {p} has legal actions but is not in {d}"
            illegal = [a for a in space if a not in legal]
            for a in rng.sample(illegal, min(3, len(illegal))):
                assert state.why_illegal(p, a), f"illegal {a!r} given no reason"
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    state.apply(p, a)
                assert state.to_json() == before
            for a in garbled(legal, rng):
                reason = state.why_illegal(p, a)
                assert reason and len(reason) <= MESSAGE_LIMIT, f"{a[:40]!r}: {len(reason or '')} characters"
                before = state.to_json()
                with pytest.raises(IllegalAction) as refused:
                    state.apply(p, a)
                assert len(str(refused.value)) <= MESSAGE_LIMIT and state.to_json() == before

    walk(game, data, checks)


#: an error message quotes a short prefix of the input, never all of it
MESSAGE_LIMIT = 600


def garbled(legal, rng):
    """Malformed actions a person or a fuzzer might send, built on a legal one: odd
    digits ('²', Arabic-Indic), a 5,000-digit number, a 100 kB word."""
    base = legal[int(rng.random() * len(legal))] if legal else "play"
    head = base.rsplit(":", 1)[0] if ":" in base else base
    return [f"{head}:²", f"{head}:\u0661", f"{head}:" + "7" * 5000, base + "²", "x" * 100_000, ""]


@random_games()
def test_frames_ply_and_stale_actions(game_id, data):
    game = get_game(game_id)

    def checks(state, rng):
        for seat in [*range(state.players), None]:
            frame = state.frame(seat)
            assert set(frame) == FRAME_KEYS
            assert frame["game"] == game_id and frame["ply"] == state.ply and frame["seat"] == seat
            assert frame["decision"]["kind"] in ("turn", "race", "simultaneous", "over")
            assert frame["legal"] == (list(state.legal_actions(seat)) if seat is not None else [])
            assert frame["view"] == state.view(seat)
            json.dumps(frame, allow_nan=False)
            no_secret_keys(frame["view"])
        # a seat is an int of the table, checked in one place: True and 1.0 are not seat 1
        space = game.action_space(state.players, state.options)
        for bad in (-1, state.players, "0", 1.0, True, False, 0.0):
            with pytest.raises(SeatError):
                state.view(bad)
            with pytest.raises(SeatError):
                state.legal_actions(bad)
            with pytest.raises(SeatError):
                state.action_mask(bad)
            with pytest.raises(SeatError):
                state.why_illegal(bad, space[0])
            with pytest.raises(IllegalAction):
                state.apply(bad, space[0])
        assert state.legal_actions(None) == ()
        if not state.is_over():
            p, a = random_step(state, rng)
            before = state.to_json()
            with pytest.raises(StaleAction):
                state.apply(p, a, ply=state.ply - 1)
            assert state.to_json() == before
            twin = state.clone()
            twin.apply(p, a, ply=state.ply)
            assert twin.ply == state.ply + 1

    walk(game, data, checks)


@random_games()
def test_nothing_handed_out_shares_live_state(game_id, data):
    game = get_game(game_id)

    def checks(state, rng):
        before = state.to_json()
        seats = [*range(state.players), None]
        for seat in seats:
            scramble(state.view(seat))
            scramble(state.frame(seat))
            if seat is not None:
                legal = state.legal_actions(seat)
                assert isinstance(legal, tuple)
        scramble(state.to_json())
        scramble(state.result().to_json())
        twin = state.clone()
        if not twin.is_over():
            p, a = random_step(twin, rng)
            for event in twin.apply(p, a):
                # what one seat is told is its own: scrambling it changes no other's
                told = [json.dumps(event.for_player(s)) for s in seats] + [json.dumps(event.full())]
                for seat in seats:
                    scramble(event.for_player(seat))
                scramble(event.full())
                assert [json.dumps(event.for_player(s)) for s in seats] + [json.dumps(event.full())] == told
                scramble(event.data)
                for seat in range(state.players):
                    scramble(event.for_player(seat))
        assert state.to_json() == before, "a returned value shared the state's own data"

    walk(game, data, checks)


@random_games()
def test_determinize_is_indistinguishable_and_plays_on(game_id, data):
    game = get_game(game_id)
    moved = []
    played = []

    def checks(state, rng):
        for seat in [*range(state.players), None]:
            det = state.determinize(seat, random.Random(rng.random()))
            assert Counter(det.all_cards()) == Counter(state.all_cards())
            assert det.view(seat) == state.view(seat), f"seat {seat}: the view changed"
            assert det.frame(seat) == state.frame(seat)
            if seat is not None:
                assert det.legal_actions(seat) == state.legal_actions(seat)
            if det.to_json()["state"] != state.to_json()["state"]:
                moved.append(seat)
        # the determinized state plays on to the end like any state: at the first three checks,
        # then at one in ten (each playout runs to the end of the match, so at every check a long
        # match — FLAPS, 20 games with two packs — would cost its length squared)
        if len(played) >= 3 and rng.random() >= 0.1:
            return
        played.append(state.ply)
        det = state.determinize(rng.randrange(state.players), random.Random(rng.random()))
        for _ in range(MAX_STEPS):
            if det.is_over():
                break
            p, a = random_step(det, rng)
            det.apply(p, a)
        assert det.is_over()

    walk(game, data, checks)
    if game.information == "imperfect":
        assert moved, "determinize never moved a hidden card in a whole game"


@random_games()
def test_clones_json_facts_and_returns(game_id, data):
    game = get_game(game_id)

    def checks(state, rng):
        before = state.to_json()
        exact = state.clone()
        assert exact.to_json() == before
        search = state.clone(rng=random.Random(1))
        assert search.to_json()["state"] == before["state"]
        for twin in (exact, search):
            for _ in range(20):
                if twin.is_over():
                    break
                p, a = random_step(twin, rng)
                twin.apply(p, a)
        assert state.to_json() == before
        loaded = game.state_from_json(json.loads(json.dumps(before)))
        assert loaded.to_json() == before

    state = walk(game, data, checks)
    info = game.info(state.players, state.options)
    assert info.num_actions == len(game.action_space(state.players, state.options))
    assert state.ply <= info.max_decisions
    result = state.result()
    returns = result.returns()
    assert len(returns) == state.players and abs(sum(returns)) < 1e-9
    assert all(info.utility[0] <= r <= info.utility[1] for r in returns)
    for w in result.winners:
        assert returns[w] == max(returns)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_winners_before_the_end(game_id):
    game = get_game(game_id)
    state = game.new_state(game.default_players, {}, 7)
    rng = random.Random(7)
    for _ in range(30):
        if state.is_over():
            break
        result = state.result()
        assert not result.over and result.winners == (), "winners named before the game is over"
        assert result.returns() == (0.0,) * state.players
        p, a = random_step(state, rng)
        state.apply(p, a)


def _mutations(data, rng):
    """Ways a stored state gets damaged: values replaced, lists cut, types changed."""
    junk = [None, -1, 10**6, "x", [], {}, 1.5, True, [[-3]], 2**70]

    def paths(value, path=()):
        yield path
        if isinstance(value, dict):
            for k, v in value.items():
                yield from paths(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value[:6]):
                yield from paths(v, (*path, i))

    all_paths = [p for p in paths(data) if p]
    for _ in range(40):
        path = rng.choice(all_paths)
        copy = json.loads(json.dumps(data))
        target = copy
        for k in path[:-1]:
            target = target[k]
        key = path[-1]
        choice = rng.random()
        if choice < 0.6:
            target[key] = rng.choice(junk)
        elif choice < 0.8 and isinstance(target[key], list) and target[key]:
            target[key].pop()
        elif isinstance(target, dict):
            del target[key]
        else:
            target[key] = rng.choice(junk)
        yield copy


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _tamperings(data, rng):
    """Ways a stored state gets tampered with while staying well-typed: two integers of
    the game's fields swapped (a card moved to another hand, a record row rewritten),
    one integer nudged by one, and the RNG's words pushed past 32 bits, zeroed, or its
    gauss_next replaced."""
    ints = [(p, v) for p, v in _leaves(data["state"], ("state",)) if type(v) is int]

    def put(copy, path, value):
        for k in path[:-1]:
            copy = copy[k]
        copy[path[-1]] = value

    for _ in range(40):
        copy = json.loads(json.dumps(data))
        if len(ints) >= 2 and rng.random() < 0.5:
            (p1, v1), (p2, v2) = rng.sample(ints, 2)
            put(copy, p1, v2)
            put(copy, p2, v1)
        elif ints:
            path, value = rng.choice(ints)
            put(copy, path, value + rng.choice((-1, 1)))
        yield copy
    words = data["rng"][1]
    for change in (
        lambda r: r[1].__setitem__(rng.randrange(624), words[0] + 2**32),
        lambda r: r[1].__setitem__(slice(0, 624), [0] * 624),
        lambda r: r[1].__setitem__(624, 625),
        lambda r: r.__setitem__(2, rng.choice(["x", 1, [0.5], True, {}])),
    ):
        copy = json.loads(json.dumps(data))
        change(copy["rng"])
        yield copy


def _first_difference(a, b, path="") -> str:
    """Where two JSON values first differ, and how: ``state.hands[1]: [2, 3] -> [3, 2]``."""
    if type(a) is type(b) and isinstance(a, dict) and a.keys() != b.keys():
        return f"{path}: keys {sorted(a.keys() ^ b.keys())} in one only"
    if type(a) is type(b) and isinstance(a, dict):
        return next(_first_difference(a[k], b[k], f"{path}.{k}") for k in a if a[k] != b[k])
    if type(a) is type(b) and isinstance(a, list) and len(a) == len(b):
        return next(
            _first_difference(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y
        )
    return f"{path}: {str(a)[:80]} -> {str(b)[:80]}"


@random_games(max_examples=10)
def test_tampered_states_load_exactly_and_determinize_or_are_refused(game_id, data):
    # issue 22: a saved state either loads, writes back exactly what was read
    # (to_json(from_json(x)) == x) and determinizes for every seat, or is refused with
    # StateError — never another exception, never a state that cannot be re-dealt
    game = get_game(game_id)

    def checks(state, rng):
        saved = state.to_json()
        assert game.state_from_json(json.loads(json.dumps(saved))).to_json() == saved
        for bad in list(_mutations(saved, rng)) + list(_tamperings(saved, rng)):
            try:
                loaded = game.state_from_json(bad)
            except StateError:
                continue
            assert loaded.to_json() == bad, "a loaded state does not write back what was read: " + _first_difference(
                bad, loaded.to_json()
            )
            loaded.decision()
            for p in range(loaded.players):
                loaded.legal_actions(p)
            for seat in [*range(loaded.players), None]:
                det = loaded.determinize(seat, random.Random(rng.random()))
                assert det.view(seat) == loaded.view(seat)

    walk(game, data, checks, every=97)


#: the words every game's view uses for the same things (docs/kernel.md "Views")
SHARED_KEYS = {"players", "seat", "turn", "over", "scores", "winners"}


@random_games()
def test_views_share_one_vocabulary(game_id, data):
    """One key for whose turn it is, the viewer's seat, whether it is over and who won,
    in every game; a hand is card notation (text), never ints."""
    game = get_game(game_id)

    def checks(state, rng):
        for seat in [*range(state.players), None]:
            view = state.view(seat)
            assert set(view) >= SHARED_KEYS, f"missing {sorted(SHARED_KEYS - set(view))}"
            assert view["seat"] == seat and view["players"] == state.players
            assert view["over"] == state.is_over()
            assert view["turn"] is None or view["turn"] in range(state.players)
            assert len(view["scores"]) == state.players
            assert (list(view["winners"]) == list(state.result().winners)) if state.is_over() else not view["winners"]
            hand = view.get("hand")
            if isinstance(hand, list):
                assert all(isinstance(c, str) for c in hand), f"hand {hand[:5]} is not card notation"

    walk(game, data, checks)


@random_games(max_examples=8)
def test_a_live_state_and_its_json_round_trip_look_alike_at_every_ply(game_id, data):
    # derived caches (``DERIVED``, rebuilt by ``_derive`` on load) must never go stale in
    # a live state: at every ply, to the end, a state and the state loaded from its JSON
    # give every seat and a spectator the same frame (view, legal actions, decision) and
    # the same result. (Flip 7 once showed a finished game's emptied seats a Second Chance.)
    game = get_game(game_id)

    def checks(state, rng):
        loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
        for seat in [*range(state.players), None]:
            assert loaded.frame(seat) == state.frame(seat), (game_id, state.ply, seat)
        assert loaded.result().to_json() == state.result().to_json()

    walk(game, data, checks, every=1)


def _check_views(state, rng):
    from fliptable.core.schema import check

    game = state.game
    schema = game.observation_schema(state.players, state.options)
    for p in range(state.players):
        wrong = check(schema, state.view(p), state.players, game.cards.names)
        assert not wrong, f"{game.id} view({p}) departs from its declared schema: {wrong[:5]}"
    wrong = check(
        game.spectator_schema(state.players, state.options), state.view(None), state.players, game.cards.names
    )
    assert not wrong, f"{game.id} view(None) departs from its declared spectator schema: {wrong[:5]}"


@random_games(max_examples=10)
def test_every_view_fits_the_games_declared_schema(game_id, data):
    """Every seat's view of random games at random tables (options included) holds what
    the game declares (``Game.observation_schema``): keys, shapes, seats, cards, words,
    bounds."""
    walk(get_game(game_id), data, _check_views, every=5)


TABLE_SIZES = [(g, n) for g in GAMES for n in range(get_game(g).min_players, get_game(g).max_players + 1)]


@pytest.mark.parametrize("game_id,players", TABLE_SIZES, ids=[f"{g}-{n}" for g, n in TABLE_SIZES])
def test_views_fit_the_schema_at_every_table_size(game_id, players):
    """One random game (its first 400 steps) at every player count the game allows; its
    events are of the types the game declares (``observation.py``'s ``EVENTS``)."""
    from fliptable.core.schema import declared

    game = get_game(game_id)
    options = {"packs": 2} if game_id == "flaps" and players > 8 else None
    state = game.new_state(players, options, seed=players)
    rng = random.Random(players)
    types = {e.type for e in state.opening}
    for n in range(400):
        if n % 4 == 0 or state.is_over():
            _check_views(state, rng)
        if state.is_over():
            break
        types.update(e.type for e in state.apply(*random_step(state, rng)))
    assert types <= set(declared(game).EVENTS), types - set(declared(game).EVENTS)


def test_a_view_that_departs_from_its_schema_is_named():
    game = get_game("flip7")
    state = game.new_state(3, None, seed=1)
    view = state.view(0)
    view["seats"][1]["total"] = 10_000
    view["dealer"] = 3
    view["mystery"] = 1
    from fliptable.core.schema import check

    assert check(game.observation_schema(3, state.options), view, 3, game.cards.names) == [
        "view.mystery: a key the schema does not declare",
        "view.dealer: 3 is not a seat of 3",
        "view.seats[1].total: 10000 is outside 0..370",
    ]


def test_a_spectator_view_has_no_seat_and_no_hand():
    game = get_game("flush")
    state = game.new_state(3, None, seed=1)
    from fliptable.core.schema import check

    schema = game.spectator_schema(3, state.options)
    assert check(schema, state.view(None), 3, game.cards.names) == []
    # a seat's view is not a spectator's, nor the other way round
    assert check(schema, state.view(0), 3, game.cards.names) == [
        "view.hand: a key the schema does not declare",
        "view.seat: 0 is not a null",
    ]
    assert check(game.observation_schema(3, state.options), state.view(None), 3, game.cards.names) == [
        "view.seat: None is not a seat of 3",
        "view.hand: missing",
    ]
