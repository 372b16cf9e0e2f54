"""flaps.md "Quick Start Rules": the deal, following suit or number, drawing, Aces on
anything, "Last Card" and catching it, and the pack running out."""

from fliptable.core import Turn

from .helpers import FLAPS, dealt, hand, play, rejected, validated


def test_quick_start_deal_seven_each_first_card_turned_up_left_of_dealer_starts():
    s = dealt(3, {0: ["5h"] * 1}, first="9c", pack=["qd"])
    assert [len(h) for h in s.hands] == [7, 7, 7]
    v = s.view(None)
    assert v["top"] == "9c" and v["dealer"] == 2 and v["turn"] == 0
    assert v["draw_count"] == len(FLAPS.deck(3, {"level": 3})) - 22
    assert s.decision() == Turn(0)


def test_quick_start_follow_suit_or_number_or_draw():
    s = dealt(2, {0: ["9h", "5c", "qd", "kd", "qh", "kh", "5h"]}, first="9c")
    legal = s.legal_actions(0)
    assert "9h" in legal and "5c" in legal  # number, suit
    assert "qd" not in legal and "kh" not in legal  # neither
    assert "draw" in legal
    rejected(s, 0, "qd", "qd follows neither the suit nor the number of 9c (FLAPS rules, Quick Start)")


def test_quick_start_nobody_has_to_lay_a_card_even_if_they_could():
    s = dealt(2, {0: ["9h", "5c", "qd", "kd", "qh", "kh", "5h"]}, first="9c", pack=["qs"])
    play(s, (0, "draw"))
    assert "qs" in hand(s, 0) and len(s.hands[0]) == 8
    assert s.decision() == Turn(1)


def test_quick_start_play_goes_clockwise():
    s = dealt(3, {0: ["5c", "qd", "kd", "qh", "kh", "5h", "5d"], 1: ["qc"]}, first="9c")
    play(s, (0, "5c"))
    assert s.decision() == Turn(1)
    play(s, (1, "draw"))
    assert s.decision() == Turn(2)


def test_quick_start_aces_can_be_laid_on_any_suit():
    s = dealt(2, {0: ["ah", "qd", "kd", "qh", "kh", "5h", "5d"]}, first="9c")
    assert {"ah:c", "ah:d", "ah:h", "ah:s"} <= set(s.legal_actions(0))
    play(s, (0, "ah:d"))
    assert s.view(None)["lead"]["suit"] == "d"
    assert "qd" in s.legal_actions(1) or "qd" not in hand(s, 1)


def test_quick_start_last_card_is_declared_with_the_play_that_leaves_one_card():
    s = _on_two_cards()
    assert {"5c!", "5c", "qc!", "qc"} <= set(s.legal_actions(0))
    events = play(s, (0, "5c!"))
    assert events[0].data["last_card"] is True
    assert s.view(None)["forgot"] == [] and s.decision() == Turn(1)


def test_quick_start_the_winner_is_the_first_to_get_rid_of_their_cards():
    s = _on_two_cards()
    play(s, (0, "5c!"), (1, "draw"), (0, "qc"))
    assert s.is_over() and s.result().winners == (0,)
    assert s.result().scores == (1.0, 0.0)


# spelled out on purpose: the rule's scenario, step by step
def _on_two_cards():
    """Seat 0 holds 5c and qc only (its other five cards moved to the pack's bottom)."""
    s = dealt(
        2, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"], 1: ["qd", "kc", "ks", "qs", "5s", "2h", "3h"]}, first="9c"
    )
    rest = s.hands[0][2:]
    del s.hands[0][2:]
    s.pack[:0] = rest
    return validated(s)


def test_quick_start_if_someone_forgets_to_say_last_card_before_the_next_player_lays_a_card_they_take_another():
    s = _on_two_cards()
    play(s, (0, "5c"))  # no "Last Card": not forgotten yet, it may still be said
    assert s.view(None)["unsaid"] == [0] and s.view(None)["forgot"] == []
    rejected(
        s,
        1,
        "catch:0",
        'seat 0 may still say "Last Card" until another player lays a card; catch them after that (FLAPS '
        "rules, Quick Start)",
    )
    play(s, (1, "5s"))  # the next player lays a card: forgotten
    assert s.view(None)["forgot"] == [0] and s.view(None)["unsaid"] == []
    rejected(
        s,
        0,
        "last",
        "too late: another player has laid a card since, so you may be caught (FLAPS rules, Quick Start: "
        "\"If someone forgets to say 'Last Card' before the next player lays a card\")",
    )
    play(s, (0, "draw"))  # "as soon as they are discovered": later is fine too
    assert len(s.hands[0]) == 2 and s.view(None)["forgot"] == []  # picked up: no longer on one card


def test_quick_start_a_forgetful_player_is_caught_at_any_moment_after_the_next_player_lays():
    s = _on_two_cards()
    play(s, (0, "5c"), (1, "5s"))
    top = s.pack[-1]
    play(s, (1, "catch:0"))  # out of turn: seat 0 is to play
    assert len(s.hands[0]) == 2 and s.hands[0][-1] == top
    assert s.decision() == Turn(0)  # catching does not use up anyone's turn


def test_quick_start_last_card_may_still_be_said_until_another_player_lays_a_card():
    s = _on_two_cards()
    play(s, (0, "5c"), (1, "draw"))  # a draw does not end the time to say it
    assert s.view(None)["unsaid"] == [0] and "last" in s.legal_actions(0)
    events = play(s, (0, "last"))
    assert [(e.type, e.data) for e in events] == [("last_card", {"player": 0})] and s.view(None)["unsaid"] == []
    assert s.decision() == Turn(0)  # saying it is not a turn
    rejected(s, 1, "catch:0", "player 1 may not act now (it is player 0's turn)")
    play(s, (0, "qc"))
    assert s.result().winners == (0,)


def test_quick_start_last_card_is_said_out_of_turn_as_a_claim():
    s = dealt(3, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"]}, first="9c")
    rest = s.hands[0][2:]
    del s.hands[0][2:]
    s.pack[:0] = rest
    play(s, (0, "5c"))
    d = s.decision()
    assert d.player == 1 and d.claimants == (0,) and s.legal_actions(0) == ("last",)
    play(s, (0, "last"))
    assert s.decision() == Turn(1)


def test_quick_start_laying_the_last_card_before_being_caught_still_wins():
    s = _on_two_cards()
    play(s, (0, "qc"), (1, "kc"))  # forgotten (5c left); nobody catches
    assert s.view(None)["forgot"] == [0]
    # spelled out on purpose: the rule's scenario, step by step
    play(s, (0, "5c"))
    assert s.is_over() and s.result().winners == (0,)


def test_quick_start_legacy_v1_last_card_is_said_with_the_play_and_the_next_action_closes_the_window():
    s = dealt(
        2,
        {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"], 1: ["qd", "kc", "ks", "qs", "5s", "2h", "3h"]},
        first="9c",
        legacy="v1",
    )
    rest = s.hands[0][2:]
    del s.hands[0][2:]
    s.pack[:0] = rest
    play(s, (0, "5c"))
    assert s.view(None)["forgot"] == [0] and "catch:0" in s.legal_actions(1) and "last" not in s.legal_actions(0)
    play(s, (1, "draw"))
    assert s.view(None)["forgot"] == []
    rejected(s, 1, "catch:0", "player 1 may not act now (it is player 0's turn)")


def test_quick_start_last_card_may_be_caught_by_any_other_player_as_a_claim():
    s = dealt(3, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"], 1: ["5s"]}, first="9c")
    rest = s.hands[0][2:]
    del s.hands[0][2:]
    s.pack[:0] = rest
    play(s, (0, "5c"), (1, "5s"))
    d = s.decision()
    assert d.player == 2 and d.claimants == (1,)
    assert s.legal_actions(1) == ("catch:0",)
    play(s, (1, "catch:0"))
    assert len(s.hands[0]) == 2 and s.decision() == Turn(2)


def test_quick_start_saying_last_card_too_early_is_refused():
    s = dealt(2, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"]}, first="9c")
    rejected(s, 0, "5c!", '"Last Card" is said with the play that leaves you one card (FLAPS rules, Quick Start)')


def test_what_happens_if_we_run_out_of_cards_fewest_cards_wins():
    s = dealt(2, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"]}, first="9c")
    moved = s.pack[:-1]
    del s.pack[:-1]
    s.hands[1].extend(moved)  # one card left in the pack; seat 1 holds the rest
    play(s, (0, "draw"))
    assert s.is_over() and s.result().winners == (0,)
    assert s.view(None)["ended"] == "pack"


def test_what_happens_if_we_run_out_of_cards_equal_fewest_share_the_win():
    s = dealt(2, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"]}, first="9c")
    moved = s.pack[:-1]
    del s.pack[:-1]
    s.pile[:0] = moved
    s.hands[1].append(s.pile.pop(0))  # seat 1: 8 cards
    s = validated(s)
    play(s, (0, "draw"))  # seat 0 draws the last card: 8 too
    assert s.is_over() and s.result().winners == (0, 1)


def test_quick_start_a_catch_races_the_next_players_play_at_a_real_time_table():
    from fliptable.core.table import Table, VirtualClock
    from fliptable.games.flaps.bots import GreedyFlaps

    s = dealt(3, {0: ["5c", "qc", "kd", "qh", "kh", "5h", "5d"], 1: ["5s"]}, first="9c")
    rest = s.hands[0][2:]
    del s.hands[0][2:]
    s.pack[:0] = rest
    s = validated(s)
    quick, slow = GreedyFlaps(rt=200, sd=0), GreedyFlaps(rt=20000, sd=0, catch=0)
    table = Table(s, [None, quick, slow], seed=1, clock=VirtualClock())
    table.submit(0, "5c")  # a person forgets "Last Card"
    for _ in range(3):
        table.resolve()
    # seat 1 lays (now it is too late to say it), then catches out of turn before slow seat 2 plays
    assert table.actions[1][0] == 1 and table.actions[2] == [1, "catch:0"] and len(s.hands[0]) == 2
