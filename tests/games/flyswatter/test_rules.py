"""Scenario tests, one or more per paragraph of flyswatter.md and per decision of issue 3.
Each reads as a story: deck -> actions -> expected outcome."""

from collections import Counter

import pytest

from fliptable.core import OptionError, Over, PlayerCountError, Race, Turn
from fliptable.core.errors import IllegalAction
from fliptable.games.flyswatter.cards import CARDS, COLOURS, full_deck

from .helpers import GAME, deck, flip_all, middle, new, short_game


# -- OVERVIEW -------------------------------------------------------------------------------
def test_overview_a_whole_game_highest_valued_flies_win():
    from fliptable.bots.base import make_agent
    from fliptable.sim.match import play_match

    m = play_match(GAME, [make_agent(GAME, "swatter") for _ in range(3)], seed=2)
    s = m.state
    r = s.result()
    assert r.over and s.flips >= 3 * 37 - 2
    best = max(r.scores)
    assert all(r.scores[p] == best for p in r.winners)
    # a fly's value is the number printed on it: read it from its name, not from the code's table
    assert r.scores == tuple(sum(int(CARDS.name(c)[-1]) for c in w) for w in s.won)


# -- CONTENTS ------------------------------------------------------------------------------
def test_contents_112_cards_96_flies_16_swatters():
    cards = Counter(CARDS.format_deck(full_deck()))
    assert sum(cards.values()) == 112
    assert cards["swatter"] == 16
    for colour in COLOURS:
        assert [cards[f"{colour}{v}"] for v in range(1, 6)] == [2, 4, 4, 4, 2]
    assert sum(n for c, n in cards.items() if c != "swatter") == 96


def test_contents_fly_values_are_the_rulebooks():
    # "in each color there are 2 each valued 1 and 5, and 4 each valued 2, 3, and 4"
    from fliptable.games.flyswatter.cards import VALUE

    per_colour = 2 * 1 + 4 * 2 + 4 * 3 + 4 * 4 + 2 * 5
    assert per_colour == 48
    assert sum(VALUE[c] for c in full_deck()) == 6 * 48
    for c in full_deck():
        name = CARDS.name(c)
        assert VALUE[c] == (0 if name == "swatter" else int(name[-1]))


def test_contents_card_notation():
    assert CARDS.parse("red3") != CARDS.parse("purple5")
    assert CARDS.name(CARDS.parse("SWATTER")) == "swatter"
    assert {CARDS[CARDS.parse("orange2")].suit, CARDS[CARDS.parse("orange2")].rank} == {"orange", 2}


# -- PREPARATION ----------------------------------------------------------------------------
def test_preparation_cards_dealt_one_at_a_time_first_dealt_is_top():
    d = deck()
    s = GAME.new_state(3, {}, 0, d)
    stacks = s._dump()["draw"]  # top first
    assert [len(x) for x in stacks] == [38, 37, 37]
    for p in range(3):
        assert [CARDS.name(c) for c in stacks[p]] == d[p::3]


def test_preparation_shuffle_all_cards_well_seeded():
    a, b, c = (GAME.new_state(4, {}, seed).to_json()["state"]["draw"] for seed in (1, 1, 2))
    assert a == b and a != c
    assert sorted(x for st in a for x in st) == sorted(full_deck())


def test_preparation_stacks_may_differ_by_one_card():
    for n in range(2, 9):
        counts = GAME.new_state(n, {}, 1).view(None)["draw_counts"]
        assert sum(counts) == 112 and max(counts) - min(counts) <= 1
        assert counts == sorted(counts, reverse=True)


def test_preparation_shorter_game_remove_n_cards_unseen():
    removed = ["red5", "swatter", "blue1"]
    s = new(2, flips=["green1"], removed=removed)
    v = s.view(0)
    assert v["removed_unseen"] == 3 and sum(v["draw_counts"]) == 109
    assert [CARDS.name(c) for c in s.unseen] == removed  # the top N after shuffling
    s.apply(0, "flip")
    assert middle(s) == ["green1"]
    assert "red5" not in str(v) and "blue1" not in str(v["middle"])


def test_preparation_remove_option_limits():
    with pytest.raises(OptionError, match="remove=111"):
        GAME.new_state(2, {"remove": 111}, 0)
    with pytest.raises(OptionError, match="leaves 3 cards for 4 players"):
        GAME.new_state(4, {"remove": 109}, 0)
    s = GAME.new_state(4, {"remove": 108}, 0)
    assert s.view(None)["draw_counts"] == [1, 1, 1, 1]


def test_preparation_two_to_eight_players():
    for bad in (1, 9):
        with pytest.raises(PlayerCountError, match="2 to 8"):
            GAME.new_state(bad, {}, 0)


# -- PLAYING THE GAME --------------------------------------------------------------------
def test_playing_the_game_seat_0_begins():
    s = GAME.new_state(4, {}, 7)
    assert s.decision() == Turn(0)
    assert list(s.legal_actions(0)) == ["flip"]
    assert all(not s.legal_actions(p) for p in (1, 2, 3))


# -- TURN OVER CARDS ----------------------------------------------------------------------
def test_turn_over_cards_top_card_and_clockwise_order():
    s = new(3, flips=["red1", "blue2", "green3", "red4"])
    counts = s.view(None)["draw_counts"]
    for p, card in zip([0, 1, 2, 0], ["red1", "blue2", "green3", "red4"], strict=True):
        assert s.decision() == Turn(p)
        ev = s.apply(p, "flip")
        assert ev[0].data["card"] == card and ev[0].data["player"] == p
        counts[p] -= 1
        assert s.view(None)["draw_counts"] == counts
    assert s.decision() == Turn(1)


# -- IS IT A FLY? -------------------------------------------------------------------------
def test_is_it_a_fly_goes_to_the_middle_after_the_others_numbered():
    s = new(2, flips=["red1", "blue2", "red3"])
    flip_all(s, 3)
    v = s.view(1)
    assert [(f["n"], f["card"], f["colour"], f["value"]) for f in v["middle"]] == [
        (1, "red1", "red", 1),
        (2, "blue2", "blue", 2),
        (3, "red3", "red", 3),
    ]
    assert v["window"] is None and s.decision() == Turn(1)


# -- IS IT A FLY-SWATTER? -----------------------------------------------------------------
def test_is_it_a_fly_swatter_opens_a_race_for_all_players_and_is_removed():
    s = new(3, flips=["red1", "blue2", "swatter"])
    flip_all(s, 2)
    ev = s.apply(2, "flip")
    d = s.decision()
    assert isinstance(d, Race)
    assert d.players == (0, 1, 2) and d.default == "close" and d.timeout_ms == 3000 and d.window == 1
    assert [e.type for e in ev] == ["flip", "window_open"]
    assert middle(s) == ["red1", "blue2"]  # the swatter never lies in the middle
    assert [CARDS.name(c) for c in s.triggers] == ["swatter"]
    v = s.view(0)
    assert v["window"]["trigger"] == "swatter" and v["removed"] == ["swatter"]
    assert v["window"]["allowed"] == ["red", "blue"]
    assert v["window"]["hands_left"] == [2, 2, 2]


def test_window_ms_option_sets_the_race_clock():
    s = new(2, flips=["red1", "swatter"], window_ms=1500)
    flip_all(s, 2)
    assert s.decision().timeout_ms == 1500


def test_a_trigger_with_no_flies_in_the_middle_opens_no_window():
    s = new(2, flips=["swatter", "red1"])
    ev = s.apply(0, "flip")
    assert [e.type for e in ev] == ["flip", "no_window"]
    assert s.decision() == Turn(1) and s.window == 0
    assert [CARDS.name(c) for c in s.triggers] == ["swatter"]


def test_turns_go_on_clockwise_after_a_window():
    s = new(3, flips=["red1", "swatter"])
    flip_all(s, 2)
    for p in range(3):
        s.apply(p, "done")
    assert s.decision() == Turn(2)


# -- 5 DIFFERENT COLORS = 1 FLY-SWATTER ----------------------------------------------------
def test_five_colours_rulebook_example_blue_after_red_yellow_green_purple():
    # "9 flies lie face up ...: 5 red, 2 yellow, 1 green, and 1 purple. The player turns over a blue fly."
    nine = ["red1", "yellow1", "red2", "green2", "red3", "purple4", "yellow3", "red4", "red5"]
    s = new(2, flips=[*nine, "blue3"])
    flip_all(s, 9)
    assert s.decision() == Turn(1)
    ev = s.apply(1, "flip")
    assert ev[0].data["trigger"] == "fifth colour"
    assert isinstance(s.decision(), Race)
    v = s.view(0)
    assert middle(s) == nine and len(v["middle"]) == 9  # blue is never in the middle
    assert v["window"]["allowed"] == ["red"] and v["window"]["trigger"] == "blue3"
    # "After all players have finished swatting flies, the player places the blue fly ... out of the game."
    s.apply(0, "swat:1")
    s.apply(1, "done")
    s.apply(0, "done")
    assert [CARDS.name(c) for c in s.triggers] == ["blue3"]
    assert "blue3" not in middle(s) and s.won[0] == [CARDS.parse("red1")]


def test_five_colours_a_fifth_colour_does_not_count_for_prevalence():
    # 1 red, 1 yellow, 1 green, 1 purple; the blue trigger would make blue most prevalent
    s = new(2, flips=["red1", "yellow1", "green1", "purple1", "blue1", "blue2"])
    flip_all(s, 5)
    assert s.view(0)["window"]["allowed"] == ["red", "yellow", "green", "purple"]


def test_swatting_flies_one_fly_fewer_is_not_most_prevalent():
    # 3 red against 2 green: only red; 3 against 3: both (the rulebook's tie rule)
    s = _window(2, ("red1", "green1", "red2", "green2", "red3"))
    assert s.view(0)["window"]["allowed"] == ["red"]
    s = _window(2, ("red1", "green1", "red2", "green2", "red3", "green3"))
    assert s.view(0)["window"]["allowed"] == ["red", "green"]


def test_swatting_flies_four_players_two_hands_five_players_one():
    # "Exception: with 5 or more players, each player may use only one hand."
    assert [GAME.new_state(n, {}, 0).view(None)["hands_per_player"] for n in (2, 4, 5, 8)] == [2, 2, 1, 1]


def test_five_colours_a_known_colour_or_fewer_colours_do_not_trigger():
    s = new(2, flips=["red1", "yellow1", "green1", "red2", "purple1", "yellow2"])
    flip_all(s, 6)  # four colours, then yellow again: no window
    assert middle(s) == ["red1", "yellow1", "green1", "red2", "purple1", "yellow2"]
    s = new(2, flips=["red1", "yellow1", "green1", "blue1"])
    flip_all(s, 4)  # the fourth colour is not a trigger
    assert len(middle(s)) == 4 and s.decision() == Turn(0)


# -- SWATTING FLIES! -------------------------------------------------------------------------
def _window(players=2, flies=("red1", "red4", "blue2"), **opts):
    """A state with ``flies`` in the middle and a swatter just flipped."""
    s = new(players, flips=[*flies, "swatter"], **opts)
    flip_all(s, len(flies) + 1)
    assert s.open
    return s


def test_swatting_flies_two_hands_catch_two_flies():
    s = _window(2, ("red1", "red4", "red2", "blue2"))
    s.apply(0, "swat:2")
    assert "swat:2" not in s.legal_actions(0) and "swat:1" in s.legal_actions(0)
    s.apply(0, "swat:1")
    assert 0 not in s.decision().players  # out of hands: out of the race
    s.apply(1, "done")
    # flies won in one window join the won stack in the order they lie, whatever the hands' order
    assert [CARDS.name(c) for c in s.won[0]] == ["red1", "red4"]
    assert middle(s) == ["red2", "blue2"]  # the rest are renumbered in the order they lie
    assert s.result().scores == (5, 0)


def test_swatting_flies_one_hand_with_five_or_more_players():
    s = _window(5, ("red1", "red4", "blue2"))
    assert s.view(0)["hands_per_player"] == 1 and s.view(0)["window"]["hands_left"] == [1] * 5
    s.apply(3, "swat:2")
    assert s.decision().players == (0, 1, 2, 4)
    assert s.legal_actions(3) == ()
    for p in (0, 1, 2, 4):
        s.apply(p, "done")
    assert [CARDS.name(c) for c in s.won[3]] == ["red4"]
    s4 = _window(4, ("red1", "red4", "blue2"))
    assert s4.view(0)["hands_per_player"] == 2


def test_swatting_flies_most_prevalent_colour_only():
    s = _window(2, ("red1", "red2", "blue3", "blue4", "red3", "green5"))
    assert s.view(0)["window"]["allowed"] == ["red"]
    s.apply(0, "swat:4")  # blue4: not allowed
    s.apply(0, "swat:5")  # red3: allowed, won -- and then paid for the blue4
    s.apply(1, "swat:6")  # green5: not allowed (player 1 has won nothing yet: no penalty)
    s.apply(1, "done")
    assert s.won == [[], []]
    assert CARDS.name(s._dump()["draw"][0][-1]) == "red3"
    assert middle(s) == ["red1", "red2", "blue3", "blue4", "green5"]
    assert s.wrong == 2


def test_swatting_flies_rulebook_prevalence_example_tied_colours_all_allowed():
    # "3 red, 3 green, 2 blue, and 1 purple. The players may only swat at the red and green flies."
    nine = ["red1", "green1", "blue1", "red2", "green2", "blue2", "purple1", "red3", "green3"]
    s = _window(2, nine)
    assert s.view(0)["window"]["allowed"] == ["red", "green"]
    s.apply(0, "swat:3")  # blue1: wrong
    s.apply(1, "swat:9")  # green3: allowed
    s.apply(1, "swat:8")  # red3: allowed
    s.apply(0, "done")
    assert [CARDS.name(c) for c in s.won[1]] == ["red3", "green3"]  # in the order they lie
    assert "blue1" in middle(s) and len(middle(s)) == 7


def test_swatting_flies_allowed_fly_is_won_face_down_in_own_stack():
    s = _window(2, ("red1", "red4", "blue2"))
    s.apply(1, "swat:2")
    s.apply(0, "done")
    s.apply(1, "done")
    v = s.view(0)
    assert v["won_counts"] == [0, 1] and v["scores"] == [0, 4] and v["won"] == [[], ["red4"]]
    assert v["last_window"]["outcome"] == [{"player": 1, "n": 2, "card": "red4", "result": "won", "lost": None}]
    assert v["draw_counts"] == [54, 54]  # won flies are kept apart from the draw stack


def test_swatting_flies_unallowed_fly_stays_and_costs_most_recently_won_fly():
    # window 1: player 0 wins red1 then red4; window 2: a wrong swat costs red4
    # (helpers.penalty_game plays the same moves; here each step is checked, as the rule reads)
    s = new(2, flips=["red1", "red4", "blue1", "swatter", "blue2", "green3", "swatter"])
    flip_all(s, 4)
    s.apply(0, "swat:1")
    s.apply(0, "swat:2")
    s.apply(1, "done")
    assert middle(s) == ["blue1"]
    flip_all(s, 3)  # blue2, green3, swatter -> blue allowed
    assert s.view(0)["window"]["allowed"] == ["blue"]
    s.apply(0, "swat:3")  # green3: wrong
    s.apply(0, "done")
    s.apply(1, "done")
    assert [CARDS.name(c) for c in s.won[0]] == ["red1"]
    assert middle(s) == ["blue1", "blue2", "green3"]  # the unallowed fly remains
    bottom = s._dump()["draw"][0][-1]
    assert CARDS.name(bottom) == "red4"  # face down under the draw stack
    ev = s.view(1)["last_window"]["outcome"]
    assert ev == [{"player": 0, "n": 3, "card": "green3", "result": "penalty", "lost": "red4"}]
    assert s.wrong == 1


def test_swatting_flies_penalty_with_no_won_flies_costs_nothing():
    s = _window(2, ("red1", "red4", "blue2"))
    before = s.view(0)["draw_counts"]
    s.apply(1, "swat:3")
    s.apply(0, "done")
    s.apply(1, "done")
    v = s.view(0)
    assert v["draw_counts"] == before and v["won_counts"] == [0, 0]
    assert v["last_window"]["outcome"][0]["result"] == "penalty"
    assert v["last_window"]["outcome"][0]["lost"] is None
    assert middle(s) == ["red1", "red4", "blue2"]


def _second_window(*hands, **options):
    """Player 0 already holds green5 (won in window 1), then puts ``hands`` down in
    window 2 (middle: red1 red4 blue2, red allowed) and player 1 is done."""
    s = new(2, flips=["green5", "swatter", "red1", "red4", "blue2", "swatter"], **options)
    flip_all(s, 2)
    s.apply(0, "swat:1")
    s.apply(0, "done")
    s.apply(1, "done")
    flip_all(s, 4)
    for hand in hands:
        s.apply(0, hand)
    if s.open:
        s.apply(1, "done")
    return s


def test_after_all_players_have_finished_swatting_the_order_of_ones_own_hands_does_not_matter():
    # flyswatter.md "SWATTING FLIES!": "After all players have finished swatting flies, the
    # players check to see if the flies are allowed." Right-then-wrong and wrong-then-right
    # end the same: red4 is won, then the wrong hand costs the most recently won fly: red4.
    results = []
    for hands in (("swat:2", "swat:3"), ("swat:3", "swat:2")):
        s = _second_window(*hands)
        results.append((s.won, s.draw, s.middle, s.result().scores))
        assert [CARDS.name(c) for c in s.won[0]] == ["green5"]
        assert CARDS.name(s._dump()["draw"][0][-1]) == "red4"
        assert middle(s) == ["red1", "blue2"]  # red4 left the middle: won, then paid
    assert results[0] == results[1]


def test_penalty_takes_the_most_recently_won_fly_an_older_one_when_nothing_is_won_now():
    s = _second_window("swat:3", "done")  # only a wrong hand: green5 (won in window 1) pays
    assert s.won[0] == [] and CARDS.name(s._dump()["draw"][0][-1]) == "green5"
    outcome = s.view(0)["last_window"]["outcome"]
    assert outcome == [{"player": 0, "n": 3, "card": "blue2", "result": "penalty", "lost": "green5"}]


def test_check_landing_rules_version_1_checks_hands_one_by_one_in_landing_order():
    # right hand first: it wins red4, which the wrong hand then costs at once
    for hands, kept, lost in ((("swat:2", "swat:3"), "green5", "red4"), (("swat:3", "swat:2"), "red4", "green5")):
        s = _second_window(*hands, check="landing")
        assert [CARDS.name(c) for c in s.won[0]] == [kept]
        assert CARDS.name(s._dump()["draw"][0][-1]) == lost
    assert GAME.legacy_options("1") == {"check": "landing"} and GAME.legacy_options("2") is None


def test_two_wrong_hands_pay_twice_newest_first_whatever_their_order():
    # player 0 holds red1 and red2 (won in that order); window 2 allows blue only
    flips = ["red1", "red2", "blue3", "swatter", "blue4", "blue5", "green1", "yellow1", "swatter"]
    ends = []
    for hands in (("swat:4", "swat:5"), ("swat:5", "swat:4")):
        s = new(2, flips=flips)
        flip_all(s, 4)
        s.apply(0, "swat:1")
        s.apply(0, "swat:2")
        s.apply(1, "done")
        flip_all(s, 5)  # middle: blue3 blue4 blue5 green1 yellow1
        assert s.view(0)["window"]["allowed"] == ["blue"]
        for hand in hands:
            s.apply(0, hand)  # green1 and yellow1: both wrong
        s.apply(1, "done")
        assert s.won[0] == [] and s.wrong == 2
        # red2 (the newest) went under the stack first, then red1 under it
        assert [CARDS.name(c) for c in s._dump()["draw"][0][-2:]] == ["red2", "red1"]
        ends.append(s.to_json()["state"]["draw"])
    assert ends[0] == ends[1]


def test_swatting_flies_hand_under_the_others_wins_later_hands_nothing():
    s = _window(3, ("red1", "red4", "blue2"))
    s.apply(2, "swat:2")
    s.apply(0, "swat:2")  # legal: a covered fly may be swatted, but wins nothing
    s.apply(1, "swat:2")
    for p in range(3):
        s.apply(p, "done")
    v = s.view(0)
    assert v["won"] == [[], [], ["red4"]]
    assert [(o["player"], o["result"]) for o in v["last_window"]["outcome"]] == [(2, "won"), (0, "late"), (1, "late")]
    assert v["draw_counts"] == [36, 36, 36]  # late hands pay nothing


def test_swatting_flies_several_hands_on_an_unallowed_fly_all_pay():
    s = new(3, flips=["red1", "red2", "swatter", "blue2", "red3", "red4", "swatter"])
    flip_all(s, 3)  # window 1: players 0 and 1 each win a red fly
    s.apply(0, "swat:1")
    s.apply(1, "swat:2")
    for p in range(3):
        s.apply(p, "done")
    flip_all(s, 4)  # middle: blue2, red3, red4 -> red allowed
    s.apply(1, "swat:1")
    s.apply(0, "swat:1")  # second on the same wrong fly: pays as well
    for p in range(3):
        s.apply(p, "done")
    assert [o["result"] for o in s.view(0)["last_window"]["outcome"]] == ["penalty", "penalty"]
    assert s.won[0] == [] and s.won[1] == []
    assert middle(s) == ["blue2", "red3", "red4"]


def test_swatting_flies_prevalence_is_fixed_at_the_trigger():
    # red leads 2-1 at the trigger; winning both reds during the window does not make blue allowed
    s = _window(2, ("red1", "red2", "blue3"))
    s.apply(0, "swat:1")
    s.apply(1, "swat:2")
    s.apply(1, "swat:3")
    s.apply(0, "done")
    assert s.view(0)["last_window"]["outcome"][2]["result"] == "penalty"
    assert middle(s) == ["blue3"]


def test_swatting_flies_resolved_at_window_close_not_on_landing():
    s = _window(2, ("red1", "red4", "blue2"))
    s.apply(0, "swat:2")
    v = s.view(1)
    assert v["won_counts"] == [0, 0] and len(v["middle"]) == 3  # nothing resolved yet
    assert v["middle"][1]["hands"] == [0] and v["window"]["hands"] == [[0, 2]]
    assert v["window"]["hands_left"] == [1, 2]
    s.apply(1, "done")
    s.apply(0, "done")
    assert s.view(1)["won_counts"] == [1, 0]


def test_swatting_flies_window_closes_when_all_done_or_out_of_hands():
    s = _window(2, ("red1", "red4", "blue2"))
    s.apply(0, "swat:1")
    s.apply(0, "swat:2")  # out of hands
    assert s.open and s.decision().players == (1,)
    s.apply(1, "done")
    assert not s.open and s.decision() == Turn(0)
    assert s.view(0)["last_window"]["closed_by"] == "all done"


def test_swatting_flies_window_closes_on_the_clock():
    s = _window(3, ("red1", "red4", "blue2"))
    s.apply(1, "swat:2")
    s.apply(0, "done")
    ev = s.apply(None, "close")  # the clock: Race.default
    assert [e.type for e in ev] == ["window_closed"]
    assert ev[0].data["closed_by"] == "clock"
    assert not s.open and s.won[1] == [CARDS.parse("red4")]
    assert s.decision() == Turn(1)


def test_swatting_flies_the_clock_stops_a_racer_and_has_nothing_for_a_seat_done():
    """A racer out of time is done; a seat that is done already has nothing the clock
    could apply for it while the window stays open."""
    s = _window(3, ("red1", "red4", "blue2"))
    s.apply(0, "done")
    assert s.timeout_action(1) == "done"
    with pytest.raises(IllegalAction, match="player 0 has nothing to act on now"):
        s.timeout_action(0)


def test_swatting_flies_done_leaves_the_others_swatting():
    s = _window(3, ("red1", "red4", "blue2"))
    s.apply(1, "done")
    assert s.decision().players == (0, 2)
    assert s.legal_actions(1) == ()


# -- GAME END --------------------------------------------------------------------------------
def test_game_end_after_a_player_turns_over_the_last_card():
    s = short_game([["red1", "red2"], ["blue1"]])
    s.apply(0, "flip")
    assert s.decision() == Turn(1)
    ev = s.apply(1, "flip")  # player 1's last card
    assert s.is_over() and isinstance(s.decision(), Over)
    assert ev[-1].type == "game_over"
    assert s.view(0)["draw_counts"] == [1, 0] and s.view(0)["over"]
    assert all(not s.legal_actions(p) for p in range(2))


def test_game_end_a_window_opened_by_the_last_card_is_resolved_first():
    s = short_game([["red1", "blue1"], ["swatter"]])
    s.apply(0, "flip")
    s.apply(1, "flip")  # player 1's last card is a swatter
    assert not s.is_over() and s.open
    s.apply(1, "swat:1")
    s.apply(1, "done")
    assert not s.is_over()
    s.apply(0, "done")
    assert s.is_over() and s.result().scores == (0, 1) and s.result().winners == (1,)
    assert s.view(0)["draw_counts"] == [1, 0]


def test_game_end_even_if_a_penalty_puts_a_card_back_under_the_empty_stack():
    s = short_game([["red1", "red2", "swatter"], ["blue3", "swatter"]])
    s.apply(0, "flip")
    s.apply(1, "flip")
    s.apply(0, "flip")  # red2; middle red1 blue3 red2
    s.apply(1, "flip")  # player 1's last card: a swatter
    s.apply(1, "swat:1")  # wins red1
    s.apply(1, "swat:2")  # blue3 is wrong: red1 goes under player 1's empty stack
    s.apply(0, "done")
    assert s.view(0)["draw_counts"] == [1, 1]
    assert s.is_over()


def test_game_end_with_one_card_each():
    s = short_game([["red1"], ["red2"], ["red3"]])
    s.apply(0, "flip")  # seat 0 turns over its only (last) card: the game ends at once
    assert s.is_over() and s.view(None)["draw_counts"] == [0, 1, 1]


# -- SCORING -----------------------------------------------------------------------------------
def _scored(won0, won1):
    """A finished two-player state whose won piles are given."""
    s = short_game([["red1"], ["red2"]])
    s.apply(0, "flip")  # seat 0's last card: the game is over
    d = s.to_json()
    d["state"]["won"] = [[CARDS.parse(c) for c in won0], [CARDS.parse(c) for c in won1]]
    # keep the 112 cards: take them from the removed-unseen pile
    unseen = d["state"]["unseen"]
    for c in won0 + won1:
        unseen.remove(CARDS.parse(c))
    return GAME.state_from_json(d)


def test_scoring_highest_total_wins():
    r = _scored(["red5", "blue1"], ["green4"]).result()
    assert r.over and r.scores == (6, 4) and r.winners == (0,) and r.ranks == (1, 2)


def test_scoring_tie_broken_by_most_cards_won():
    r = _scored(["red5"], ["green4", "blue1"]).result()
    assert r.scores == (5, 5) and r.winners == (1,) and r.ranks == (2, 1)


def test_scoring_one_point_more_beats_more_cards():
    r = _scored(["red5", "blue1"], ["green2", "blue2", "yellow1"]).result()
    assert r.scores == (6, 5) and r.winners == (0,) and r.details["flies_won"] == [2, 3]


def test_scoring_one_card_more_breaks_a_tie_one_card_fewer_loses_it():
    r = _scored(["red4", "blue1"], ["green3", "blue1", "yellow1"]).result()
    assert r.scores == (5, 5) and r.winners == (1,)


def test_scoring_still_tied_shared_victory():
    r = _scored(["red5", "blue1"], ["green4", "blue2"]).result()
    assert r.scores == (6, 6) and r.winners == (0, 1) and r.ranks == (1, 1)


def test_scoring_scores_are_points_won_so_far():
    s = _window(2, ("red1", "red4", "blue2"))
    s.apply(0, "swat:2")
    s.apply(0, "swat:1")
    s.apply(1, "done")
    r = s.result()
    assert not r.over and r.scores == (5, 0) and r.details["flies_won"] == [2, 0]
