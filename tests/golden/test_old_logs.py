"""Logs people already hold keep replaying: the golden logs recorded by fliptable's
first release (rules version 1, in ``v1/``) replay under today's rules — with the
options ``Game.legacy_options`` gives for that version — to exactly the result they
recorded."""

import json
from pathlib import Path

import pytest

from fliptable.core import get_game, parse_log, replay

LOGS = sorted((Path(__file__).parent / "v1").glob("*.json"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_version_1_log_replays_to_its_recorded_result(path):
    data = json.loads(path.read_text())
    assert data["rules_version"] == "1"
    state = replay(parse_log(data))
    assert state.is_over()
    recorded = data["result"]
    result = state.result().to_json()
    assert result["scores"] == recorded["scores"] and result["winners"] == recorded["winners"]


def test_every_game_with_a_new_rules_version_says_how_to_replay_version_1():
    for path in LOGS:
        game = get_game(json.loads(path.read_text())["game"])
        if game.rules_version != "1":
            assert game.legacy_options("1") is not None, f"{game.id} cannot replay its version-1 logs"
