"""flaps.md "Level 2 Full Rules": "K - TRUMPS" (a Simultaneous step) and "OL' MAID"."""

from fliptable.core import Simultaneous, Turn
from fliptable.games.flaps.tables import ST_CUTS

from .helpers import dealt, hand, play, rejected, validated

H0 = ["ktc", "5c", "qc", "kc", "5d", "qd", "om1"]
H1 = ["2h", "5h", "qh", "kh", "om2", "7s", "9s"]
H2 = ["3d", "4d", "4s", "jd", "ks", "10s", "8s"]


def trumps(**kw):
    return dealt(3, {0: H0, 1: H1, 2: H2}, first="9c", level=2, **kw)


def test_k_trumps_the_caller_decides_which_suit_is_trumps_and_everyone_lays_face_down():
    s = trumps()
    assert {"ktc:c", "ktc:d", "ktc:h", "ktc:s"} <= set(s.legal_actions(0))
    play(s, (0, "ktc:h"))
    assert s.decision() == Simultaneous((0, 1, 2))
    assert set(s.legal_actions(1)) == {"t:" + c for c in H1}
    play(s, (1, "t:5h"))
    v = s.view(2)
    assert v["trumps"]["committed"] == [False, True, False] and "mine" not in v["trumps"]
    assert s.view(1)["trumps"]["mine"] == "5h"  # secret until all have laid
    assert s.decision() == Simultaneous((0, 2))


def test_k_trumps_the_player_who_lays_the_lowest_card_picks_up_all_cards_laid():
    s = trumps()
    play(s, (0, "ktc:h"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"))
    # hearts trumps: 5h is 5 of trumps; 5c is a 5 of another suit; 3d lowest
    assert sorted(hand(s, 2)) == sorted([*H2[1:], "3d", "5h", "5c"])
    assert sorted(s.view(None)["shown"][2]) == ["3d", "5c", "5h"]  # everyone saw them go there
    assert s.decision() == Turn(1)  # play goes on after the caller


def test_k_trumps_a_card_of_the_trumps_suit_beats_the_same_card_of_any_other_suit():
    s = trumps()
    play(s, (0, "ktc:d"), (1, "t:5h"), (2, "t:jd"), (0, "t:5d"))
    assert "5h" in hand(s, 1) and "5d" in hand(s, 1)


def test_k_trumps_ranking_ol_maids_then_trump_kings_down_to_aces_then_other_kings_ace_jacks_lowest():
    from fliptable.games.flaps.cards import ID, trumps_value

    hearts = 2
    order = ["om1", "om2", "om3", "om4", "kh", "qh", "jh", "10h", "ah", "ks", "qs", "2s", "aj", "0"]
    values = [trumps_value(ID[c], hearts) for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert trumps_value(ID["ks"], hearts) == trumps_value(ID["kc"], hearts)  # "the same" card


def test_k_trumps_equal_cards_cut_the_pack_and_the_lowest_cut_picks_up():
    s = dealt(3, {0: H0, 1: ["5s", *H1[1:]], 2: ["5h", *H2[1:]]}, first="9c", level=2)
    play(s, (0, "ktc:d"), (1, "t:5s"), (2, "t:5h"), (0, "t:om1"))
    assert s.stat[ST_CUTS] >= 1  # at least one cut
    lost = [p for p in (1, 2) if "om1" in hand(s, p)]
    assert len(lost) == 1 and {"5s", "5h"} <= set(hand(s, lost[0]))


def test_k_trumps_a_player_on_last_card_does_not_win_until_trumps_is_over_and_lost_by_someone_else():
    s = dealt(3, {0: H0, 1: ["kh", "5h", "qh", "2h", "om2", "7s", "9s"], 2: H2}, first="9c", level=2)
    rest = s.hands[1][1:]
    del s.hands[1][1:]  # seat 1 holds only kh: on last card
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "ktc:c"), (1, "t:kh"))
    assert not s.is_over()
    play(s, (2, "t:3d"), (0, "t:om1"))
    assert s.is_over() and s.result().winners == (1,) and s.view(None)["ended"] == "trumps"


def test_k_trumps_a_last_card_that_loses_is_not_a_win():
    s = trumps()
    rest = s.hands[2][1:]
    del s.hands[2][1:]  # seat 2 holds only 3d
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "ktc:c"), (1, "t:om2"), (2, "t:3d"), (0, "t:om1"))
    assert not s.is_over() and sorted(hand(s, 2)) == ["3d", "om1", "om2"]


def test_k_trumps_a_last_card_you_cannot_finish_on_means_another_card_from_the_pack():
    s = dealt(3, {0: H0, 1: ["om2", "5h", "qh", "kh", "2h", "7s", "9s"], 2: H2}, first="9c", level=2, pack=["qs"])
    rest = s.hands[1][1:]
    del s.hands[1][1:]
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "ktc:c"), (1, "t:om2"), (2, "t:3d"), (0, "t:5c"))
    assert not s.is_over() and hand(s, 1) == ["qs"]


#: tops an OL' MAID may go on ("can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN,
#: HOOFERS-DOOFERS or KING") and some it may not; Level 4's LOW OL' MAID follows the same rule
MAID_TOPS = (
    ("qh", True),
    ("kd", True),
    ("jc", True),
    ("ujs", True),
    ("hdd", True),
    ("aj", True),
    ("5h", False),
    ("9c", False),
    ("kth", False),
    ("2s", False),
)


def test_ol_maid_can_only_be_laid_on_jack_up_jacks_ace_jack_queen_hoofers_doofers_king():
    for top, ok in MAID_TOPS:
        s = dealt(2, {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"]}, first=top, level=2)
        assert ("om1" in s.legal_actions(0)) == ok, top


# spelled out on purpose: the rule's scenario, step by step
def test_ol_maid_cannot_be_laid_on_ol_maids_nor_on_trumps():
    # spelled out on purpose: the rule's scenario, step by step
    s = dealt(
        2,
        {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"], 1: ["om2", "5h", "kh", "2h", "7s", "9s", "3s"]},
        first="qh",
        level=2,
    )
    play(s, (0, "om1"))
    rejected(
        s,
        1,
        "om2",
        "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or KING, not TRUMPS "
        "nor another OL' MAID (FLAPS rules, \"OL' MAID\")",
    )
    s = dealt(2, {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"]}, first="kth", level=2)
    rejected(
        s,
        0,
        "om1",
        "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or KING, not TRUMPS "
        "nor another OL' MAID (FLAPS rules, \"OL' MAID\")",
    )


def test_ol_maid_not_after_ace_n_lay_any_black_card():
    s = dealt(2, {0: ["als", "om1", "qc", "kc", "5d", "qd", "8s"]}, first="qh", level=2)
    play(s, (0, "als:s"))
    assert "om1" not in s.legal_actions(0) and "qc" in s.legal_actions(0)


def test_ol_maid_as_your_last_card_you_must_pick_up_another():
    s = dealt(2, {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"]}, first="qh", level=2, pack=["ks"])
    rest = s.hands[0][1:]
    del s.hands[0][1:]
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "om1"))
    assert not s.is_over() and hand(s, 0) == ["ks"]


# spelled out on purpose: the rule's scenario, step by step
def test_ol_maid_leaves_the_suit_and_number_of_the_card_beneath():
    s = dealt(
        2,
        {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"], 1: ["jh", "2h", "5s", "qs", "ks", "9s", "7s"]},
        first="qh",
        level=2,
    )
    play(s, (0, "om1"))
    assert {"jh", "2h", "qs"} <= set(s.legal_actions(1)) and "5s" not in s.legal_actions(1)


def test_k_trumps_ties_by_default_only_equal_lowest_cards_cut():
    # seats 1 and 2 lay the same 5, seat 0 the lower 3: seat 0 picks up, nobody cuts
    s = dealt(3, {0: ["ktc", "3s", *H0[2:]], 1: ["5s", *H1[1:]], 2: ["5h", *H2[1:]]}, first="9c", level=2)
    play(s, (0, "ktc:d"), (1, "t:5s"), (2, "t:5h"), (0, "t:3s"))
    assert s.stat[ST_CUTS] == 0 and {"3s", "5s", "5h"} <= set(hand(s, 0))


def test_k_trumps_ties_any_option_if_two_or_more_cards_laid_are_the_same_those_players_cut():
    s = dealt(
        3, {0: ["ktc", "3s", *H0[2:]], 1: ["5s", *H1[1:]], 2: ["5h", *H2[1:]]}, first="9c", level=2, trumps_ties="any"
    )
    play(s, (0, "ktc:d"), (1, "t:5s"), (2, "t:5h"), (0, "t:3s"))
    assert s.stat[ST_CUTS] >= 1  # the players with the same cards cut
    lost = [p for p in (1, 2) if {"3s", "5s", "5h"} <= set(hand(s, p))]
    assert len(lost) == 1 and "3s" not in hand(s, 0)  # the lowest cut picks up, not seat 0
