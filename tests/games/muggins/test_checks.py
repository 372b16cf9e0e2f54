"""A saved Muggins state is checked before it is played (``checks.Checks._check``): the
table-shape conditions, each broken alone (cards moved, never made up, so the deck
check passes) with the whole message a person reads, and the bounds that load."""

from functools import partial

import pytest

from fliptable.core import get_game
from tests.helpers import assert_load_refused

GAME = get_game("muggins")


def saved(players=3, **options):
    """A fresh 3-seat game: seat 0 has drawn its first hand card."""
    return GAME.new_state(players, options or None, 1).to_json()


# each game's test module opens alike on purpose: it stands alone in its game's folder
refused = partial(assert_load_refused, GAME)  # (data, says): the load is refused, saying that


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


# spelled out on purpose: each load check corrupts its own field and names its own refusal
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
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
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
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
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


def test_an_exhausted_hand_s_stock_pile_is_turned_over_at_once():
    data = saved()
    st = data["state"]
    st["stocks"][1], st["hands"][1], st["hand_known"][1] = st["hands"][1][::-1], [], 0
    refused(data, "seat 1's hand is exhausted but its Stock Pile was not turned over")
    data["options"]["turn_over"] = "when-needed"  # turned over when a card is next needed
    GAME.state_from_json(data)


def test_with_no_muggins_window_the_offence_fields_are_clear():
    data = saved()
    data["state"]["callers"] = [1]
    refused(data, "the offence fields are set only while a Muggins window is open")


def keep_window():
    """enforce=table, muggins=claim: seat 0 kept a playable 1; the window is open on seat 1's turn."""
    from tests.games.muggins.test_muggins import deck_for

    s = GAME.new_state(2, {"enforce": "table"}, deck=deck_for(2, {0: [1, 9], 1: [5]}, tops={1: [7]}))
    s.apply(0, "keep")
    assert s.offender == 0 and s.offence == "keep"
    return s.to_json()


def wrong_window():
    """enforce=table: seat 1 played its 3 on seat 0's Stock Pile although the centre 2 took it."""
    from tests.games.muggins.test_muggins import deck_for

    s = GAME.new_state(2, {"enforce": "table"}, deck=deck_for(2, {0: [1, 4], 1: [2, 3, 10]}, tops={0: [8]}))
    for action in ("new", "keep", "centre:1", "stock:0"):
        s.apply(s.decision().player, action)
    assert s.offender == 1 and s.offence == "wrong-play" and s.off_seat == 0
    return s.to_json()


def test_open_muggins_windows_load():
    GAME.state_from_json(keep_window())
    GAME.state_from_json(wrong_window())


@pytest.mark.parametrize("field, value", [("offence", "late"), ("off_card", None), ("offender", 2)])
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_a_muggins_window_is_open_only_after_a_deviation(field, value):
    data = keep_window()
    data["state"][field] = value
    refused(data, "a Muggins window is open only in enforce=table, after a deviation")


def test_a_muggins_window_is_open_only_in_enforce_table():
    data = keep_window()
    data["options"]["enforce"] = "strict"
    refused(data, "a Muggins window is open only in enforce=table, after a deviation")


def test_only_muggins_window_has_a_window_to_answer():
    data = keep_window()
    data["state"]["callers"] = [1]
    refused(data, "only muggins=window has a window to answer")


@pytest.mark.parametrize("seat", [2, 1, -1])
def test_a_wrong_play_window_names_the_seat_whose_stock_took_the_card(seat):
    data = wrong_window()
    data["state"]["off_seat"] = seat
    refused(data, "the wrong-play window does not match the table")


def test_a_card_in_play_from_the_stock_pile_is_its_playable_top():
    from tests.games.muggins.test_muggins import position

    s = position(3, [[], [10, 9], [6, 9]], [[], [5], [6]], [4], current=5, source="stock", turn=1, filler_seat=0)
    data = s.to_json()
    GAME.state_from_json(data)
    st = data["state"]
    st["stocks"][1].insert(0, st["hands"][1].pop())  # the 9 under the 5: the top is still 5
    st["hand_known"][1] = 0
    GAME.state_from_json(data)
    st["stocks"][1].append(st["stocks"][1].pop(0))  # now the 9 is on top, the 5 in play is not
    refused(data, "a card in play from the Stock Pile is its playable top")


def test_summarize_stats_divides_each_counter_by_the_games():
    totals = {"turns": 120.0, "round_limit_endings": 1.0, "muggins_calls": 6.0, "deviations": 8.0}
    assert GAME.summarize_stats(totals, 4, 3) == {
        "mean_turns": 30.0,
        "round_limit_rate": 0.25,
        "muggins_calls_per_game": 1.5,
        "deviations_per_game": 2.0,
    }
    assert GAME.summarize_stats({}, 2, 3) == {
        "mean_turns": 0.0,
        "round_limit_rate": 0.0,
        "muggins_calls_per_game": 0.0,
        "deviations_per_game": 0.0,
    }
    assert GAME.summarize_stats({}, 0, 3) == {}


def test_short_action_words():
    assert [GAME.parse_action(t) for t in ("centre3", "Center 10", "stock2", "stockx", "centre:1", "xstock2")] == [
        "centre:3",
        "centre:10",
        "stock:2",
        "stockx",
        "centre:1",
        "xstock2",
    ]


def skip_window():
    """enforce=table: seat 0 drew from the hand although its Stock Pile's 5 fit the centre 4."""
    from tests.games.muggins.test_muggins import position

    s = position(
        2, [[9, 8], [9, 7]], [[6, 5], [7]], [4], current=5, source="stock", turn=0, filler_seat=1, enforce="table"
    )
    s.apply(0, "hand")
    assert s.offender == 0 and s.offence == "skip-stock"
    return s.to_json()


@pytest.mark.parametrize("field, value", [("off_source", 1), ("off_seat", 1), ("off_turned", True)])
def test_a_skipped_stock_window_matches_the_table(field, value):
    data = skip_window()
    GAME.state_from_json(data)
    data["state"][field] = value
    refused(data, "the skip-stock window does not match the table")


def test_a_player_with_no_cards_left_has_won_even_while_a_keep_window_is_open():
    # only a wrong play with the last card waits for its window (muggins=window); a kept
    # card stays on the keeper's Stock Pile
    data = keep_window()
    st = data["state"]
    st["hands"][1] += st["hands"][0] + st["stocks"][0]
    st["hands"][0], st["stocks"][0], st["hand_known"][0] = [], [], 0
    refused(data, "a player with no cards left has won")
