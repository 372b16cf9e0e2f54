"""A saved Muggins state is checked before it is played (``checks.check_state``): the
table-shape conditions, each broken alone (cards moved, never made up, so the deck
check passes) with the whole message a person reads, and the bounds that load."""
import pytest

from fliptable.core import StateError, get_game

GAME = get_game("muggins")


def saved(players=3, **options):
    """A fresh 3-seat game: seat 0 has drawn its first hand card."""
    return GAME.new_state(players, options or None, 1).to_json()


def refused(data, says):
    with pytest.raises(StateError) as info:
        GAME.state_from_json(data)
    assert str(info.value) == "invalid muggins state: " + says


def test_the_base_state_loads():
    GAME.state_from_json(saved())


@pytest.mark.parametrize("field", ["hand_known", "stocks"])
def test_one_entry_per_seat(field):
    data = saved()
    data["state"][field].pop()
    refused(data, "hands, stocks and hand_known need one entry per seat")


def test_one_centre_slot_per_one_in_the_pack():
    data = saved()
    data["state"]["centre"].append(0)
    refused(data, "centre needs one slot per 1 in the pack")


@pytest.mark.parametrize("field", ["removed", "calls", "deviations", "window"])
def test_counters_are_never_negative(field):
    data = saved()
    data["state"][field] = -1
    refused(data, "counters must not be negative")


@pytest.mark.parametrize("turns, ok", [(0, False), (1, True), (1500, True), (1501, False)])
def test_turns_are_one_to_round_limit_times_players(turns, ok):
    data = saved()
    data["state"]["turns"] = turns
    if ok:
        assert GAME.state_from_json(data).turns == turns
    else:
        refused(data, "turns must be 1..round_limit * players")


@pytest.mark.parametrize("known, ok", [(-1, False), (0, True), ("size", True), ("size+1", False)])
def test_hand_known_is_zero_to_the_hands_size(known, ok):
    data = saved()
    size = len(data["state"]["hands"][1])
    data["state"]["hand_known"][1] = {"size": size, "size+1": size + 1}.get(known, known)
    if ok:
        GAME.state_from_json(data)
    else:
        refused(data, "hand_known of seat 1 must be 0..its hand's size")


@pytest.mark.parametrize("ended, winner", [("out", None), ("round_limit", 1), ("draw", None), (None, 1)])
def test_ended_is_out_with_a_winner_or_round_limit(ended, winner):
    data = saved()
    data["state"]["ended"], data["state"]["winner"] = ended, winner
    refused(data, "ended is 'out' (with a winner) or 'round_limit' once over")


def test_a_card_is_in_play_exactly_while_the_game_goes_on():
    data = saved()
    st = data["state"]
    st["hands"][0].append(st["current"])
    st["current"], st["source"] = None, 0
    refused(data, "a card is in play (with its source) exactly while the game goes on")


def test_a_playing_piles_top_is_a_card_below_the_top():
    data = saved()
    data["state"]["centre"][0] = -1
    refused(data, "a Playing Pile's top is 1..9 (0: no pile; a pile reaching 10 leaves)")


def test_the_winner_holds_no_cards():
    data = saved()
    st = data["state"]
    st["hands"][0].append(st["current"])
    st["current"], st["source"] = None, 0
    st["ended"], st["winner"] = "out", 1
    refused(data, "the winner still holds cards")


def test_a_player_with_no_cards_left_has_won():
    data = saved()
    st = data["state"]
    st["hands"][1] += st["hands"][2]
    st["hands"][2], st["hand_known"][2] = [], 0
    refused(data, "a player with no cards left has won")


def test_with_no_muggins_window_the_offence_fields_are_clear():
    data = saved()
    data["state"]["callers"] = [1]
    refused(data, "the offence fields are set only while a Muggins window is open")
