"""examples/: the Flip 7 learner's features and a short run of its training loop."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from fliptable.core.registry import get_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "flip7_learn.py"


@pytest.fixture(scope="module")
def learn():
    spec = importlib.util.spec_from_file_location("flip7_learn", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bust_probability_is_the_share_of_held_numbers_among_unseen_cards(learn):
    g = get_game("flip7")
    deck = g.cards.stacked(["12", "11", "5"], g.deck(2, g.resolve_options(None)))
    s = g.new_state(2, None, seed=0, deck=deck)
    view = s.view(0)
    assert view["seats"][0]["cards"] == ["12"]
    x = learn.features(view, 0, g.cards.names)
    f = dict(zip(learn.FEATURES, x, strict=True))
    unseen = 94 - 2  # the deck less the two cards on the table
    assert f["p_bust"] == pytest.approx(11 / unseen)  # twelve 12s, one on the table
    assert f["round_score"] == pytest.approx(12 / 50)
    assert f["gain"] < 0.8  # a number is worth under 8 on average, and busting costs 12


def test_a_short_training_run_reports_a_win_rate(learn, capsys):
    out = learn.main(["--train", "40", "--eval", "30", "--seed", "1"])
    lo, hi = out["interval"]
    assert 0.0 <= lo <= out["win_rate"] <= hi <= 1.0
    assert np.any(np.array(out["weights"]) != 0.0)  # it learnt something
    assert "threshold:25" in capsys.readouterr().out


def test_openspiel_ismcts_plays_against_a_fliptable_bot(capsys):
    spec = importlib.util.spec_from_file_location("openspiel_ismcts", EXAMPLE.parent / "openspiel_ismcts.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.main(["--games", "2", "--simulations", "20"])
    lo, hi = out["interval"]
    assert 0.0 <= lo <= out["win_rate"] <= hi <= 1.0
    assert "IS-MCTS (20 simulations) vs threshold:25" in capsys.readouterr().out


def test_resampling_keeps_the_seat_view_and_varies_the_hidden_cards():
    import pyspiel

    from fliptable.adapters.openspiel import register

    register(["authors"])
    game = pyspiel.load_game("python_fliptable_authors", {"players": 3})
    state = game.new_initial_state(3)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = {str(state.resample_from_infostate(seat, sampler).fstate.to_json()["state"]) for _ in range(6)}
    assert len(worlds) > 1
    r = state.resample_from_infostate(seat, sampler)
    assert r.observation_string(seat) == state.observation_string(seat)
