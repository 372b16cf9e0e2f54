"""Versioned observations: each game's layouts and a playthrough are kept in
``golden/<game>.json`` (``fliptable/adapters/golden.py``, like OpenSpiel's playthroughs).
A layout or an encoding that changes while ``OBSERVATION_VERSION`` stays fails here: raise
the version (it is in every environment's name) and regenerate with
``python -m fliptable.adapters.golden``."""

import json
from pathlib import Path

import pytest

from fliptable.adapters.golden import golden
from fliptable.adapters.observation import OBSERVATION_VERSION
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
        changed = [k for k in sorted(set(now) | set(kept)) if now.get(k) != kept.get(k)]
        assert not changed, (
            f"{game}'s observations changed under version {OBSERVATION_VERSION} ({', '.join(changed)}): "
            "raise OBSERVATION_VERSION and regenerate the golden files"
        )
    else:
        pytest.fail(
            f"golden/{game}.json is of version {kept['version']}, the code's is {OBSERVATION_VERSION}: "
            "regenerate the golden files"
        )


def test_the_version_is_in_every_environments_name():
    import gymnasium

    import fliptable.adapters.gymnasium  # noqa: F401  (registers the envs)

    for game in all_game_ids():
        assert raw_env(game).metadata["name"] == f"fliptable_{game}_v{OBSERVATION_VERSION}"
        assert f"fliptable/{game}-v{OBSERVATION_VERSION}" in gymnasium.registry


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
    now = golden("flip7")
    assert now["fields"] != kept["fields"] and now["playthrough"] != kept["playthrough"]


def test_a_change_at_another_table_size_is_caught(monkeypatch):
    """Only a five-seat Fly-swatter table's layout changes (its draw counts scaled by twice
    the deck): the default table's fields stay, the five-seat digest does not."""
    import fliptable.adapters.observation as obs
    from fliptable.core import schema as S
    from fliptable.games.flyswatter import observation as fly_obs

    kept = json.loads((GOLDEN / "flyswatter.json").read_text())
    real = fly_obs.schema

    def changed(game, players, options):
        out = real(game, players, options)
        if players == 5:
            out.fields["draw_counts"] = S.PerSeat(S.Int(0, 2 * len(game.deck(players, options))))
        return out

    monkeypatch.setattr(fly_obs, "schema", changed)
    monkeypatch.setattr(obs, "_LAYOUTS", {})
    now = golden("flyswatter")
    assert now["fields"] == kept["fields"] and now["playthrough"] == kept["playthrough"]
    assert [n for n in now["tables"] if now["tables"][n] != kept["tables"][n]] == ["5"]


def test_a_changed_encoding_is_caught(monkeypatch):
    """An encoding that changes while the layout stays (card lists' sizes written as
    fractions of a larger deck) changes the playthrough only."""
    import fliptable.adapters.observation as obs
    from fliptable.adapters.layout import Node

    kept = json.loads((GOLDEN / "patience.json").read_text())
    real_bind = Node.bind

    def bind(self, players, ncards, copies, decksize):
        real_bind(self, players, ncards, copies, decksize * 2)

    monkeypatch.setattr(Node, "bind", bind)
    monkeypatch.setattr(obs, "_LAYOUTS", {})
    now = golden("patience")
    assert now["fields"] == kept["fields"] and now["playthrough"] != kept["playthrough"]
