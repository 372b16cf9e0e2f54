"""Bad input is rejected with a reason that names the rule, and the state is unchanged."""

import pytest

from fliptable.core import IllegalAction
from tests.helpers import assert_rejected as rejected

from .helpers import GAME, flip_all, new


def _window(players=2):
    s = new(players, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    assert s.open
    return s


def test_swat_on_a_fly_that_is_not_there():
    s = _window()
    msg = rejected(s, 0, "swat:4", "no fly '4'", "numbered 1 to 3")
    assert "legal now: swat:1, swat:2, swat:3, done" in msg
    rejected(s, 0, "swat:0", "no fly '0'")
    rejected(s, 1, "swat:65", "no fly")
    rejected(s, 1, "swat:x", "no fly")


def test_second_hand_on_the_same_fly():
    s = _window()
    s.apply(0, "swat:2")
    rejected(s, 0, "swat:2", "you already have a hand on fly 2", "SWATTING FLIES!")


def test_third_hand():
    s = _window()
    s.apply(0, "swat:2")
    s.apply(0, "swat:1")
    rejected(s, 0, "swat:3", "you have already put both your hands", "SWATTING FLIES!")
    rejected(s, 0, "done", "both your hands")


def test_second_hand_with_five_players():
    s = new(5, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    s.apply(2, "swat:1")
    rejected(s, 2, "swat:2", "your only hand", "5 or more players")


def test_swatting_after_done():
    s = _window()
    s.apply(1, "done")
    rejected(s, 1, "swat:1", "said done")


def test_acting_with_no_window_open():
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 2)
    for player in (0, 1):
        rejected(s, player, "swat:1", "no swat window is open", "IS IT A FLY-SWATTER?")
        rejected(s, player, "done", "no swat window is open")
    rejected(s, None, "close", "no race is open now")


def test_flipping_out_of_turn():
    s = new(3, flips=["red1", "red4"])
    rejected(s, 1, "flip", "seat 0's turn", "TURN OVER CARDS")
    s.apply(0, "flip")
    rejected(s, 0, "flip", "seat 1's turn")
    rejected(s, 2, "flip", "seat 1's turn")


def test_flipping_while_a_window_is_open():
    s = _window()
    rejected(s, 0, "flip", "swat window is open")
    rejected(s, 1, "flip", "swat window is open")


def test_unknown_actions_and_players():
    s = _window()
    rejected(s, 0, "jump", "swat:<n>")
    rejected(s, 2, "done", "no player 2")
    rejected(s, 0, "Swat:1")  # not canonical: parse_action first
    rejected(s, 0, 3)


def test_actions_after_the_game_is_over():
    from .helpers import short_game

    s = short_game([["red1"], ["red2"]])
    s.apply(0, "flip")
    rejected(s, 1, "flip", "game is over")
    rejected(s, 0, "swat:1", "game is over")


def test_parse_action_aliases():
    assert GAME.parse_action(" Swat : 3 ") == "swat:3"
    assert GAME.parse_action("3") == "swat:3"
    assert GAME.parse_action("swat 12") == "swat:12"
    assert GAME.parse_action("swat:03") == "swat:3"
    assert GAME.parse_action("F") == "flip"
    assert GAME.parse_action("d") == "done"
    assert GAME.parse_action("pass") == "done"
    assert GAME.parse_action("jump") == "jump"
    with pytest.raises(IllegalAction):
        GAME.parse_action(None)


def test_action_space_covers_every_legal_action():
    space = GAME.action_space(4, GAME.resolve_options({}))
    assert space[:2] == ("flip", "done") and space[-1] == "swat:64" and len(set(space)) == len(space)
    s = _window(4)
    index = GAME.action_index(4, s.options)
    mask = s.action_mask(0)
    assert [space[i] for i, m in enumerate(mask) if m] == sorted(s.legal_actions(0), key=index.get)
