"""Direct encoders (``adapters.direct``: a seat's observation written from the state, no
view) give exactly the generic encoding of the view, over random play of several tables."""

import random

import numpy as np
import pytest

from fliptable.adapters.direct import encoder_class, seat_encoder
from fliptable.adapters.episode import Moments, Spec
from fliptable.adapters.observation import Observer, observer
from fliptable.core.registry import get_game
from fliptable.games.authors.fastobs import AuthorsDirect
from fliptable.games.flaps.fastobs import FlapsDirect
from fliptable.games.flinch.fastobs import FlinchDirect
from fliptable.games.flush.fastobs import FlushDirect
from fliptable.games.flyswatter.fastobs import FlyswatterDirect
from fliptable.games.go_to_the_store.fastobs import StoreDirect

TABLES = [
    ("flush", 4, {}),
    ("flush", 3, {"mode": "elimination"}),
    ("flush", 2, {"rounds": 1}),
    ("flinch", 2, {}),
    ("flinch", 4, {"partnership": True, "enforce": "table"}),
    ("flyswatter", 4, {}),
    ("authors", 4, {}),
    ("authors", 2, {}),
    ("authors", 10, {}),
    ("flaps", 4, {}),
    ("flaps", 2, {"level": 4, "games": 3}),  # SPOOF, and games after the first
    ("flaps", 5, {"level": 1, "legacy": "v1"}),
    ("flaps", 10, {"packs": 2, "level": 4}),  # two copies of each card
    ("flaps", 16, {"packs": 2, "level": 2}),
    ("go-to-the-store", 2, {}),
    ("go-to-the-store", 3, {}),
    ("go-to-the-store", 4, {}),
]
#: FLINCH tables (players, options) whose views differ in structure: reserve rows of five
#: piles (a per-seat list at five seats), owners' reserve cards, challenges (claims and the
#: timed window), partners' piles, centre piles built down and both ways, the 1-15 edition
FLINCH_TABLES = [
    (2, {}),
    (3, {}),
    (5, {}),
    (6, {"packs": 1}),
    (4, {"partnership": True}),
    (6, {"partnership": True, "enforce": "table"}),
    (3, {"enforce": "table", "challenge": "window"}),
    (2, {"reserve_memory": "off"}),
    (4, {"reserve_memory": "off", "enforce": "table"}),
    (3, {"centre": "ones-and-tens"}),
    (3, {"centre": "fives", "enforce": "table"}),
    (2, {"edition": 150}),
]


@pytest.mark.parametrize("game,players,options", TABLES)
def test_direct_observations_equal_the_generic_encoding(game, players, options):
    spec = Spec(game, players, options)
    enc = seat_encoder(spec.observer, players)
    assert isinstance(enc, encoder_class(spec.game))
    rng = random.Random(players)
    steps = rounds = longest = 0
    while steps < 1500:
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while not moments.over and steps < 1500:
            seat = moments.current
            for p in {seat, rng.randrange(players)}:  # the seat asked, and another
                np.testing.assert_array_equal(enc.observe(state, p), spec.observer.observe(state, p))
            steps += 1
            if moments.may_pass and (rng.random() < 0.5 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(seat)))
        rounds += 1
        longest = max(longest, state.ply)
    assert rounds > 1 and longest > 40  # several games, long enough to move every part


@pytest.mark.parametrize("players,options", FLINCH_TABLES)
def test_flinch_direct_observations_equal_the_generic_encoding_at_every_ply_and_seat(players, options):
    spec = Spec("flinch", players, options)
    enc = seat_encoder(spec.observer, players)
    assert isinstance(enc, FlinchDirect)
    rng = random.Random(100 + players)
    plies = games = 0
    while games < 3 or plies < 400:
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        while True:  # every ply, game over included
            for p in range(players):
                np.testing.assert_array_equal(enc.observe(state, p), spec.observer.observe(state, p))
            if moments.over or plies >= 800:
                break
            if moments.may_pass and (rng.random() < 0.5 or not state.legal_actions(moments.current)):
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))
            plies += 1
        games += 1
        if plies >= 800:
            break
        assert state.over
        enc = seat_encoder(spec.observer, players)  # a new game: a new encoder (as the env's reset)
    assert games > 1 or plies >= 800


#: Fly-swatter at every table size (two hands each up to four players, one from five), and
#: with the clock's window, hands checked as they landed, and cards removed unseen
FLYSWATTER_TABLES = [(n, {}) for n in range(2, 9)] + [
    (3, {"window_ms": 500, "check": "landing"}),
    (5, {"remove": 20}),
]


@pytest.mark.parametrize("players,options", FLYSWATTER_TABLES)
def test_flyswatter_direct_observations_equal_the_generic_encoding_at_every_ply_and_seat(players, options):
    spec = Spec("flyswatter", players, options)
    enc = seat_encoder(spec.observer, players)
    assert isinstance(enc, FlyswatterDirect)
    rng = random.Random(200 + players)
    plies = games = 0
    seen = {"won": 0, "penalty": 0, "long middle": 0, "over": 0}
    while games < 3 or plies < 600:
        state = spec.game.new_state(players, spec.options, seed=rng.randrange(1 << 30))
        moments = Moments(state)
        passing = 0.3 if games % 2 else 0.8  # passing more, fewer flies are won: a longer middle
        # seats observed now and then (as in an AEC loop), so a seat's vector is brought
        # up to date over several plies at once; every seat at the end
        while True:
            for p in range(players):
                if moments.over or rng.random() < 0.4:
                    np.testing.assert_array_equal(enc.observe(state, p), spec.observer.observe(state, p))
            if moments.over:
                break
            if moments.may_pass and rng.random() < passing:
                moments.pass_()
            else:
                moments.act(rng.choice(state.legal_actions(moments.current)))
            plies += 1
            last = state.last_window
            for o in last["outcome"] if last is not None else ():
                if o[3] != "late":
                    seen[o[3]] += 1
            seen["long middle"] += len(state.middle) > spec.observer.root.children["middle"].window
        seen["over"] += state.is_over()
        games += 1
    assert all(seen.values()), seen  # flies won and lost, a middle longer than its window


def test_a_layout_it_does_not_know_gets_the_generic_path():
    o = Observer("flush", 3)
    o.root.children["surprise"] = o.root.children["round"]  # a key the direct encoder never writes
    assert FlushDirect.fit(o, 3) is None
    assert seat_encoder(o, 3) is None
    assert seat_encoder(observer("muggins"), 2) is None  # no direct encoder
    assert seat_encoder(observer("flip7"), 4) is None
    assert AuthorsDirect.fit(observer("go-to-the-store"), 3) is None  # the Store's count: a key it never writes
    for level in (5, 6, 7):  # FLAPS from Level 5: the mystery, the 1-DOWN piles, the FULL MONTY
        assert seat_encoder(Observer("flaps", 4, {"level": level}), 4) is None


@pytest.mark.parametrize("game", ["authors", "go-to-the-store"])
def test_asking_direct_encoder_follows_states_that_take_turns(game):
    # one encoder asked in turns about two games and a clone that goes its own way: each
    # record's rows kept per seat are another's, and a seat's window, books and hand are
    # the state's it is asked about
    spec = Spec(game, 3, {})
    enc = seat_encoder(spec.observer, 3)
    rng = random.Random(7)
    states = [spec.game.new_state(3, spec.options, seed=s) for s in (1, 2)]
    for step in range(120):
        if step == 30:
            states.append(states[0].clone())
        for state in states:
            if state.is_over():
                continue
            for p in range(3):
                np.testing.assert_array_equal(enc.observe(state, p), spec.observer.observe(state, p))
            state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    assert len(states) == 3 and states[2].history != states[0].history


def test_the_games_with_a_fast_path_are_the_ones_found_in_their_packages():
    from fliptable.core.registry import all_game_ids

    found = {g: encoder_class(get_game(g)) for g in all_game_ids()}
    assert {g for g, cls in found.items() if cls is not None} == {
        "flush",
        "flinch",
        "flyswatter",
        "authors",
        "flaps",
        "go-to-the-store",
    }
    assert found["flush"] is FlushDirect and found["flinch"] is FlinchDirect
    assert found["flyswatter"] is FlyswatterDirect and found["authors"] is AuthorsDirect
    assert found["flaps"] is FlapsDirect and found["go-to-the-store"] is StoreDirect


@pytest.mark.parametrize(
    "game,players",
    [("flush", 3), ("flinch", 2), ("flyswatter", 4), ("authors", 3), ("flaps", 4), ("go-to-the-store", 3)],
)
def test_an_env_reset_reuses_its_direct_encoder_cleared(game, players):
    from fliptable.adapters.pettingzoo import env

    e = env(game, players)
    e.reset(seed=5)
    raw = e.unwrapped
    first = raw.history.seats
    assert isinstance(first, encoder_class(raw.spec_.game))
    rng = random.Random(5)
    for game_no in range(3):
        if game_no:
            e.reset()
            assert raw.history.seats is first  # not built again
        for _ in range(60):  # part of a game: the next reset starts from a written vector
            agent = e.agent_selection
            for p in range(players):
                np.testing.assert_array_equal(
                    raw.history.observation(raw.state, p), raw.spec_.observer.observe(raw.state, p)
                )
            if raw.moments.over:
                break
            e.step(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]).tolist()))
