"""flaps.md "Level 3 Full Rules": "5 - DUMP THOSE FIVES", "6 - SIX OF THE BEST",
"King 'N' Lay" (QUACK and STOP THAT FLAPPING: test_attacks.py, test_flapping.py)."""

from fliptable.core import Turn

from .helpers import dealt, hand, play, rejected, validated


def _only(s, p, k):
    rest = s.hands[p][k:]
    del s.hands[p][k:]
    s.pack[:0] = rest
    return validated(s)


def test_5_dump_those_fives_up_to_three_more_fives_can_follow():
    s = dealt(3, {0: ["dtf", "5c", "5h", "5s", "5d", "qd", "kd"]}, first="5h")
    play(s, (0, "dtf"))
    assert s.decision() == Turn(0) and {"5c", "5h", "5s", "5d", "done"} <= set(s.legal_actions(0))
    play(s, (0, "5c"), (0, "5h"), (0, "5s"))
    assert s.decision() == Turn(1) and "5d" in hand(s, 0)  # three, no more


def test_5_dump_those_fives_the_last_five_laid_is_the_active_card():
    s = dealt(
        3, {0: ["dtf", "5c", "5h", "qd", "kd", "jd", "8d"], 1: ["qh", "qc", "kc", "jc", "8c", "kh", "jh"]}, first="5d"
    )
    play(s, (0, "dtf"), (0, "5c"), (0, "5h"), (0, "done"))
    assert s.decision() == Turn(1) and s.view(None)["top"] == "5h"
    assert {"qh", "kh", "jh"} <= set(s.legal_actions(1)) and "qc" not in s.legal_actions(1)


def test_5_dump_those_fives_you_cannot_finish_by_laying_the_run_pick_another_card():
    s = _only(dealt(2, {0: ["dtf", "5c", "5h", "qd", "kd", "jd", "8d"]}, first="5d", pack=["ks"]), 0, 3)
    play(s, (0, "dtf"), (0, "5c!"), (0, "5h"))
    assert not s.is_over() and hand(s, 0) == ["ks"] and s.decision() == Turn(1)


def test_5_dump_those_fives_you_can_go_down_to_last_card_that_way():
    s = _only(dealt(2, {0: ["dtf", "5c", "5h", "qd", "kd", "jd", "8d"]}, first="5d"), 0, 4)
    play(s, (0, "dtf"), (0, "5c"), (0, "5h!"))
    assert hand(s, 0) == ["qd"] and s.view(None)["forgot"] == []


def test_6_six_of_the_best_as_your_last_card_scores_a_double_win():
    s = _only(dealt(2, {0: ["6s", "5c", "5h", "qd", "kd", "jd", "8d"]}, first="9s"), 0, 1)
    play(s, (0, "6s"))
    r = s.result()
    assert r.winners == (0,) and r.scores == (2.0, 0.0) and r.details["double_win"]


def test_6_six_of_the_best_is_harder_to_lay_the_only_six_it_follows_its_suit_only():
    s = dealt(2, {0: ["6s", "5c", "5h", "qd", "kd", "jd", "8d"]}, first="9h")
    assert "6s" not in s.legal_actions(0)
    s = dealt(2, {0: ["6s", "5c", "5h", "qd", "kd", "jd", "8d"]}, first="9s")
    assert "6s" in s.legal_actions(0)


def test_king_n_lay_only_on_a_king_a_club_or_an_ace_with_clubs_called():
    for first, ok in (("kh", True), ("5c", True), ("5h", False), ("qh", False)):
        s = dealt(2, {0: ["klc", "5d", "qd", "jd", "8d", "10d", "9d"]}, first=first)
        assert ("klc" in s.legal_actions(0)) == ok, first
    s = dealt(
        2, {0: ["ah", "qd", "jd", "8d", "10d", "9d", "7d"], 1: ["klc", "5h", "qh", "jh", "8h", "10h", "9h"]}, first="5h"
    )
    play(s, (0, "ah:c"))
    assert "klc" in s.legal_actions(1)


def test_king_n_lay_only_kings_clubs_ol_maids_and_aces_can_follow():
    s = dealt(2, {0: ["klc", "kh", "5c", "om1", "ah", "5d", "jh"]}, first="kd")
    play(s, (0, "klc"))
    assert s.decision() == Turn(0)
    assert set(s.legal_actions(0)) == {"kh", "5c", "om1", "ah:c", "ah:d", "ah:h", "ah:s", "done"}
    play(s, (0, "done"))
    assert s.decision() == Turn(1)


def test_king_n_lay_you_cannot_finish_by_laying_it_as_your_last_but_one_card():
    s = _only(dealt(2, {0: ["klc", "kh", "5c", "om1", "ah", "5d", "jh"]}, first="kd", pack=["qs"]), 0, 2)
    play(s, (0, "klc!"), (0, "kh"))
    assert not s.is_over() and hand(s, 0) == ["qs"] and s.decision() == Turn(1)


def test_king_n_lay_as_your_last_card_wins():
    s = _only(dealt(2, {0: ["klc", "kh", "5c", "om1", "ah", "5d", "jh"]}, first="kd"), 0, 1)
    # spelled out on purpose: the rule's scenario, step by step
    play(s, (0, "klc"))
    assert s.is_over() and s.result().winners == (0,)


def test_king_n_lay_next_option_the_next_player_must_follow_with_kings_clubs_ol_maids_or_aces():
    s = dealt(
        2,
        {0: ["klc", "kh", "5c", "om1", "ah", "5d", "jh"], 1: ["kd", "2c", "om2", "aj", "jc", "qh", "5h"]},
        first="ks",
        king_n_lay="next",
    )
    play(s, (0, "klc"))
    assert s.decision() == Turn(1)
    legal = set(s.legal_actions(1))
    assert {"kd", "2c", "om2", "aj:h", "jc", "draw"} <= legal and "qh" not in legal and "5h" not in legal


def test_king_n_lay_next_option_a_last_card_laid_on_it_picks_up():
    s = _only(
        dealt(
            2,
            {0: ["klc", "kh", "5c", "om1", "ah", "5d", "jh"], 1: ["kd", "2c", "om2", "aj", "jc", "qh", "5h"]},
            first="ks",
            pack=["qs"],
            king_n_lay="next",
        ),
        1,
        1,
    )
    play(s, (0, "klc"), (1, "kd"))
    assert not s.is_over() and hand(s, 1) == ["qs"]


# spelled out on purpose: the rule's scenario, step by step
def test_6_six_of_the_best_laid_in_trumps_as_the_last_card_is_a_single_win():
    s = dealt(
        3,
        {
            0: ["ktc", "5c", "qc", "kc", "5d", "qd", "jd"],
            1: ["6s", "5h", "qh", "kh", "jh", "8h", "8s"],
            2: ["2d", "4d", "4s", "jc", "ks", "10s", "9s"],
        },
        first="9c",
    )
    s = _only(s, 1, 1)
    play(s, (0, "ktc:h"), (1, "t:6s"), (2, "t:2d"), (0, "t:kc"))
    r = s.result()
    assert r.winners == (1,) and r.scores[1] == 1.0 and not r.details["double_win"]


def test_king_n_lay_only_with_clubs_called_as_an_ace_n_lay_any_black_cards_follow_on():
    s = dealt(2, {0: ["alc", "klc", "ks", "qd", "jd", "8d", "10d"]}, first="9h")
    play(s, (0, "alc:s"))  # Spades called: the King'N'Lay may not follow
    assert "klc" not in s.legal_actions(0) and "ks" in s.legal_actions(0)
    rejected(
        s,
        0,
        "klc",
        "the King'N'Lay \"can only be laid on a King, a Club or an Ace with Clubs called\" (FLAPS rules, "
        "\"King 'N' Lay\")",
    )
    s = dealt(2, {0: ["alc", "klc", "ks", "qd", "jd", "8d", "10d"]}, first="9h")
    play(s, (0, "alc:c"))  # Clubs called: it may
    assert "klc" in s.legal_actions(0)


def test_king_n_lay_not_on_a_suitless_first_card():
    for first in ("aj", "stf", "dtf", "0"):
        s = dealt(2, {0: ["klc", "5d", "qd", "jd", "8d", "10d", "9d"]}, first=first)
        assert "klc" not in s.legal_actions(0), first
        rejected(
            s,
            0,
            # spelled out on purpose: the rule's scenario, step by step
            "klc",
            "the King'N'Lay \"can only be laid on a King, a Club or an Ace with Clubs called\" (FLAPS rules, "
            "\"King 'N' Lay\")",
        )


def test_king_n_lay_on_an_ol_maid_laid_on_a_king():
    s = dealt(
        2,
        {0: ["om1", "5d", "qd", "jd", "8d", "10d", "9d"], 1: ["klc", "5h", "qh", "jh", "8h", "10h", "9h"]},
        first="kh",
        level=3,
    )
    play(s, (0, "om1"))  # play follows the King beneath it
    assert "klc" in s.legal_actions(1)


def test_king_n_lay_legacy_v1_followed_any_black_ace_n_lay():
    s = dealt(2, {0: ["alc", "klc", "ks", "qd", "jd", "8d", "10d"]}, first="9h", legacy="v1")
    play(s, (0, "alc:s"))
    assert "klc" in s.legal_actions(0)


def test_5_dump_those_fives_every_five_may_follow_the_level_5_fives_too():
    s = dealt(3, {0: ["dtf", "5lose", "5pick", "5solve", "5c", "qd", "kd"]}, first="5h", level=5)
    play(s, (0, "dtf"))
    assert {"5lose", "5pick", "5solve", "5c", "done"} <= set(s.legal_actions(0))


def test_5_dump_those_fives_only_the_last_five_laid_acts():
    s = dealt(3, {0: ["dtf", "5look", "5pick", "5c", "qd", "kd", "jd"]}, first="5h", level=5, pack=["ks", "qs"])
    play(s, (0, "dtf"), (0, "5look"))  # START GUESSING - LOOK, not last: nothing yet
    assert s.mystery == [] and s.view(None)["dump_left"] == 2
    play(s, (0, "5pick"), (0, "done"))  # PICK A SECRET laid last: it acts
    assert s.mystery == [] and s.view(None)["phase"] == "pick a secret" and s.decision() == Turn(0)
    play(s, (0, "s:qd"))
    assert hand(s, 0) == ["5c", "jd", "kd"] and len(s.mystery) == 1 and s.decision() == Turn(1)


def test_5_dump_those_fives_a_share_a_secret_laid_third_acts_on_its_chosen_player():
    s = dealt(3, {0: ["dtf", "5c", "5h", "5share", "qd", "kd", "jd"], 1: ["qc"]}, first="5s", level=5)
    play(s, (0, "dtf"), (0, "5c"), (0, "5h"), (0, "5share>1"))  # the third five: the run ends
    assert len(s.mystery) == 1 and len(s.hands[1]) == 6 and s.decision() == Turn(1)


def test_5_dump_those_fives_a_level_5_five_laid_first_then_a_plain_five_does_nothing():
    s = dealt(3, {0: ["dtf", "5lose", "5c", "qd", "kd", "jd", "8d"]}, first="5h", level=5)
    play(s, (0, "dtf"), (0, "5lose"), (0, "5c"), (0, "done"))
    assert s.mystery == [] and s.decision() == Turn(1) and s.view(None)["top"] == "5c"
