"""A saved Flip 7 state is checked before it is played (``Flip7State._check``): one test
per condition, each with a state that breaks exactly that condition (cards are moved,
never made up, so the deck check passes) and the rule the refusal names; beside each, the
boundary that is accepted."""

from functools import partial

import pytest

from fliptable.core import get_game
from fliptable.games.flip7.cards import CARDS, DECK
from fliptable.games.flip7.state import BUSTED, FLIP7, STAYED, round_decision_cap
from tests.helpers import assert_load_refused

GAME = get_game("flip7")
C = CARDS.by_name


def saved(players=3, top=("5", "6", "7"), **options):
    """A round-1 state, seat 0 to act, dealt ``top`` (one card each), as JSON."""
    return GAME.new_state(players, options, seed=1, deck=CARDS.stacked(list(top), DECK)).to_json()


def move(st, name, to):
    """Move card ``name`` from the draw pile to the list ``to`` (cards stay the deck's)."""
    st["draw"].remove(C[name])
    to.append(C[name])


refused = partial(assert_load_refused, GAME)  # (data, says): the load is refused, saying that
loads = GAME.state_from_json


def test_the_base_state_loads():
    loads(saved())


@pytest.mark.parametrize("field", ["tableau", "status", "totals"])
def test_one_entry_per_seat(field):
    data = saved()
    st = data["state"]
    if field == "tableau":
        st["discard"] += st["tableau"].pop()
    else:
        st[field].pop()
    refused(data, f"{field} must have one entry per seat")


@pytest.mark.parametrize("status", [5, -1])
def test_a_status_is_one_of_the_five(status):
    data = saved()
    data["state"]["status"][2] = status
    refused(data, "a status must be 0..4 (active, stayed, busted, frozen, flip7)")


@pytest.mark.parametrize(
    "field, value", [("totals", [0, -1, 0]), ("stat", [0, 0, 0]), ("stat", [0, 0, 0, 0, 0]), ("stat", [0, -1, 0, 0])]
)
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_totals_and_statistics_are_four_non_negative_counters(field, value):
    data = saved()
    data["state"][field] = value
    refused(data, "totals and statistics must be non-negative")


def test_zero_totals_and_statistics_are_accepted():
    data = saved()
    data["state"]["totals"], data["state"]["stat"] = [0, 0, 0], [0, 0, 0, 0]
    loads(data)


@pytest.mark.parametrize("cards", [["second", "second"], ["freeze"], ["flip3"]])
def test_a_tableau_keeps_no_action_card_but_one_second_chance(cards):
    data = saved()
    for name in cards:
        move(data["state"], name, data["state"]["tableau"][1])
    refused(data, "seat 1 holds action cards it cannot keep")


def test_one_second_chance_in_a_tableau_is_kept():
    data = saved()
    move(data["state"], "second", data["state"]["tableau"][1])
    assert loads(data).has_second == [False, True, False]


def test_a_busted_seat_holds_no_cards():
    data = saved()
    data["state"]["status"][1] = BUSTED
    refused(data, "seat 1 busted but still holds cards")
    data["state"]["discard"] += data["state"]["tableau"][1]
    data["state"]["tableau"][1] = []
    loads(data)


def test_seven_numbers_exactly_at_flip_7():
    data = saved()
    st = data["state"]
    for n in ("0", "1", "2", "3", "4", "8"):
        move(st, n, st["tableau"][1])  # seat 1: 6 and six more numbers
    refused(data, "seat 1: seven numbers exactly when at Flip 7")
    st["status"][1] = FLIP7
    assert loads(data).status[1] == FLIP7
    data = saved()
    data["state"]["status"][1] = FLIP7  # Flip 7 with one number
    refused(data, "seat 1: seven numbers exactly when at Flip 7")
    data = saved()
    st = data["state"]
    st["discard"] += st["tableau"][1]
    st["tableau"][1] = []
    st["status"][1] = FLIP7  # no cards at all: not checked
    loads(data)


def test_flip_three_jobs_are_three_aligned_lists():
    data = saved()
    data["state"]["job_player"] = [0]
    refused(data, "the Flip Three jobs are not aligned")
    data["state"]["job_left"] = [1]
    refused(data, "the Flip Three jobs are not aligned")


@pytest.mark.parametrize("left", [0, 3])
def test_a_flip_three_with_zero_or_three_flips_left_waits_behind_a_choice(left):
    data = saved(rules="official")
    st = data["state"]
    give(st, card="freeze")
    st["choice"] = "target"
    st["job_player"], st["job_left"], st["job_aside"] = [0], [left], [[]]
    assert loads(data).job_left == [left]


def test_a_duplicate_twelve_is_refused():
    data = saved(top=("12", "6", "7"))
    move(data["state"], "12", data["state"]["tableau"][0])
    refused(data, "seat 0 holds a duplicate number")


@pytest.mark.parametrize("left", [4, -1])
def test_a_flip_three_has_zero_to_three_flips_left(left):
    data = saved()
    st = data["state"]
    st["job_player"], st["job_left"], st["job_aside"] = [0], [left], [[]]
    refused(data, "a Flip Three has 0 to 3 flips left")


def test_only_freeze_and_flip_three_are_set_aside():
    data = saved()
    st = data["state"]
    st["job_player"], st["job_left"], st["job_aside"] = [0], [3], [[]]
    move(st, "9", st["job_aside"][0])
    refused(data, "only Freeze and Flip Three cards are set aside")


def test_a_seat_is_dealt_once():
    data = saved()
    data["state"]["to_deal"] = [2, 2]
    refused(data, "a seat is to be dealt twice")


@pytest.mark.parametrize("field, value", [("chooser", 1), ("choice_card", "second")])
def test_no_choice_means_no_chooser_and_no_card(field, value):
    data = saved()
    st = data["state"]
    if value == "second":
        value = C["second"]
        st["draw"].remove(value)  # the card is held as the choice's card
    st[field] = value
    refused(data, "choice, chooser and choice_card are set together")


@pytest.mark.parametrize("what", ["job", "to_deal", "not active"])
def test_with_no_choice_the_player_to_act_is_active_and_nothing_is_left_to_resolve(what):
    data = saved()
    st = data["state"]
    if what == "job":
        st["job_player"], st["job_left"], st["job_aside"] = [1], [1], [[]]
    elif what == "to_deal":
        st["to_deal"] = [2]
    else:
        st["status"][0] = STAYED
    refused(data, "with no choice pending, the player to act must be active and nothing left to resolve")


def test_a_game_over_needs_no_player_to_act():
    data = saved()
    st = data["state"]
    st["status"][0] = STAYED
    st["over"], st["ended"] = True, "round_limit"
    st["round_no"] = data["options"]["round_limit"] = 1
    loads(data)


def give(st, chooser=0, card="second"):
    st["choice"], st["chooser"] = "give", chooser
    st["draw"].remove(C[card])
    st["choice_card"] = C[card]


def test_a_pending_choice_is_valid():
    data = saved()
    give(data["state"])
    assert loads(data).legal_actions(0) == ("give:1", "give:2", "discard")


@pytest.mark.parametrize("drop", ["chooser", "choice_card", "over"])
def test_a_pending_choice_needs_a_chooser_and_a_card_and_a_game_going_on(drop):
    data = saved()
    st = data["state"]
    give(st)
    if drop == "choice_card":
        st["discard"].append(st["choice_card"])
        st["choice_card"] = None
    elif drop == "chooser":
        st["chooser"] = None
    else:
        st["over"], st["ended"] = True, "round_limit"
    refused(data, "a pending choice needs a chooser and a card")


def test_only_a_second_chance_is_given():
    data = saved()
    give(data["state"], card="freeze")
    refused(data, "only a Second Chance is given")


@pytest.mark.parametrize(
    "rules, card, ok",
    [
        ("rulebook", "freeze", False),
        ("official", "second", False),
        ("official", "freeze", True),
        ("official", "flip3", True),
    ],
)
def test_only_rules_official_targets_a_freeze_or_flip_three(rules, card, ok):
    data = saved(rules=rules)
    st = data["state"]
    give(st, card=card)
    st["choice"] = "target"
    if ok:
        assert loads(data).legal_actions(0) == ("target:0", "target:1", "target:2")
    else:
        refused(data, "only rules=official targets a Freeze or Flip Three")


def test_a_choice_is_give_or_target():
    data = saved()
    give(data["state"])
    data["state"]["choice"] = "swap"
    refused(data, "choice must be give or target")


def test_a_pending_choice_has_somebody_to_choose():
    data = saved()
    st = data["state"]
    give(st)
    st["status"][1] = st["status"][2] = STAYED
    refused(data, "a pending choice has nobody to choose")


def test_spare_second_give_hands_a_single_taker_the_card_at_once():
    data = saved(spare_second="give")
    st = data["state"]
    give(st)
    loads(data)  # two takers: the drawer chooses
    st["status"][2] = STAYED
    refused(data, "with spare_second=give a single taker is given the card at once")
    data = saved()
    give(data["state"])
    data["state"]["status"][2] = STAYED
    loads(data)  # give_or_discard: one taker is a choice


def test_last_round_has_one_score_per_seat():
    data = saved()
    data["state"]["last_round"] = [1, 2]
    refused(data, "last_round must have one score per seat")
    data["state"]["last_round"] = [1, 2, 3]
    loads(data)


@pytest.mark.parametrize("round_no, limit, ok", [(0, 200, False), (6, 5, False), (5, 5, True), (1, 1, True)])
def test_the_round_is_one_to_round_limit(round_no, limit, ok):
    data = saved(round_limit=limit)
    data["state"]["round_no"] = round_no
    if ok:
        loads(data)
    else:
        refused(data, "round must be 1..round_limit")


@pytest.mark.parametrize(
    "decisions, ok", [(-1, False), (0, True), (round_decision_cap(3), True), (round_decision_cap(3) + 1, False)]
)
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_round_decisions_stay_within_the_cap(decisions, ok):
    data = saved()
    data["state"]["round_decisions"] = decisions
    if ok:
        loads(data)
    else:
        refused(data, "round_decisions is beyond the cap")


@pytest.mark.parametrize("over, ended", [(True, None), (False, "score"), (False, "round_limit"), (True, "draw")])
def test_ended_is_said_exactly_when_the_game_is_over(over, ended):
    data = saved()
    st = data["state"]
    if over:
        st["status"] = [STAYED, STAYED, STAYED]
    st["over"], st["ended"], st["totals"] = over, ended, [250, 0, 0]
    refused(data, "ended is 'score' or 'round_limit' exactly when the game is over")


@pytest.mark.parametrize(
    "totals, ok",
    [([199, 0, 0], False), ([210, 210, 0], False), ([200, 0, 0], True), ([210, 0, 210], False), ([250, 210, 0], True)],
)
def test_a_game_won_on_score_has_a_single_leader_at_200_or_more(totals, ok):
    data = saved()
    st = data["state"]
    st["status"] = [STAYED, STAYED, STAYED]
    st["over"], st["ended"], st["totals"] = True, "score", totals
    if ok:
        assert loads(data).result().winners == (0,)
    else:
        refused(data, "the game ended on score without a single leader at 200 or more")


def test_a_held_twelve_and_a_plus_two_survive_a_reload():
    """After ``state_from_json`` the derived number mask knows a held 12 (the next 12
    busts) and not the +2 (a modifier, never part of Flip 7)."""
    data = saved(top=("12", "6", "7"))
    st = data["state"]
    move(st, "+2", st["tableau"][0])
    for n in ("1", "2", "3", "4", "5"):
        move(st, n, st["tableau"][0])  # 12, +2 and five numbers: six numbers
    state = loads(data)
    assert state.mask[0] == sum(1 << n for n in (12, 1, 2, 3, 4, 5))
    assert state.round_score(0) == 12 + 1 + 2 + 3 + 4 + 5 + 2  # no Flip 7 bonus
    st["draw"].remove(C["12"])
    st["draw"].append(C["12"])  # a 12 on top of the draw pile
    state = loads(data)
    state.apply(0, "hit")
    assert state.status[0] == BUSTED
