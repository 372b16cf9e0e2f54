"""issue 23 "What a person sees": a lost connection is shown, the actions are disabled
and the move sent but not answered is kept (and sent once the connection is back); an
action the turn clock played is narrated as such; the lobby reads a Flush deck file in
the browser and sends the spec itself, showing the pack."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from fliptable.games.flush.deckspec import DEFAULT_PATH
from tests.web.helpers import LEGAL
from tests.web.test_reconnect_and_watch import _ana_hits_then_may_stay


def test_a_lost_connection_is_shown_and_the_move_is_kept(server, context):
    # seed 3: Ana's first turn offers hit (a deal handing her an action card would ask her
    # to aim it first, and the wait for her hit button would time out)
    assert _ana_hits_then_may_stay(3, hits=1)
    made = server.post(
        "/api/tables", {"game": "flip7", "seats": ["human", "threshold"], "seed": 3, "bot_delay_ms": 150}
    )
    table = made["table"]
    net = {"drop_act": False, "up": True, "dropped": []}

    def route(ws):
        """Between the page and the server: while the network is down every connection is
        refused; the first act sent with drop_act set is lost with the connection."""
        if not net["up"]:
            ws.close(code=1011)
            return
        server_side = ws.connect_to_server()

        def from_page(message):
            if net["drop_act"] and '"act"' in str(message):
                net["drop_act"], net["up"] = False, False
                net["dropped"].append(message)
                server_side.close()
                ws.close(code=1011)
                return
            server_side.send(message)

        ws.on_message(from_page)

    page = context().new_page()
    page.route_web_socket(re.compile(r".*/ws/.*"), route)
    page.goto(f"{made['join']}#seat=0&token={made['token']}")
    hit = page.locator(f'{LEGAL}[data-action="hit"]')
    hit.wait_for()
    expect(page.locator("#status")).to_have_text("Your turn.")
    ply = int(page.locator("#app").get_attribute("data-ply"))
    net["drop_act"] = True
    hit.click()
    status = page.locator("#status")
    expect(status).to_contain_text("Connection lost — reconnecting…")
    expect(status).to_contain_text("will be sent when it is back")
    assert "Your turn" not in status.inner_text()
    assert status.get_attribute("data-conn") == "lost"
    # every action is disabled (none can be pressed), and nothing reached the server
    assert page.locator("#actions button[data-action]").count() > 0 and page.locator(LEGAL).count() == 0
    assert page.locator("#hand [data-action]").count() == 0
    assert len(net["dropped"]) == 1 and server.get(f"/api/tables/{table}")["ply"] == ply
    # the network comes back: the page reconnects and sends the kept move by itself
    net["up"] = True
    page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply, timeout=20_000)
    expect(status).not_to_contain_text("Connection lost")
    assert page.locator("#narration li").filter(has_text=re.compile(r"^you flip")).count() >= 1
    assert server.get(f"/api/tables/{table}")["ply"] > ply


def test_an_action_the_turn_clock_played_is_narrated_as_such(server, context):
    made = server.post(
        "/api/tables",
        {"game": "flip7", "seats": ["human", "threshold"], "seed": 5, "turn_limit_ms": 1000, "bot_delay_ms": 150},
    )
    page = context().new_page()
    page.goto(f"{made['join']}#seat=0&token={made['token']}")
    page.wait_for_selector(LEGAL)
    told = page.locator('#narration li[data-event="timeout"]').first
    told.wait_for(timeout=20_000)  # nobody presses anything: the clock plays
    assert re.fullmatch(r"Time ran out: .+ was played for you", told.inner_text()), told.inner_text()


def test_the_lobby_sends_a_deck_file_as_data_and_shows_the_pack(server, context, tmp_path):
    mine = json.loads(DEFAULT_PATH.read_text())
    mine["name"] = "our pack"
    path = tmp_path / "our-pack.json"
    path.write_text(json.dumps(mine))
    page = context().new_page()
    page.goto(server.url + "/")
    page.click('button.game[data-game="flush"]')
    expect(page.locator("#opt-deck-pack")).to_have_text("Pack: the default")
    # a path typed in is not sent: it is not a deck spec
    page.fill("#opt-deck", "/etc/shadow")
    expect(page.locator("#opt-deck-pack")).to_contain_text("Not a JSON deck spec")
    page.click("#create-button")
    expect(page.locator("#create-error")).to_contain_text("deck: not a JSON deck spec")
    assert "/table/" not in page.url
    # a file picked: read by the browser, the pack shown, the spec sent
    page.check("#public")  # and listed in the lobby
    page.set_input_files("#opt-deck-file", str(path))
    expect(page.locator("#opt-deck-pack")).to_have_text(
        "Pack: our pack — 90 cards: 8×1 8×2 8×3 8×4 8×5 8×6 8×7 8×8 8×9 8×10; 10 Flush (2 Big)"
    )
    page.click("#create-button")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#pack")).to_contain_text("Pack: our pack — 90 cards")
    facts = server.get(f"/api/tables/{table}")
    assert json.loads(facts["options"]["deck"])["name"] == "our pack" and facts["public"] is True
    assert table in {t["table"] for t in server.get("/api/tables")["tables"]}


def test_the_creator_frees_a_seat_someone_took_and_never_used(server, context):
    made = server.post("/api/tables", {"game": "flip7", "seats": ["human", "human"], "name": "Ana"})
    table = made["table"]
    page = context().new_page()
    page.goto(f"{made['join']}#seat=0&token={made['token']}")
    expect(page.locator("#status")).to_contain_text("Waiting for 1 more player")
    server.post(f"/api/tables/{table}/join", {"name": "Ben"})  # Ben takes the seat and never comes
    button = page.locator('#share button[data-free="1"]')
    expect(button).to_have_text("Free seat 1 (Ben)")
    button.click()
    expect(page.locator('#narration li[data-event="seat_freed"]')).to_have_text("the table's creator freed seat 1")
    expect(page.locator("#status")).to_contain_text("Waiting for 1 more player")
    assert page.locator("#share button[data-free]").count() == 0
    assert server.get(f"/api/tables/{table}")["seats"][1]["taken"] is False
