"""flaps.md "4 - FLAPS and MF - MEGA-FLAP" and "4 - STOP THAT FLAPPING": FLAPS out of turn
as kernel claims."""

from fliptable.core import Turn
from fliptable.core.table import Table, VirtualClock

from .helpers import FLAPS, dealt, play, rejected, validated

H0 = ["4h", "4c", "mf", "5c", "qc", "kc", "5d"]
H1 = ["4s", "4d", "qd", "kd", "5s", "qs", "ks"]
H2 = ["4h", "4c", "qh", "kh", "5h", "jd", "jc"]
H3 = ["stf", "4d", "js", "jh", "ujc", "ujd", "ujs"]


def four(**options):
    return dealt(4, {0: H0, 1: H1, 2: H2, 3: H3}, first="9h", **options)


def test_4_flaps_any_player_can_lay_their_flaps_out_of_turn():
    s = four()
    play(s, (0, "4h"))
    d = s.decision()
    assert d.player == 1 and set(d.claimants) == {0, 2, 3}
    assert s.legal_actions(0) == ()  # the last flapper may not
    assert set(s.legal_actions(2)) == {"4h", "4c"}
    assert set(s.legal_actions(3)) == {"stf", "4d"}
    play(s, (2, "4c"))  # seat 2 flaps out of turn
    assert s.view(None)["last_flapper"] == 2 and s.decision().player == 1
    assert s.legal_actions(2) == () and "4c" in s.legal_actions(0)


def test_4_flaps_no_player_can_lay_a_flap_on_their_own_previously_laid_flap():
    s = four()
    play(s, (0, "4h"))
    assert s.legal_actions(0) == ()
    rejected(
        s,
        0,
        "4c",
        'no player can lay a FLAP on their own previously laid FLAP (FLAPS rules, "4 - FLAPS and MF - MEGA-FLAP")',
    )
    play(s, (2, "4c"), (0, "4c"))  # interleaved: allowed again
    assert s.view(None)["last_flapper"] == 0


def test_4_flaps_claimants_do_not_show_who_holds_flaps():
    s = dealt(4, {0: H0, 1: H1, 2: ["qh", "kh", "5h", "jd", "jc", "8c", "8d"], 3: H3}, first="9h")
    play(s, (0, "4h"))
    assert 2 in s.decision().claimants and s.legal_actions(2) == ()


def test_4_flaps_after_all_flapping_the_next_player_asks_any_more_flapping_and_lays():
    s = four()
    play(s, (0, "4h"), (2, "4c"), (3, "4d"))
    assert s.decision().player == 1  # after the starter, same direction
    legal = s.legal_actions(1)
    assert "4s" in legal and "draw" in legal  # suit and number of the last card laid
    play(s, (1, "qd"))  # last FLAP was 4d: diamonds follow
    assert not s.view(None)["flapping"] and s.decision() == Turn(2)


def test_4_flaps_the_next_player_can_lay_a_flap_even_if_his_flap_was_the_last_a_new_start():
    s = four()
    play(s, (0, "4h"), (1, "4s"))  # seat 1's FLAP in turn: a new start
    assert s.view(None)["flapping"] and s.view(None)["last_flapper"] == 1
    assert s.decision().player == 2


def test_4_flaps_after_flapping_last_option_the_player_after_the_last_flapper():
    s = four(after_flapping="last")
    play(s, (0, "4h"), (3, "4d"))
    assert s.decision().player == 0  # after seat 3, clockwise
    play(s, (2, "4c"))
    assert s.decision().player == 3


def test_4_flaps_last_card_during_flapping_can_win_in_all_the_confusion():
    s = four()
    rest = s.hands[2][2:]
    del s.hands[2][2:]  # seat 2: 4h 4c
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "4h"), (2, "4h!"))
    assert s.view(None)["forgot"] == []
    play(s, (3, "4d"), (2, "4c"))
    assert s.is_over() and s.result().winners == (2,)


# spelled out on purpose: the rule's scenario, step by step
def test_4_flaps_forgetting_last_card_during_flapping_is_caught_by_anyone():
    s = four()
    rest = s.hands[2][2:]
    del s.hands[2][2:]
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "4h"), (2, "4h"))
    assert s.view(None)["unsaid"] == [2] and "last" in s.legal_actions(2)
    play(s, (3, "4d"))  # another player lays a card
    assert s.view(None)["forgot"] == [2] and "catch:2" in s.legal_actions(3)
    play(s, (3, "catch:2"))
    assert len(s.hands[2]) == 2


def test_mf_mega_flap_then_lay_three_more_flaps_without_waiting():
    s = four()
    play(s, (0, "mf"))
    assert s.decision().player == 0 and s.view(None)["mega"] == {"seat": 0, "laid": 0, "cap": 3}
    play(s, (0, "4h"), (0, "4c"))
    assert s.view(None)["mega"]["laid"] == 2
    play(s, (0, "done"))
    assert s.decision().player == 1


def test_mf_mega_flap_others_may_interleave_while_the_run_goes_on():
    s = four()
    play(s, (0, "mf"), (2, "4h"), (0, "4h"))
    assert s.view(None)["mega"]["laid"] == 1 and s.decision().player == 0


def test_mf_mega_flap_say_last_card_before_your_last_flap():
    s = dealt(4, {0: ["mf", "4h", "4c", "qc", "kc", "5c", "5d"], 1: H1, 2: H2, 3: H3}, first="9h")
    rest = s.hands[0][3:]
    del s.hands[0][3:]
    s.pack[:0] = rest
    s = validated(s)
    play(s, (0, "mf"), (0, "4h"))
    assert s.view(None)["unsaid"] == [0]
    play(s, (1, "4s"))  # seat 1 flaps in between: seat 0 forgot it
    assert s.view(None)["forgot"] == [0]
    play(s, (1, "catch:0"))
    assert len(s.hands[0]) == 2


def test_4_stop_that_flapping_stops_all_flapping():
    s = four()
    play(s, (0, "4h"), (3, "stf"))
    assert not s.view(None)["flapping"] and s.decision() == Turn(1)


def test_4_stop_that_flapping_not_on_your_own_flaps():
    s = dealt(
        4,
        {0: ["4h", "stf", "5c", "qc", "kc", "5d", "8h"], 1: H1, 2: H2, 3: ["4d", "js", "jh", "5s", "8s", "8c", "8d"]},
        first="9h",
    )
    play(s, (0, "4h"))
    rejected(
        s,
        0,
        "stf",
        'no player can lay a FLAP on their own previously laid FLAP (FLAPS rules, "4 - FLAPS and MF - MEGA-FLAP")',
    )


def test_4_stop_that_flapping_cuts_someone_elses_mega_flap_to_two():
    s = four()
    play(s, (0, "mf"), (0, "4h"), (3, "stf"))
    assert s.view(None)["mega"] == {"seat": 0, "laid": 1, "cap": 2}
    assert not s.view(None)["flapping"] and s.decision().claimants == ()
    play(s, (0, "4c"))
    assert s.view(None)["mega"] is None and s.decision().player == 1


def test_4_stop_that_flapping_after_two_flaps_of_the_mega_flap_ends_it():
    s = four()
    play(s, (0, "mf"), (0, "4h"), (0, "4c"), (3, "stf"))
    assert s.view(None)["mega"] is None and s.decision() == Turn(1)


def test_4_stop_that_flapping_one_player_may_lay_mega_flap_flaps_flaps_stop_that_flapping():
    s = dealt(
        4,
        {0: ["mf", "4h", "4c", "stf", "qc", "kc", "5d"], 1: H1, 2: H2, 3: ["4d", "js", "jh", "5s", "8s", "8c", "8d"]},
        first="9h",
    )
    play(s, (0, "mf"), (0, "4h"), (0, "4c"))
    assert "stf" in s.legal_actions(0)
    play(s, (0, "stf"))
    assert not s.view(None)["flapping"] and s.view(None)["mega"] is None and s.decision() == Turn(1)


def test_4_flaps_interleave_in_real_time_at_a_table_of_bots():
    from fliptable.games.flaps.bots import GreedyFlaps

    s = four()
    agents = [None, GreedyFlaps(rt=5000, sd=0), GreedyFlaps(rt=200, sd=0), GreedyFlaps(rt=250, sd=0)]
    table = Table(s, agents, seed=3, clock=VirtualClock())
    table.submit(0, "4h")  # a person lays a FLAP; the bots race to join
    while s.view(None)["flapping"] and table.resolve():
        pass
    # seats 2 and 3 (200 and 250 ms) interleave before slow seat 1 (5 s) takes its turn,
    # until seat 3 stops the flapping
    assert table.actions == [[0, "4h"], [2, "4c"], [3, "4d"], [2, "4h"], [3, "stf"]]
    assert s.decision().player == 1 and not s.view(None)["flapping"]


def test_mf_mega_flap_laid_out_of_turn_runs_then_play_returns_to_the_next_player():
    s = dealt(
        4,
        {0: ["4h", "5c", "qc", "kc", "5d", "10c", "10d"], 1: H1, 2: ["mf", "4h", "4c", "qh", "kh", "5h", "jd"], 3: H3},
        first="9h",
    )
    play(s, (0, "4h"), (2, "mf"))
    assert s.decision().player == 2 and s.view(None)["mega"] == {"seat": 2, "laid": 0, "cap": 3}
    play(s, (2, "4h"), (2, "4c"), (2, "done"))
    assert s.decision().player == 1 and s.view(None)["flapping"]  # others may flap on
    assert "4d" in s.legal_actions(3)


def test_after_flapping_last_the_player_after_the_last_flapper_after_a_mega_flap_run():
    """The issue's reproduction: seat 0's own run FLAP is the last laid, so seat 1 plays."""
    s = FLAPS.new_state(2, {"level": 1, "after_flapping": "last"}, 26)
    play(s, (0, "hdd>1"), (1, "take"), (1, "5d"), (0, "5c"), (1, "4c"), (0, "mf"), (1, "4d"), (0, "4d"), (0, "done"))
    assert s.decision().player == 1
    s = FLAPS.new_state(2, {"level": 1, "after_flapping": "last", "legacy": "v1"}, 26)
    play(s, (0, "hdd>1"), (1, "take"), (1, "5d"), (0, "5c"), (1, "4c"), (0, "mf"), (1, "4d"), (0, "4d"), (0, "done"))
    assert s.decision().player == 0  # rules version 1, kept for its logs


def test_after_flapping_last_a_stop_that_flapping_ending_a_mega_flap_run():
    s = four(after_flapping="last")
    play(s, (0, "mf"), (0, "4h"), (0, "4c"), (3, "stf"))  # two FLAPS laid: someone else's STOP ends the run
    assert s.view(None)["phase"] == "play" and s.decision().player == 0  # the player after seat 3
    s = dealt(
        4,
        {
            0: ["mf", "4h", "stf", "5c", "qc", "kc", "5d"],
            1: H1,
            2: H2,
            3: ["4d", "js", "jh", "ujc", "ujd", "ujs", "5s"],
        },
        first="9h",
        after_flapping="last",
    )
    play(s, (0, "mf"), (0, "4h"), (3, "4d"), (0, "stf"))  # the MEGA-FLAP player ends its own run
    assert s.view(None)["phase"] == "play" and s.decision().player == 1
    s = four()  # starter: the player after the MEGA-FLAP's
    play(s, (0, "mf"), (0, "4h"), (0, "4c"), (3, "stf"))
    assert s.decision().player == 1
