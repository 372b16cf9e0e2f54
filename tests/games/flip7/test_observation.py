"""Flip 7's view as declared for learners (``games/flip7/observation.py``): every seat's
view of random play fits it (the smallest table, 3 seats, the largest), every event is of a declared type, and
the score bounds are the rulebook's ("Scoring"): the best round reaches the round bound
exactly, a view one past it is named."""

import pytest

from fliptable.core import get_game
from fliptable.core.schema import check
from fliptable.games.flip7.cards import CARDS, DECK
from fliptable.games.flip7.observation import EVENTS
from tests.helpers import assert_views_fit_observation

GAME = get_game("flip7")


@pytest.mark.parametrize("players", [GAME.min_players, 3, GAME.max_players])
def test_every_view_of_random_play_fits_the_declared_observation(players):
    assert "flip" in assert_views_fit_observation(GAME, steps=400, tables=[(players, None)])


@pytest.mark.parametrize("seed", range(3))
def test_views_with_a_target_to_choose_and_a_flip_three_pending_fit(seed):
    """rules=official: the drawer of a Freeze or Flip Three chooses its target (a
    ``target`` choice in the view); a choice met during a Flip Three shows the pending job."""
    options = {"rules": "official", "flip3_actions": "immediate" if seed else "after"}
    assert "flip_three" in assert_views_fit_observation(GAME, steps=400, tables=[(4, options)], seed=seed)


def test_random_play_emits_the_common_events():
    seen = set()
    for seed in range(6):
        seen |= assert_views_fit_observation(GAME, steps=2000, tables=[(4, None)], seed=seed)
    assert {"flip", "stay", "bust", "round_start", "round_end", "game_over"} <= seen <= set(EVENTS)


def test_the_best_round_scores_the_declared_round_bound():
    """Scoring: the seven highest numbers (6-12) doubled by x2, every modifier (+2 to
    +10) and the Flip 7 bonus: 2 x 63 + 30 + 15 = 171, the most a round can score."""
    top = ["x2", "+2", "+4", "+6", "+8", "+10", "12", "11", "10", "9", "8", "7", "6"]
    state = GAME.new_state(1, None, seed=1, deck=CARDS.stacked(top, DECK))
    while state.view(0)["last_round"] is None:
        state.apply(0, "hit")
    view = state.view(0)
    assert view["last_round"] == [2 * sum(range(6, 13)) + 30 + 15] == [171]
    schema = GAME.observation_schema(1, state.options)
    assert check(schema, view, 1, GAME.cards.names) == []
    view["last_round"] = [172]
    view["seats"][0]["round_score"] = 172
    assert check(schema, view, 1, GAME.cards.names) == [
        "view.seats[0].round_score: 172 is outside 0..171",
        "view.last_round[0]: 172 is outside 0..171",
    ]


def test_a_total_bound_is_one_round_past_the_winning_score():
    """The game ends once a total reaches 200: a total can be 199 plus the best round."""
    state = GAME.new_state(2, None, seed=1)
    schema = GAME.observation_schema(2, state.options)
    view = state.view(1)
    view["scores"] = [199 + 171, 0]
    view["seats"][0]["total"] = 199 + 171
    assert check(schema, view, 2, GAME.cards.names) == []
    view["scores"] = [371, 0]
    assert check(schema, view, 2, GAME.cards.names) == ["view.scores[0]: 371 is outside 0..370"]
