"""flaps.md "2s, 3s, 7s and 9s" and "0 - QUACK"."""

from fliptable.core import Turn

from .helpers import dealt, play, rejected


def test_2s_the_next_player_must_pick_up_2_cards():
    s = dealt(3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h", pack=["qs", "ks", "5s"])
    play(s, (0, "2h"))
    assert s.view(None)["attack"] == {"sum": 2, "card": "2h"} and s.decision() == Turn(1)
    before = len(s.hands[1])
    play(s, (1, "take"))
    assert len(s.hands[1]) == before + 2 and s.decision() == Turn(2)
    assert s.view(None)["attack"] is None


def test_2s_any_other_2_makes_four_and_a_3_of_the_same_suit_makes_five():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["2s", "3h", "3c", "7h", "9h", "7c", "9c"]}, first="9h"
    )
    play(s, (0, "2h"))
    legal = set(s.legal_actions(1))
    assert {"2s", "3h", "7h", "9h", "take"} <= legal
    assert "3c" not in legal and "7c" not in legal and "9c" not in legal
    s2 = s.clone()
    play(s, (1, "2s"))
    assert s.view(None)["attack"]["sum"] == 4
    play(s2, (1, "3h"))
    assert s2.view(None)["attack"]["sum"] == 5


def test_2s_on_a_3_another_3_or_a_2_7_or_9_of_the_same_suit():
    s = dealt(
        3, {0: ["3h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["3s", "2h", "2c", "7h", "9h", "7c", "9c"]}, first="9h"
    )
    play(s, (0, "3h"))
    legal = set(s.legal_actions(1))
    assert {"3s", "2h", "7h", "9h"} <= legal and not {"2c", "7c", "9c"} & legal


def test_2s_nothing_but_an_answer_or_picking_up_under_attack():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["5h", "ah", "aj", "qh", "8h", "10h", "4h"]}, first="9h"
    )
    play(s, (0, "2h"))
    assert s.legal_actions(1) == ("take",)
    rejected(
        s,
        1,
        "ah:h",
        "you are attacked (2 to pick up): lay any 2, a 2, 3, 7 or 9 of the attacking suit, a QUACK, or take "
        '(FLAPS rules, "2s, 3s, 7s and 9s")',
    )


def test_2s_a_7_of_the_same_suit_reverses_the_attacker_must_pick_up_the_sum():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["7h", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    play(s, (0, "2h"), (1, "7h"))
    assert s.view(None)["direction"] == -1 and s.decision() == Turn(0)
    assert s.view(None)["attack"]["sum"] == 2  # a 7 adds nothing: at most forty cards
    before = len(s.hands[0])
    play(s, (0, "take"))
    assert len(s.hands[0]) == before + 2 and s.decision() == Turn(2)


def test_2s_on_a_7_another_7_of_any_suit_or_a_2_3_or_9_of_the_same_suit():
    s = dealt(
        3, {0: ["2h", "7s", "3h", "2c", "5d", "qd", "kd"], 1: ["7h", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    play(s, (0, "2h"), (1, "7h"))
    legal = set(s.legal_actions(0))
    assert {"7s", "3h", "take"} <= legal and "2c" not in legal


def test_2s_a_seven_only_reverses_when_you_are_attacked():
    s = dealt(3, {0: ["7h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    play(s, (0, "7h"))
    assert s.view(None)["direction"] == 1 and s.decision() == Turn(1) and s.view(None)["attack"] is None


def test_2s_a_9_of_the_same_suit_cancels_no_one_picks_up():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["9h", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    play(s, (0, "2h"), (1, "9h"))
    v = s.view(None)
    assert v["attack"] is None and v["phase"] == "play" and s.decision() == Turn(2)
    assert [len(h) for h in s.hands] == [6, 6, 7]


def test_2s_players_can_pick_up_the_sum_even_if_they_could_pass_it_on():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["2s", "9h", "7h", "3h", "qh", "kh", "5h"]}, first="9h"
    )
    play(s, (0, "2h"))
    assert "take" in s.legal_actions(1)


def test_2s_in_a_game_of_two_thats_you():
    s = dealt(
        2, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["2s", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    play(s, (0, "2h"), (1, "2s"))
    assert s.decision() == Turn(0) and s.view(None)["attack"]["sum"] == 4
    before = len(s.hands[0])
    play(s, (0, "take"))
    assert len(s.hands[0]) == before + 4


def test_2s_the_sum_runs_on_around_the_table():
    s = dealt(
        3,
        {
            0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"],
            1: ["2s", "5s", "qs", "ks", "5h", "qh", "kh"],
            2: [*["3s", "2c", "7c", "9c", "qc"][:4], "4c", "4d", "4h"],
        },
        first="9h",
    )
    play(s, (0, "2h"), (1, "2s"), (2, "3s"))
    assert s.view(None)["attack"]["sum"] == 7 and s.decision() == Turn(0)


def test_0_quack_only_when_attacked_and_passes_the_sum_on():
    s = dealt(
        3, {0: ["2h", "0", "qc", "kc", "5d", "qd", "kd"], 1: ["2s", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    assert "0" not in s.legal_actions(0)
    rejected(s, 0, "0", 'the QUACK can only be laid when you are attacked with a 2, 3 or 7 (FLAPS rules, "0 - QUACK")')
    s = dealt(
        3,
        {
            0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"],
            1: ["0", "5s", "qs", "ks", "5h", "qh", "kh"],
            2: ["3h", "2c", "jc", "jd", "js", "jh", "4c"],
        },
        first="9h",
    )
    play(s, (0, "2h"), (1, "0"))
    v = s.view(None)
    assert v["attack"] == {"sum": 2, "card": "2h"} and s.decision() == Turn(2)
    assert "3h" in s.legal_actions(2) and "2c" in s.legal_actions(2)  # answering the 2h beneath


# spelled out on purpose: the rule's scenario, step by step
def test_0_quack_on_a_7_attack_and_you_can_finish_on_it_only_then():
    s = dealt(
        2, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["0", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    rest = s.hands[1][1:]
    del s.hands[1][1:]
    s.pack[:0] = rest
    play(s, (0, "2h"), (1, "0"))
    assert s.is_over() and s.result().winners == (1,)


def test_2s_after_picking_up_the_next_player_follows_the_attack_card():
    s = dealt(
        3, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 2: ["5h", "2s", "qs", "ks", "jc", "8c", "8d"]}, first="9h"
    )
    play(s, (0, "2h"), (1, "take"))
    legal = set(s.legal_actions(2))
    assert {"5h", "2s"} <= legal and "qs" not in legal  # suit or number of the 2h
    assert s.view(None)["attack"] is None
