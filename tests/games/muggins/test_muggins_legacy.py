"""Muggins under fliptable 1's rules (options muggins=window, turn_over=when-needed),
kept so that version-1 logs replay: play stops after a deviation until every other
player has answered (or the clock closes the window), a deviation with the last card
waits for the window, and an exhausted hand's Stock Pile stays face up until a card is
needed from it."""

from __future__ import annotations

from fliptable.core import Race, Turn, get_game
from tests.helpers import assert_rejected

from .test_muggins import in_play, play, position

GAME = get_game("muggins")
V1 = {"enforce": "table", "muggins": "window", "turn_over": "when-needed"}


def test_version_1_logs_replay_with_the_legacy_options():
    assert GAME.legacy_options("1") == {"muggins": "window", "turn_over": "when-needed"}
    assert GAME.legacy_options("2") is None


def test_window_play_stops_after_a_deviation_until_the_others_answer():
    s = position(3, [[], [10, 9], [6]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, **V1)
    play(s, "stock:2")
    d = s.decision()
    assert isinstance(d, Race) and d.players == (0, 2) and d.default == "close"
    assert in_play(s) is None  # the next card waits for the window
    assert s.legal_actions(0) == ("muggins", "decline") and s.legal_actions(1) == ()
    assert_rejected(s, 1, "keep", "may not act now")
    play(s, (0, "decline"))
    assert s.decision().players == (2,)
    play(s, (2, "decline"))
    assert s.decision() == Turn(1) and in_play(s) == ("9", "hand") and s.calls == 0


def test_window_the_first_call_is_credited_and_ends_the_offenders_play():
    s = position(3, [[], [10, 9], [6]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0, **V1)
    play(s, "stock:2")
    top0 = s.hands[0][0]
    play(s, (0, "muggins"))
    assert s.stocks[1] == [5, top0] and s.decision() == Turn(2) and s.calls == 1


def test_window_a_deviation_with_the_last_card_waits_for_the_window_before_winning():
    s = position(2, [[], [9, 8, 2]], [[], [6]], [4], current=5, turn=0, filler_seat=1, **V1)
    play(s, "stock:1")
    assert not s.is_over() and isinstance(s.decision(), Race)
    # the paused state (seat 0 holds no card while the window is open) saves and loads
    assert GAME.state_from_json(s.to_json()).frame(1) == s.frame(1)
    top1 = s.hands[1][0]
    play(s, (1, "muggins"))
    assert not s.is_over() and s.hands[0] == [5] and s.stocks[0] == [top1]
    t = position(2, [[], [9, 8, 2]], [[], [6]], [4], current=5, turn=0, filler_seat=1, **V1)
    play(t, "stock:1")
    t.apply(None, "close")
    assert t.is_over() and t.result().winners == (0,)


def test_when_needed_the_stock_pile_stays_face_up_until_a_card_is_needed():
    s = position(
        3, [[], [10, 8], [9]], [[5, 8, 4], [], [2]], [2], current=7, turn=0, filler_seat=1, turn_over="when-needed"
    )
    events = play(s, "keep")
    assert "turn_over" not in [e.type for e in events]
    assert s.hands[0] == [] and s.stocks[0] == [5, 8, 4, 7]
    assert in_play(s) == ("8", "hand") and s.legal_actions(1) == ("stock:0",)  # onto the face-up 7


def test_window_a_kept_card_s_window_closed_by_the_clock_ends_the_turn():
    s = position(3, [[], [10, 8], [9]], [[5, 8, 4], [], [2]], [2], current=3, turn=0, filler_seat=1, **V1)
    assert [e.type for e in play(s, "keep")] == ["keep", "deviation"]  # the 3 was playable
    assert GAME.state_from_json(s.to_json()).frame(2) == s.frame(2)  # the open window loads
    assert [e.type for e in s.apply(None, "close")] == ["turn", "reveal"] and s.decision() == Turn(1)
