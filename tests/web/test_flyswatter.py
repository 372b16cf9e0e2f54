"""A Fly-swatter race between two people at two browsers and a bot: the swat window is a
big race with a visible countdown, both people swat through the buttons, the server
orders the swats by arrival, and the game plays to its result."""

from __future__ import annotations

import contextlib
import re
import time

from fliptable.core.registry import get_game
from tests.web.helpers import assert_result_matches_log, join_from_link, press_buttons

#: a window of 10 s: both people swat in the first one after a dozen checks of both pages,
#: seconds on a loaded machine (a window that closed first would leave nothing to click);
#: a window closes as soon as every hand is done, so the game is no slower for it
OPTIONS = {"remove": 80, "window_ms": 10_000}


def _seed_with_an_early_window() -> int:
    """A seed whose deal opens a swat window within the first six flips."""
    game = get_game("flyswatter")
    for seed in range(1, 200):
        state = game.new_state(3, game.resolve_options(OPTIONS), seed)
        for _ in range(6):
            d = state.frame(None)["decision"]
            if d["kind"] == "race":
                return seed
            state.apply(d["players"][0], "flip")
    raise AssertionError("no seed opens a window early")


def _swat_first(actions, rng):
    swats = [a for a in actions if a.startswith("swat:")]
    if swats and rng.random() < 0.75:
        return rng.choice(swats)
    if "flip" in actions:
        return "flip"
    return rng.choice(actions)


def test_a_swat_race_between_two_people_and_a_bot(server, context):
    seed = _seed_with_an_early_window()
    made = server.post(
        "/api/tables",
        {
            "game": "flyswatter",
            "seats": ["human", "human", "swatter"],
            "options": OPTIONS,
            "seed": seed,
            "name": "Ana",
            "bot_delay_ms": 100,
        },
    )
    table = made["table"]
    ana, ben = context().new_page(), context(viewport={"width": 390, "height": 844}).new_page()  # Ben on a phone
    errors = []
    for p in (ana, ben):
        p.on("pageerror", lambda e: errors.append(str(e)))
    # the creator's seat travels in the URL fragment (never sent to the server), then is kept
    ana.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
    ana.wait_for_function("!location.hash")
    join_from_link(ben, made["join"], "Ben")

    # flip until the first window: both see it as a race with a countdown, and both swat
    deadline = time.monotonic() + 30
    while not (ana.locator("#actions.race").count() and ben.locator("#actions.race").count()):
        assert time.monotonic() < deadline, "no swat window opened"
        for p in (ana, ben):
            flip = p.locator('#actions button[data-action="flip"]:not([disabled])')
            if flip.count():
                with contextlib.suppress(Exception):
                    flip.click(timeout=300)
        time.sleep(0.05)
    for p in (ana, ben):
        clock = p.locator("#clock")
        assert clock.is_visible()
        assert re.fullmatch(r"\d+\.\d s", clock.locator(".secs").inner_text()), clock.inner_text()
        assert "Race" in p.locator("#status").inner_text()
    swats_ana = ana.locator('#actions.race button[data-action^="swat:"]')
    swats_ben = ben.locator('#actions.race button[data-action^="swat:"]')
    assert swats_ana.count() >= 1 and swats_ben.count() >= 1
    # a swat button names its fly by the card, drawn
    assert swats_ana.first.locator(".card[data-card]").count() == 1
    swats_ana.first.click()
    swats_ben.last.click()
    # each person's swat lands and both read it in the narration (or, late, is told the window closed)
    for page, me, other in ((ana, "you swat", "seat 1 swats"), (ben, "you swat", "seat 0 swats")):
        page.wait_for_function(
            "([me, other]) => { const t = document.querySelector('#narration').innerText;"
            " return t.includes(me) && t.includes(other) || document.querySelector('#error').innerText.length > 0 }",
            arg=[me, other],
        )

    press_buttons([ana, ben], prefer=_swat_first, seconds=60)
    log = server.get(f"/api/tables/{table}/log")
    swatted = {seat for seat, action in log["actions"] if action.startswith("swat:")}
    assert {0, 1} <= swatted, log["actions"]
    assert_result_matches_log(ana, log, {0: "You", 1: "Ben"})
    assert_result_matches_log(ben, log, {0: "Ana", 1: "You"})
    narration = ana.locator("#narration").inner_text()
    assert "seat 2 " in narration and "Swatter (seat 2)" in ana.locator('#seats .seat[data-seat="2"]').inner_text()
    assert not errors, errors
