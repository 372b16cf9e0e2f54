"""A saved Fly-swatter state is checked before it is played (``FlyswatterState._check``):
one test per condition, each with a state that breaks exactly that condition (cards are
moved, never made up, so the deck check passes) and the whole message a person reads;
beside each, the boundary that is accepted."""

from functools import partial

import pytest

from fliptable.games.flyswatter.cards import CARDS
from tests.helpers import assert_load_refused

from .helpers import GAME, flip_all, new

C = CARDS.by_name
SWATTER = C["swatter"]


def closed():
    """Four flips, no window open; seat 0 to flip."""
    s = new(2, flips=["red1", "red4", "blue2", "green3"])
    flip_all(s, 4)
    return s.to_json()


def opened():
    """A window open on red (the swatter follows red1 red4 blue2): both seats racing."""
    s = new(2, flips=["red1", "red4", "blue2", "swatter"])
    flip_all(s, 4)
    assert s.open and s.racing == [0, 1]
    return s.to_json()


refused = partial(assert_load_refused, GAME)  # (data, says): the load is refused, saying that
loads = GAME.state_from_json


def test_the_base_states_load():
    loads(closed())
    loads(opened())


@pytest.mark.parametrize("field", ["known", "won"])
def test_one_entry_per_seat(field):
    data = closed()
    data["state"][field].pop()
    refused(data, f"{field} must have one entry per seat")


# spelled out on purpose: each load check corrupts its own field and names its own refusal
@pytest.mark.parametrize("known, ok", [(-1, False), (0, True), ("size", True), ("size+1", False)])
def test_known_counts_cards_at_the_bottom_of_a_stack(known, ok):
    data = closed()
    size = len(data["state"]["draw"][1])
    data["state"]["known"][1] = {"size": size, "size+1": size + 1}.get(known, known)
    # spelled out on purpose: each load check corrupts its own field and names its own refusal
    if ok:
        loads(data)
    else:
        refused(data, "known counts cards at the bottom of a stack: 0 to its size")


@pytest.mark.parametrize("where", ["middle", "won"])
def test_a_swatter_never_lies_in_the_middle_or_in_a_won_stack(where):
    data = closed()
    st = data["state"]
    st["draw"][1].remove(SWATTER)
    (st["middle"] if where == "middle" else st["won"][0]).append(SWATTER)
    refused(data, "a swatter never lies in the middle or in a won stack")


def test_the_middle_never_shows_five_colours():
    data = closed()  # red, red, blue, green in the middle
    st = data["state"]
    stack = st["draw"][1]
    colours = {CARDS.name(c).rstrip("0123456789") for c in st["middle"]}
    fourth = next(c for c in stack if c != SWATTER and CARDS.name(c).rstrip("0123456789") not in colours)
    stack.remove(fourth)
    st["middle"].append(fourth)
    loads(data)  # four colours
    colours.add(CARDS.name(fourth).rstrip("0123456789"))
    fifth = next(c for c in stack if c != SWATTER and CARDS.name(c).rstrip("0123456789") not in colours)
    stack.remove(fifth)
    st["middle"].append(fifth)
    refused(data, "the middle never shows five colours")


@pytest.mark.parametrize("allowed, ok", [(-1, False), (64, False), (63, True), (0, True)])
# spelled out on purpose: each load check corrupts its own field and names its own refusal
def test_allowed_is_a_set_of_the_six_colours(allowed, ok):
    data = closed()
    data["state"]["allowed"] = allowed
    if ok:
        loads(data)
    else:
        refused(data, "allowed is a set of the six colours")


@pytest.mark.parametrize("field", ["window", "flips", "wrong"])
def test_counters_are_never_negative(field):
    data = closed()
    data["state"][field] = -1
    refused(data, "counters are never negative")
    data["state"][field] = 0
    loads(data)


@pytest.mark.parametrize("field, value", [("trigger", None), ("window", 0), ("allowed", 0), ("middle", [])])
def test_an_open_window_has_a_trigger_a_number_allowed_colours_and_flies(field, value):
    data = opened()
    st = data["state"]
    if field == "middle":
        st["draw"][0] += st["middle"]
    st[field] = value
    refused(data, "an open window has a trigger, a number, allowed colours and flies")


@pytest.mark.parametrize("racing", [[], [1, 1]])
def test_an_open_window_has_players_still_swatting_each_once(racing):
    data = opened()
    data["state"]["racing"] = racing
    refused(data, "an open window has players still swatting, each once")


@pytest.mark.parametrize(
    "hand, ok", [([2, 1], False), ([-1, 1], False), ([0, 0], False), ([0, 4], False), ([0, 3], True), ([1, 1], True)]
)
def test_a_hand_is_a_seat_on_a_fly_of_the_middle(hand, ok):
    data = opened()
    data["state"]["hands"] = [hand]
    if ok:
        loads(data)
    else:
        refused(data, "a hand is a seat on a fly of the middle")


def test_two_hands_of_a_seat_never_lie_on_one_fly():
    data = opened()
    data["state"]["hands"] = [[0, 1], [0, 1]]
    refused(data, "seat 0 has more hands down than it has, or two on one fly")
    data["state"]["hands"] = [[0, 1], [0, 2]]
    refused(data, "seat 0 has no hand left but is still racing")  # both hands down: done
    data["state"]["racing"] = [1]
    loads(data)


def test_three_hands_of_a_seat_are_more_than_it_has():
    data = opened()
    st = data["state"]
    st["hands"], st["racing"] = [[0, 1], [0, 2], [0, 3]], [1]
    refused(data, "seat 0 has more hands down than it has, or two on one fly")


def test_with_no_window_open_nobody_races_and_no_hand_is_down():
    for field, value in (("racing", [1]), ("hands", [[0, 1]])):
        data = closed()
        data["state"][field] = value
        refused(data, "with no window open nobody races and no hand is down")


def test_the_player_to_flip_has_a_card_unless_the_game_is_ending():
    data = closed()
    st = data["state"]
    st["unseen"] += st["draw"][0]
    st["draw"][0], st["known"][0] = [], 0
    refused(data, "the player to flip has a card to flip unless the game is ending")
    st["ending"] = True
    loads(data)


@pytest.mark.parametrize("last_flip", [[0], [0, 1, 2], [2, 1], [-1, 1], [0, -1], [0, 10**6]])
def test_last_flip_is_a_seat_and_a_card(last_flip):
    data = closed()
    data["state"]["last_flip"] = last_flip
    refused(data, "last_flip is [seat, card]")


RECORD = {"number": 1, "trigger": 0, "allowed": 1, "closed_by": "all done", "outcome": [[0, 1, 1, "won", None]]}


def with_record(**changes):
    data = closed()
    data["state"]["last_window"] = {**RECORD, **changes}
    return data


def test_a_last_window_record_loads():
    loads(with_record())
    loads(with_record(closed_by="clock", outcome=[]))
    loads(with_record(outcome=[[0, 2, 4, "penalty", 1]]))
    last = len(CARDS.names) - 1  # the last card face: a lost card may be it
    loads(with_record(outcome=[[0, 2, last, "penalty", last]]))


def test_last_window_has_its_five_keys():
    data = closed()
    data["state"]["last_window"] = {k: v for k, v in RECORD.items() if k != "outcome"}
    refused(data, "last_window is a record of number, trigger, allowed, closed_by, outcome")
    data["state"]["last_window"] = [1, 2]
    refused(data, "last_window is a record of number, trigger, allowed, closed_by, outcome")


@pytest.mark.parametrize("changes", [{"closed_by": "swat"}, {"outcome": {"a": 1}}])
def test_last_window_was_closed_by_the_clock_or_all_done(changes):
    refused(with_record(**changes), "last_window was closed by the clock or by all done")


@pytest.mark.parametrize(
    "outcome",
    [
        [0, 1, 1, "won"],
        [0, 1, 1, "lost", None],
        [0, 1.0, 1, "won", None],
        ["0", 1, 1, "won", None],
        [0, 1, 1, "won", "1"],
        [0, 1, 1, "won", -1],
        [0, 1, 1, "won", 10**6],
        [0, 1, -1, "won", None],
        [0, 1, 10**6, "won", None],
        [0, 1, 1, "won", len(CARDS.names)],
        {"seat": 0},
    ],
)
def test_an_outcome_is_seat_fly_card_what_and_the_lost_card(outcome):
    refused(with_record(outcome=[outcome]), "an outcome is [seat, fly, card, won|late|penalty, lost card or null]")


@pytest.mark.parametrize("changes", [{"trigger": "0"}, {"trigger": -1}, {"trigger": 10**6}, {"allowed": 1.0}])
def test_last_window_names_its_trigger_card_and_allowed_colours(changes):
    refused(with_record(**changes), "last_window names its trigger card and allowed colours")


def window_on(flies):
    """A window open after ``flies`` flies of four colours, then a swatter."""
    names = [f"{c}{v}" for v in (1, 2, 3) for c in ("red", "blue", "green", "yellow")][:flies]
    s = new(2, flips=[*names, "swatter"])
    flip_all(s, flies + 1)
    assert s.open and len(s.middle) == flies
    return s


@pytest.mark.parametrize("flies, more", [(11, False), (12, True)])
def test_a_refusal_lists_at_most_twelve_legal_actions(flies, more):
    s = window_on(flies)
    legal = s.legal_actions(0)
    assert len(legal) == flies + 1  # swat:1..n and done
    with pytest.raises(Exception) as info:
        s.apply(0, "flip")
    shown = ", ".join(legal[:12]) + (", ..." if more else "")
    assert str(info.value).endswith(f"; legal now: {shown}")


def test_summarize_stats_with_no_window_has_no_penalty_rate():
    out = GAME.summarize_stats({"flips": 40, "windows": 0}, 2, 2)
    assert out == {"mean_turns": 20.0, "mean_windows": 0.0, "mean_flies_won": [0.0, 0.0], "penalty_rate": 0.0}
    out = GAME.summarize_stats({"player_windows": 8, "wrong_swats": 2, "flies_won_1": 6}, 0, 2)
    assert out["penalty_rate"] == 0.25 and out["mean_flies_won"] == [0.0, 6.0]
    # windows played and no wrong swat counted: no penalty
    assert GAME.summarize_stats({"player_windows": 8}, 1, 2)["penalty_rate"] == 0.0


def test_fly_numbers_the_cards_colour_by_colour():
    from fliptable.games.flyswatter.cards import fly

    assert [CARDS.name(fly(c, v)) for c, v in ((0, 1), (0, 5), (1, 1), (5, 5))] == [
        "red1",
        "red5",
        CARDS.name(6),
        CARDS.name(30),
    ]
    assert CARDS.name(fly(0, 1)) == "red1" and fly(1, 1) == fly(0, 5) + 1


def test_evaluate_scores_the_flies_won_so_far():
    import math

    s = window_on(4)  # red1 blue1 green1 yellow1, red allowed
    s.apply(0, "swat:1")
    s.apply(0, "done")
    s.apply(1, "done")
    scores = s.result().scores
    assert scores[0] > scores[1]
    lead = scores[0] - scores[1]
    assert GAME.evaluate(s) == (0.5 + 0.5 * math.tanh(lead / 15), -0.5 + 0.5 * math.tanh(-lead / 15))
