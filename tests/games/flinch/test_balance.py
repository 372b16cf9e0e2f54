"""What a FLINCH balance report counts (``games/flinch/balance.py``, read by
``fliptable balance``): each number is a kind; a seat is dealt its FLINCH pile and first
hand and holds its hand at the end; a game lasts turns; the turn cap is its safety cap."""

from fliptable.bots.base import RandomAgent
from fliptable.core import get_game
from fliptable.sim.match import play_match
from tests.helpers import assert_views_fit_observation

GAME = get_game("flinch")


def names(cards):
    return {GAME.cards.names[c] for c in cards}


def test_a_seat_is_dealt_its_flinch_pile_and_first_hand_and_holds_its_hand():
    start = GAME.new_state(3, None, 5)
    dealt = GAME.balance.dealt(start)
    assert dealt == [names(pile + hand) for pile, hand in zip(start.game_piles, start.hands, strict=True)]
    assert all(len(d) > 1 for d in dealt) and set().union(*dealt) <= set(GAME.balance.kinds(GAME, 3, start.options))
    end = play_match(GAME, [RandomAgent() for _ in range(3)], None, 5).state
    assert GAME.balance.held(end) == [names(hand) for hand in end.hands]
    assert GAME.balance.lengths(end) == {"turns": end.turns} and end.turns > 0
    assert GAME.balance.capped(end) is (end.end == "cap")
    assert GAME.balance.length_names == ("turns",) and GAME.balance.counts_cards and GAME.balance.has_cap


def test_a_game_ended_by_the_turn_cap_is_counted_as_capped():
    data = GAME.new_state(2, None, 1).to_json()
    data["state"]["over"], data["state"]["end"], data["state"]["winners"] = True, "cap", []
    capped = GAME.state_from_json(data)
    assert GAME.balance.capped(capped) is True
    # simulate's statistics count it too
    assert GAME.stats(capped) == {
        "turns": 0.0,
        "draws": 0.0,
        "capped": 1.0,
        "table_games": 0.0,
        "challenges": 0.0,
        "right_challenges": 0.0,
        "restocks": 0.0,
    }
    assert GAME.summarize_stats(GAME.stats(capped), 1, 2)["cap_rate"] == 1.0
    data["state"]["end"] = "blocked"
    assert GAME.balance.capped(GAME.state_from_json(data)) is False


def test_summarize_stats_of_no_games_is_zeros():
    assert GAME.summarize_stats({}, 0, 3) == {
        "mean_turns": 0.0,
        "draw_rate": 0.0,
        "cap_rate": 0.0,
        "restocks_per_game": 0.0,
    }


def test_every_view_of_random_play_fits_the_declared_observation():
    """``observation.py``: a seat's view as declared for learners (``core/schema.py``);
    every seat's view, at every table size, fits it."""
    assert {"turn", "play"} <= assert_views_fit_observation(GAME)
    # enforce=table: the views during a challenge (``challenge``) fit too
    assert "challenge_resolved" in assert_views_fit_observation(GAME, 120, {"enforce": "table"})
