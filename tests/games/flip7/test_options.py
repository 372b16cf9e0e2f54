"""Flip 7 options and the rulings of rules version 2 (docs/rules/flip7.md): action cards
flipped during a Flip Three (``flip3_actions``), the round limit and the per-round
decision cap that bound a game."""

from collections import Counter

from fliptable.core import Turn
from fliptable.games.flip7.cards import CARDS, DECK
from fliptable.games.flip7.state import ACTIVE, BUSTED, FLIP7, FROZEN, STAYED, round_decision_cap
from tests.games.flip7.helpers import GAME, cards, new, play


# -- flip3_actions: "Action Card: Resolve its effect immediately" ----------------------------
def test_flip_three_a_freeze_is_set_aside_by_default_and_resolved_after_the_three():
    s = new(2, ["9", "6", "flip3", "1", "freeze", "2", "3"])
    play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2"] and s.status[0] == FROZEN


def test_flip_three_a_freeze_resolves_immediately_with_flip3_actions_immediate():
    # flip7.md "Hit": "Action Card: Resolve its effect immediately" — the Flip Three stops there
    s = new(2, ["9", "6", "flip3", "1", "freeze", "2", "3"], flip3_actions="immediate")
    events = play(s, "hit")
    assert cards(s, 0) == ["9", "1"] and s.status[0] == FROZEN
    assert [e["type"] for e in events].count("flip") == 3  # flip3, 1, freeze: the 2 stays on the pile
    play(s, "hit")
    assert cards(s, 1) == ["6", "2"]


def test_flip_three_a_nested_flip_three_resolves_first_with_flip3_actions_immediate():
    top = ["9", "6", "flip3", "1", "flip3", "2", "freeze", "3", "4"]
    # after (default): 1, [flip3 aside], 2; then the set-aside Flip Three: [freeze aside], 3, 4; frozen
    s = new(2, top)
    play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2", "3", "4"] and s.status[0] == FROZEN
    # immediate: 1, flip3 -> 2, freeze: frozen at once; the rest of both Flip Threes is dropped
    s = new(2, top, flip3_actions="immediate")
    play(s, "hit")
    assert cards(s, 0) == ["9", "1", "2"] and s.status[0] == FROZEN
    assert s.view(None)["flip_three"] == [] and s.decision() == Turn(1)


def test_flip_three_immediate_flip_three_draws_its_three_before_the_rest():
    s = new(2, ["9", "6", "flip3", "1", "flip3", "2", "3", "4", "5"], flip3_actions="immediate")
    events = play(s, "hit")
    flips = [e["card"] for e in events if e["type"] == "flip"]
    assert flips == ["flip3", "1", "flip3", "2", "3", "4", "5"]
    assert cards(s, 0) == ["9", "1", "2", "3", "4", "5"]


def test_official_a_freeze_with_one_active_player_hits_that_player_at_once():
    s = new(2, ["9", "6", "freeze"], rules="official")
    play(s, "stay")  # seat 0 stays: seat 1 is the only active player
    events = play(s, "hit")
    assert {"type": "freeze", "player": 1, "target": 1, "round_score": 6} in events
    assert "freeze" in s.view(None)["discard"] and s.view(None)["round"] == 2


def test_official_immediate_a_freeze_is_targeted_mid_flip_three_and_the_flips_go_on():
    s = new(3, ["5", "6", "7", "flip3", "freeze", "1", "2"], rules="official", flip3_actions="immediate")
    play(s, "hit", "target:0")  # seat 0 plays its Flip Three on itself
    assert cards(s, 0) == ["5"] and s.view(None)["choice"]["card"] == "freeze"
    assert s.decision() == Turn(0) and s.legal_actions(0) == ("target:0", "target:1", "target:2")
    play(s, "target:2")
    assert s.status == [ACTIVE, ACTIVE, FROZEN] and cards(s, 0) == ["5", "1", "2"]
    assert s.decision() == Turn(1)


def test_a_second_chance_flipped_during_a_flip_three_is_the_same_either_way():
    for mode in ("after", "immediate"):
        s = new(2, ["9", "6", "flip3", "second", "9", "4"], flip3_actions=mode)
        play(s, "hit")
        assert s.status[0] == ACTIVE and cards(s, 0) == ["9", "4"]


# -- round_limit ---------------------------------------------------------------------------
def test_round_limit_ends_the_game_after_that_round_ties_share_the_win():
    s = new(2, ["5", "5", "3", "3"], round_limit=1)
    events = play(s, "stay", "stay")
    assert s.is_over() and s.totals == [5, 5]
    r = s.result()
    assert r.winners == (0, 1) and r.ranks == (1, 1) and r.details["ended"] == "round_limit"
    assert events[-1] == {"type": "game_over", "totals": [5, 5], "winners": [0, 1], "ended": "round_limit"}
    assert s.view(None)["winners"] == [0, 1] and s.view(None)["turn"] is None


def test_round_limit_is_not_reached_one_round_early():
    s = new(2, ["5", "5", "3", "4"], round_limit=2)
    play(s, "stay", "stay")
    assert not s.is_over() and s.view(None)["round"] == 2
    play(s, "stay", "stay")
    assert s.is_over() and s.result().winners == (0,) and s.totals == [9, 8]  # round 2 deals seat 1 first


def test_a_game_won_on_score_says_so():
    s = new(2, ["10", "5"])
    s.totals[:] = [195, 0]
    play(s, "stay", "stay")
    assert s.result().details["ended"] == "score"


# -- the per-round decision cap ------------------------------------------------------------
def test_the_decision_cap_ends_a_round_at_exactly_the_cap():
    s = new(2, ["5", "6"])
    cap = round_decision_cap(2)
    assert cap == 80
    s.round_decisions = cap - 2  # fixture: a round that has gone on and on
    play(s, "hit")  # decision cap-1: play goes on
    assert s.view(None)["round"] == 1 and s.decision() == Turn(1)
    events = play(s, "hit")  # decision cap: the round ends, active players bank
    assert {"type": "round_cap"} in events
    assert s.view(None)["round"] == 2 and s.status == [ACTIVE, ACTIVE] and s.round_decisions == 0


def test_the_decision_cap_drops_a_pending_choice_card():
    s = new(3, ["9", "6", "5", "second", "1", "2", "second"])
    play(s, "hit", "hit", "hit")
    s.round_decisions = round_decision_cap(3) - 1
    events = play(s, "hit")  # the spare Second Chance would need a choice
    assert {"type": "round_cap"} in events and s.view(None)["round"] == 2
    assert "second" in s.view(None)["discard"]


def test_the_decision_cap_during_a_flip_three_discards_the_set_aside_cards_with_the_rest():
    """docs/rules/flip7.md "The decision cap": set-aside cards are dropped onto the discard
    pile, which keeps what it held (no card of the deck is lost)."""
    s = new(3, ["5", "6", "7", "second", "6", "1", "flip3", "freeze", "second"])
    play(s, "hit", "hit", "hit")  # seat 0 a Second Chance, seat 1 busts, seat 2 a 1
    play(s, "hit")  # seat 0's Flip Three: a Freeze set aside, a spare Second
    assert s.job_aside == [[CARDS.by_name["freeze"]]] and s.choice == "give"
    before = Counter(CARDS.name(c) for c in s.discard)
    assert before == Counter({"6": 2, "flip3": 1})
    s.round_decisions = round_decision_cap(3) - 1
    events = play(s, "give:2")
    assert {"type": "round_cap"} in events and s.view(None)["round"] == 2
    after = Counter(CARDS.name(c) for c in s.discard)
    assert after - before == Counter({"freeze": 1, "5": 1, "second": 2, "7": 1, "1": 1})
    assert Counter(s.all_cards()) == Counter(DECK)


def test_a_state_with_set_aside_cards_and_a_card_waiting_for_a_choice_reloads():
    s = new(3, ["5", "6", "7", "second", "6", "1", "flip3", "freeze", "second"])
    play(s, "hit", "hit", "hit", "hit")
    assert s.job_aside == [[CARDS.by_name["freeze"]]] and s.choice_card == CARDS.by_name["second"]
    assert GAME.state_from_json(s.to_json()).to_json() == s.to_json()


def test_the_decision_cap_ending_the_last_round_leaves_a_finished_game_that_reloads():
    s = new(2, ["5", "6"], round_limit=1)
    s.round_decisions = round_decision_cap(2) - 1
    events = play(s, "hit")
    assert {"type": "round_cap"} in events and s.over and s.status == [STAYED, STAYED]
    assert GAME.state_from_json(s.to_json()).to_json() == s.to_json()


def test_a_flip_7_ending_the_round_during_a_flip_three_discards_the_set_aside_cards():
    """rules=official: a Flip 7 ends the round for everyone; a Freeze set aside by the
    Flip Three under way goes to the discard pile with the rest."""
    s = new(2, ["1", "12", "2", "12", "3", "4", "5", "flip3", "freeze", "6", "7"], rules="official")
    play(s, "hit", "hit")  # seat 1 busts on its second 12
    play(s, "hit", "hit", "hit")  # seat 0: 1 2 3 4 5
    events = play(s, "hit")  # Flip Three: Freeze set aside, 6, 7: Flip 7
    assert {"type": "flip7", "player": 0} in events and s.view(None)["round"] == 2
    assert s.view(None)["last_round"] == [1 + 2 + 3 + 4 + 5 + 6 + 7 + 15, 0]
    assert Counter(CARDS.name(c) for c in s.discard) >= Counter({"12": 2, "flip3": 1, "freeze": 1, "7": 1})
    assert Counter(s.all_cards()) == Counter(DECK)


def test_an_official_flip_7_ending_the_last_round_banks_the_others_and_reloads():
    s = new(2, ["1", "9", "2", "10", "3", "11", "4", "12", "5", "0", "6", "8", "7"], rules="official", round_limit=1)
    events = play(s, *["hit"] * 11)
    assert {"type": "flip7", "player": 0} in events and s.over
    assert s.status == [FLIP7, STAYED] and s.view(None)["winners"] == [1]  # 50 beats 28 + 15
    assert GAME.state_from_json(s.to_json()).to_json() == s.to_json()


def test_no_winners_are_shown_before_the_end():
    s = new(2, ["10", "5"])
    s.apply(0, "stay")
    assert s.view(None)["winners"] == [] and s.view(1)["winners"] == []


def test_max_decisions_bounds_every_game():
    info = GAME.info(4, {"round_limit": 10})
    assert info.max_decisions == 10 * round_decision_cap(4)
    assert GAME.info(4).max_decisions == 200 * 40 * 4


def test_a_cut_round_banks_only_the_active_players():
    s = new(3, ["5", "6", "7", "5"])
    play(s, "hit")  # seat 0 busts on its second 5
    assert s.status[0] == BUSTED
    s.round_decisions = round_decision_cap(3) - 1
    events = play(s, "stay")  # seat 1 stays: the cap ends the round for seat 2
    assert {"type": "round_cap"} in events
    assert s.view(None)["last_round"] == [0, 6, 7] and s.status == [ACTIVE] * 3


# -- spare_second=give: rules version 1, kept to replay its logs -------------------------
def test_spare_second_give_hands_it_to_a_single_taker_at_once():
    s = new(2, ["9", "6", "second", "7", "second"], spare_second="give")
    play(s, "hit", "hit")
    events = play(s, "hit")
    assert {"type": "give", "player": 0, "to": 1} in events
    assert s.has_second == [True, True] and s.decision() == Turn(1)
    assert cards(s, 1) == ["6", "7", "second"]


def test_spare_second_give_offers_only_giving_while_someone_can_take_it():
    from tests.helpers import assert_rejected

    s = new(3, ["9", "6", "5", "second", "1", "2", "second"], spare_second="give")
    play(s, "hit", "hit", "hit", "hit")
    assert s.legal_actions(0) == ("give:1", "give:2") and s.timeout_action(0) == "give:1"
    assert_rejected(s, 0, "discard", "must be given while someone can take it")


def test_version_1_logs_replay_with_spare_second_give():
    assert GAME.legacy_options("1") == {"spare_second": "give"}
    assert GAME.legacy_options("0") is None
