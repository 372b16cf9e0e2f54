"""The rulings of docs/rules/flaps.md where the rulebook is silent or ambiguous, one test
each (the rulebook's own rules are in the other files)."""

import pytest

from fliptable.core import Simultaneous, Turn

from .helpers import FLAPS, dealt, play, rejected, validated


@pytest.mark.parametrize(
    "first, follows, not_follows",
    [
        ("2h", "5h", "5c"),
        ("8h", "5h", "5c"),
        ("10h", "5h", "5c"),
        ("4h", "5h", "5c"),
        ("jh", "5h", "5c"),
        ("ujc", "5c", "5h"),
        ("kth", "5h", "5c"),
    ],
)
def test_the_first_card_gives_only_its_suit_and_number(first, follows, not_follows):
    s = dealt(3, {0: ["5h", "5c", "qs", "ks", "5d", "qd", "kd"]}, first=first)
    v = s.view(None)
    assert v["phase"] == "play" and v["direction"] == 1 and not v["flapping"] and v["attack"] is None
    assert s.decision() == Turn(0) and follows in s.legal_actions(0) and not_follows not in s.legal_actions(0)


@pytest.mark.parametrize("first", ["aj", "om1", "0", "stf", "dtf"])
def test_a_suitless_first_card_lets_any_suit_follow(first):
    s = dealt(2, {0: ["5h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first=first)
    assert {"5h", "5c", "qd"} <= set(s.legal_actions(0))
    assert s.view(None)["lead"]["suit"] == "any"


def test_no_catching_in_a_trumps_game():
    s = dealt(
        3,
        {0: ["ktc", "5c", "qd", "kd", "5d", "qc", "jc"], 1: ["2c", "5h", "qh", "kh", "jh", "8h", "8s"]},
        first="9c",
        level=2,
    )
    rest = s.hands[0][2:]
    del s.hands[0][2:]  # seat 0: ktc 5c
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "ktc:s"))  # leaves one card without "Last Card"
    assert s.view(None)["unsaid"] == [0]
    assert s.decision() == Simultaneous((0, 1, 2))
    assert "catch:0" not in s.legal_actions(1) and "last" not in s.legal_actions(0)
    rejected(s, 1, "catch:2", "nobody is caught during a TRUMPS or SPOOF game (a separate game)")
    rejected(s, 0, "last", "say it after the TRUMPS or SPOOF game")
    play(s, (0, "t:5c"))  # its last card goes face down: no longer on one card
    assert s.view(None)["unsaid"] == [] and s.view(None)["forgot"] == []
    assert sorted(s.legal_actions(1)) == sorted("t:" + c for c in ["2c", "5h", "qh", "kh", "jh", "8h", "8s"])


# spelled out on purpose: the rule's scenario, step by step
def test_last_card_a_flap_laid_out_of_turn_by_another_player_ends_the_time_to_say_it():
    s = dealt(
        4,
        {
            0: ["4h", "5c", "qc", "kc", "5d", "qd", "kd"],
            2: ["4c", "4s", "jd", "jc", "8c", "8d", "8s"],
            3: ["4d", "qh", "kh", "5h", "jh", "ujc", "ujd"],
        },
        first="9h",
    )
    rest = s.hands[2][2:]
    del s.hands[2][2:]  # seat 2: 4c 4s
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "4h"), (2, "4c"))
    assert s.view(None)["unsaid"] == [2] and "catch:2" not in s.legal_actions(3)
    play(s, (3, "4d"))  # another player lays a card, out of turn: forgotten
    assert s.view(None)["forgot"] == [2] and "catch:2" in s.legal_actions(3)
    play(s, (1, "draw"))  # a draw does not end it: still catchable
    assert s.view(None)["forgot"] == [2] and "catch:2" in s.legal_actions(0)


# spelled out on purpose: the rule's scenario, step by step
def test_legacy_v1_flaps_out_of_turn_do_not_close_a_last_card_window_the_next_players_draw_does():
    s = dealt(
        4,
        {
            0: ["4h", "5c", "qc", "kc", "5d", "qd", "kd"],
            2: ["4c", "4s", "jd", "jc", "8c", "8d", "8s"],
            3: ["4d", "qh", "kh", "5h", "jh", "ujc", "ujd"],
        },
        first="9h",
        legacy="v1",
    )
    rest = s.hands[2][2:]
    del s.hands[2][2:]  # seat 2: 4c 4s
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "4h"), (2, "4c"), (3, "4d"))
    assert s.view(None)["forgot"] == [2] and "catch:2" in s.legal_actions(3)
    play(s, (1, "draw"))  # the next player acts: closed
    assert s.view(None)["forgot"] == []


def test_the_forgetful_players_own_follow_on_does_not_close_the_window():
    s = dealt(2, {0: ["alh", "5h", "2h", "qc", "kc", "5d", "qd"]}, first="9c")
    rest = s.hands[0][3:]
    del s.hands[0][3:]  # seat 0: alh 5h 2h
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "alh:h"), (0, "5h"))  # leaves one (2h), no "Last Card"
    assert s.view(None)["unsaid"] == [0] and "last" in s.legal_actions(0)
    s2 = dealt(2, {0: ["alh", "5h", "2h", "qc", "kc", "5d", "qd"]}, first="9c")
    rest = s2.hands[0][2:]
    del s2.hands[0][2:]  # seat 0: alh 5h
    s2.pack[:0] = rest
    s2 = validated(s2)
    play(s2, (0, "alh:h"))  # leaves one, unsaid; the follow-on is its own
    assert s2.view(None)["unsaid"] == [0] and "last" in s2.legal_actions(0)
    play(s2, (0, "draw"))  # "call the suit First and pick up Second": two cards
    assert s2.view(None)["unsaid"] == [] and s2.view(None)["forgot"] == []


def test_the_pack_running_out_mid_pick_up_ends_the_game_at_once():
    s = dealt(2, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    moved = s.pack[:-1]
    del s.pack[:-1]  # one card left in the pack
    s.pile[:0] = moved
    s = validated(s)
    play(s, (0, "2h"), (1, "take"))  # seat 1 can take only one of the two
    assert s.is_over() and s.view(None)["ended"] == "pack" and len(s.hands[1]) == 8
    assert s.result().winners == (0,)


def test_under_attack_no_ace_may_be_laid():
    s = dealt(
        2, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["ah", "aed", "alh", "aj", "5s", "qs", "ks"]}, first="9h"
    )
    play(s, (0, "2h"))
    assert s.legal_actions(1) == ("take",)


def test_a_k_trumps_as_the_last_card_wins_at_once():
    s = dealt(2, {0: ["ktc", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9c", level=2)
    rest = s.hands[0][1:]
    del s.hands[0][1:]
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "ktc:h"))
    assert s.is_over() and s.result().winners == (0,)


def test_illegal_actions_name_the_rule_and_change_nothing():
    s = dealt(3, {0: ["5h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    rejected(s, 0, "7s", "you hold no 7s")
    # spelled out on purpose: each illegal action beside the rule its refusal names
    rejected(
        s,
        0,
        "catch:1",
        'seat 1 is not on one card without having said "Last Card" (FLAPS rules, Quick Start: a player is '
        "caught once they forgot it before the next player lays a card)",
    )
    rejected(s, 0, "knock", "'knock' answers an attack, an 8, a 10 or ends a run; none is on")
    rejected(s, 1, "draw", "player 1 may not act now (it is player 0's turn)")
    rejected(s, 0, "banana", "not FLAPS notation (see `fliptable rules flaps`)")
    rejected(
        s,
        0,
        "last",
        '"Last Card" is said by a player on one card who has not said it yet, before another '
        "player lays a card (FLAPS rules, Quick Start)",
    )
    old = dealt(3, {0: ["5h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h", legacy="v1")
    rejected(old, 0, "last", 'with legacy=v1 "Last Card" is said with the play that leaves you one card (7h!)')


def test_pack_out_draw_option_the_game_ends_when_a_player_must_pick_up_more_than_is_left():
    s = dealt(
        2,
        {0: ["2d", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["5h", "qh", "kh", "5s", "qs", "ks", "jc"]},
        first="9d",
        pack=["jh"],
        pack_out="draw",
    )
    moved = s.pack[:-1]
    del s.pack[:-1]  # one card left in the pack
    s.pile[:0] = moved
    s = validated(s)
    play(s, (0, "5d"), (1, "draw"))  # seat 1 takes the last card: the game goes on
    assert not s.is_over() and s.view(None)["draw_count"] == 0
    play(s, (0, "2d"))
    assert not s.is_over() and s.legal_actions(1) == ("take",)
    play(s, (1, "take"))  # two to pick up, none left: over
    assert s.is_over() and s.view(None)["ended"] == "pack" and s.result().winners == (0,)


def test_a_catch_that_takes_the_last_card_of_the_pack_mid_attack_ends_the_game():
    s = dealt(3, {0: ["2h", "5h", "qc", "kc", "5d", "qd", "kd"]}, first="9h", legacy="v1")
    rest = s.hands[0][2:]
    del s.hands[0][2:]  # seat 0: 2h 5h (rules version 1: caught at once)
    moved = s.pack[:-1]
    del s.pack[:-1]  # one card left in the pack
    s.pile[:0] = moved + rest
    s = validated(s)
    play(s, (0, "2h"), (2, "catch:0"))  # seat 1 is attacked; seat 2 catches with the last card
    assert s.is_over() and s.view(None)["ended"] == "pack" and s.result().winners == (0,)
    assert FLAPS.state_from_json(s.to_json()).to_json() == s.to_json()
