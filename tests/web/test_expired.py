"""``fliptable serve --expire-after HOURS`` end to end: a table nobody connects to is
closed, and its page says so instead of waiting for ever (the expiry rules themselves are
tested with a controllable clock in tests/server/test_expiry.py)."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.web.conftest import start_server, stop_server


def test_a_closed_table_says_so(tmp_path, context):
    # 0.001 hours = 3.6 s, looked for every second
    srv = start_server(tmp_path, extra=("--expire-after", "0.001"))
    try:
        made = srv.post("/api/tables", {"game": "flip7", "seats": ["random", "human"], "name": "Ana", "public": True})
        deadline = time.monotonic() + 30
        while not srv.get(f"/api/tables/{made['table']}")["expired"]:
            assert time.monotonic() < deadline, "the table was not closed"
            time.sleep(0.5)
        facts = srv.get(f"/api/tables/{made['table']}")
        assert facts["started"] is False and facts["ply"] == 0  # the bot never played ahead
        page = context().new_page()
        page.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
        expect(page.locator("#status")).to_contain_text("This table was closed")
        assert page.locator("[data-action]").count() == 0
        # the lobby no longer offers it among the tables waiting for players
        page.goto(srv.url + "/")
        page.wait_for_selector("#tables .tables-open")
        assert page.locator(f'#tables li[data-table="{made["table"]}"]').count() == 0
    finally:
        stop_server(srv)
