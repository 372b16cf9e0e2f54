"""Reloading the page comes back to the same table, seat, frame and narration; a
spectator sees a table (seats, cards, narration, the result) without any control."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from fliptable.bots.base import make_agent
from fliptable.core.registry import get_game
from tests.web.helpers import LEGAL, assert_result_matches_log, create_from_lobby, played, watched_page


def _snapshot(page) -> dict:
    return {
        "title": page.locator("#title").inner_text(),
        "ply": page.locator("#app").get_attribute("data-ply"),
        "mine": page.locator("#seats .seat.mine").get_attribute("data-seat"),
        "cards": page.locator("#seats .card[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"),
        "narration": page.locator("#narration li").all_inner_texts(),
        "actions": sorted(page.locator(LEGAL).evaluate_all("els => els.map(e => e.dataset.action)")),
    }


def _ana_hits_three_numbers(seed: int) -> bool:
    """Seat 0 hitting three times against a threshold bot draws three numbers in one
    round and may still hit or stay."""
    game = get_game("flip7")
    state = game.new_state(2, game.resolve_options({}), seed)
    bot = make_agent(game, "threshold")
    bot.reset(game, 1, 2, state.options, random.Random(seed))
    hits = 0
    while not state.is_over():
        seat = state.frame(None)["decision"]["players"][0]
        legal = state.legal_actions(seat)
        if seat == 1:
            state.apply(1, bot.act(state.view(1), legal))
            continue
        if len(state.view(0)["seats"][0]["cards"]) != hits + 1:  # the deal's card, then one a hit
            return False
        if hits == 3:
            return tuple(legal) == ("hit", "stay")
        state.apply(0, "hit")
        hits += 1
    return False


def _ana_hits_then_may_stay(seed: int, hits: int) -> bool:
    """At ``seed``, against a threshold bot, Ana's first ``hits`` turns offer hit and her
    next one stay (in whichever round: a hit may bust her)."""
    offered: list[list[str]] = []

    def ana(seat, legal):
        offered.append(legal)
        return "hit" if len(offered) <= hits else "stay" if "stay" in legal else legal[0]

    played("flip7", ["human", "threshold"], {}, seed, ana)
    return len(offered) > hits and all("hit" in o for o in offered[:hits]) and "stay" in offered[hits]


def test_reload_shows_the_same_table(server, context):
    page = context().new_page()
    # seed 1: Ana's three hits draw numbers and none busts, so she is still in the round
    # with hit and stay to choose (a random deal could hand her a Freeze to aim instead,
    # or bust her and leave the bot hitting at its own pace past the click's wait)
    assert _ana_hits_three_numbers(1)
    table = create_from_lobby(page, server.url, "flip7", "Ana", ["human", "threshold"], seed=1, bot_delay_ms=100)
    # a person and a bot: the game starts at once; play a few of Ana's turns, each one
    # answered (the ply moves on) before the next
    for _ in range(3):
        hit = page.locator(f'{LEGAL}[data-action="hit"]')
        hit.wait_for()
        ply = int(page.locator("#app").get_attribute("data-ply"))
        hit.click()
        page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
    page.wait_for_selector(LEGAL)
    before = _snapshot(page)
    assert before["mine"] == "0" and before["actions"] and len(before["narration"]) >= 4
    page.reload()
    page.wait_for_selector(LEGAL)
    page.wait_for_function("n => document.querySelectorAll('#narration li').length >= n", arg=len(before["narration"]))
    after = _snapshot(page)
    assert after == before
    assert table in after["title"]
    # a typed action the rules refuse: the server's words are shown, and nothing changed
    page.fill("#actions .typed", "fly")
    page.press("#actions .typed", "Enter")
    page.wait_for_function("document.querySelector('#error').innerText.length > 0")
    assert "fly" in page.locator("#error").inner_text()
    assert page.locator("#app").get_attribute("data-ply") == before["ply"]
    page.wait_for_selector(f'{LEGAL}[data-action="stay"]')
    # and it still plays, from the keyboard as at the terminal: "s" stays
    stay = page.locator(f'{LEGAL}[data-action="stay"]')
    assert stay.get_attribute("aria-keyshortcuts") == "s"
    page.keyboard.press("s")
    page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=int(before["ply"]))
    assert page.locator("#error").inner_text() == ""


def test_a_spectator_sees_the_table_without_controls(server, context):
    # seed 1: the bots' game lasts 3 to 40 actions (6 s at their pace: well within the wait
    # for its result, and past ply 2 for the replay's steps)
    assert 3 <= len(played("flip7", ["ev", "threshold:20"], {"round_limit": 2}, 1)) <= 40
    made = server.post(
        "/api/tables",
        {
            "game": "flip7",
            "seats": ["ev", "threshold:20"],
            "options": {"round_limit": 2},
            "seed": 1,
            "bot_delay_ms": 150,
            "public": True,
        },
    )
    assert made["token"] is None
    table = made["table"]
    page, errors = watched_page(context, viewport={"width": 390, "height": 844})
    # found in the lobby's list of tables, and opened from there
    page.goto(server.url + "/")
    entry = page.locator(f'#tables li[data-table="{table}"]')
    entry.wait_for()
    assert entry.get_attribute("data-state") in ("running", "over")
    entry.locator("a").first.click()
    page.wait_for_url(made["join"])
    page.wait_for_selector('#app[data-ply] #seats .seat[data-seat="1"]')  # a frame has been drawn
    assert "Watching" in page.locator("#status").inner_text() or page.locator("[data-over]").count()
    assert "Ev (seat 0)" in page.locator('#seats .seat[data-seat="0"]').inner_text()
    page.wait_for_selector("[data-over]", timeout=40_000)
    # the narration told the game (the whole history, had the page come late), the server's words
    told = page.locator("#narration li").all_inner_texts()
    assert len(told) >= 4 and any(t.startswith("seat 0 flips") for t in told), told[:5]
    assert page.locator("[data-action]").count() == 0
    assert page.locator("#hand").is_hidden()
    assert page.locator("#join form").count() == 0
    log = server.get(f"/api/tables/{table}/log")
    assert_result_matches_log(page, log, {0: "Ev (seat 0)", 1: "Threshold:20 (seat 1)"})
    # the phone-sized page does not scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # the finished table's replay: the table at every ply, its narration, every action of its log
    events = page.locator("#narration li").count()
    page.goto(f"{server.url}/?replay={table}")
    page.wait_for_selector("#replay-events li")
    n = len(log["actions"])
    assert page.locator("#replay-actions li").count() == n
    assert page.locator("#replay-events li").count() == events
    assert page.locator("#replay-pos").inner_text() == f"ply {n} of {n}"
    page.click("#replay-first")
    page.click("#replay-next")
    page.click("#replay-next")
    assert page.locator("#replay-pos").inner_text() == f"ply 2 of {n}"
    assert 2 <= page.locator("#replay-events li:visible").count() < events
    assert page.locator("#result[data-over]").get_attribute("data-winners") == ",".join(
        map(str, log["result"]["winners"])
    )
    assert not errors, errors


def test_the_page_reconnects_by_itself_after_the_server_is_killed_and_restarted(tmp_path, context):
    from tests.web.conftest import start_server, stop_server

    srv = start_server(tmp_path)
    try:
        port = int(srv.url.rsplit(":", 1)[1])
        # seed 3: Ana's first two turns offer hit, and her next one stay (after the restart)
        assert _ana_hits_then_may_stay(3, hits=2)
        made = srv.post(
            "/api/tables",
            {"game": "flip7", "seats": ["human", "threshold"], "seed": 3, "name": "Ana", "bot_delay_ms": 100},
        )
        page = context().new_page()
        page.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
        for _ in range(2):
            page.wait_for_selector(f'{LEGAL}[data-action="hit"]')
            ply = int(page.locator("#app").get_attribute("data-ply"))
            page.locator(f'{LEGAL}[data-action="hit"]').click()
            page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
        page.wait_for_selector(LEGAL)
        before = _snapshot(page)
        stop_server(srv, kill=True)  # kill -9: the page loses its socket
        page.wait_for_function("document.querySelector('#conn').dataset.state === 'closed'")
        srv = start_server(tmp_path, port)
        page.wait_for_function("document.querySelector('#conn').dataset.state === 'open'", timeout=20_000)
        page.wait_for_function(
            "n => document.querySelectorAll('#narration li').length >= n", arg=len(before["narration"])
        )
        page.wait_for_selector(LEGAL)
        assert _snapshot(page) == before
        page.locator(f'{LEGAL}[data-action="stay"]').click()
        page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=int(before["ply"]))
    finally:
        stop_server(srv)


def test_a_turn_clock_chosen_in_the_lobby_counts_down_on_the_table(server, context):
    # spelled out on purpose: each browser test's own table, step by step
    page = context().new_page()
    page.goto(server.url + "/")
    page.click('button.game[data-game="flip7"]')
    page.select_option("#players", "2")
    page.select_option("#seat-1", "threshold")
    page.fill("#turn-limit", "30")
    page.click("details.advanced summary")
    page.fill("#seed", "1234")
    page.fill("#bot-delay", "200")
    page.fill("#bot-settings", "25")
    page.click("#create-button")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    table = page.url.rsplit("/", 1)[1]
    facts = server.get(f"/api/tables/{table}")
    assert facts["turn_limit_ms"] == 30000 and facts["bot_delay_ms"] == 200 and facts["seeded"] is True
    assert facts["seats"][1]["bot"] == "threshold:25"
    page.wait_for_selector(LEGAL)
    clock = page.locator("#clock")
    clock.wait_for(state="visible")
    first = float(clock.locator(".secs").inner_text().removesuffix(" s"))
    assert 0 < first <= 30
    page.wait_for_function("t => parseFloat(document.querySelector('#clock .secs').innerText) < t", arg=first)


def test_a_token_that_holds_no_seat_falls_back_to_watching(server, context):
    made = server.post(
        "/api/tables", {"game": "flip7", "seats": ["human", "threshold"], "name": "Ana", "bot_delay_ms": 100}
    )
    page = context().new_page()
    page.goto(f"{made['join']}#seat=0&token=not-the-token")
    expect(page.locator("#error")).to_contain_text("no longer valid")
    expect(page.locator("#status")).to_contain_text("Watching")
    # Ana never connected: the game waits for her, and the page says so
    expect(page.locator("#status")).to_contain_text("Waiting for Ana (seat 0) to connect")
    assert server.get(f"/api/tables/{made['table']}")["started"] is False
    assert page.locator("[data-action]").count() == 0
    assert page.evaluate("JSON.parse(localStorage.getItem('fliptable.seats'))") == {}
