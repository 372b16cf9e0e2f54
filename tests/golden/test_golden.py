"""Golden logs replay to exactly the recorded result and final state (see regenerate.py)."""

import json
from pathlib import Path

import pytest

from fliptable.core import parse_log, replay
from tests.golden.regenerate import digest, seen

LOGS = sorted(Path(__file__).parent.glob("*.json"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_golden_log_replays_identically(path):
    data = json.loads(path.read_text())
    state = replay(parse_log(data))
    assert state.is_over()
    assert state.result().to_json() == data["result"]
    assert digest(state) == data["digest"]
    # what every seat was told and shown on the way (python -m tests.golden.regenerate GAME
    # rewrites it when a change to events or views is intended; say why in the commit)
    assert seen(parse_log(data)) == data["seen"], "what the seats were shown changed"
