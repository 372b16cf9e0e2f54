"""Each game's browser module lives in its package (``fliptable/games/<game>/web.js``, and
the ``web.css`` it names), and the server serves it at ``/games/{id}/web.js``: every
registered game has one, exporting only what the generic client reads
(``fliptable/web/modules.js``: ``EXPORTS``); nothing else of a package is served, and an
unknown game or file is 404."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from fliptable.core.registry import GAME_MODULES, all_game_ids, package_of

from .helpers import client

WEB = resources.files("fliptable") / "web"
#: the built-in games the server plays (never the kernel tests' toy games)
GAMES = [g for g in all_game_ids() if g in GAME_MODULES]


def _exports(js: str) -> set[str]:
    return set(re.findall(r"^export\s+(?:async\s+)?(?:const|let|function\*?)\s+([A-Za-z_$][\w$]*)", js, re.M))


def _allowed() -> set[str]:
    text = (WEB / "modules.js").read_text()
    return set(re.findall(r'"(\w+)"', text[text.index("EXPORTS = [") : text.index("];", text.index("EXPORTS = ["))]))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_browser_module(game):
    package = resources.files(package_of(game))
    js = (package / "web.js").read_text()
    exports = _exports(js)
    assert exports, f"{game}'s web.js exports nothing"
    assert exports <= _allowed(), (
        f"{game}'s web.js exports {sorted(exports - _allowed())}, which the client never reads"
    )
    sheet = re.search(r'^export const stylesheet = "([\w.-]+)";', js, re.M)
    if sheet:
        assert (package / sheet[1]).is_file(), f"{game}'s web.js names {sheet[1]}, which is missing"
    # a module imports nothing by a relative path into another package: it is served alone
    assert not re.search(r"^import\b", js, re.M), f"{game}'s web.js imports; it draws with the kit it is given"


def test_the_server_serves_each_games_module_and_style_sheet(sqlite_settings):
    with client(sqlite_settings) as c:
        for game in GAMES:
            package = resources.files(package_of(game))
            r = c.get(f"/games/{game}/web.js")
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript"), game
            assert r.text == (package / "web.js").read_text()
            css = c.get(f"/games/{game}/web.css")
            if (package / "web.css").is_file():
                assert css.status_code == 200 and css.headers["content-type"].startswith("text/css"), game
                assert css.text == (package / "web.css").read_text()
            else:
                assert css.status_code == 404
        # nothing else of a package, and no game that is not registered
        refused = [
            c.get(p).status_code
            for p in (
                f"/games/{GAMES[0]}/game.py",
                f"/games/{GAMES[0]}/__init__.py",
                f"/games/{GAMES[0]}/web.py",
                f"/games/{GAMES[0]}/WEB.JS",
                "/games/no-such-game/web.js",
                "/games/../web.js",
                f"/games/{GAMES[0]}/..%2F..%2Fweb%2Fapp.js",
                f"/games/{GAMES[0]}/%2e%2e/web.js",
                "/games/fliptable.games.flip7/web.js",
                "/games/tests/web.js",
            )
        ]
        assert refused == [404] * len(refused), refused
        assert "no such file" in c.get("/games/no-such-game/web.js").json()["error"]
