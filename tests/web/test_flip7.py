"""Two people at two browsers create and join a Flip 7 table from the lobby and play it to
the end through its buttons; a third browser watches without controls."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.helpers import (
    LEGAL,
    assert_result_matches_log,
    create_from_lobby,
    join_from_link,
    played,
    press_buttons,
)


def _hit_mostly(actions, rng):
    if "hit" in actions and "stay" in actions:
        return "hit" if rng.random() < 0.6 else "stay"
    return rng.choice(actions)


def _both_press_in_a_short_game(seed: int) -> bool:
    """The game at ``seed``, its turns answered as press_buttons answers them (its own
    RNG, one page with buttons at a time), asks both seats and ends within 40 actions."""
    rng = random.Random(5)  # press_buttons' default
    actions = played("flip7", ["human", "human"], {"round_limit": 2}, seed, lambda seat, legal: _hit_mostly(legal, rng))
    return {seat for seat, _ in actions} == {0, 1} and len(actions) <= 40


def test_two_people_create_join_and_play_flip7_to_the_end(server, context):
    ana, ben, eve = context().new_page(), context().new_page(), context().new_page()
    errors = []
    for p in (ana, ben, eve):
        p.on("pageerror", lambda e: errors.append(str(e)))
    # seed 1: both of them have buttons to press and the game is short (a random deal could
    # leave a seat nothing to press: a Freeze aimed at it before its first turn)
    assert _both_press_in_a_short_game(1)
    table = create_from_lobby(ana, server.url, "flip7", "Ana", ["human", "human"], {"round_limit": 2}, seed=1)
    assert server.get(f"/api/tables/{table}")["options"]["round_limit"] == 2
    # not started: Ana sees the share link and waits
    expect(ana.locator("#status")).to_contain_text("Waiting for 1 more player")
    link = ana.locator("#join-link").input_value()
    assert link == f"{server.url}/table/{table}"
    assert ana.locator(LEGAL).count() == 0

    join_from_link(ben, link, "Ben")
    eve.goto(link)  # joined after the game started: a spectator, no seat to take
    for p in (ana, ben):
        p.wait_for_selector('#seats .seat[data-seat="0"]')
    ana.wait_for_function("document.querySelectorAll('#narration li').length > 0")
    # seats with names, the person's own seat marked, whose turn highlighted
    assert "Ana" in ben.locator('#seats .seat[data-seat="0"] .name').inner_text()
    assert "Ben" in ana.locator('#seats .seat[data-seat="1"] .name').inner_text()
    assert ana.locator("#seats .seat.mine").get_attribute("data-seat") == "0"
    assert ben.locator("#seats .seat.mine").get_attribute("data-seat") == "1"
    assert ana.locator("#seats .seat.active").count() == 1
    # cards are drawn as cards: the first flips show up face up with their rank
    ana.wait_for_selector("#seats .card[data-card]")
    first = ana.locator("#seats .card[data-card]").first
    assert first.get_attribute("aria-label")
    assert first.locator(".corner").inner_text().strip()

    pressed = press_buttons([ana, ben], prefer=_hit_mostly, seconds=70)
    assert pressed[0] > 0 and pressed[1] > 0
    for p in (ana, ben, eve):
        p.wait_for_selector("[data-over]")

    log = server.get(f"/api/tables/{table}/log")
    by_seat = {0: 0, 1: 0}
    for seat, _action in log["actions"]:
        by_seat[seat] += 1
    # every action of the game was a button one of them pressed, and nothing else
    assert by_seat == pressed, (by_seat, pressed)
    names = {0: "Ana", 1: "Ben"}
    assert_result_matches_log(eve, log, names)
    assert_result_matches_log(ben, log, {0: "Ana", 1: "You"})
    assert_result_matches_log(ana, log, {0: "You", 1: "Ben"})
    # the spectator never had a control, and the narration told the game
    assert eve.locator("[data-action]").count() == 0
    assert eve.locator("#join form").count() == 0
    assert "Watching" in eve.locator("#status").inner_text() or "Game over" in eve.locator("#status").inner_text()
    lines = eve.locator("#narration li").all_inner_texts()
    # the server's lines for a spectator: every seat "seat N", as the seat boxes number them
    assert any(line.lower().startswith("game over") for line in lines), lines[-5:]
    assert any(line.startswith("seat 0 ") for line in lines) and any(line.startswith("seat 1 ") for line in lines)
    assert "Ana (seat 0)" in eve.locator('#seats .seat[data-seat="0"]').inner_text()
    assert not errors, errors
