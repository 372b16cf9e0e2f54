"""Logs written by earlier versions of fliptable keep replaying (README.md here: which
commit wrote each folder, and how). Every log replays with every action legal, and its
recorded result — finished or not — holds on every key it records."""

import hashlib
import json
from pathlib import Path

import pytest

from fliptable.core.log import check_result, load_log, replay
from fliptable.core.registry import get_game
from tests.cli.helpers import run
from tests.helpers import SHIPPED_GAMES

HERE = Path(__file__).parent
FOLDERS = sorted(p for p in HERE.iterdir() if p.is_dir() and not p.name.startswith("_"))
LOGS = sorted(HERE.glob("*/*.json"))


def test_every_folder_of_logs_is_named_in_the_readme():
    readme = (HERE / "README.md").read_text()
    assert FOLDERS, "no logs of earlier versions"
    for folder in FOLDERS:
        assert f"`{folder.name}/`" in readme, f"README.md does not say which commit wrote {folder.name}/"
    # every game of today has logs of at least one earlier version
    games = {json.loads(p.read_text())["game"] for p in LOGS}
    assert games >= SHIPPED_GAMES


def test_the_logs_are_kept_as_their_versions_wrote_them():
    # never regenerated: SHA256SUMS pins every file's bytes (a log added later adds its line)
    pinned = dict(line.split()[::-1] for line in (HERE / "SHA256SUMS").read_text().splitlines())
    held = {f"{p.parent.name}/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest() for p in LOGS}
    assert held == pinned


@pytest.mark.parametrize("path", LOGS, ids=[f"{p.parent.name}/{p.stem}" for p in LOGS])
def test_a_log_of_an_earlier_version_replays_to_what_it_records(path):
    log = load_log(path)
    assert log.result is not None, "these logs record their result"
    state = replay(log)
    check_result(log, state)  # raises ReplayError on any recorded key that differs
    assert state.is_over() == log.result["over"]
    assert list(state.result().scores) == log.result["scores"]
    if log.rules_version != get_game(log.game).rules_version:
        assert get_game(log.game).legacy_options(log.rules_version) is not None


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_fliptable_replay_accepts_a_log_of_each_earlier_version(capsys, folder):
    # the version-1 Flip 7 results lack the keys results gained since (leading, ended)
    path = sorted(folder.glob("flip7-*.json"))[0]
    code, out, err = run(capsys, "replay", path, "--json")
    assert code == 0, err
    assert json.loads(out)["scores"] == json.loads(path.read_text())["result"]["scores"]
