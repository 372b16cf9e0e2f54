"""Each Flush golden log with options plays differently without them (so the log really
checks the option), and the default game's log replays to its recorded end."""

import json
from pathlib import Path

import pytest

from fliptable.core import FliptableError, get_game, parse_log, replay
from tests.golden.regenerate import digest

# each game's test module opens alike on purpose: it stands alone in its game's folder
GOLDEN = Path(__file__).resolve().parents[2] / "golden"
LOGS = sorted(GOLDEN.glob("flush-*.json"))
DEFAULTS = get_game("flush").resolve_options({})


def variant(path):
    return json.loads(path.read_text())["options"] != DEFAULTS


def test_there_is_a_golden_log_for_every_mode_and_option():
    options = [json.loads(p.read_text())["options"] for p in LOGS]
    assert {o["mode"] for o in options} == {"rounds", "arena", "elimination"}
    assert sum(not variant(p) for p in LOGS) == 1
    assert any(o.get("flush_count") == "previous" for o in options)
    assert any(o.get("mimic_join") == "pile" for o in options)


@pytest.mark.parametrize("path", [p for p in LOGS if variant(p)], ids=lambda p: p.stem)
def test_a_variants_log_plays_differently_without_its_options(path):
    data = json.loads(path.read_text())
    log = parse_log({**data, "options": {}})
    try:
        state = replay(log)
    except FliptableError:
        return
    assert digest(state) != data["digest"]
