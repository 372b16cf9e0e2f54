"""A saved state's RNG (issue 22, "Saved states"): ``rng_from_json`` takes exactly what
``rng_to_json`` writes — [3, 624 words in [0, 2^32) and an index 0..624, gauss_next null
or a finite float], not the zero state — so a loaded state writes back what it was read
from, and anything else is one StateError."""

import json
import random
import re

import pytest

from fliptable.core import StateError, get_game
from fliptable.core.rng import rng_from_json, rng_to_json


def _saved(gauss=False):
    rng = random.Random(12)
    rng.random()
    if gauss:
        rng.gauss(0.0, 1.0)  # leaves gauss_next set
    return json.loads(json.dumps(rng_to_json(rng)))


@pytest.mark.parametrize("gauss", [False, True])
def test_a_saved_rng_loads_and_writes_back_exactly(gauss):
    data = _saved(gauss)
    assert (data[2] is not None) == gauss
    rng = rng_from_json(data)
    assert rng_to_json(rng) == data
    twin = random.Random(12)
    twin.random()
    if gauss:
        twin.gauss(0.0, 1.0)
    assert [rng.random() for _ in range(5)] == [twin.random() for _ in range(5)]


def _word(data, i, value):
    data[1][i] = value
    return data


@pytest.mark.parametrize(
    "change,says",
    [
        (lambda d: _word(d, 7, d[1][7] + 2**32), "words must be integers in [0, 2^32)"),  # was truncated
        (lambda d: _word(d, 0, -1), "words must be integers in [0, 2^32)"),
        (lambda d: _word(d, 3, 1.0), "624 words and an index, all integers"),
        (lambda d: _word(d, 3, True), "624 words and an index, all integers"),
        (lambda d: _word(d, 624, 625), "index must be in 0..624"),
        (lambda d: d[1].pop(), "624 words and an index"),
        (lambda d: d.__setitem__(1, [0] * 624 + [624]), "all zeros"),
        (lambda d: d.__setitem__(1, [2**31 - 1] + [0] * 623 + [0]), "all zeros"),  # low bits of word 0 are not state
        (lambda d: d.__setitem__(2, "x"), "gauss_next must be null or a finite float"),
        (lambda d: d.__setitem__(2, [0.5]), "gauss_next must be null or a finite float"),
        (lambda d: d.__setitem__(2, 1), "gauss_next must be null or a finite float"),
        (lambda d: d.__setitem__(2, True), "gauss_next must be null or a finite float"),
        (lambda d: d.__setitem__(2, float("nan")), "gauss_next must be null or a finite float"),
        (lambda d: d.__setitem__(0, 2), "version must be 3"),
        (lambda d: d.pop(), "the rng must be [3,"),
    ],
)
def test_a_saved_rng_that_would_not_write_back_is_refused(change, says):
    data = _saved()
    change(data)
    with pytest.raises(StateError, match=re.escape(says)):
        rng_from_json(data)


def test_a_saved_state_with_a_truncated_rng_word_is_one_state_error():
    game = get_game("flip7")
    data = game.new_state(3, {}, 5).to_json()
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    data["rng"][1][100] += 2**32
    with pytest.raises(StateError, match="invalid flip7 state: the rng's words must be integers"):
        game.state_from_json(data)
