"""flaps.md "6 - SIX OF THE BEST": "you score a double win" — in a match of several games
(option ``games``) a double win counts two points."""

from collections import Counter

from fliptable.core import Turn

from .helpers import FLAPS, dealt, play, validated


def _one_card(card, games):
    s = dealt(2, {0: [card, "5c", "5h", "qd", "kd", "jd", "8d"]}, first="9s", games=games)
    rest = s.hands[0][1:]
    del s.hands[0][1:]
    s.pack[:0] = rest
    return validated(s)


def test_6_six_of_the_best_a_double_win_counts_double_in_a_match():
    s = _one_card("6s", 2)
    play(s, (0, "6s"))
    assert not s.is_over() and s.view(None)["scores"] == [2, 0]
    assert s.view(None)["last_game"] == {"game": 1, "winners": [0], "double": True, "how": "out"}
    # game 2: the deal passes to the left (seat 0 deals), seat 1 starts
    v = s.view(None)
    assert v["game"] == 2 and v["dealer"] == 0 and s.decision() == Turn(1) and v["hand_counts"] == [7, 7]
    assert Counter(s.all_cards()) == Counter(FLAPS.deck(2, s.options))


def test_a_match_is_won_by_the_most_points():
    s = _one_card("5s", 1)
    play(s, (0, "5s"))
    r = s.result()
    assert r.over and r.winners == (0,) and r.scores == (1.0, 0.0) and not r.details["double_win"]


def test_a_match_tells_each_game_s_result():
    s = _one_card("6s", 2)
    assert FLAPS.round_summary(s.view(0), 0) is None
    play(s, (0, "6s"))
    assert FLAPS.round_summary(s.view(0), 0) == "You win game 1 of 2 — a DOUBLE WIN. Points: you 2, seat 1 0."
    assert FLAPS.round_summary(s.view(None), None).startswith("Seat 0 wins game 1 of 2")
