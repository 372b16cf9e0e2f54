"""Every registered game has each place outside its package that docs/writing-a-game.md
("Every place a game touches") lists: its line in the registry naming a module of its own
package under ``fliptable/games/``, its rules document ``docs/rules/<package>.md``, its
test folder ``tests/games/<package>/``, golden cases (in ``tests/golden/regenerate.py``'s
``CASES``, with their logs written), its golden observation layout
``tests/adapters/golden/<id>.json`` and its layout's section ``### <id>`` in ``docs/rl.md``.
The browser module is checked by ``tests/server/test_game_files.py``; the layout file's
and the section's contents by ``tests/adapters/test_golden.py`` and
``tests/adapters/test_observation.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fliptable.core.registry import GAME_MODULES, all_game_ids, get_game
from fliptable.games.docs import game_family

from .golden.regenerate import CASES

ROOT = Path(__file__).resolve().parents[1]
RL_DOC = ROOT / "docs" / "rl.md"


def missing_places(game_id: str, package: str) -> list[str]:
    """The places ``docs/writing-a-game.md`` lists that game ``game_id`` (package
    ``package``) does not have yet: its registry line first, then the others in the
    order the page lists them."""
    missing = []
    module = GAME_MODULES.get(game_id, "")
    if (
        module.split(".")[:3] != ["fliptable", "games", package]
        or not (ROOT / "fliptable" / "games" / package).is_dir()
    ):
        missing.append(f"registry line naming fliptable.games.{package}")
    rules = ROOT / "docs" / "rules" / f"{package}.md"
    if not rules.is_file() or not rules.read_text(encoding="utf-8").strip():
        missing.append(f"docs/rules/{package}.md")
    tests = ROOT / "tests" / "games" / package
    if not (tests / "__init__.py").is_file() or not any(tests.glob("test_*.py")):
        missing.append(f"tests/games/{package}/ (with __init__.py and test_*.py)")
    if not any(case[0] == game_id for case in CASES):
        missing.append("golden cases in tests/golden/regenerate.py")
    elif not any((ROOT / "tests" / "golden").glob(f"{game_id}-*.json")):
        missing.append(f"golden logs tests/golden/{game_id}-*.json (python -m tests.golden.regenerate {game_id})")
    if not (ROOT / "tests" / "adapters" / "golden" / f"{game_id}.json").is_file():
        missing.append(
            f"golden layout tests/adapters/golden/{game_id}.json (python -m fliptable.adapters.golden {game_id})"
        )
    if not re.search(rf"^### {re.escape(game_id)}$", RL_DOC.read_text(encoding="utf-8"), re.M):
        missing.append(f"section '### {game_id}' in docs/rl.md (python -m fliptable.adapters.observation {game_id})")
    return missing


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_game_has_every_place_outside_its_package(game_id):
    assert missing_places(game_id, game_family(get_game(game_id))) == []


def test_a_game_without_its_places_is_told_each_one():
    assert missing_places("chess", "chess") == [
        "registry line naming fliptable.games.chess",
        "docs/rules/chess.md",
        "tests/games/chess/ (with __init__.py and test_*.py)",
        "golden cases in tests/golden/regenerate.py",
        ("golden layout tests/adapters/golden/chess.json (python -m fliptable.adapters.golden chess)"),
        "section '### chess' in docs/rl.md (python -m fliptable.adapters.observation chess)",
    ]


def test_a_registered_game_in_another_package_is_told_its_registry_line():
    assert missing_places("flip7", "flush")[:1] == ["registry line naming fliptable.games.flush"]


#: the source outside the games' packages, read for quoted game ids
SOURCE_SUFFIXES = (".py", ".pyx", ".js", ".css", ".html")


def quoted_game_ids(root: Path, ids: list[str]) -> list[str]:
    """``path:line`` of every quoted game id (``"flip7"``, ``'flaps'``, ```flush```) in the
    source under ``root/fliptable`` outside ``fliptable/games/`` and the registry."""
    names = "|".join(map(re.escape, ids))
    quoted = re.compile(rf"""(["'`])(?:{names})\1""")
    found = []
    for path in sorted((root / "fliptable").rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.suffix not in SOURCE_SUFFIXES or rel.startswith("fliptable/games/"):
            continue
        if rel == "fliptable/core/registry.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line):
                found.append(f"{rel}:{n}")
    return found


def test_no_game_is_named_outside_its_package_but_in_the_registry():
    """docs/writing-a-game.md: "Nothing else names a game" (defaults read the registry's
    REFERENCE_GAME)."""
    assert quoted_game_ids(ROOT, all_game_ids()) == []


def test_a_quoted_game_id_outside_the_games_is_found(tmp_path):
    (tmp_path / "fliptable" / "server").mkdir(parents=True)
    (tmp_path / "fliptable" / "games" / "flip7").mkdir(parents=True)
    (tmp_path / "fliptable" / "core").mkdir(parents=True)
    (tmp_path / "fliptable" / "server" / "setup.py").write_text('x = 1\nEXAMPLE = {"game": "flip7"}\n')
    (tmp_path / "fliptable" / "server" / "web.js").write_text("case 'flaps':\n")
    (tmp_path / "fliptable" / "games" / "flip7" / "game.py").write_text('id = "flip7"\n')
    (tmp_path / "fliptable" / "core" / "registry.py").write_text('REFERENCE_GAME = "flip7"\n')
    (tmp_path / "fliptable" / "core" / "words.py").write_text("# flip7 unquoted, flip7s\n")
    assert quoted_game_ids(tmp_path, ["flip7", "flaps"]) == [
        "fliptable/server/setup.py:2",
        "fliptable/server/web.js:1",
    ]
