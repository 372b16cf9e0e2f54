"""flaps.md "8s", "10s and Qs - HOOFERS-DOOFERS", "JACKS, UP-JACKS and ACE-JACKS",
"5s, QUEENS and KINGS"."""

from fliptable.core import Turn

from .helpers import dealt, hand, play, rejected


def test_8s_the_next_player_must_miss_a_go_and_knock_or_lay_another_8():
    s = dealt(
        3, {0: ["8h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["8s", "5h", "qh", "kh", "ah", "5s", "qs"]}, first="9h"
    )
    play(s, (0, "8h"))
    assert set(s.legal_actions(1)) == {"8s", "knock"}  # not the 5h, not even an ACE
    rejected(s, 1, "5h", 'after an 8 you must knock (miss a go) or lay another 8 (FLAPS rules, "8s")')
    s2 = s.clone()
    play(s, (1, "knock"))
    assert s.decision() == Turn(2) and s.view(None)["phase"] == "play"
    play(s2, (1, "8s"))  # they do not have to knock
    assert s2.decision() == Turn(2) and set(s2.legal_actions(2)) <= {"knock", "8c", "8d"}


def test_10s_choose_any_other_player_to_pick_up_one_card():
    s = dealt(3, {0: ["10h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h", pack=["ks"])
    assert {"10h>1", "10h>2"} <= set(s.legal_actions(0)) and "10h>0" not in s.legal_actions(0)
    rejected(s, 0, "10h>0", 'no you cannot choose yourself (FLAPS rules, "10s and Qs - HOOFERS-DOOFERS")')
    play(s, (0, "10h>2"))
    assert s.decision() == Turn(2) and s.legal_actions(2) == ("take",)
    play(s, (2, "take"))
    assert "ks" in hand(s, 2) and s.decision() == Turn(1)  # play resumes after the 10's layer


def test_10s_and_qs_hoofers_doofers_fights_back_and_may_choose_the_starter():
    s = dealt(
        3,
        {0: ["10h", "5c", "qc", "kc", "5d", "qd", "kd"], 2: ["hds", "5h", "qh", "kh", "5s", "qs", "ks"]},
        first="9h",
        pack=["jc"],
    )
    play(s, (0, "10h>2"))
    assert set(s.legal_actions(2)) == {"hds>0", "hds>1", "take"}
    rejected(s, 2, "5h", 'you may only fight back with a HOOFERS-DOOFERS or take one card (FLAPS rules, "10s and Qs")')
    play(s, (2, "hds>0"))
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("take",)  # a 10 does not stop it
    play(s, (0, "take"))
    assert "jc" in hand(s, 0)
    assert s.decision() == Turn(1) and s.view(None)["top"] == "hds"  # same direction, last card laid


def test_10s_and_qs_only_the_chosen_player_may_answer():
    s = dealt(
        3, {0: ["10h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["hdc", "5h", "qh", "kh", "5s", "qs", "ks"]}, first="9h"
    )
    play(s, (0, "10h>2"))
    assert s.legal_actions(1) == ()


def test_10s_and_qs_hoofers_doofers_in_play_also_chooses_a_player():
    s = dealt(3, {0: ["hdh", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    assert {"hdh>1", "hdh>2"} <= set(s.legal_actions(0))
    play(s, (0, "hdh>1"))
    assert s.decision() == Turn(1) and s.view(None)["scuffle"] == {"target": 1, "from": 0}


def test_jacks_reverse_the_direction_of_play():
    s = dealt(3, {0: ["jh", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    play(s, (0, "jh"))
    assert s.view(None)["direction"] == -1 and s.decision() == Turn(2)


def test_jacks_with_only_two_players_this_makes_no_difference():
    s = dealt(2, {0: ["jh", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    play(s, (0, "jh"))
    assert s.decision() == Turn(1)


def test_up_jacks_reverse_and_all_others_pick_up_one_starting_on_your_left():
    s = dealt(3, {0: ["ujc", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9c", pack=["as", "ah"])
    play(s, (0, "ujc"))
    assert "as" in hand(s, 1) and "ah" in hand(s, 2)
    assert [len(h) for h in s.hands] == [6, 8, 8]
    assert s.view(None)["direction"] == -1 and s.decision() == Turn(2)


def test_5s_queens_and_kings_are_boring_they_dont_do_anything():
    for card in ("5h", "qh", "kh"):
        s = dealt(3, {0: [card, "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
        play(s, (0, card))
        v = s.view(None)
        assert s.decision() == Turn(1) and v["direction"] == 1 and v["phase"] == "play" and not v["flapping"]


# spelled out on purpose: the rule's scenario, step by step
def test_10s_and_qs_hoofers_plain_option_makes_it_an_ordinary_queen_in_play():
    s = dealt(
        3,
        {
            0: ["hdh", "5c", "qc", "kc", "5d", "qd", "kd"],
            1: ["10h", "5h", "qs", "ks", "5s", "kh", "8s"],
            2: ["hds", "4c", "4d", "jc", "jd", "8c", "8d"],
        },
        first="9h",
        hoofers="plain",
    )
    assert "hdh" in s.legal_actions(0) and "hdh>1" not in s.legal_actions(0)
    rejected(s, 0, "hdh>1", "with hoofers=plain a HOOFERS-DOOFERS chooses a player only when fighting back")
    play(s, (0, "hdh"))
    assert s.decision() == Turn(1) and s.view(None)["scuffle"] is None
    play(s, (1, "10h>2"))  # fighting back still chooses
    assert set(s.legal_actions(2)) == {"hds>0", "hds>1", "take"}


def test_10s_and_qs_hoofers_target_a_plain_lay_is_refused_with_the_option_named():
    s = dealt(3, {0: ["hdh", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    rejected(
        s,
        0,
        "hdh",
        "a HOOFERS-DOOFERS laid in play chooses a player: write hdh>N (option hoofers=plain makes it an "
        "ordinary Queen there)",
    )
