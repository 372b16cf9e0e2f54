"""A simultaneous step in the browser: FLAPS Level 2's TRUMPS between two people (two
browser contexts) and a bot. Each lays a card face down from its own page; the other
page says that they did, never which card, until everyone has; then the cards turn up
on both pages and the game goes on."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.helpers import LEGAL, join_from_link

#: seed 13, three players, Level 2: seat 0 may open with the K - TRUMPS of Diamonds
SEED, CALL = 13, "ktd:c"


def _commit_lines(page):
    return page.locator('#narration li[data-event="commit"]')


# spelled out on purpose: each browser test's own table, step by step
def test_trumps_between_two_people_and_a_bot(server, context):
    made = server.post(
        "/api/tables",
        {
            "game": "flaps",
            "seats": ["human", "human", "random"],
            "options": {"level": 2},
            "seed": SEED,
            "name": "Ana",
            "bot_delay_ms": 6000,
        },
    )
    ana, ben = context().new_page(), context().new_page()
    errors = []
    for p in (ana, ben):
        p.on("pageerror", lambda e: errors.append(str(e)))
    ana.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
    join_from_link(ben, made["join"], "Ben")
    ana.locator(f'{LEGAL}[data-action="{CALL}"]').click()
    # everyone chooses at once: both pages offer face-down cards
    for p in (ana, ben):
        expect(p.locator("#status")).to_contain_text("everyone chooses at once")
        p.wait_for_selector(f'{LEGAL}[data-action^="t:"]')
    ben_action = ben.locator(f'{LEGAL}[data-action^="t:"]').first.get_attribute("data-action")
    ben.locator(f'{LEGAL}[data-action="{ben_action}"]').click()
    # Ben's page names his card; Ana's says he laid one, and which card it was nowhere.
    # (The bot's line may already be there too on a slow machine: its 6 s run from the call,
    # so each page's lines are picked by whose they are, never counted on the order.)
    bens_own = _commit_lines(ben).filter(has_text="You lay")
    expect(bens_own).to_have_count(1)
    expect(_commit_lines(ana).filter(has_text="Seat 1")).to_have_count(1)
    assert bens_own.locator(".card").count() == 1
    assert ben.locator('#narration li[data-event="commit"] .card').count() == 1  # none in the bot's line
    assert ana.locator('#narration li[data-event="commit"] .card').count() == 0
    assert _commit_lines(ana).filter(has_text="Seat 1").inner_text() == "Seat 1 lays a TRUMPS card face down"
    assert ben.locator(LEGAL).count() == 0  # his choice is made; one only
    expect(ben.locator("#status")).to_contain_text("Waiting for")
    # Ana lays hers (the bot's comes 6 s after the call, if not already): the cards turn up
    ana.locator(f'{LEGAL}[data-action^="t:"]').first.click()
    for p in (ana, ben):
        p.wait_for_selector('#narration li[data-event="trumps"]', timeout=20_000)
        assert p.locator('#narration li[data-event="trumps"] .card').count() == 3
        expect(p.locator("#status")).not_to_contain_text("everyone chooses at once")
    assert _commit_lines(ana).count() == 3
    # the game goes on: someone is to act (the table moved past the TRUMPS step)
    plies = [int(p.locator("#app").get_attribute("data-ply")) for p in (ana, ben)]
    assert min(plies) >= 4
    assert not errors, errors
