"""Flip 7's text names the reader "you" and every other seat "seat N" (issue 8, "Words"):
the same event read by its own seat, by another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

GAME = get_game("flip7")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_a_flip_is_yours_to_its_seat_and_seat_n_to_the_others():
    flip = {"type": "flip", "player": 1, "card": "8"}
    assert said(flip, 1) == "you flip 8"
    assert said(flip, 0) == "seat 1 flips 8"
    assert said(flip, None) == "seat 1 flips 8"
    assert GAME.narrate(flip) == "seat 1 flips 8"  # no reader: third person


def test_verbs_agree_stay_bust_have_be():
    assert said({"type": "stay", "player": 2, "round_score": 17}, 2) == "you stay with 17"
    assert said({"type": "stay", "player": 2, "round_score": 17}, 0) == "seat 2 stays with 17"
    assert said({"type": "bust", "player": 0, "card": "9"}, 0) == "you bust on a second 9!"
    assert said({"type": "bust", "player": 0, "card": "9"}, 1) == "seat 0 busts on a second 9!"
    assert said({"type": "flip7", "player": 3}, 3) == "you have FLIP 7! (+15)"
    assert said({"type": "flip7", "player": 3}, None) == "seat 3 has FLIP 7! (+15)"
    freeze = {"type": "freeze", "player": 0, "target": 2, "round_score": 13}
    assert said(freeze, 2) == "you are frozen with 13 (by seat 0)"
    assert said(freeze, 0) == "seat 2 is frozen with 13 (by you)"
    assert said(freeze, 1) == "seat 2 is frozen with 13 (by seat 0)"
    assert said({"type": "freeze", "player": 1, "target": 1, "round_score": 0}, 1) == "you are frozen with 0"


def test_objects_and_possessives():
    give = {"type": "give", "player": 0, "to": 1}
    assert said(give, 0) == "you give a Second Chance to seat 1"
    assert said(give, 1) == "seat 0 gives a Second Chance to you"
    assert said(give, None) == "seat 0 gives a Second Chance to seat 1"
    lost = {"type": "discard_second", "player": 1, "chosen": False}
    assert said(lost, 1) == "your spare Second Chance is discarded (nobody can take it)"
    assert said(lost, 0) == "seat 1's spare Second Chance is discarded (nobody can take it)"
    three = {"type": "flip_three", "player": 2, "target": 0}
    assert said(three, 0) == "you must flip three (by seat 2)"
    assert said(three, 2) == "seat 0 must flip three (by you)"
    assert said({"type": "round_start", "round": 2, "dealer": 0}, 0) == "— round 2, dealer you —"
    assert said({"type": "round_start", "round": 2, "dealer": 0}, 1) == "— round 2, dealer seat 0 —"


def test_game_over_names_you_among_the_winners():
    one = {"type": "game_over", "totals": [205, 120, 98], "winners": [0], "ended": "score"}
    assert said(one, 0) == "game over: you win with 205"
    assert said(one, 1) == "game over: seat 0 wins with 205"
    two = {"type": "game_over", "totals": [210, 120, 210], "winners": [0, 2], "ended": "score"}
    assert said(two, 2) == "game over: seat 0 and you share the win with 210"
    assert said(two, None) == "game over: seat 0 and seat 2 share the win with 210"


def test_the_table_and_the_round_summary_use_the_same_names():
    state = GAME.new_state(3, {}, 7)  # the dealer is seat 2
    mine = GAME.render(state.view(2), 2)
    assert "dealer: you" in mine and "seat 2" not in mine
    theirs = GAME.render(state.view(0), 0)
    assert "dealer: seat 2" in theirs and "\n  seat 2 " in theirs
    view = state.view(1)
    view["last_round"], view["round"] = [10, 0, 25], 2
    assert GAME.round_summary(view, 1).splitlines()[3:] == [
        "seat 0         10       0",
        "you             0       0",
        "seat 2         25       0",
    ]
