"""Versioned observations: each game's default layout is kept in ``golden/<game>.json``
(like OpenSpiel's playthroughs). A layout that changes while ``OBSERVATION_VERSION``
stays fails here: raise the version (it is in every environment's name) and regenerate
with ``python -m fliptable.adapters.observation --golden tests/adapters/golden``."""

import json
from pathlib import Path

import pytest

from fliptable.adapters.observation import OBSERVATION_VERSION, golden
from fliptable.adapters.pettingzoo import raw_env
from fliptable.core.registry import all_game_ids

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("game", all_game_ids())
def test_the_default_layout_is_the_golden_one_of_this_version(game):
    path = GOLDEN / f"{game}.json"
    assert path.exists(), f"no golden layout for {game}: generate it (see the module's docstring)"
    kept = json.loads(path.read_text())
    now = golden(game)
    if kept["version"] == OBSERVATION_VERSION:
        assert now == kept, (
            f"{game}'s observation layout changed under version {OBSERVATION_VERSION}: "
            "raise OBSERVATION_VERSION and regenerate the golden files"
        )
    else:
        pytest.fail(
            f"golden/{game}.json is of version {kept['version']}, the code's is {OBSERVATION_VERSION}: "
            "regenerate the golden files"
        )


def test_the_version_is_in_every_environments_name():
    for game in all_game_ids():
        assert raw_env(game).metadata["name"] == f"fliptable_{game}_v{OBSERVATION_VERSION}"
    import gymnasium

    import fliptable.adapters.gymnasium  # noqa: F401  (registers the envs)

    assert f"fliptable/flip7-v{OBSERVATION_VERSION}" in gymnasium.registry


def test_a_changed_layout_is_caught(monkeypatch):
    """The check can fail: a Flip 7 table whose schema scales ``round`` differently."""
    import fliptable.adapters.observation as obs
    from fliptable.core import schema as S
    from fliptable.games.flip7 import observation as flip7_obs

    kept = json.loads((GOLDEN / "flip7.json").read_text())
    real = flip7_obs.schema

    def changed(game, players, options):
        out = real(game, players, options)
        out.fields["round"] = S.Int(0, 10)
        return out

    monkeypatch.setattr(flip7_obs, "schema", changed)
    monkeypatch.setattr(obs, "_LAYOUTS", {})
    assert obs.golden("flip7") != kept
