"""Views: draw stacks show only their counts (never their order or cards), removed-unseen
cards only their number; everything else is public."""

import json
import random

from fliptable.bots.base import RandomAgent
from fliptable.games.flyswatter.cards import CARDS
from fliptable.games.flyswatter.render import narrate, render
from fliptable.sim.match import play_match

from .helpers import GAME, flip_all, new, penalty_game


def _permuted(state, rng):
    """The same state with every draw stack and the unseen cards shuffled."""
    d = state.to_json()
    for stack in d["state"]["draw"]:
        rng.shuffle(stack)
    rng.shuffle(d["state"]["unseen"])
    return GAME.state_from_json(d)


def _states(seed, players=3, remove=10, steps=400):
    """States along a random game with a checked apply and an occasional clock."""
    rng = random.Random(seed)
    s = GAME.new_state(players, {"remove": remove}, seed)
    out = [s.clone()]
    for _ in range(steps):
        if s.is_over():
            break
        d = s.decision()
        if s.open and rng.random() < 0.05:
            s.apply(None, d.default)
        else:
            p = rng.choice(d.players)
            s.apply(p, rng.choice(list(s.legal_actions(p))))
        out.append(s.clone())
    return out


def test_views_do_not_depend_on_draw_stack_order_or_unseen_cards():
    rng = random.Random(5)
    for seed in range(8):
        for s in _states(seed):
            other = _permuted(s, rng)
            for seat in (None, 0, 1, 2):
                assert s.view(seat) == other.view(seat)


def test_views_show_counts_and_no_draw_cards():
    s = new(2, flips=["red1", "swatter", "blue2"])
    v = s.view(0)
    assert v["draw_counts"] == [56, 56]
    text = json.dumps(v).replace('"flyswatter"', "")
    assert "swatter" not in text and "red1" not in text and "blue2" not in text


def test_views_json_serialisable_and_render_for_every_seat():
    for s in _states(11, players=4, remove=0, steps=200)[::7]:
        for seat in (None, 0, 1, 2, 3):
            v = s.view(seat)
            assert json.loads(json.dumps(v)) == v
            assert isinstance(render(v, seat), str)


def test_view_of_a_window_shows_numbered_flies_hands_and_state():
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    s.apply(1, "swat:2")
    v = s.view(0)
    assert [f["n"] for f in v["middle"]] == [1, 2, 3]
    assert v["middle"][1]["hands"] == [1]
    w = v["window"]
    assert w["number"] == 1 and w["trigger"] == "swatter" and w["allowed"] == ["red"]
    assert w["swatting"] == [0, 1] and w["hands"] == [[1, 2]] and w["hands_left"] == [2, 1]
    assert w["timeout_ms"] == 3000
    assert v["turn"] is None and v["next"] == 0  # in a race it is nobody's turn; seat 0 flips next
    assert v["over"] is False and v["winners"] == [] and v["last_flip"] == {"player": 1, "card": "swatter"}
    assert v["won_counts"] == [0, 0] and v["scores"] == [0, 0]
    text = render(v, 0)
    assert "SWAT!" in text and "seat 1" in text and "you" in text and "2." in text


def test_won_stacks_are_public_oldest_first_one_windows_flies_in_the_order_they_lay():
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    s.apply(1, "swat:2")
    s.apply(1, "swat:1")
    s.apply(0, "done")
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["won"] == [[], ["red1", "red4"]] and v["won_counts"] == [0, 2] and v["scores"] == [0, 5]


def test_events_narrate_and_hide_nothing_secret():
    m = play_match(GAME, [RandomAgent() for _ in range(3)], seed=4, record=True)
    s = GAME.new_state(3, {}, 4)
    for player, action in m.log.actions:
        for e in s.apply(player, action):
            assert e.secret is None  # nothing in Fly-swatter's events is secret
            line = narrate(e.for_player(0))
            assert isinstance(line, str) and not line.startswith("{")  # every event type narrated
            if e.type == "flip":  # a flip shows only the card turned over
                assert set(e.data) <= {"player", "card", "to", "n", "trigger"}
    assert s.is_over()


def test_penalty_card_under_the_stack_is_not_in_the_view():
    s = penalty_game()
    v = s.view(1)
    assert v["draw_counts"][0] == 53  # 56 - 4 flips + 1 penalty
    assert CARDS.name(s._dump()["draw"][0][-1]) == "red4"
    assert v["won"][0] == ["red1"]
