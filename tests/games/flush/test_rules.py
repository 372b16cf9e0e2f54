"""Flush rules, one story per rulebook paragraph, named after the rulebook's headings
(flush.md) and the rulings of docs/rules/flush.md: a fixed deal or a table laid out by
hand → actions → the expected outcome."""

import pytest

from tests.games.flush.helpers import FLUSH, NAMES, dealt, hand, kinds, play, table
from tests.helpers import assert_rejected

SIX_SEVENS = ["7", "7", "7", "7", "7", "7l"]


def refused_because(state, player, action, reason):
    """``action`` is refused (the state unchanged) with exactly ``reason``: the words a
    player reads between "is not legal for player N:" and the legal actions."""
    message = assert_rejected(state, player, action)
    assert message.split(": ", 1)[1].rsplit("; legal now:", 1)[0] == reason


SEAT0 = (["1", "2", "3"], ["7", "8", "9"], ["4", "4", "5", "5", "6", "6", "10", "10"])


# -- STARTING THE GAME -----------------------------------------------------------------------
def test_starting_the_game_fourteen_cards_three_bases_eight_in_hand_and_the_mimic_turned_up():
    state = dealt(3, {0: SEAT0}, indicator="3l", unused=["2s"], first=1)
    assert sorted(NAMES[c] for c in state.blinds[0]) == ["1", "2", "3"]
    assert [NAMES[c] for c in state.tops[0]] == ["7", "8", "9"]
    assert hand(state, 0) == sorted(SEAT0[2])
    assert [len(state.hands[p]) for p in range(3)] == [8, 8, 8]
    assert [len(state.blinds[p]) for p in range(3)] == [3, 3, 3]
    assert NAMES[state.indicator] == "3l" and state.mimic == 3
    assert len(state.unused) == 90 - 3 * 14 - 1 and NAMES[state.unused[-1]] == "2s"
    view = state.view(2)
    # "Players must not conceal the number of cards they have remaining at any point"
    assert view["card_counts"] == [14, 14, 14] and view["hand_counts"] == [8, 8, 8]
    assert view["bases"][0] == ["7", "8", "9"] and view["mimic"] == 3
    assert "hand" in view and view["known"][0] == []
    assert state.decision().player == 1


def test_starting_the_game_the_first_player_is_random_then_the_previous_rounds_winner():
    firsts = {FLUSH.new_state(4, {}, seed).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = table(3, hands={0: ["5"], 1: ["9", "9", "3"], 2: ["8", "2"]}, turn=1, previous=0)
    play(state, (1, "2x9"))
    events = play(state, (2, "1x8"), (0, "1x5"))
    assert "round_end" in kinds(events) and state.round_no == 2
    assert state.first == 0 and state.turn == 0


def test_starting_the_game_a_flush_card_turned_up_is_swapped_for_a_visible_number_card():
    seat0 = (["1", "2", "3"], ["7s", "8", "f"], ["4", "4", "5", "5", "6", "6", "10", "bf"])
    state = dealt(2, {0: seat0}, indicator="f", first=0)
    assert state.view(0)["phase"] == "swap"
    legal = state.legal_actions(0)
    assert set(legal) == {"mimic:4", "mimic:5", "mimic:6", "mimic:10", "mimic:b1", "mimic:b2"}
    refused_because(
        state,
        0,
        "1x4",
        "a Flush card was turned up as the Mimic: first swap one of your visible "
        'number cards in as the Mimic (mimic:<card> or mimic:b<base>) (flush.md "MIMIC CARDS")',
    )
    events = play(state, (0, "mimic:10"))
    assert events[0].type == "swap" and state.mimic == 10 and NAMES[state.indicator] == "10"
    # the starting player keeps the Flush card, in the swapped card's place, for all to know
    assert hand(state, 0).count("f") == 1
    assert state.view(1)["known"][0] == ["f"]
    assert state.view(0)["phase"] == "play"


def test_starting_the_game_the_swap_may_take_a_base_top_and_the_flush_card_lies_there():
    seat0 = (["1", "2", "3"], ["7s", "8", "9"], ["4", "4", "5", "5", "6", "6", "10", "10"])
    state = dealt(2, {0: seat0}, indicator="bf", first=0)
    play(state, (0, "mimic:b1"))
    assert state.mimic == 7 and NAMES[state.tops[0][0]] == "bf"


# -- RELEASING CARDS -------------------------------------------------------------------------
def test_releasing_cards_same_or_lower_value_and_any_card_on_an_empty_pile():
    state = table(2, hands={0: ["3", "6", "8", "10"], 1: ["2", "9"]}, pile=["6"], turn=0)
    legal = state.legal_actions(0)
    assert {"1x3", "1x6", "1x8", "1x10"} <= set(legal)  # 8 and 10 are pick-ups
    play(state, (0, "1x3"))
    assert state.pile_as == [6, 3] and state.turn == 1
    empty = table(2, hands={0: ["10", "3"], 1: ["2"]}, turn=0)
    play(empty, (0, "1x10"))
    assert empty.pile_as == [10]
    assert empty.view(1)["run"] == {"value": 10, "count": 1, "links": 0, "last_play": 1}


def test_releasing_cards_a_lower_play_need_not_match_the_count():
    state = table(2, hands={0: ["4", "9"], 1: ["2"]}, pile=["6", "6l", "6"], turn=0)
    play(state, (0, "1x4"))
    assert state.pile_as[-1] == 4 and state.run_count == 1


def test_releasing_cards_several_of_one_value_from_hand_and_base_tops_together():
    state = table(2, hands={0: ["5", "5s", "9"], 1: ["2"]}, tops={0: ["5l", "7"]}, blinds={0: ["1", "2"]}, turn=0)
    play(state, (0, "3x5"))  # all three 5s it has: no choice left to make
    assert sorted(NAMES[c] for c in state.pile) == ["5", "5l", "5s"]
    assert state.tops[0][0] == -1 and state.turn == 0  # the 5s Skip skips seat 1: seat 0 again


def test_releasing_cards_a_real_choice_of_cards_is_asked_for_one_card_at_a_time():
    state = table(2, hands={0: ["6", "6l", "9"], 1: ["2"]}, tops={0: ["6d"]}, blinds={0: ["1"]}, turn=0)
    play(state, (0, "2x6"))
    assert state.view(0)["phase"] == "pick"
    assert set(state.legal_actions(0)) == {"6", "6l", "b1"}
    play(state, (0, "b1"), (0, "6l"))
    assert sorted(NAMES[c] for c in state.pile) == ["6d", "6l"] and hand(state, 0) == ["6", "9"]


# -- DECLARATION ------------------------------------------------------------------------------
def test_declaration_a_void_declaration_is_refused_and_the_same_player_declares_again():
    state = table(2, hands={0: ["6", "6", "9"], 1: ["2"]}, pile=["7"], turn=0)
    refused_because(
        state,
        0,
        "3x6",
        "void declaration: 3 Sixes cannot be fulfilled — you can lay at most 2 (2 of the value, 0 Mimics)",
    )
    message = assert_rejected(state, 0, "3x6", "void", "2")
    assert "3 Sixes" in message
    assert state.decision().player == 0
    play(state, (0, "2x6"))
    assert state.pile_as == [7, 6, 6]


def test_declaration_only_the_player_whose_turn_it_is_has_actions():
    state = table(3, hands={0: ["6", "9"], 1: ["6", "2"], 2: ["3"]}, pile=["7"], turn=0)
    assert state.legal_actions(0) and state.legal_actions(1) == () and state.legal_actions(2) == ()


def test_declaration_a_void_declaration_counts_one_mimic_as_one():
    state = table(2, hands={0: ["6", "6", "9", "1"], 1: ["2"]}, pile=["7"], turn=0)  # 1s are the Mimics
    refused_because(
        state,
        0,
        "4x6",
        "void declaration: 4 Sixes cannot be fulfilled — you can lay at most 3 (2 of the value, 1 Mimic)",
    )


def test_declaration_a_void_declaration_counts_the_base_tops_with_the_hand():
    state = table(2, hands={0: ["6", "9"], 1: ["2"]}, tops={0: ["6l"]}, blinds={0: ["1"]}, pile=["7"], turn=0)
    refused_because(
        state,
        0,
        "3x6",
        "void declaration: 3 Sixes cannot be fulfilled — you can lay at most 2 (2 of the value, 0 Mimics)",
    )


def test_declaration_a_void_declaration_counts_a_flipped_blind_mimic():
    """A flipped Blind card is part of the play: a Mimic (1s here) counts as a Mimic
    beside another value, as one of the value when its own value is declared."""
    state = table(2, hands={0: ["6", "9"], 1: ["2"]}, tops={0: [None]}, blinds={0: ["1"]}, pile=["3"], turn=0)
    play(state, (0, "blind:1"))
    refused_because(
        state,
        0,
        "4x6",
        "void declaration: 4 Sixes cannot be fulfilled — you can lay at most 2 (1 of the value, 1 Mimic)",
    )
    refused_because(
        state,
        0,
        "4x1",
        "void declaration: 4 Ones cannot be fulfilled — you can lay at most 1 (1 of the value, 0 Mimics)",
    )


def test_declaration_once_made_it_must_be_fulfilled():
    state = table(2, hands={0: ["6", "6l", "6s", "9"], 1: ["2"]}, turn=0)
    events = play(state, (0, "2x6"))
    assert events[0].type == "declare" and events[0].data["said"] == "2 Sixes"
    for action in ("1x9", "9"):
        refused_because(
            state,
            0,
            action,
            "you declared 2 Sixes; once declared it must be fulfilled (flush.md "
            '"DECLARATION"): lay 2 more of 6, 6l, 6s',
        )
    play(state, (0, "6"), (0, "6l"))
    assert state.pile_as == [6, 6]


def test_declaration_is_announced_before_the_play_is_made():
    state = table(2, hands={0: ["6", "6", "6", "6", "9"], 1: ["2"]}, turn=0)
    events = play(state, (0, "4x6"))
    assert kinds(events)[:3] == ["declare", "play", "flush"]
    assert FLUSH.narrate(events[0].for_player(1)).startswith("seat 0 declares")


# -- MAKING A FLUSH ---------------------------------------------------------------------------
def test_making_a_flush_four_of_a_value_discards_the_pile_and_the_flusher_starts_again():
    state = table(2, hands={0: ["2", "2", "2", "2", "9"], 1: ["3"]}, pile=["8", "5"], turn=0)
    events = play(state, (0, "4x2"))
    assert "flush" in kinds(events)
    assert state.pile == [] and {"5", "8"} <= {NAMES[c] for c in state.discard}
    assert state.turn == 0 and state.view(0)["phase"] == "play"


def test_making_a_flush_can_include_the_previous_players_cards():
    state = table(2, hands={0: ["2", "2", "9"], 1: ["2", "2", "7"]}, turn=0)
    play(state, (0, "2x2"))
    events = play(state, (1, "2x2"))
    assert "flush" in kinds(events) and state.turn == 1 and state.pile == []


def test_making_a_flush_run_counts_every_card_of_the_value_on_top_previous_only_the_last_play():
    layout = {
        "hands": {0: ["2", "9"], 1: ["3"]},
        "pile": ["2", "2", "2"],
        "pile_as": [2, 2, 2],
        "top_count": 1,
        "turn": 0,
    }
    run = table(2, **layout)
    assert "flush" in kinds(play(run, (0, "1x2")))
    previous = table(2, options={"flush_count": "previous"}, **layout)
    assert "flush" not in kinds(play(previous, (0, "1x2")))
    assert previous.run_count == 4 and previous.top_count == 1


def test_making_a_flush_a_single_flush_card_flushes_any_pile_even_an_empty_one():
    state = table(2, hands={0: ["f", "f", "9"], 1: ["3"]}, pile=["10", "10"], turn=0)
    events = play(state, (0, "flush"))
    assert "flush" in kinds(events) and state.pile == [] and state.turn == 0
    events = play(state, (0, "flush"))
    assert "flush" in kinds(events) and hand(state, 0) == ["9"]


# -- MIMIC CARDS --------------------------------------------------------------------------------
def test_mimic_cards_a_mimic_turns_three_sixes_into_four_for_a_flush():
    state = table(2, hands={0: ["6", "6", "6", "5", "9"], 1: ["3"]}, indicator="5l", turn=0)
    assert "4x6" in state.legal_actions(0)
    events = play(state, (0, "4x6"))
    assert "flush" in kinds(events) and state.turn == 0


def test_mimic_cards_stay_fixed_on_the_pile_and_reset_when_picked_up():
    state = table(2, hands={0: ["6", "5", "9"], 1: ["8", "2", "2"]}, indicator="5l", turn=0)
    play(state, (0, "2x6"))
    assert state.pile_as == [6, 6] and state.view(1)["pile_as"] == [6, 6]
    play(state, (1, "1x8"))  # a pick-up: seat 1 takes the 6 and the 5
    assert hand(state, 1) == ["2", "2", "5", "6"]
    play(state, (0, "1x9"))  # seat 0 picks up the 8 in turn
    # the picked-up Mimic is a Mimic again: it may join the Twos, or be a Five
    assert {"3x2", "2x6", "1x5"} <= set(state.legal_actions(1))


def test_mimic_cards_may_be_played_as_their_own_value():
    state = table(2, hands={0: ["5", "5s", "9"], 1: ["3"]}, indicator="5l", pile=["7"], turn=0)
    play(state, (0, "2x5"))
    assert state.pile_as == [7, 5, 5]


def test_mimic_cards_need_a_card_of_the_value_in_their_play_unless_mimic_join_is_pile():
    layout = {"hands": {0: ["5", "9"], 1: ["3"]}, "indicator": "5l", "pile": ["7"], "turn": 0}
    state = table(2, **layout)
    assert "1x7" not in state.legal_actions(0)
    refused_because(
        state,
        0,
        "1x7",
        "void declaration: a Mimic only mimics a card it is played with, and you "
        "have no card of that value to lay with it (mimic_join=pile lets Mimics "
        "take the pile's value)",
    )
    pile = table(2, options={"mimic_join": "pile"}, **layout)
    play(pile, (0, "1x7"))
    assert pile.pile_as == [7, 7] and NAMES[pile.pile[-1]] == "5"


def test_mimic_cards_mimic_the_value_not_the_action_but_their_own_actions_happen():
    # a plain Mimic with a Skip Six skips once (the Skip's own action); a Skip Mimic skips too
    state = table(3, hands={0: ["6s", "5", "9"], 1: ["3"], 2: ["3"]}, indicator="5l", turn=0)
    play(state, (0, "2x6"))
    assert state.turn == 2
    state = table(3, hands={0: ["6", "5s", "9"], 1: ["3"], 2: ["3"]}, indicator="5l", turn=0)
    play(state, (0, "2x6"))
    assert state.turn == 2


# -- PICKING UP ---------------------------------------------------------------------------------
def test_picking_up_a_higher_value_starts_a_new_pile_and_the_old_pile_goes_to_hand():
    state = table(3, hands={0: ["9", "9", "2"], 1: ["3"], 2: ["4"]}, pile=["7", "4", "4"], turn=0)
    events = play(state, (0, "2x9"))
    assert events[0].data["pickup"] is True
    assert kinds(events)[:2] == ["declare", "pickup"]
    assert state.pile_as == [9, 9] and hand(state, 0) == ["2", "4", "4", "7"]
    # everybody saw the pile: those cards are known in the picker's hand
    assert state.view(1)["known"][0] == ["4", "4", "7"]
    assert state.turn == 1


def test_picking_up_four_higher_cards_make_a_flush_and_the_player_goes_again():
    state = table(2, hands={0: ["9", "9", "9", "9", "2"], 1: ["3"]}, pile=["7", "4"], turn=0)
    events = play(state, (0, "4x9"))
    assert kinds(events)[:3] == ["declare", "pickup", "flush"]
    assert state.pile == [] and hand(state, 0) == ["2", "4", "7"] and state.turn == 0


def test_picking_up_skips_on_the_new_pile_skip():
    state = table(3, hands={0: ["9s", "2"], 1: ["3"], 2: ["4"]}, pile=["7"], turn=0)
    play(state, (0, "1x9"))
    assert state.turn == 2


def test_picking_up_a_link_flush_or_a_flush_card_clears_the_pile_instead_of_starting_one():
    state = table(2, hands={0: ["1l", "3l", "8l", "9l", "2"], 1: ["3"]}, pile=["4", "4"], turn=0)
    play(state, (0, "link:4"))
    assert state.pile == [] and hand(state, 0) == ["2"] and state.turn == 0


# -- SUPER FLUSH --------------------------------------------------------------------------------
def test_super_flush_six_of_a_value_mimics_included_may_pass_a_base_to_the_previous_player():
    state = table(
        3,
        hands={0: ["7", "7", "7", "7", "5", "2"], 1: ["3"], 2: ["4"]},
        tops={0: ["9", None]},
        blinds={0: ["1", "8"]},
        pile=["7s", "7l"],
        indicator="5l",
        turn=0,
        previous=2,
    )
    events = play(state, (0, "4x7"), (0, "5"))
    assert [e.data.get("super") for e in events if e.type == "flush"] == [True]
    assert state.view(0)["phase"] == "pass"
    assert state.legal_actions(0) == ("pass:1", "pass:2", "keep")
    events = play(state, (0, "pass:1"))
    assert events[0].type == "pass" and events[0].data == {"player": 0, "to": 2, "base": 1, "top": "9"}
    assert [NAMES[c] for c in state.blinds[2]][-1] == "1" and NAMES[state.tops[2][-1]] == "9"
    assert len(state.blinds[0]) == 1 and state.turn == 0


def test_super_flush_the_receiving_player_must_shed_the_extra_base_too():
    state = table(
        2, hands={0: [*SIX_SEVENS, "2", "4"], 1: ["3"]}, tops={0: [None]}, blinds={0: ["8"]}, turn=0, previous=1
    )
    play(state, (0, "6x7"), (0, "pass:1"), (0, "1x2"))
    assert state.turn == 1 and state.view(1)["bases"][1] == [None]
    assert "blind:1" in state.legal_actions(1)
    events = play(state, (1, "1x3"))
    assert "round_end" not in kinds(events)  # the Blind card still has to go


def test_super_flush_keep_passes_no_base_and_without_a_previous_turn_none_is_offered():
    state = table(2, hands={0: [*SIX_SEVENS, "2"], 1: ["3"]}, tops={0: ["9"]}, blinds={0: ["8"]}, turn=0, previous=1)
    play(state, (0, "6x7"), (0, "keep"))
    assert len(state.blinds[0]) == 1 and state.view(0)["phase"] == "play"
    first_turn = table(2, hands={0: [*SIX_SEVENS, "2"], 1: ["3"]}, tops={0: ["9"]}, blinds={0: ["8"]}, turn=0)
    play(first_turn, (0, "6x7"))
    assert first_turn.view(0)["phase"] == "play"


def test_super_flush_passing_the_last_base_with_an_empty_hand_goes_out():
    state = table(2, hands={0: SIX_SEVENS, 1: ["3"]}, tops={0: [None]}, blinds={0: ["8"]}, turn=0, previous=1)
    events = play(state, (0, "6x7"), (0, "pass:1"))
    assert "round_end" in kinds(events) and state.last_round["winner"] == 0


# -- BLIND CARDS ----------------------------------------------------------------------------------
def test_blind_cards_only_when_free_of_their_top_card():
    state = table(2, hands={0: ["9"], 1: ["3"]}, tops={0: ["4", None]}, blinds={0: ["1", "2"]}, turn=0)
    assert "blind:1" not in state.legal_actions(0) and "blind:2" in state.legal_actions(0)
    refused_because(
        state,
        0,
        "blind:1",
        "the Blind card of base 1 is still covered by its top card: it must be "
        'free of its top card (flush.md "BLIND CARDS")',
    )


def test_blind_cards_are_flipped_unseen_and_may_be_joined_by_the_same_value_and_mimics():
    state = table(2, hands={0: ["6", "5", "9"], 1: ["3"]}, tops={0: [None]}, blinds={0: ["6l"]}, indicator="5s", turn=0)
    assert state.view(0)["bases"][0] == [None]  # its owner does not know the Blind card
    events = play(state, (0, "blind:1"))
    assert events[0].type == "blind" and events[0].data["card"] == "6l"
    assert state.view(0)["phase"] == "blind"
    assert set(state.legal_actions(0)) == {"1x6", "2x6", "3x6"}
    play(state, (0, "3x6"))
    assert state.pile_as == [6, 6, 6] and hand(state, 0) == ["9"]


def test_mimic_cards_a_flipped_blind_mimic_mimics_only_a_card_it_is_played_with():
    # flush.md "MIMIC CARDS": the Mimic "can mimic any numerical value of a card it is played
    # with"; a flipped Blind Mimic alone is its own value (a Five), never a lone Six or Nine
    layout = {
        "hands": {0: ["6", "6l", "9"], 1: ["3"]},
        "tops": {0: [None]},
        "blinds": {0: ["5s"]},
        "indicator": "5l",
        "turn": 0,
    }
    state = table(2, **layout)
    play(state, (0, "blind:1"))
    assert set(state.legal_actions(0)) == {"1x5", "2x6", "3x6", "2x9"}
    refused_because(
        state,
        0,
        "1x6",
        "the flipped Blind card (5s) is a Mimic, and a Mimic only mimics a card it "
        "is played with: declare at least 2 Sixes (it and a real one), or 1x5 for "
        "its own value",
    )
    play(state, (0, "2x9"))
    assert state.pile_as == [9, 9] and hand(state, 0) == ["6", "6l"]
    # the reproduction of the report: elimination, mimic_join=pile, seed 800616, on an empty pile
    state = FLUSH.new_state(2, {"mode": "elimination", "limit": 15, "mimic_join": "pile"}, 800616)
    play(state, (1, "flush"), (1, "blind:3"))
    assert NAMES[state.laid[0]] == "2" and state.mimic == 2
    assert not [a for a in state.legal_actions(1) if a.startswith("1x") and a != "1x2"]
    # mimic_join=pile: alone, the flipped Mimic may still take the value on top of the pile
    pile = table(2, options={"mimic_join": "pile"}, pile=["7"], **layout)
    play(pile, (0, "blind:1"))
    assert {"1x5", "1x7", "2x6", "2x9"} <= set(pile.legal_actions(0)) and "1x6" not in pile.legal_actions(0)
    play(pile, (0, "1x7"))
    assert pile.pile_as == [7, 7]
    # rules version 1's reading, kept as blind_mimic=alone (its logs replay with it)
    assert FLUSH.rules_version == "2" and FLUSH.legacy_options("1") == {"blind_mimic": "alone"}
    old = table(2, options={"blind_mimic": "alone"}, **layout)
    play(old, (0, "blind:1"))
    assert set(old.legal_actions(0)) == {"1x5", "1x6", "2x6", "3x6", "1x9", "2x9"}


def test_blind_cards_only_one_per_turn_and_only_first_in_a_turn():
    state = table(2, hands={0: ["3", "3", "3", "9"], 1: ["2"]}, tops={0: [None, None]}, blinds={0: ["3l", "8"]}, turn=0)
    play(state, (0, "blind:1"))
    assert not any(a.startswith("blind:") for a in state.legal_actions(0))
    refused_because(
        state,
        0,
        "blind:1",
        'only one Blind card may be flipped per turn, and only first in a turn (flush.md "BLIND CARDS")',
    )
    # four Threes flush: a new turn, where a Blind card may be flipped again
    play(state, (0, "4x3"))
    assert state.turn == 0 and "blind:1" in state.legal_actions(0)


def test_blind_cards_a_higher_blind_card_starts_a_new_pile_and_the_player_picks_up():
    state = table(2, hands={0: ["2"], 1: ["3"]}, tops={0: [None]}, blinds={0: ["9"]}, pile=["5", "4"], turn=0)
    events = play(state, (0, "blind:1"))
    assert kinds(events)[:3] == ["blind", "declare", "pickup"]  # the only declaration: made for it
    assert state.pile_as == [9] and hand(state, 0) == ["2", "4", "5"]


def test_blind_cards_a_link_blind_may_make_a_link_flush():
    state = table(
        2, hands={0: ["1l", "8l", "9l", "2"], 1: ["3"]}, tops={0: [None]}, blinds={0: ["4l"]}, pile=["3"], turn=0
    )
    play(state, (0, "blind:1"))
    assert "link:4" in state.legal_actions(0)
    events = play(state, (0, "link:4"))
    assert "flush" in kinds(events) and hand(state, 0) == ["2"]


def test_blind_cards_a_flipped_flush_card_flushes():
    state = table(2, hands={0: ["2"], 1: ["3"]}, tops={0: [None]}, blinds={0: ["f"]}, pile=["5"], turn=0)
    events = play(state, (0, "blind:1"))
    assert kinds(events)[:4] == ["blind", "declare", "play", "flush"] and state.turn == 0


# -- SKIP CARDS -----------------------------------------------------------------------------------
def test_skip_cards_each_skip_skips_the_next_player():
    # a Skip Six and a Skip Mimic joining it: two Skips
    state = table(4, hands={0: ["6s", "5s", "9"], 1: ["3"], 2: ["3"], 3: ["3"]}, indicator="5l", turn=0)
    events = play(state, (0, "2x6"))
    assert state.turn == 3
    assert [e.data["skipped"] for e in events if e.type == "skip"] == [[1, 2]]


def test_skip_cards_with_two_players_a_skip_gives_the_player_another_turn():
    state = table(2, hands={0: ["6s", "9"], 1: ["3"]}, turn=0)
    play(state, (0, "1x6"))
    assert state.turn == 0 and state.view(0)["phase"] == "play"


def test_skip_cards_used_to_make_a_flush_are_ignored():
    state = table(3, hands={0: ["6s", "6", "6", "6", "9"], 1: ["3"], 2: ["3"]}, turn=0)
    events = play(state, (0, "4x6"))
    assert state.turn == 0 and "skip" not in kinds(events)
    assert [e.data["skips_ignored"] for e in events if e.type == "flush"] == [1]


# -- END OF THE ROUND -----------------------------------------------------------------------------
def test_end_of_the_round_others_score_every_card_blind_cards_included_mimics_triple():
    state = table(
        3,
        hands={0: ["2"], 1: ["5", "9"], 2: ["f"]},
        tops={1: ["3"], 2: [None]},
        blinds={1: ["4"], 2: ["10"]},
        indicator="5l",
        turn=0,
        options={"rounds": 2},
    )
    events = play(state, (0, "1x2"))
    end = next(e for e in events if e.type == "round_end").data
    # seat 1: a Mimic 5 (x3) + 9 + 3 + 4; seat 2: the Flush card 10 + the Blind 10
    assert end["winner"] == 0 and end["scores"] == [0, 15 + 9 + 3 + 4, 20]
    assert state.totals == [0, 31, 20] and state.turn == 0


def test_end_of_the_round_the_round_ends_as_soon_as_a_player_is_out():
    state = table(2, hands={0: ["4", "4"], 1: ["9", "9"]}, pile=["6"], turn=0)
    events = play(state, (0, "2x4"))
    assert "round_end" in kinds(events) and state.round_no == 2


# -- DEDUCTION CARDS ★ ------------------------------------------------------------------------------
def test_deduction_cards_two_fours_with_the_four_deduction_card_deduct_five():
    state = table(2, hands={0: ["4", "4d"], 1: ["9"]}, totals=[12, 0], turn=0)
    events = play(state, (0, "2x4"))
    end = next(e for e in events if e.type == "round_end").data
    assert end["deduction"] == 5 and state.totals == [7, 9]


def test_deduction_cards_a_total_never_goes_below_zero():
    state = table(2, hands={0: ["4d"], 1: ["9"]}, totals=[3, 0], turn=0)
    play(state, (0, "1x4"))
    assert state.totals[0] == 0


def test_deduction_cards_on_mimics_and_several_together_count_on_the_final_turn_only():
    state = table(2, hands={0: ["7d", "5d", "7"], 1: ["9"]}, indicator="5l", totals=[30, 0], turn=0)
    play(state, (0, "3x7"))
    assert state.totals[0] == 30 - 8 - 6
    earlier = table(
        2, hands={0: ["4d", "1d", "2", "2", "2", "2"], 1: ["9", "9"]}, totals=[30, 0], turn=0, indicator="10l"
    )
    play(earlier, (0, "1x4"))  # a Deduction card, but not on the final turn
    play(earlier, (1, "1x9"))  # seat 1 picks up the 4 Deduction card
    play(earlier, (0, "4x2"), (0, "1x1"))  # a Flush, then the final turn: the 1 Deduction
    assert earlier.last_round["deduction"] == 2 and earlier.totals[0] == 28


# -- LINK CARDS -------------------------------------------------------------------------------------
def test_link_cards_four_links_of_any_values_make_a_link_flush():
    state = table(2, hands={0: ["1l", "3l", "8l", "10l", "2"], 1: ["3"]}, pile=["2"], turn=0)
    events = play(state, (0, "link:4"))
    assert "flush" in kinds(events) and state.turn == 0
    assert [e.data["kind"] for e in events if e.type == "flush"] == ["link"]


def test_link_cards_on_top_of_the_pile_count_toward_the_four():
    # the current value is 3x6's with two Link cards: two more Link cards flush
    state = table(2, hands={0: ["1l", "9l", "2"], 1: ["3"]}, pile=["6", "6l", "6l"], turn=0)
    assert "link:2" in state.legal_actions(0)
    events = play(state, (0, "link:2"))
    assert "flush" in kinds(events)


def test_link_cards_six_links_super_flush_and_without_a_flush_they_are_regular_cards():
    state = table(
        2,
        hands={0: ["1l", "2l", "3l", "8l", "2"], 1: ["3"]},
        pile=["6l", "6l"],
        turn=0,
        tops={0: ["9"]},
        blinds={0: ["4"]},
        previous=1,
    )
    events = play(state, (0, "link:4"))
    assert [e.data["super"] for e in events if e.type == "flush"] == [True]
    regular = table(2, hands={0: ["3l", "3", "9"], 1: ["2"]}, pile=["5"], turn=0)
    play(regular, (0, "2x3"))
    assert regular.pile_as == [5, 3, 3]


def test_link_cards_a_link_flush_takes_no_regular_cards():
    state = table(2, hands={0: ["1l", "3l", "8l", "9l", "8", "2"], 1: ["3"]}, turn=0)
    play(state, (0, "link:4"))
    assert hand(state, 0) == ["2", "8"]


# -- BIG FLUSH CARD ---------------------------------------------------------------------------------
def test_big_flush_card_opponents_draw_one_card_each_from_the_unused_deck():
    state = table(3, hands={0: ["bf", "9"], 1: ["3"], 2: ["4"]}, unused=["7", "8"], turn=0)
    events = play(state, (0, "bigflush"))
    draws = [e for e in events if e.type == "draw"]
    assert [e.data["player"] for e in draws] == [1, 2]
    assert hand(state, 1) == ["3", "7"] and hand(state, 2) == ["4", "8"]
    # only the drawer sees the card drawn
    assert draws[0].for_player(1)["card"] == "7" and "card" not in draws[0].for_player(2)
    assert state.view(0)["known"][1] == []


@pytest.mark.parametrize("bases_without_top", [0, 1])
def test_big_flush_card_of_two_held_the_one_everybody_knows_of_is_laid(bases_without_top):
    """Holding both Big Flush cards, one known to all: the known one is laid, so afterwards
    nobody knows the player still has one (however many bases have lost their tops)."""
    blinds = {0: ["1"] * bases_without_top} if bases_without_top else {}
    tops = {0: [None] * bases_without_top} if bases_without_top else {}
    state = table(
        3,
        hands={0: ["bf", "9", "bf"], 1: ["3"], 2: ["4"]},
        blinds=blinds,
        tops=tops,
        public={0: ["bf"]},
        unused=["7", "8"],
        turn=0,
    )
    assert state.view(1)["known"][0] == ["bf"]
    play(state, (0, "bigflush"))
    assert hand(state, 0) == ["9", "bf"] and state.view(1)["known"][0] == []


def test_a_big_flush_is_counted_in_the_games_statistics():
    state = table(3, hands={0: ["bf", "9"], 1: ["3"], 2: ["4"]}, unused=["7", "8"], turn=0)
    before = FLUSH.stats(state)
    # written out, not read from tables.STAT_NAMES: this is what checks that list
    assert list(before) == [
        "rounds",
        "turns",
        "round_decisions",
        "first_player_round_wins",
        "flushes",
        "super_flushes",
        "pickups",
        "link_flushes",
        "flush_cards",
        "big_flushes",
        "blind_flips",
        "capped_rounds",
    ]
    play(state, (0, "bigflush"))
    after = FLUSH.stats(state)
    assert after["big_flushes"] == before["big_flushes"] + 1 and after["flush_cards"] == before["flush_cards"]


def test_big_flush_card_with_the_unused_deck_empty_nobody_draws():
    state = table(3, hands={0: ["bf", "9"], 1: ["3"], 2: ["4"]}, unused=["7"], turn=0)
    events = play(state, (0, "bigflush"))
    assert hand(state, 1) == ["3", "7"] and hand(state, 2) == ["4"]
    assert "deck_empty" in kinds(events)


def test_big_flush_card_as_the_last_card_still_makes_the_opponents_draw():
    state = table(2, hands={0: ["bf"], 1: ["3"]}, unused=["10"], turn=0)
    events = play(state, (0, "bigflush"))
    end = next(e for e in events if e.type == "round_end").data
    assert end["scores"] == [0, 13]


# -- void declarations name the rule -------------------------------------------------------------------
@pytest.mark.parametrize(
    "action, reason",
    [
        (
            "link:4",
            (
                "void declaration: a Link Flush needs 4 Link cards with those on top of the pile (0 there) and is "
                "made with your own Link cards only; you have 0, declared 4"
            ),
        ),
        ("flush", "you hold no Flush card"),
        ("bigflush", "you hold no Big Flush card"),
        ("blind:3", "you have no base 3"),
        ("6", "declare your play first (e.g. 3x6): the cards that fulfil it are chosen after"),
        ("pass:1", 'a base is passed only after a Super Flush (flush.md "SUPER FLUSH")'),
        ("keep", 'a base is passed only after a Super Flush (flush.md "SUPER FLUSH")'),
        ("mimic:9", "a card is swapped in as the Mimic only when a Flush card is turned up at the start"),
        ("1x8", "void declaration: you have no card that can be one of the Eights"),
    ],
)
def test_declaration_void_or_misplaced_actions_say_why(action, reason):
    state = table(2, hands={0: ["6", "9"], 1: ["3"]}, pile=["7"], turn=0)
    refused_because(state, 0, action, reason)
