"""The wheel carries the browser client: `fliptable serve` from an installed package
serves it at / (docs/server.md), with each game's browser module from the game's package
(`fliptable/games/<game>/web.js`, `web.css`, `web.py`); the client itself knows no game
by name."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "fliptable" / "web"


def test_the_wheel_carries_the_web_client(tmp_path):
    builder = pytest.importorskip("hatchling.builders.wheel")
    repo = WEB.parents[1]
    wheel = next(builder.WheelBuilder(str(repo)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    files = sorted(p.relative_to(repo).as_posix() for p in WEB.iterdir() if p.suffix in (".html", ".js", ".css"))
    files.append("fliptable/web/faces.py")
    games = WEB.parent / "games"
    files += sorted(p.relative_to(repo).as_posix() for p in games.glob("*/web.*"))
    assert len([f for f in files if f.endswith("/web.js")]) >= 9, files
    assert (
        "fliptable/web/index.html" in files and "fliptable/web/app.js" in files and "fliptable/web/style.css" in files
    )
    missing = [f for f in files if f not in names]
    assert not missing, missing


def test_every_module_the_client_imports_is_there():
    import re

    for js in WEB.glob("*.js"):
        for target in re.findall(r'from\s+"\./([^"]+)"', js.read_text()):
            if target == "faces.js":  # served by fliptable/server/app.py from fliptable/web/faces.py
                continue
            assert (WEB / target).is_file(), f"{js.name} imports ./{target}, which is missing"


def test_the_client_names_no_game():
    """Everything about one game's drawing is in its package: the generic client quotes no
    game id (a game's module is found by the table's game, modules.js)."""
    import re

    from fliptable.core.registry import GAME_MODULES

    ids = set(GAME_MODULES) | {g.replace("-", "_") for g in GAME_MODULES}
    pattern = re.compile(r"""["'`]({})["'`]""".format("|".join(map(re.escape, sorted(ids)))))
    found = [
        f"{p.name}:{n}: {m[0]}"
        for p in sorted(WEB.iterdir())
        if p.suffix in (".js", ".css", ".py", ".html")
        for n, text in enumerate(p.read_text().splitlines(), 1)
        for m in pattern.finditer(text)
    ]
    assert not found, found
    # nor a style rule for one game's cards (`.g-<id>`): that is the game's web.css
    css = (WEB / "style.css").read_text()
    assert not [g for g in GAME_MODULES if f".g-{g}" in css]
