"""``/faces.js`` is the games' card tables as the browser draws them, built by the server
from the tables it plays with (fliptable/web/faces.py): every card of every game, with a
name for people, as a JavaScript module."""

from __future__ import annotations

import json
import urllib.request


def _served(server) -> tuple[str, str]:
    with urllib.request.urlopen(server.url + "/faces.js", timeout=10) as r:
        return r.headers.get("content-type", ""), r.read().decode()


def test_faces_js_is_every_games_card_table(server):
    from fliptable.core.registry import GAME_MODULES, get_game

    # the games the server plays: the built-in ones (this test process may also hold the
    # kernel tests' toy games, registered by other test modules)
    games = sorted(GAME_MODULES)
    kind, text = _served(server)
    assert kind.startswith("text/javascript")  # a module script needs a JavaScript type
    prefix = "export const FACES = "
    body = text[text.index(prefix) + len(prefix) :].rstrip().rstrip(";")
    faces = json.loads(body)
    assert sorted(faces) == games
    for gid in games:
        table = get_game(gid).cards
        assert sorted(faces[gid]) == sorted(table.names), gid
        for t in table.types:
            face = faces[gid][t.name]
            assert face["kind"] == t.kind and face.get("rank") == t.rank and face.get("suit") == t.suit
            assert face["title"], (gid, t.name)
    # the special cards are named as printed
    assert faces["flaps"]["alh"]["title"].startswith("ACE'N'LAY")
    assert faces["flip7"]["flip3"]["title"] == "Flip Three"
    assert faces["flush"]["bf"]["title"] == "Big Flush"
    assert faces["flyswatter"]["swatter"]["title"] == "Swatter"


def test_the_page_draws_cards_from_it(server, context):
    page = context().new_page()
    page.goto(server.url + "/")
    label = page.evaluate("""async () => { const {card} = await import("/cards.js");
        return card("flaps", "alh").getAttribute("aria-label"); }""")
    assert label.startswith("ACE'N'LAY")
