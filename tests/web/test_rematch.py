"""issue 25 "Rematch" in the browser: after a game each player's result panel offers a
rematch; the first to press it goes to the new table (same seats, same options, a new
deal), the other player's page says a rematch is waiting and joins it with one press, a
spectator may watch it, the bot is seated again, and the lobby links it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.helpers import join_from_link, press_buttons


def test_both_players_sit_again_and_the_bot_is_reseated(server, context):
    made = server.post(
        "/api/tables",
        {
            "game": "flip7",
            "seats": ["human", "human", "threshold:20"],
            "name": "Ana",
            "options": {"round_limit": 1},
            "bot_delay_ms": 50,
            "public": True,
        },
    )
    table = made["table"]
    ana, ben, eve = context().new_page(), context().new_page(), context().new_page()
    errors = []
    for p in (ana, ben, eve):
        p.on("pageerror", lambda e: errors.append(str(e)))
    ana.goto(f"{made['join']}#seat=0&token={made['token']}")
    join_from_link(ben, made["join"], "Ben")
    press_buttons([ana, ben], prefer=lambda actions, rng: "stay" if "stay" in actions else rng.choice(actions))
    eve.goto(made["join"])  # a spectator of the finished table
    expect(eve.locator("[data-over]")).to_be_visible()
    assert eve.locator("#rematch-button").count() == 0
    # each player is offered a rematch
    for p in (ana, ben):
        expect(p.locator("#rematch-button")).to_have_text("Rematch")
    ana.locator("#rematch-button").click()
    ana.wait_for_url(lambda url: re.search(r"/table/[^/]+$", url) is not None and not url.endswith(table))
    new = ana.url.rsplit("/", 1)[1]
    assert new != table and server.get(f"/api/tables/{table}")["rematch"] == new
    expect(ana.locator("#status")).to_contain_text("Waiting for Ben (seat 1) to connect")
    # Ben's page, still at the finished table, says so and joins with one press
    expect(ben.locator("#result .rematch")).to_contain_text("A rematch is waiting for you")
    expect(ben.locator("#rematch-button")).to_have_text("Join the rematch")
    ben.locator("#rematch-button").click()
    ben.wait_for_url(f"**/table/{new}")
    # the same seats: each page plays its own seat again, the bot is seated again
    for p, seat in ((ana, "0"), (ben, "1")):
        p.wait_for_selector("#app[data-ply]")
        assert p.locator("#app").get_attribute("data-you") == seat
        assert "threshold:20 (seat 2)" in p.locator('#seats .seat[data-seat="2"]').inner_text().lower()
    facts = server.get(f"/api/tables/{new}")
    assert facts["started"] and facts["options"] == server.get(f"/api/tables/{table}")["options"]
    assert [s["name"] for s in facts["seats"]] == ["Ana", "Ben", "threshold:20"]
    # and it is played: buttons for the one to act, the ply moves on
    press_buttons([ana, ben], prefer=lambda actions, rng: "stay" if "stay" in actions else rng.choice(actions))
    assert server.get(f"/api/tables/{new}")["over"]
    # the spectator is shown the rematch to watch; the lobby links it beside the finished table
    eve.reload()
    expect(eve.locator("#rematch-link")).to_have_attribute("href", f"/table/{new}")
    lobby = context().new_page()
    lobby.goto(server.url + "/")
    expect(lobby.locator(f'#tables li[data-table="{table}"] a.rematch')).to_have_attribute("href", f"/table/{new}")
    assert not errors, errors
