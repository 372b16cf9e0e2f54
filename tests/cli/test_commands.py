"""`fliptable games`, `rules`, `serve`, usage errors, and the console entry point."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fliptable.core.registry import all_game_ids, get_game
from fliptable.games.docs import game_family

from .helpers import one_line_error, run

REPO = Path(__file__).resolve().parents[2]


def test_games_lists_every_game_with_players_options_and_bots(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    for gid in all_game_ids():
        assert gid in out
    assert "rulebook|official" in out  # flip7's option with its accepted values


def test_games_json_describes_every_registered_game(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    data = json.loads(out)
    assert [g["id"] for g in data["games"]] == all_game_ids()
    flip7 = next(g for g in data["games"] if g["id"] == "flip7")
    assert flip7["players"] == [1, 12]
    assert {"name": "rules", "default": "rulebook", "accepted": "rulebook|official"}.items() <= flip7["options"][
        0
    ].items()
    assert set(flip7["bots"]) == {"random", "threshold", "ev", "ismcts"}  # the search bot plays every game
    assert flip7["default_bot"] == "ev"


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_game_declares_a_default_bot_it_has(game_id):
    game = get_game(game_id)
    assert game.default_bot in set(game.bots()) | {"random"}


def test_simulate_without_bots_seats_the_games_default_bot(capsys):
    code, out, _ = run(capsys, "simulate", "patience", "--games", "3", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["bots"] == ["lookahead"]


@pytest.mark.parametrize("game_id", all_game_ids())
def test_rules_shows_the_document_and_the_notation(capsys, game_id):
    game = get_game(game_id)
    code, out, err = run(capsys, "rules", game_id)
    assert code == 0 and err == ""
    assert f"## Action notation ({game_id})" in out
    assert game.notation.strip().splitlines()[0] in out
    doc = REPO / "docs" / "rules" / f"{game_family(game)}.md"
    if doc.exists():
        assert out.startswith(doc.read_text().rstrip() + "\n\n## Action notation")


@pytest.mark.parametrize("game_id", all_game_ids())
def test_rules_text_is_self_contained(capsys, game_id):
    """What `fliptable rules` prints names no file, ticket or module path the reader does
    not have: the rulebook passages are quoted instead."""
    _, out, _ = run(capsys, "rules", game_id)
    for marker in ("shared/rules", "NOTES.md", "fliptable/", ".py`", ".py ", "issue "):
        assert marker not in out, f"{game_id}: rules text mentions {marker!r}"


def test_rules_of_each_flinch_pack_game_show_its_own_document(capsys):
    """FLINCH, Muggins, Authors, Patience and Go to the Store: one document each."""
    for game_id, package in (
        ("flinch", "flinch"),
        ("muggins", "muggins"),
        ("authors", "authors"),
        ("patience", "patience"),
        ("go-to-the-store", "go_to_the_store"),
    ):
        _, out, _ = run(capsys, "rules", game_id)
        title = get_game(game_id).title
        assert out.startswith(f"# {title}, as implemented\n")
        assert out.count(", as implemented\n") == 1
        assert (REPO / "fliptable" / "games" / package).is_dir()


def test_rules_of_an_unknown_game_names_the_games(capsys):
    code, out, err = run(capsys, "rules", "chess")
    one_line_error(code, err)
    assert "'chess'" in err and "flip7" in err and out == ""


def test_serve_rejects_a_bad_port_in_one_line(capsys):
    # (the server itself is tested in tests/server; a bare `serve` would start it)
    code, _, err = run(capsys, "serve", "--port", "0")
    one_line_error(code, err)
    assert "--port must be 1 to 65535" in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["nope"], "No such command 'nope'"),
        (["rules"], "Missing argument"),
        (["simulate", "flip7"], "--games"),
        (["simulate", "flip7", "--games", "many"], "--games"),
        (["simulate", "flip7", "--games", "3", "--bogus"], "--bogus"),
        (["play", "flip7", "--seed", "x"], "--seed"),
    ],
)
def test_usage_errors_are_one_line(capsys, args, says):
    code, _, err = run(capsys, *args)
    one_line_error(code, err)
    assert says in err


def test_no_arguments_shows_help(capsys):
    code, out, _ = run(capsys)
    assert code == 0 and "simulate" in out


def test_console_entry_point_runs_and_errors_cleanly():
    ok = subprocess.run(
        [sys.executable, "-m", "fliptable", "games", "--json"], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["games"]
    bad = subprocess.run(
        [sys.executable, "-m", "fliptable", "simulate", "chess", "--games", "1"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    one_line_error(bad.returncode, bad.stderr)
    assert bad.stdout == ""


def test_the_wheel_carries_the_rules_documents(tmp_path):
    builder = pytest.importorskip("hatchling.builders.wheel")
    import zipfile

    wheel = next(builder.WheelBuilder(str(REPO)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    docs = sorted(p.name for p in (REPO / "docs" / "rules").glob("*.md"))
    assert docs
    for name in docs:
        assert f"fliptable/_rules_docs/{name}" in names
    assert "fliptable/cli/__init__.py" in names
