"""Flush's view as declared for learners (``games/flush/observation.py``): every seat's
view of random play fits it in every mode, every event is of a declared type, and the
score bounds follow the pack (``decks/default.json``): a round scores at most every
card's points tripled by Mimics; a total at most the rounds' worth ("Scoring"), or in
elimination one round past the limit."""

import json
from pathlib import Path

import pytest

from fliptable.core import get_game
from fliptable.core.schema import check
from fliptable.games.flush.observation import EVENTS
from tests.helpers import assert_views_fit_observation

GAME = get_game("flush")


def pack():
    import fliptable.games.flush as flush

    return json.loads((Path(flush.__file__).parent / "decks" / "default.json").read_text(encoding="utf-8"))


ROUND_MAX = 3 * sum(c["count"] * c["points"] for c in pack()["cards"])


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {"mode": "rounds", "rounds": 2}),
        (4, {"mode": "arena"}),
        (6, {"mode": "elimination", "limit": 12}),
        (
            3,
            {
                "mode": "elimination",
                "limit": 8,
                "flush_count": "previous",
                "mimic_join": "pile",
                "blind_mimic": "alone",
            },
        ),
    ],
)
def test_every_view_of_random_play_fits_the_declared_observation(players, options):
    assert "play" in assert_views_fit_observation(GAME, steps=1500, tables=[(players, options)])


def test_random_play_emits_the_common_events():
    seen = set()
    for seed in range(3):
        seen |= assert_views_fit_observation(GAME, steps=3000, tables=[(4, {"mode": "rounds", "rounds": 2})], seed=seed)
    assert {"deal", "play", "draw", "pickup", "declare", "round_start", "round_end", "game_over"} <= seen
    assert seen <= set(EVENTS)


@pytest.mark.parametrize(
    "options,total_max",
    [
        ({"mode": "rounds", "rounds": 3}, 3 * ROUND_MAX),
        ({"mode": "arena"}, 6 * ROUND_MAX),
        ({"mode": "elimination", "limit": 30}, 29 + ROUND_MAX),
    ],
)
def test_a_total_is_bounded_by_the_rounds_worth(options, total_max):
    """Arena's fifth round scores double: six rounds' worth."""
    state = GAME.new_state(2, options, seed=1)
    schema = GAME.observation_schema(2, state.options)
    view = state.view(0)
    view["scores"] = [total_max, 0]
    assert check(schema, view, 2, GAME.cards.names) == []
    view["scores"] = [total_max + 1, 0]
    assert check(schema, view, 2, GAME.cards.names) == [f"view.scores[0]: {total_max + 1} is outside 0..{total_max}"]
