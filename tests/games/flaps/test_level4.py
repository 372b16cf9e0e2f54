"""flaps.md "Level 4 Full Rules": "K - SPOOF" (face-down lays as a Simultaneous step, then
calls as turns) and "LOW OL' MAID"."""

import pytest

from fliptable.core import OptionError, Simultaneous, Turn
from fliptable.games.flaps.cards import ID, SPOOF_VALUE, trumps_value

from .helpers import FLAPS, NAMES, dealt, hand, play, rejected, validated
from .test_level2 import MAID_TOPS

# spelled out on purpose: the rule's scenario, step by step
H0 = ["kss", "5c", "qc", "kc", "5d", "qd", "om1"]
H1 = ["2h", "5h", "qh", "kh", "om2", "7s", "9h"]
H2 = ["3d", "4d", "4s", "jd", "lom", "10s", "8s"]


def spoof(hands=None, **kw):
    return dealt(3, hands or {0: H0, 1: H1, 2: H2}, first="9s", level=4, **kw)


def only(s, p, card):
    """Seat ``p`` holds only ``card`` (its other cards go to the bottom of the pack)."""
    rest = [c for c in s.hands[p] if NAMES[c] != card]
    s.hands[p] = [ID[card]]
    s.pack[:0] = rest
    return validated(s)


# -- the pack ----------------------------------------------------------------------------------
def test_level_4_full_rules_adds_four_cards_two_spoof_clubs_and_spades_two_low_ol_maids():
    from collections import Counter

    l3 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 3}))
    l4 = Counter(NAMES[c] for c in FLAPS.deck(4, {"level": 4}))
    assert l4 - l3 == Counter({"ksc": 1, "kss": 1, "lom": 2}) and sum(l4.values()) == 120
    assert FLAPS.cards.by_name["ksc"] is not None and FLAPS.cards[ID["kss"]].suit == "s"


def test_level_4_is_accepted():
    assert FLAPS.new_state(4, {"level": 4}, 1).level == 4
    with pytest.raises(OptionError):
        FLAPS.new_state(4, {"level": 8}, 1)


# -- K - SPOOF ---------------------------------------------------------------------------------
def test_k_spoof_a_separate_game_each_player_lays_a_card_face_down():
    s = spoof()
    assert "kss" in s.legal_actions(0)
    play(s, (0, "kss"))
    assert s.decision() == Simultaneous((0, 1, 2))
    assert set(s.legal_actions(1)) == {"t:" + c for c in H1}
    assert s.legal_actions(0) and not any(a.startswith("catch") for a in s.legal_actions(2))
    play(s, (1, "t:5h"))
    assert s.view(2)["spoof"]["committed"] == [False, True, False] and "mine" not in s.view(2)["spoof"]
    assert s.view(1)["spoof"]["mine"] == "5h"
    assert "5h" not in s.view(2).get("hand", []) and s.view(None)["hand_counts"][1] == 6
    assert s.decision() == Simultaneous((0, 2))


def test_k_spoof_each_player_starting_with_the_one_to_your_left_calls_a_number():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"))
    assert s.decision() == Turn(1)  # the caller's left
    assert s.view(0)["spoof"]["calls"] == [None, None, None]
    assert s.legal_actions(1)[0] == "call:0" and s.legal_actions(1)[-1] == "call:60"  # three cards, 20 at most
    rejected(s, 0, "call:13", "player 0 may not act now (it is player 1's turn)")
    play(s, (1, "call:33"))
    assert s.decision() == Turn(2) and s.view(2)["spoof"]["calls"] == [None, 33, None]


def test_k_spoof_the_next_person_should_say_32_or_34_calls_are_distinct():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"), (1, "call:33"))
    assert "call:33" not in s.legal_actions(2) and {"call:32", "call:34"} <= set(s.legal_actions(2))
    rejected(
        s,
        2,
        "call:33",
        '33 has been called already: "if the first person says 33, the next person should say 32 or 34" '
        '(FLAPS rules, "K - SPOOF")',
    )
    rejected(s, 2, "call:61", "the sum of 3 cards is at most 20 each")


def test_k_spoof_turn_over_the_cards_the_furthest_out_picks_up_all_the_cards_laid():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"), (1, "call:13"), (2, "call:30"))
    events = play(s, (0, "call:10"))
    spoofed = next(e for e in events if e.type == "spoof")
    assert spoofed.data["total"] == 13 and spoofed.data["loser"] == 2  # 30 is 17 out
    assert sorted(hand(s, 2)) == sorted([*H2[1:], "3d", "5h", "5c"])
    assert sorted(s.view(None)["shown"][2]) == ["3d", "5c", "5h"]  # everyone saw them go there
    assert s.decision() == Turn(1) and s.view(None)["spoof"] is None  # play goes on after the caller
    assert s.view(None)["top"] == "kss"


def test_k_spoof_all_ol_maids_are_worth_20_aces_and_ace_jacks_1():
    for c in ("om1", "om2", "om3", "om4", "lom"):
        assert SPOOF_VALUE[ID[c]] == 20, c
    for c in ("ac", "ah", "as", "aed", "aes", "alc", "ald", "alh", "als", "aj"):
        assert SPOOF_VALUE[ID[c]] == 1, c
    # docs/rules/flaps.md "K - SPOOF": every other card its number (J 11, Q 12, K 13, QUACK 0)
    for c, v in (
        ("2c", 2),
        ("10h", 10),
        ("4s", 4),
        ("mf", 4),
        ("jd", 11),
        ("ujc", 11),
        ("hdh", 12),
        ("qs", 12),
        ("kc", 13),
        ("ktc", 13),
        ("klc", 13),
        ("kss", 13),
        ("0", 0),
        ("stf", 4),
        ("dtf", 5),
        ("6s", 6),
    ):
        assert SPOOF_VALUE[ID[c]] == v, c
    # the rulebook's example: "a maximum of 80 (four OL'MAIDS) or a minimum of 3 (three Aces and a QUACK)"
    assert 4 * max(SPOOF_VALUE) == 80 and 3 * SPOOF_VALUE[ID["ac"]] + SPOOF_VALUE[ID["0"]] == 3


def test_k_spoof_ol_maids_count_20_in_the_sum():
    s = spoof()
    play(s, (0, "kss"), (1, "t:om2"), (2, "t:lom"), (0, "t:om1"), (1, "call:60"), (2, "call:0"))
    events = play(s, (0, "call:59"))
    spoofed = next(e for e in events if e.type == "spoof")
    assert spoofed.data["total"] == 60 and spoofed.data["loser"] == 2


def test_k_spoof_equally_far_out_players_cut_the_pack_and_the_lowest_cut_picks_up():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"), (1, "call:10"), (2, "call:16"))
    events = play(s, (0, "call:13"))
    spoofed = next(e for e in events if e.type == "spoof")
    assert spoofed.data["total"] == 13 and spoofed.data["cuts"] >= 1
    loser = spoofed.data["loser"]
    assert loser in (1, 2) and {"3d", "5h", "5c"} <= set(hand(s, loser))  # never the exact caller


def test_k_spoof_a_player_on_last_card_does_not_win_until_spoof_is_over_and_lost_by_someone_else():
    s = only(spoof(), 1, "kh")
    play(s, (0, "kss"), (1, "t:kh"))
    assert not s.is_over()
    play(s, (2, "t:3d"), (0, "t:5c"), (1, "call:21"))
    assert not s.is_over()
    play(s, (2, "call:50"), (0, "call:20"))
    assert s.is_over() and s.result().winners == (1,) and s.view(None)["ended"] == "spoof"


def test_k_spoof_a_last_card_that_loses_is_not_a_win():
    s = only(spoof(), 1, "kh")
    play(s, (0, "kss"), (1, "t:kh"), (2, "t:3d"), (0, "t:5c"), (1, "call:60"), (2, "call:21"), (0, "call:20"))
    assert not s.is_over() and sorted(hand(s, 1)) == ["3d", "5c", "kh"]


def test_k_spoof_a_last_card_you_cannot_finish_on_like_an_ace_means_another_card_from_the_pack():
    hands = {0: H0, 1: ["ah", *H1[1:]], 2: H2}
    s = only(spoof(hands, pack=["qs"]), 1, "ah")
    play(s, (0, "kss"), (1, "t:ah"), (2, "t:3d"), (0, "t:5c"), (1, "call:9"), (2, "call:40"), (0, "call:10"))
    assert not s.is_over() and hand(s, 1) == ["qs"]


def test_k_spoof_no_catching_while_the_separate_game_is_played():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"))
    assert s.decision() == Turn(1) and s.decision().claimants == ()
    rejected(s, 1, "qh", 'a SPOOF game is on: call a number for the sum, call:N (FLAPS rules, "K - SPOOF")')


def test_k_spoof_state_round_trips_mid_game():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"), (2, "t:3d"), (0, "t:5c"), (1, "call:33"))
    back = validated(s)
    assert back.to_json() == s.to_json() and back.legal_actions(2) == s.legal_actions(2)


# -- LOW OL' MAID ------------------------------------------------------------------------------
def test_low_ol_maid_can_only_be_laid_on_jack_up_jacks_ace_jack_queen_hoofers_doofers_king():
    for top, ok in (
        *MAID_TOPS,
        ("kss", False),
        ("ksc", False),
        ("om3", False),
        ("lom", False),
    ):
        s = dealt(2, {0: ["lom", "om1", "qc", "kc", "5d", "qd", "8s"]}, first=top, level=4)
        assert ("lom" in s.legal_actions(0)) == ok, top
        assert ("om1" in s.legal_actions(0)) == ok, top  # the same for OL' MAIDS at Level 4


def test_low_ol_maid_not_on_spoof_nor_on_ol_maids_with_the_reason():
    s = dealt(2, {0: ["lom", "5c", "qc", "kc", "5d", "qd", "8s"]}, first="kss", level=4)
    rejected(
        s,
        0,
        "lom",
        "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or KING, not "
        "TRUMPS, SPOOF, an OL' MAID nor a LOW OL' MAID (FLAPS rules, \"OL' MAID\", \"LOW OL' MAID\")",
    )
    # spelled out on purpose: the rule's scenario, step by step
    s = dealt(
        2,
        {0: ["om1", "5c", "qc", "kc", "5d", "qd", "8s"], 1: ["lom", "5h", "kh", "2h", "7s", "9s", "3s"]},
        first="qh",
        level=4,
    )
    play(s, (0, "om1"))
    rejected(
        s,
        1,
        "lom",
        "OL' MAIDS can only be laid on JACK, UP-JACKS, ACE-JACK, QUEEN, HOOFERS-DOOFERS or KING, not "
        "TRUMPS, SPOOF, an OL' MAID nor a LOW OL' MAID (FLAPS rules, \"OL' MAID\", \"LOW OL' MAID\")",
    )


def test_low_ol_maid_as_your_last_card_you_must_pick_up_another():
    s = only(dealt(2, {0: ["lom", "5c", "qc", "kc", "5d", "qd", "8s"]}, first="qh", level=4, pack=["ks"]), 0, "lom")
    play(s, (0, "lom"))
    assert not s.is_over() and hand(s, 0) == ["ks"]


def test_low_ol_maid_is_lowest_in_trumps():
    for c in ("0", "aj", "2c", "ah", "om4"):
        assert trumps_value(ID["lom"], 0) < trumps_value(ID[c], 0), c


def test_low_ol_maid_follows_a_king_n_lay_as_an_ol_maid():
    s = dealt(2, {0: ["klc", "lom", "qd", "5d", "5h", "qh", "8h"]}, first="kd", level=4)
    play(s, (0, "klc"))
    assert "lom" in s.legal_actions(0)


# -- the bots play it ----------------------------------------------------------------------------
# spelled out per level on purpose: each level's own play-to-the-end and leak check
@pytest.mark.parametrize("players", [2, 4, 8])
def test_greedy_and_random_play_level_4_to_the_end(players):
    from fliptable.bots import make_agent
    from fliptable.sim.match import play_match

    spoofs = 0
    for seed in range(6):
        agents = [make_agent(FLAPS, "greedy" if i % 2 == 0 else "random") for i in range(players)]
        match = play_match(FLAPS, agents, {"level": 4}, seed)
        assert match.state.is_over()
        spoofs += FLAPS.stats(match.state)["spoofs"]
    assert spoofs > 0


def test_k_spoof_is_told_and_drawn_for_people():
    s = spoof()
    play(s, (0, "kss"), (1, "t:5h"))
    assert "[b]SPOOF[/b] (called by seat 0): laid face down by you; yours: 5h" in FLAPS.render(s.view(1), 1)
    events = play(s, (2, "t:3d"))
    assert FLAPS.narrate(events[0].for_player(0), 0) == "Seat 2 lays a SPOOF card face down"
    play(s, (0, "t:5c"))
    events = play(s, (1, "call:13"))
    assert FLAPS.narrate(events[0].for_player(1), 1) == "You call 13 for the SPOOF sum"
    play(s, (2, "call:30"))
    events = play(s, (0, "call:10"))
    line = FLAPS.narrate(next(e for e in events if e.type == "spoof").for_player(2), 2)
    assert "sum 13" in line and "you pick them up" in line
