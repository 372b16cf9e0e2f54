"""Flip 7 scenarios, one or more per rulebook paragraph and per decision in
docs/rules/flip7.md: fixed deck → actions → expected outcome. Seat 0 acts first in
round 1 (the first dealer is the last seat); cards are dealt seat 0, 1, 2, ..."""

import json
from collections import Counter

import pytest

from fliptable.core import IllegalAction, PlayerCountError, Turn
from fliptable.games.flip7.cards import CARDS, DECK
from fliptable.games.flip7.state import ACTIVE, BUSTED, FLIP7, FROZEN, STAYED
from tests.games.flip7.helpers import GAME, cards, new, play


# -- The Deck (94 Cards) ------------------------------------------------------------------
def test_the_deck_has_94_cards_with_79_numbers():
    counts = Counter(CARDS.name(c) for c in GAME.deck(4, {}))
    assert sum(counts.values()) == 94
    assert sum(counts[str(n)] for n in range(13)) == 79
    assert [counts[str(n)] for n in range(13)] == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert counts["freeze"] == counts["flip3"] == counts["second"] == 3
    assert all(counts[m] == 1 for m in ("+2", "+4", "+6", "+8", "+10", "x2"))


def test_the_deck_number_cards_total_650_points():
    assert sum(CARDS[c].rank for c in DECK if CARDS[c].kind == "number") == 650


# -- Setup --------------------------------------------------------------------------------
def test_setup_deals_one_card_face_up_to_each_player_from_the_dealers_left():
    s = new(4, ["5", "6", "7", "8"])
    assert [cards(s, p) for p in range(4)] == [["5"], ["6"], ["7"], ["8"]]
    assert s.view(None)["dealer"] == 3 and s.decision() == Turn(0)
    assert s.view(None)["draw_count"] == 90


def test_setup_action_cards_dealt_are_resolved_immediately_before_continuing():
    # seat 1 is dealt a Freeze: frozen with nothing before seat 2 gets a card
    s = new(3, ["5", "freeze", "7"])
    assert s.status[1] == FROZEN and cards(s, 1) == [] and cards(s, 2) == ["7"]
    # seat 0 is dealt Flip Three: it flips three cards before seat 1 is dealt
    s = new(3, ["flip3", "9", "10", "11", "4", "6"])
    assert cards(s, 0) == ["9", "10", "11"] and cards(s, 1) == ["4"] and cards(s, 2) == ["6"]


def test_setup_dealer_rotates_clockwise_each_round():
    s = new(3, ["5", "6", "7"])
    play(s, "stay", "stay", "stay")
    assert s.view(None)["dealer"] == 0 and s.view(None)["round"] == 2
    assert s.decision() == Turn(1)  # the player to the left of the new dealer


# -- Gameplay / Hit (Draw a Card) -----------------------------------------------------------
def test_gameplay_turns_go_round_one_card_each():
    s = new(3, ["5", "6", "7", "8", "9", "10"])
    play(s, "hit")
    assert s.decision() == Turn(1)
    play(s, "hit", "hit")
    assert [cards(s, p) for p in range(3)] == [["5", "8"], ["6", "9"], ["7", "10"]]


def test_hit_number_card_is_placed_face_up():
    s = new(2, ["5", "6", "12"])
    assert play(s, "hit")[0] == {"type": "flip", "player": 0, "card": "12"}
    assert cards(s, 0) == ["5", "12"] and s.round_score(0) == 17


def test_hit_duplicate_number_busts_scoring_zero_and_discarding_everything():
    s = new(2, [*["5", "6", "+4", "x", "5"][:3], "5"])
    play(s, "hit")  # seat 0: +4
    play(s, "stay")  # seat 1 stays with 6
    events = play(s, "hit")
    assert {"type": "bust", "player": 0, "card": "5"} in events
    assert s.view(None)["last_round"] == [0, 6]
    assert Counter(s.view(None)["discard"]) >= Counter(["5", "5", "+4"])


def test_hit_seventh_unique_number_stops_with_the_15_point_bonus():
    s = new(2, ["0", "12", "1", "2", "3", "4", "5", "6"])
    events = play(s, "hit", "stay", "hit", "hit", "hit", "hit", "hit")
    assert {"type": "flip7", "player": 0} in events
    # 0+1+2+3+4+5+6 = 21, +15
    assert s.view(None)["last_round"] == [36, 12]


def test_hit_modifier_cards_are_placed_and_add_to_the_score():
    s = new(2, ["5", "6", "+10", "+2"])
    play(s, "hit", "hit", "stay", "stay")
    assert s.view(None)["last_round"] == [15, 8]


def test_action_cards_and_modifiers_cannot_bust():
    # flip7.md "Busting": "Action cards and Modifier cards cannot cause you to bust."
    # Seat 0 holds a 2 and draws cards that share its rank (+2, x2) and a second Second
    # Chance: a rule comparing ranks, or counting every card kind, would bust it here.
    s = new(3, ["2", "6", "7", "+2", "x2", "second", "second", "flip3", "+10", "+4", "+6"])
    play(s, "hit", "stay", "stay")  # seat 0: +2; seats 1 and 2 stay
    events = play(s, "hit", "hit", "hit")  # x2, second, second (nobody can take it)
    assert {"type": "discard_second", "player": 0, "chosen": False} in events
    events = play(s, "hit")  # flip3: +10, +4, +6
    assert not any(e["type"] == "bust" for e in events)
    assert s.status[0] == ACTIVE and cards(s, 0) == ["2", "+2", "x2", "second", "+10", "+4", "+6"]
    assert s.round_score(0) == 2 * 2 + 2 + 10 + 4 + 6
    play(s, "stay")
    assert s.totals == [26, 6, 7]


def test_hit_a_second_twelve_busts():
    s = new(2, ["12", "11", "12"])
    events = play(s, "hit")
    assert {"type": "bust", "player": 0, "card": "12"} in events and s.status[0] == BUSTED


def test_busting_only_on_the_same_number_not_on_a_neighbour():
    # flip7.md "Busting": "You bust only when you draw a duplicate number card"
    s = new(2, ["5", "9", "4", "8", "6", "10", "5"])
    play(s, "hit", "hit", "hit", "hit")  # seat 0: 5, 4, 6 (one either side of 5)
    assert s.status == [ACTIVE, ACTIVE] and cards(s, 0) == ["5", "4", "6"]
    events = play(s, "hit")  # a second 5
    assert {"type": "bust", "player": 0, "card": "5"} in events and s.status[0] == BUSTED


@pytest.mark.parametrize("modifier", ["+2", "+8"])
def test_hit_six_numbers_and_a_modifier_are_not_flip_7(modifier):
    # flip7.md "Hit": the 7th unique *number*: six numbers and a modifier are seven cards
    s = new(2, ["0", "12", "1", "2", "3", "4", "5", modifier, "6"])
    play(s, "hit", "stay", "hit", "hit", "hit", "hit", "hit")
    assert len(cards(s, 0)) == 7 and s.status[0] == ACTIVE and s.round_score(0) == 15 + int(modifier)
    events = play(s, "hit")
    assert {"type": "flip7", "player": 0} in events


# -- Pass (Stay) ------------------------------------------------------------------------------
def test_pass_stay_banks_the_points_and_leaves_the_round():
    s = new(3, ["5", "6", "7", "9"])
    play(s, "stay")
    assert s.status[0] == STAYED
    play(s, "hit", "stay", "stay")
    assert s.view(None)["last_round"] == [5, 15, 7]
    assert s.totals == [5, 15, 7]


def test_staying_is_allowed_even_with_no_cards():
    s = new(2, ["freeze", "6"])  # seat 0 frozen with nothing; seat 1 may still stay
    assert s.legal_actions(1) == ("hit", "stay")


# -- Busting ----------------------------------------------------------------------------------
def test_busting_ends_the_turn_and_the_players_round():
    s = new(3, ["8", "6", "7", "8"])
    play(s, "hit")
    assert s.status[0] == BUSTED and s.decision() == Turn(1)
    assert "hit" not in s.legal_actions(0)


# -- Scoring ----------------------------------------------------------------------------------
def test_scoring_example_numbers_then_x2_then_modifiers():
    # rulebook example: 3, 7, 10, 12, "+5" (no such card: +4 here), X2 -> 32*2 + 4
    s = new(2, ["3", "0", "7", "1", "10", "2", "12", "4", "+4", "5", "x2"])
    play(s, *["hit"] * 10)
    assert s.round_score(0) == 68
    play(s, "stay", "stay")
    assert s.totals[0] == 68


def test_scoring_x2_does_not_double_the_flip7_bonus_or_modifiers():
    s = new(2, ["0", "12", "x2", "+6", "1", "2", "3", "4", "5", "6"])
    play(s, "hit", "stay", *["hit"] * 7)
    assert s.round_no == 2
    assert s.view(None)["last_round"][0] == 21 * 2 + 6 + 15


# -- End of Round -----------------------------------------------------------------------------
def test_end_of_round_when_everyone_passed_busted_frozen_or_flipped_7():
    s = new(4, ["5", "freeze", "7", "8", "5"])
    play(s, "hit")  # seat 0 busts; seat 1 was frozen in the deal
    assert s.status[:2] == [BUSTED, FROZEN]
    play(s, "stay", "stay")
    assert s.view(None)["round"] == 2 and s.view(None)["last_round"] == [0, 0, 7, 8]


def test_round_cards_go_to_the_discard_pile_and_the_deck_is_not_reshuffled():
    s = new(2, ["5", "6"])
    draw_before = s.view(None)["draw_count"]
    play(s, "stay", "stay")
    v = s.view(None)
    assert Counter(v["discard"]) == Counter(["5", "6"])
    assert v["draw_count"] == draw_before - 2  # round 2's deal came off the same pile


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discards_cards_in_front_stay():
    s = new(2, ["5", "6"])
    s.discard += s.draw[2:]  # move most of the pile to the discards (a test fixture)
    del s.draw[2:]
    play(s, "hit", "hit")  # the last two cards
    assert s.view(None)["draw_count"] == 0
    events = play(s, "hit")
    assert events[0]["type"] == "reshuffle"
    assert cards(s, 1) == ["6", cards(s, 1)[1]] and cards(s, 0)[0] == "5"
    assert Counter(s.all_cards()) == Counter(DECK)


def test_running_out_of_every_card_ends_the_round_banking_active_players():
    s = new(2, ["5", "6"])
    s.draw.clear()
    s.discard.clear()
    events = play(s, "hit")
    assert events[0]["type"] == "no_cards"
    assert s.view(None)["last_round"] == [5, 6]


# -- End of Game ------------------------------------------------------------------------------
def test_end_of_game_after_a_round_in_which_someone_reaches_200():
    s = new(3, ["12", "11", "10"])
    s.totals[:] = [190, 150, 195]
    play(s, "stay", "stay", "stay")
    assert s.is_over()
    r = s.result()
    assert r.scores == (202, 161, 205) and r.winners == (2,) and r.ranks == (2, 3, 1)


def test_end_of_game_at_exactly_200_but_not_at_199():
    # flip7.md "End of Game": "at least one player reaches 200 or more points"
    s = new(2, ["10", "5"])
    s.totals[:] = [190, 0]
    play(s, "stay", "stay")
    assert s.totals[0] == 200 and s.is_over() and s.result().winners == (0,)
    s = new(2, ["10", "5"])
    s.totals[:] = [189, 0]
    play(s, "stay", "stay")
    assert s.totals[0] == 199 and not s.is_over() and s.result().winners == ()


def test_end_of_game_a_tie_below_the_top_does_not_matter():
    s = new(3, ["10", "5", "5"])
    s.totals[:] = [200, 150, 150]
    play(s, "stay", "stay", "stay")
    assert s.is_over() and s.result().winners == (0,) and s.result().ranks == (1, 2, 2)


def test_end_of_game_a_tie_at_the_top_plays_further_rounds():
    s = new(2, ["10", "5", "1", "3"])
    s.totals[:] = [195, 200]
    play(s, "stay", "stay")
    assert s.totals == [205, 205] and not s.is_over()
    assert s.view(None)["round"] == 2
    play(s, "stay", "stay")  # round 2: dealt from seat 1: seat 1 holds 1, seat 0 holds 3
    assert s.is_over() and s.result().winners == (0,) and s.totals == [208, 206]


# -- Freeze -----------------------------------------------------------------------------------
def test_freeze_banks_the_drawers_round_score_and_ends_their_round():
    s = new(2, ["9", "6", "freeze"])
    events = play(s, "hit")
    assert {"type": "freeze", "player": 0, "target": 0, "round_score": 9} in events
    assert s.status[0] == FROZEN and s.decision() == Turn(1)
    play(s, "stay")
    assert s.totals == [9, 6]


# -- Flip Three -------------------------------------------------------------------------------
def test_flip_three_flips_three_cards_one_by_one():
    s = new(2, ["9", "6", "flip3", "1", "2", "3", "4"])
    play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2", "3"] and s.decision() == Turn(1)


def test_flip_three_stops_at_a_bust():
    s = new(2, ["9", "6", "flip3", "1", "9", "3"])
    play(s, "hit")
    assert s.status[0] == BUSTED
    assert s.draw[-1] == CARDS.parse("3")  # the third card was never flipped


def test_flip_three_set_aside_freeze_is_resolved_after_the_three():
    s = new(2, ["9", "6", "flip3", "freeze", "1", "2"])
    events = play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2"]
    assert s.status[0] == FROZEN
    assert [e["type"] for e in events][-1] == "freeze"


def test_flip_three_set_aside_flip_three_is_resolved_after_the_three():
    s = new(2, ["9", "6", "flip3", "flip3", "1", "2", "3", "4", "5"])
    play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2", "3", "4", "5"]


def test_flip_three_set_aside_cards_are_discarded_when_the_player_busts():
    s = new(2, ["9", "6", "flip3", "freeze", "9"])
    play(s, "hit")
    assert s.status[0] == BUSTED and s.view(None)["flip_three"] == []
    assert "freeze" in s.view(None)["discard"]


def test_flip_three_second_chance_is_resolved_at_once_and_the_flips_go_on():
    s = new(2, ["9", "6", "flip3", "second", "9", "4"])
    events = play(s, "hit")
    assert {"type": "second_chance", "player": 0, "card": "9"} in events
    assert s.status[0] == ACTIVE and cards(s, 0) == ["9", "4"]


def test_flip_three_ends_at_flip_7():
    s = new(2, ["0", "12", "1", "2", "3", "4", "flip3", "5", "6", "7"])
    events = play(s, "hit", "stay", "hit", "hit", "hit", "hit")
    assert {"type": "flip7", "player": 0} in events
    until = events[: events.index({"type": "flip7", "player": 0}) + 1]
    assert [e["card"] for e in until if e["type"] == "flip"][-3:] == ["flip3", "5", "6"]
    assert s.view(None)["last_round"] == [36, 12]
    # the third flip never happened: the 7 was the next round's first card (to seat 1)
    assert cards(s, 1) == ["7"]


# -- Second Chance ----------------------------------------------------------------------------
def test_second_chance_discards_the_duplicate_and_itself_and_ends_the_turn():
    s = new(2, ["9", "6", "second", "7", "9"])
    play(s, "hit", "hit", "hit")
    assert s.status[0] == ACTIVE and cards(s, 0) == ["9"]
    assert not s.has_second[0] and s.decision() == Turn(1)
    assert Counter(s.view(None)["discard"]) == Counter(["9", "second"])


def test_second_chance_extras_must_be_given_to_another_player_or_discarded():
    # flip7.md "Second Chance": "extras must be given to another player or discarded"
    s = new(2, ["9", "6", "second", "7", "second"])
    play(s, "hit", "hit")
    play(s, "hit")
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("give:1", "discard")
    events = play(s, "give:1")
    assert {"type": "give", "player": 0, "to": 1} in events
    assert s.has_second == [True, True] and s.decision() == Turn(1)


def test_second_chance_an_extra_may_be_discarded_even_when_someone_could_take_it():
    s = new(2, ["9", "6", "second", "7", "second"])
    play(s, "hit", "hit", "hit")
    events = play(s, "discard")
    assert {"type": "discard_second", "player": 0, "chosen": True} in events
    assert s.has_second == [True, False] and s.view(None)["discard"] == ["second"]
    assert s.decision() == Turn(1)


def test_second_chance_a_second_one_is_given_by_choice_when_several_can_take_it():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    play(s, "hit", "hit", "hit")
    play(s, "hit")
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("give:1", "give:2", "discard")
    assert s.legal_actions(1) == ()
    play(s, "give:2")
    assert s.has_second == [True, False, True] and s.decision() == Turn(1)


def test_second_chance_is_discarded_when_nobody_can_take_it():
    s = new(2, ["second", "second", "second"])
    events = play(s, "hit")
    assert {"type": "discard_second", "player": 0, "chosen": False} in events
    assert s.has_second == [True, True] and "second" in s.view(None)["discard"]


def test_second_chance_unused_ones_are_discarded_at_round_end():
    s = new(2, ["9", "second"])
    play(s, "stay", "stay")
    assert "second" in s.view(None)["discard"] and s.has_second == [False, False]


# -- rules=official -----------------------------------------------------------------------------
def test_official_freeze_is_played_on_an_active_player_of_the_drawers_choice():
    s = new(3, ["9", "6", "5", "freeze"], rules="official")
    play(s, "hit")
    assert s.legal_actions(0) == ("target:0", "target:1", "target:2")
    events = play(s, "target:2")
    assert {"type": "freeze", "player": 0, "target": 2, "round_score": 5} in events
    assert s.status == [ACTIVE, ACTIVE, FROZEN] and s.decision() == Turn(1)


def test_official_flip_three_makes_the_chosen_player_flip():
    s = new(2, ["9", "6", "flip3", "1", "2", "3"], rules="official")
    play(s, "hit", "target:1")
    assert cards(s, 1) == ["6", "1", "2", "3"] and cards(s, 0) == ["9"]


def test_official_flip_7_ends_the_round_for_everyone():
    top = ["0", "12", "1", "11", "2", "10", "3", "9", "4", "8", "5", "7", "6"]
    s = new(2, top, rules="official")
    play(s, *["hit"] * 11)
    assert s.view(None)["last_round"] == [36, 57]  # seat 1 banks its 57
    # with the rulebook's rules the others play on
    s = new(2, top)
    play(s, *["hit"] * 11)
    assert s.status == [FLIP7, ACTIVE] and s.decision() == Turn(1)


def test_official_a_player_frozen_before_their_deal_card_gets_none():
    s = new(3, ["freeze"], rules="official")
    play(s, "target:2")
    assert cards(s, 2) == [] and s.status[2] == FROZEN


# -- players --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 12])
def test_players_3_to_12_and_1_or_2_for_practice(players):
    assert GAME.new_state(players, seed=0).players == players


def test_more_than_12_players_is_refused():
    with pytest.raises(PlayerCountError, match="flip7 takes 1 to 12 players, not 13"):
        GAME.new_state(13)


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "player, action, message",
    [
        (1, "hit", "player 1 may not act now \\(it is player 0's turn\\)"),
        (0, "give:1", "there is no card to hand out now"),
        (0, "target:1", "target:<seat> exists only with rules=official"),
        (0, "jump", "'jump' is not legal for player 0; legal now: hit, stay"),
    ],
)
def test_bad_input_is_rejected_and_changes_nothing(player, action, message):
    s = new(2, ["9", "6"])
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match=message):
        s.apply(player, action)
    assert json.dumps(s.to_json()) == before


def test_giving_a_second_chance_to_an_ineligible_player_is_rejected():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    play(s, "hit", "hit", "hit", "hit")
    with pytest.raises(IllegalAction, match=r"'0' is not an eligible seat .*only another active player"):
        s.apply(0, "give:0")
    with pytest.raises(IllegalAction, match="must first give the spare Second Chance away or discard it"):
        s.apply(0, "hit")


def test_action_notation_aliases():
    assert [GAME.parse_action(t) for t in ("H", " stay ", "pass", "Give: 2")] == ["hit", "stay", "stay", "give:2"]


# -- combinations of action cards (review findings) --------------------------------------------
def test_flip_three_a_spare_second_chance_is_given_at_once_and_the_flips_go_on():
    s = new(3, ["second", "5", "6", "flip3", "second", "7", "8"])
    play(s, "hit")
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("give:1", "give:2", "discard")
    play(s, "give:2")
    assert cards(s, 0) == ["second", "7", "8"] and s.has_second == [True, False, True]
    assert s.decision() == Turn(1)


def test_setup_flip_three_dealt_with_set_aside_flip_three_and_freeze_resolved_in_order():
    s = new(2, ["flip3", "flip3", "freeze", "3", "4", "5", "6", "9"])
    assert cards(s, 0) == ["3", "4", "5", "6"] and s.status[0] == FROZEN
    assert cards(s, 1) == ["9"] and s.decision() == Turn(1)


def test_flip_three_a_reshuffle_in_the_middle_keeps_every_card():
    s = new(2, ["5", "6", "flip3", "1"])
    s.discard += s.draw[:-2]  # leave only flip3 and 1 in the draw pile (fixture)
    del s.draw[:-2]
    events = play(s, "hit")
    types = [e["type"] for e in events]
    assert "reshuffle" in types and types.index("reshuffle") > types.index("flip_three")
    assert Counter(s.all_cards()) == Counter(DECK)


def test_running_out_during_a_flip_three_discards_the_set_aside_cards():
    s = new(2, ["9", "6", "flip3", "freeze"])
    s.draw = [CARDS.parse("freeze"), CARDS.parse("flip3")]  # fixture: nothing else left
    s.discard = []
    before = Counter(s.all_cards())
    play(s, "hit")
    assert Counter(s.all_cards()) == before


def test_official_frozen_players_cannot_be_targeted():
    s = new(3, ["5", "6", "7", "freeze", "freeze"], rules="official")
    play(s, "hit", "target:2")
    play(s, "hit")
    assert s.legal_actions(1) == ("target:0", "target:1")
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match="'2' is not an active player"):
        s.apply(1, "target:2")
    assert json.dumps(s.to_json()) == before


def test_official_flip_7_during_a_flip_three_ends_the_round_and_drops_the_set_aside_cards():
    s = new(2, ["0", "12", "1", "2", "3", "4", "5", "flip3", "freeze", "6", "7"], rules="official")
    play(s, "hit", "stay", "hit", "hit", "hit", "hit", "hit")  # flip3: only seat 0 is active
    assert s.view(None)["last_round"] == [36, 12]
    assert "freeze" in s.view(None)["discard"]
    assert cards(s, 1) == ["7"]  # the third flip never happened: round 2 starts with it


def test_official_a_set_aside_freeze_is_targeted_by_the_flipper_after_the_three():
    s = new(3, ["5", "6", "7", "flip3", "freeze", "1", "2"], rules="official")
    play(s, "hit", "target:0")
    assert cards(s, 0) == ["5", "1", "2"]
    assert s.decision() == Turn(0) and s.view(None)["choice"]["card"] == "freeze"
    play(s, "target:1")
    assert s.status == [ACTIVE, FROZEN, ACTIVE] and s.decision() == Turn(2)


def test_official_threshold_bot_targets_by_round_score_and_bust_risk():
    import random

    from fliptable.bots import make_agent

    s = new(3, ["5", "12", "7", "freeze"], rules="official")
    play(s, "hit")
    bot = make_agent(GAME, "threshold:25")
    bot.reset(GAME, 0, 3, s.options, random.Random(0))
    assert bot.act(s.view(0), s.legal_actions(0)) == "target:2"  # lowest round score (7)
    s = new(3, ["5", "12", "7", "1", "3", "2", "4", "6", "+2", "flip3"], rules="official")
    play(s, *["hit"] * 7)
    assert s.view(None)["choice"] == {"kind": "target", "player": 0, "card": "flip3"}
    assert bot.act(s.view(0), s.legal_actions(0)) == "target:1"  # 3 numbers against 2
