"""Fly-swatter against the Kernel 2 contract (docs/kernel.md): declared fields, the
shared view words, determinization (draw stacks and removed cards re-dealt, public
penalty flies kept in place), clocks, results, facts, bounds."""

import json
import random
from collections import Counter

import pytest

from fliptable.core import OptionError, Race, StateError
from fliptable.games.flyswatter.cards import CARDS
from fliptable.games.flyswatter.state import FlyswatterState

from .helpers import GAME, flip_all, new, penalty_game


def test_fields_drive_clone_and_json():
    assert {"counts", "placed", "_decision"} <= set(FlyswatterState.DERIVED)
    s = penalty_game()
    data = s.to_json()
    assert set(data["state"]) == set(FlyswatterState.FIELDS)
    again = GAME.state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.counts == s.counts and again.colours == s.colours
    twin = s.clone(rng=random.Random(1))
    assert twin.last_window is s.last_window  # 'frozen': shared, never changed in place
    assert twin.to_json()["state"] == data["state"]


def test_a_penalty_fly_is_public_and_stays_put_under_determinization():
    s = penalty_game()
    assert s.known == [1, 0] and CARDS.name(s.draw[0][-1]) == "red4"
    moved = False
    for seed in range(5):
        for seat in (None, 0, 1):
            d = s.determinize(seat, random.Random(seed))
            assert d.view(seat) == s.view(seat) and d.frame(seat) == s.frame(seat)
            assert CARDS.name(d.draw[0][-1]) == "red4"  # everyone saw it go there
            assert Counter(d.all_cards()) == Counter(s.all_cards())
            assert d.middle == s.middle and d.won == s.won
            moved |= d.draw != s.draw
    assert moved
    slots = s.hidden_slots(1)
    assert len(slots) == sum(len(st) for st in s.draw) - 1 + len(s.unseen)


def test_the_known_count_shrinks_when_the_stack_is_flipped_down_to_it():
    from .helpers import short_game

    s = short_game([["red1", "red2", "swatter"], ["blue3", "swatter", "green1"]])
    s.apply(0, "flip")
    s.apply(1, "flip")
    s.apply(0, "flip")  # red2; middle red1 blue3 red2 -> red allowed on the next swatter
    s.apply(1, "flip")  # swatter: window 1
    s.apply(0, "swat:1")  # red1: won
    s.apply(0, "swat:2")  # blue3: wrong -> red1 under seat 0's stack (one card left: swatter)
    s.apply(1, "done")
    assert s.known == [1, 0] and [CARDS.name(c) for c in s.draw[0]] == ["swatter", "red1"]
    s.apply(0, "flip")  # the swatter: the known red1 is now the whole stack
    assert s.known == [1, 0] and len(s.draw[0]) == 1


def test_tampered_states_are_refused():
    s = penalty_game()
    for field, value, says in (
        ("known", [99, 0], "known"),
        ("hands", [[0, 1]], "no window"),
        ("open", True, "open window"),
        ("racing", [1], "nobody races"),
        ("last_window", {"number": 1}, "last_window"),
    ):
        data = s.to_json()
        data["state"][field] = value
        with pytest.raises(StateError, match=says):
            GAME.state_from_json(data)


def test_view_uses_the_shared_words():
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    v = s.view(None)
    assert v["turn"] == 0 and v["next"] == 0 and v["over"] is False and v["winners"] == []
    assert v["scores"] == [0, 0]
    flip_all(s, 4)
    v = s.view(1)
    assert v["turn"] is None and v["next"] == 0  # a race: nobody's turn
    assert all(isinstance(f["card"], str) for f in v["middle"])


def test_timeouts_done_in_a_window_flip_on_a_turn():
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    assert s.timeout_action(0) == "flip"
    flip_all(s, 4)
    assert isinstance(s.decision(), Race) and s.timeout_action(1) == "done"


def test_no_winners_before_the_end_only_a_leader():
    s = penalty_game()
    r = s.result()
    assert not r.over and r.winners == () and r.details["leading"] == [0] and r.scores == (1, 0)
    assert r.returns() == (0.0, 0.0)


def test_max_decisions_is_a_real_bound():
    from fliptable.bots.base import RandomAgent
    from fliptable.sim.match import play_match

    assert GAME.info(4).max_decisions == 112 * (2 * 4 * 2 + 2)
    assert GAME.info(5, {"remove": 12}).max_decisions == 100 * (2 * 5 * 1 + 2)
    for players in (2, 5, 8):
        m = play_match(GAME, [RandomAgent() for _ in range(players)], seed=players)
        assert m.decisions <= GAME.info(players).max_decisions


def test_facts():
    info = GAME.info(3)
    assert (info.information, info.dynamics, info.num_actions) == ("imperfect", "real-time", 66)


def test_window_ms_has_a_finite_range():
    GAME.new_state(2, {"window_ms": 600_000}, 0)
    for bad in (0.5, 600_001, "inf", "nan"):
        with pytest.raises(OptionError):
            GAME.new_state(2, {"window_ms": bad}, 0)
