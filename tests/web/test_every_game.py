"""Every game's table draws from its frames: seats, cards drawn as cards (every card of
the person's hand, none unknown to the card tables), legal actions as buttons, and
pressing them plays (the frame's ply moves on, no error); the table's game's own browser
module (its package's web.js, and the style sheet it names) is what drew it."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from tests.web.helpers import watched_page

LEGAL = "#actions button[data-action]:not([disabled])"
STEP = "#actions button[data-step^='ask:']:not([disabled])"


def _games():
    # the built-in games the server plays (never the kernel tests' toy games)
    from fliptable.core.registry import GAME_MODULES, all_game_ids

    return [g for g in all_game_ids() if g in GAME_MODULES]


@pytest.mark.parametrize("game", _games())
def test_every_game_draws_and_plays_from_its_buttons(server, context, game):
    info = next(g for g in server.get("/api/games")["games"] if g["id"] == game)
    players = max(info["players"][0], min(3, info["players"][1]))
    made = server.post(
        "/api/tables",
        {
            "game": game,
            "seats": ["human"] + [info["default_bot"]] * (players - 1),
            "bot_delay_ms": 50,
            "seed": 11,
            "name": "Ana",
        },
    )
    page, errors = watched_page(context)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
    page.wait_for_selector(f'#seats .seat[data-seat="{players - 1}"]')
    pressed = 0
    for _ in range(3):
        page.wait_for_selector(f"{LEGAL}, {STEP}, [data-over]", timeout=20_000)
        if page.locator("[data-over]").count():
            break
        ply = int(page.locator("#app").get_attribute("data-ply"))
        if page.locator(STEP).count():  # Authors asks in two steps: whom, then which number
            page.locator(STEP).last.click()
        buttons = page.locator(LEGAL)
        assert buttons.count() >= 1
        for b in buttons.all():
            assert b.get_attribute("aria-label") or b.inner_text().strip(), "a button says what it does"
        buttons.last.click()
        pressed += 1
        page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply, timeout=20_000)
        error = page.locator("#error").inner_text()
        # only a press overtaken by a bot's move at the same moment may be refused (stale)
        assert error == "" or "moment has passed" in error or "moment passed" in error or "window closed" in error, (
            error
        )
    assert pressed >= 1
    # the person's hand: every card drawn as a card with its name for screen readers
    labels = page.locator("#hand .card[data-card]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    if page.locator("#hand").is_visible():
        assert labels and all(labels), labels
    assert page.locator(".card.unknown").count() == 0
    assert page.locator("#seats .seat.active").count() >= 1 or page.locator("[data-over]").count()
    assert page.locator("#narration li").count() >= 1
    # the game's module, loaded by the page from the server (/games/{id}/web.js), with its look
    from fliptable.core.registry import package_of

    js = (resources.files(package_of(game)) / "web.js").read_text()
    loaded = page.evaluate("async (g) => Object.keys((await import('/modules.js')).gameModule(g)).sort()", game)
    assert loaded and loaded == sorted(re.findall(r"^export (?:const|function) (\w+)", js, re.M)), loaded
    sheets = page.evaluate(
        "() => [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => new URL(l.href).pathname)"
    )
    assert (f"/games/{game}/web.css" in sheets) == ("export const stylesheet" in js), sheets
    assert not errors, errors
