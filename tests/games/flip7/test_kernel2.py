"""Flip 7 against the Kernel 2 contract (docs/kernel.md): declared fields, the shared
view vocabulary, determinization of the draw pile, clocks, results, facts."""

import json
import random
from collections import Counter

import pytest

from fliptable.core import SeatError, StateError
from fliptable.games.flip7.cards import CARDS
from fliptable.games.flip7.state import Flip7State
from tests.games.flip7.helpers import GAME, new


def midgame(seed=3, steps=25, players=4):
    s = GAME.new_state(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        p = s.decision().player
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s


def test_fields_drive_clone_and_json():
    assert "mask" in Flip7State.DERIVED and "mask" not in Flip7State.FIELDS
    s = midgame()
    data = s.to_json()
    assert set(data["state"]) == set(Flip7State.FIELDS)
    again = GAME.state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.mask == s.mask and again.has_second == s.has_second


def test_the_search_clone_draws_its_own_future():
    s = new(2, ["5", "6"])
    s.draw, s.discard = [], s.draw  # the next hit reshuffles the discards
    a, b = s.clone(rng=random.Random(1)), s.clone(rng=random.Random(2))
    a.apply(0, "hit")
    b.apply(0, "hit")
    assert a.draw != b.draw  # different shuffles: the clones do not share the future
    exact = s.clone()
    exact.apply(0, "hit")
    s.apply(0, "hit")
    assert exact.to_json() == s.to_json()


@pytest.mark.parametrize(
    "field, value, says",
    [
        ("status", [0, 9], "status"),
        ("choice", "give", "needs a chooser"),
        ("chooser", 1, "together"),
        ("last", 0, "active"),
        ("ended", "score", "ended"),
        ("job_left", [3], "aligned"),
    ],
)
def test_tampered_states_are_refused(field, value, says):
    s = new(2, ["5", "6"])
    s.apply(0, "stay")
    data = s.to_json()
    data["state"][field] = value
    with pytest.raises(StateError, match=says):
        GAME.state_from_json(data)


def test_a_tableau_with_a_duplicate_number_is_refused():
    s = new(2, ["5", "6", "5"])
    data = s.to_json()
    five = CARDS.parse("5")
    data["state"]["draw"].pop()  # the 5 on top of the pile...
    data["state"]["tableau"][0].append(five)  # ...moved in front of seat 0, which holds a 5
    with pytest.raises(StateError, match="duplicate"):
        GAME.state_from_json(data)


def test_view_uses_the_shared_vocabulary_in_card_notation():
    s = midgame()
    for seat in (None, 0, 3):
        v = s.view(seat)
        for key in ("turn", "dealer", "round", "scores", "draw_count", "discard", "over", "winners"):
            assert key in v
        assert v["turn"] == s.decision().player and v["scores"] == s.totals
        assert v["winners"] == [] and v["over"] is False
        assert all(isinstance(c, str) for c in v["discard"])
        assert all(isinstance(c, str) for info in v["seats"] for c in info["cards"])
        assert "draw" not in v and "seed" not in json.dumps(v)
    with pytest.raises(SeatError):
        s.view(4)


def test_views_are_fresh_data():
    s = midgame()
    before = s.to_json()
    v = s.view(0)
    v["scores"].append(1)
    v["discard"].clear()
    v["seats"][0]["cards"].append("x")
    if v["last_round"] is not None:
        v["last_round"].append(3)
    assert s.to_json() == before


def test_events_carry_copies_not_the_states_lists():
    s = new(2, ["5", "6"])
    s.apply(0, "stay")
    events = s.apply(1, "stay")
    end = next(e for e in events if e.type == "round_end")
    end.data["scores"].append(99)
    end.data["totals"].append(99)
    assert s.view(None)["last_round"] == [5, 6] and s.totals == [5, 6]


def test_determinize_reshuffles_only_the_draw_pile():
    s = midgame()
    for seat in (None, 1):
        d = s.determinize(seat, random.Random(7))
        assert d.view(seat) == s.view(seat) and d.frame(seat) == s.frame(seat)
        assert Counter(d.draw) == Counter(s.draw) and d.draw != s.draw
        assert d.discard == s.discard and d.tableau == s.tableau
    assert len(s.hidden_slots(0)) == len(s.draw)


def test_timeout_stays_and_a_choice_takes_its_first_option():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    assert s.timeout_action(0) == "stay"
    for _ in range(4):
        s.apply(s.decision().player, "hit")
    assert s.legal_actions(0) == ("give:1", "give:2", "discard") and s.timeout_action(0) == "give:1"


def test_no_winners_before_the_end_but_the_leader_is_reported():
    s = new(2, ["10", "5"])
    s.apply(0, "stay")
    s.apply(1, "stay")
    r = s.result()
    assert not r.over and r.winners == () and r.details["leading"] == [0]
    assert r.details["rounds"] == 1 and "ended" not in r.details  # rounds finished so far


def test_a_finished_games_result_counts_every_round_and_says_how_it_ended():
    s = new(2, ["10", "5"], round_limit=1)
    s.apply(0, "stay")
    s.apply(1, "stay")
    r = s.result()
    assert r.over is True and r.winners == (0,)
    assert r.details == {"rounds": 1, "leading": [0], "ended": "round_limit"}


def test_legal_actions_are_tuples_and_why_illegal_never_contradicts_them():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    for _ in range(4):
        s.apply(s.decision().player, "hit")
    space = GAME.action_space(3, s.options)
    for p in range(3):
        legal = s.legal_actions(p)
        assert type(legal) is tuple
        for a in space:
            assert (s.why_illegal(p, a) is None) == (a in legal)


def test_facts():
    info = GAME.info(3)
    assert info.num_actions == 2 + 3 + 3 + 1
    assert (info.information, info.dynamics, info.chance) == ("imperfect", "sequential", "sampled")
    assert GAME.action_space(3, GAME.resolve_options({}))[-1] == "discard"
