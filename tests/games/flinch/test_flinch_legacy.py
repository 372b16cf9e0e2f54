"""FLINCH under fliptable 1's rules (options challenge=window, standstill=two-rounds),
kept so that version-1 logs replay: the timed challenge window, answered by every
opponent, calls secret until it closes, the nearest caller to the offender's left
credited, a penalty that may empty a game pile, and the two-idle-rounds draw."""

from __future__ import annotations

import json

from fliptable.core import Race, Turn, get_game
from tests.helpers import assert_rejected as rejected

from .test_flinch_rules import UP, position, skipped_five

G = get_game("flinch")
V1 = {"enforce": "table", "challenge": "window", "standstill": "two-rounds"}


def test_version_1_logs_replay_with_the_legacy_options():
    assert G.legacy_options("1") == {"challenge": "window", "standstill": "two-rounds"}
    assert G.legacy_options("2") is None and G.legacy_options("0") is None


def test_window_play_stops_every_opponent_answers_and_the_nearest_caller_to_the_left_is_credited():
    s = skipped_five(**V1)
    s.apply(1, "play:hand1>c2")  # leaves the playable game-pile 5
    d = s.decision()
    assert isinstance(d, Race) and d.players == (2, 0) and d.default == "decline"
    assert s.legal_actions(1) == () and s.legal_actions(0) == ("challenge", "decline")
    events = s.apply(0, "challenge")
    assert s.decision().players == (2,)
    # calls are secret until the window closes: seat 2 cannot tell seat 0 called
    assert all("call" not in e.for_player(2) for e in events)
    assert s.view(2)["challenge"]["to_answer"] is True and s.view(0)["challenge"]["called"] is True
    s.apply(2, "challenge")
    assert s.game_piles[1][0] == 8 and len(s.game_piles[0]) == 2 and s.decision() == Turn(2)
    rejected(s, 2, "decline", "none is open")


def test_window_the_clock_declines_for_everyone_still_silent_and_the_turn_ends_after_it():
    s = position(3, game=[[9, 9], [9], [9]], hands=[[4, 8, 9], [9], [9]], piles=[(1, 3, UP)], **V1)
    s.apply(0, "discard:hand1>res1")
    w = s.decision()
    assert isinstance(w, Race) and w.window == 1
    rejected(s, 1, "play:hand1>c1", "challenge window is open")
    s.apply(None, "decline")
    assert s.decision() == Turn(1) and s.challenges == 0


def test_window_a_penalty_card_may_empty_the_givers_game_pile_and_win():
    s = position(3, game=[[5, 9], [6], [9, 9]], hands=[[5, 7, 9], [9], [9]], piles=[(1, 4, UP), (1, 6, UP)], **V1)
    s.apply(0, "play:hand2>c2")
    s.apply(1, "challenge")
    events = s.apply(2, "decline")
    assert s.is_over() and s.result().winners == (1,)
    # the table is told: the card given, then the game's end
    assert [(e.type, e.data.get("winners")) for e in events][-2:] == [("challenge_resolved", None), ("game_over", [1])]


def test_two_rounds_standstill_draws_after_any_two_idle_rounds():
    # nobody can play (the centre wants a 4); seat 1 starts the idle turns
    def table(**options):
        return position(
            3,
            # spelled out on purpose: the rule's scenario, step by step
            game=[[9], [9], [9]],
            hands=[[8, 10, 10], [8, 10, 10], [8, 10, 10]],
            piles=[(1, 3, UP)],
            stack=[],
            bury=True,
            turn=1,
            **options,
        )

    s, t = table(standstill="two-rounds"), table()
    for seat in (1, 2, 0, 1, 2, 0):
        for state in (s, t):
            state.apply(seat, state.legal_actions(seat)[0])
    assert s.is_over() and s.end == "blocked"  # six idle turns, ending at seat 0's
    assert not t.is_over()  # round: the duty round from seat 0 goes on
    t.apply(1, t.legal_actions(1)[0])
    t.apply(2, t.legal_actions(2)[0])
    assert t.is_over() and t.end == "blocked"


def test_window_views_and_frames_are_json():
    s = skipped_five(**V1)
    s.apply(1, "play:hand1>c2")
    for seat in (0, 1, 2, None):
        json.dumps(s.frame(seat))
