"""The default deck spec is package data: the wheel carries it."""

import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def test_the_wheel_carries_the_default_deck_spec(tmp_path):
    builder = pytest.importorskip("hatchling.builders.wheel")
    wheel = next(builder.WheelBuilder(str(REPO)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "fliptable/games/flush/decks/default.json" in names
    assert "fliptable/_rules_docs/flush.md" in names or not (REPO / "docs/rules/flush.md").exists()
