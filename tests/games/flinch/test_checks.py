"""A saved FLINCH state is checked before it is played (``checks.Checks._check``): the
conditions a fresh table can break alone (cards moved, never made up, so the deck
check passes), each with the whole message a person reads, and the bounds that load."""

from functools import partial

import pytest

from fliptable.core import get_game
from tests.helpers import assert_load_refused

GAME = get_game("flinch")


def saved(**options):
    """A fresh 3-seat game before the first lay-down: hands [1 2 2 10 10], [2 4 5 6 6], [1 1 2 3 5]."""
    return GAME.new_state(3, options or None, 1).to_json()


# each game's test module opens alike on purpose: it stands alone in its game's folder
refused = partial(assert_load_refused, GAME)  # (data, says): the load is refused, saying that


def test_the_base_state_loads():
    GAME.state_from_json(saved())


@pytest.mark.parametrize("field", ["game_seen", "hand_src"])
def test_one_entry_per_seat(field):
    data = saved()
    data["state"][field].pop()
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    refused(data, "game_piles, game_seen, hands and hand_src need one entry per seat")


def test_five_reserve_piles_per_seat():
    data = saved()
    data["state"]["reserves"].pop()
    refused(data, "reserves must hold 5 piles per seat")


def test_a_hand_is_ascending():
    data = saved()
    data["state"]["hands"][1] = [6, 2, 4, 5, 6]
    refused(data, "seat 1's hand must hold at most 5 cards, ascending")


def test_a_hand_holds_at_most_five_cards():
    data = saved()
    st = data["state"]
    st["hands"][1] = sorted(st["hands"][1] + [st["stack"].pop()])
    st["hand_src"][1].append(0)
    refused(data, "seat 1's hand must hold at most 5 cards, ascending")


@pytest.mark.parametrize(
    "src, ok", [([0, 0, 0, 0], False), ([0, 0, 0, 0, -2], False), ([0, 0, 0, 0, 1], False), ([0, 0, 0, 0, -1], True)]
)
def test_hand_src_matches_the_hand(src, ok):
    data = saved()
    data["state"]["hand_src"][1] = src
    if ok:
        GAME.state_from_json(data)
    else:
        refused(data, "seat 1's hand_src must match the hand, each -1..restocks")


# spelled out on purpose: each load check corrupts its own field and names its own refusal
@pytest.mark.parametrize("seen, ok", [(-1, False), (0, True), ("size", True), ("size+1", False)])
def test_game_seen_is_zero_to_the_game_piles_size(seen, ok):
    data = saved()
    size = len(data["state"]["game_piles"][2])
    data["state"]["game_seen"][2] = {"size": size, "size+1": size + 1}.get(seen, seen)
    if ok:
        GAME.state_from_json(data)
    else:
        refused(data, "game_seen of seat 2 must be 0..its game pile's size")


def test_a_starter_card_never_lies_on_a_reserve_pile():
    data = saved()
    st = data["state"]
    st["hands"][0].remove(1)
    st["hand_src"][0].pop()
    st["reserves"][0].append(1)
    refused(data, 'a starter card lies on a reserve pile ("1 cards may never be played to a Reserve Pile")')


@pytest.mark.parametrize("laying", [-2, 3, 0])
def test_laying_is_a_seat_in_a_second_lay_down(laying):
    data = saved()
    data["state"]["laying"] = laying
    refused(data, "laying must be -1 or a seat laying down a hand in a second lay-down")


@pytest.mark.parametrize("name", ["passes", "laydowns", "idle", "turns", "window", "restocks", "challenges"])
def test_counters_are_never_negative(name):
    data = saved()
    data["state"][name] = -1
    if name == "restocks":  # every hand card then comes from before the deal
        data["state"]["hand_src"] = [[-1] * len(src) for src in data["state"]["hand_src"]]
    refused(data, f"{name} must not be negative")


@pytest.mark.parametrize("right, total, ok", [(-1, 0, False), (2, 1, False), (1, 1, True), (0, 3, True)])
def test_right_challenges_are_zero_to_challenges(right, total, ok):
    data = saved()
    data["state"]["right_challenges"], data["state"]["challenges"] = right, total
    if ok:
        GAME.state_from_json(data)
    else:
        refused(data, "right_challenges must be 0..challenges")


@pytest.mark.parametrize("over, end", [(True, None), (False, "won"), (True, "lost")])
def test_end_is_said_exactly_when_the_game_is_over(over, end):
    data = saved()
    data["state"]["over"], data["state"]["end"] = over, end
    refused(data, "end is 'won', 'blocked' or 'cap' exactly when the game is over")


def test_winners_are_named_only_for_a_won_game():
    data = saved()
    data["state"]["over"], data["state"]["end"], data["state"]["winners"] = True, "cap", [0]
    refused(data, "winners are named only for a won game")


def test_the_winners_are_the_team_that_played_out_its_game_piles():
    data = saved()
    data["state"]["over"], data["state"]["end"], data["state"]["winners"] = True, "won", [0]
    refused(data, "the winners must be the team whose game piles are played out")


def test_with_no_challenge_window_nobody_races_or_calls():
    for field, value in (("offender", -2), ("undo_slot", 0), ("racing", [1]), ("callers", [1])):
        data = saved()
        data["state"][field] = value
        refused(data, "offender and undo_slot are -1, racing and callers empty, while no challenge window is open")


def test_a_challenge_window_is_open_only_in_enforce_table():
    data = saved()
    data["state"]["offender"] = 0
    refused(data, "a challenge window is open only in enforce=table, during play, on an action")


@pytest.mark.parametrize("field", ["pile_low", "pile_high", "pile_build"])
def test_one_low_high_and_build_entry_per_centre_pile(field):
    data = saved()
    data["state"][field] = data["state"][field] + [1]
    refused(data, "pile_low, pile_high and pile_build must have one entry per centre pile")
