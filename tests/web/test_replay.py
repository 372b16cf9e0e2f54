"""The replay viewer (``/?replay=ID``) steps through a finished game's table itself: at
every ply it draws the frame of that ply (seats, cards in front, scores, whose turn) the
way the live table does, with first/back/next/last and the narration up to that ply."""

from __future__ import annotations

import time

from tests.web.helpers import press_buttons, watched_page


def _wait_over(server, table: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        facts = server.get(f"/api/tables/{table}")
        if facts["over"]:
            return facts
        time.sleep(0.2)
    raise AssertionError("the game did not end")


def _drawn(page) -> dict:
    """What the page draws of a Flip 7 table: per seat its cards in front and score, and
    the seats marked to act."""
    seats = {}
    for box in page.locator("#seats .seat").all():
        seat = int(box.get_attribute("data-seat"))
        seats[seat] = {
            "cards": box.locator(".card[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"),
            "score": int(box.locator(".score b").inner_text()),
        }
    active = sorted(
        int(x) for x in page.locator("#seats .seat.active").evaluate_all("els => els.map(e => e.dataset.seat)")
    )
    return {"seats": seats, "active": active}


def _expected(frame: dict) -> dict:
    v = frame["view"]
    return {
        "seats": {i: {"cards": s["cards"], "score": v["scores"][i]} for i, s in enumerate(v["seats"])},
        "active": sorted(frame["decision"]["players"]),
    }


def _at(page, ply: int) -> None:
    page.wait_for_selector(f'#app[data-ply="{ply}"]')


# spelled out on purpose: each browser test's own table, step by step
def test_the_replay_steps_through_the_table(server, context):
    made = server.post(
        "/api/tables",
        {
            "game": "flip7",
            "seats": ["ev", "threshold:20", "random"],
            "options": {"round_limit": 1},
            "seed": 21,
            "bot_delay_ms": 0,
        },
    )
    table = made["table"]
    _wait_over(server, table)
    frames = server.get(f"/api/tables/{table}/frames")["frames"]
    last = len(frames) - 1
    assert last >= 6
    page, errors = watched_page(context)
    page.goto(f"{server.url}/?replay={table}")
    _at(page, last)
    assert page.locator("#replay-pos").inner_text() == f"ply {last} of {last}"
    assert _drawn(page) == _expected(frames[last])
    end_state = _drawn(page)
    # the first ply: the deal, nothing in front of anyone yet, seat 0 to act
    page.click("#replay-first")
    _at(page, 0)
    assert _drawn(page) == _expected(frames[0]) != end_state
    assert page.locator("#seats .seat.active").get_attribute("data-seat") == "0"
    # step forward: at every ply the table drawn is that ply's frame, and it changes
    seen = [_drawn(page)]
    for ply in range(1, 6):
        page.click("#replay-next")
        _at(page, ply)
        drawn = _drawn(page)
        assert drawn == _expected(frames[ply]), ply
        assert page.locator("#replay-pos").inner_text() == f"ply {ply} of {last}"
        # the narration shows what happened up to this ply, this ply's lines marked
        shown = page.locator("#replay-events li:not([hidden])").count()
        assert shown == sum(len(f["events"]) for f in frames[: ply + 1])
        assert page.locator("#replay-events li.now").count() == len(frames[ply]["events"])
        seen.append(drawn)
    assert len({repr(s) for s in seen}) > 2  # the table really moved
    # back, and from the keyboard
    page.click("#replay-back")
    _at(page, 4)
    assert _drawn(page) == _expected(frames[4])
    page.keyboard.press("ArrowRight")
    _at(page, 5)
    page.click("#replay-last")
    _at(page, last)
    assert _drawn(page) == end_state
    assert "Game over" in page.locator("#replay-status").inner_text()
    assert not errors, errors


def test_a_player_replays_the_game_as_their_seat_saw_it(server, context):
    made = server.post(
        "/api/tables",
        {
            "game": "flip7",
            "seats": ["human", "threshold"],
            "name": "Ana",
            "options": {"round_limit": 1},
            "seed": 4,
            "bot_delay_ms": 50,
        },
    )
    page = context().new_page()
    page.goto(f"{made['join']}#seat={made['seat']}&token={made['token']}")
    press_buttons([page], prefer=lambda actions, rng: "stay" if "stay" in actions else rng.choice(actions))
    page.locator("#result a", has_text="Replay").click()
    page.wait_for_selector("#app[data-ply]")
    assert "as you saw it (seat 0)" in page.locator(".replay-page").inner_text()
    assert page.locator('#seats .seat.mine[data-seat="0"]').count() == 1
    page.click("#replay-first")
    _at(page, 0)
    assert page.locator("#replay-status").inner_text().startswith("The deal.")
    assert "To act: you." in page.locator("#replay-status").inner_text()


def test_the_replay_on_a_phone(server, context):
    # a phone: no sideways scroll, and the controls stay on screen while the table and
    # the narration below them are scrolled to
    made = server.post(
        "/api/tables", {"game": "flaps", "seats": ["random", "random", "random"], "seed": 7, "bot_delay_ms": 0}
    )
    table = made["table"]
    _wait_over(server, table)
    page = context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/?replay={table}")
    page.wait_for_selector("#app[data-ply]")
    page.click("#replay-first")
    _at(page, 0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    buttons = page.locator(".replay-controls button").all()
    assert len(buttons) == 5
    tops = {round(b.bounding_box()["y"]) for b in buttons}
    assert len(tops) == 1, "the five controls sit on one line"
    page.locator("#result").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 200
    nxt = page.locator("#replay-next").bounding_box()
    assert nxt["y"] >= 0 and nxt["y"] + nxt["height"] <= 667, "next is still on screen"
    page.tap("#replay-next")
    _at(page, 1)
