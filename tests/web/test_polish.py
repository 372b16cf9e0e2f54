"""issue 25 "Browser": what people tripped over, each drawn from the games' real views
(the engine's frames) in the page's own style sheet — the Muggins window as a sentence,
FLINCH's empty reserve piles visible and their captions apart, Flip 7's round score
that no longer reads like a round number, FLAPS's J/Q/A and no stale "to follow" once
over, ties in the result explained, Fly-swatter's dots inside the card, Authors asking
in two steps, and "What happened" on a phone's first screen."""

from __future__ import annotations

import itertools
import random
import re

from fliptable.core.registry import get_game
from fliptable.server.narration import line
from tests.helpers import play_randomly
from tests.web.helpers import watched_page


def _page(server, context, **kw):
    page, errors = watched_page(context, **kw)
    page.goto(server.url + "/?polish-test")
    page.wait_for_selector("#games .game")
    return page, errors


def _seat_boxes(page, game_id: str, frame: dict, each: str) -> list:
    """``draw.js``'s seat boxes of ``game_id`` for seat 0's ``frame`` (the seats ``SEATS``),
    each turned into a JSON value by the JavaScript function ``each``."""
    return page.evaluate(
        """async ([game, frame, seats]) => {
        const {seatBoxes} = await import("/draw.js");
        const {makeNames} = await import("/names.js");
        await (await import("/games.js")).loadGame(game);
        return seatBoxes(game, {players: seats.length, seats}, frame, frame.view, makeNames(seats, 0), 0).map(EACH);
    }""".replace("EACH", each),
        [game_id, frame, SEATS],
    )


def _played_until(game_id: str, players: int, want, seed: int = 1, steps: int = 4000):
    """A random game of ``game_id`` played by the engine until ``want(state, events)``."""
    game = get_game(game_id)
    for s in range(seed, seed + 40):
        state = game.new_state(players, game.resolve_options({}), s)
        last: list = []
        play_randomly(state, random.Random(s), steps, lambda st, ev, last=last: last.append(ev) or want(st, ev))
        if last and want(state, last[-1]):
            return state, last[-1]
    raise AssertionError(f"no {game_id} game reached the wanted moment")


SEATS = [
    {"seat": 0, "kind": "human", "name": "Ana", "taken": True},
    {"seat": 1, "kind": "bot", "bot": "greedy", "taken": True},
    {"seat": 2, "kind": "human", "name": "Ben", "taken": True},
]


def test_muggins_says_in_a_sentence_who_broke_which_rule(server, context):
    state, events = _played_until("muggins", 3, lambda st, ev: st.frame(0)["view"]["muggins"] is not None)
    view = state.frame(0)["view"]
    deviation = next(e for e in events if e.type == "deviation").for_player(0)
    said = line(get_game("muggins"), deviation, 0)
    page, errors = _page(server, context)
    text = page.evaluate(
        """async ([view, said, seats]) => {
        const {centre, loadGame} = await import("/games.js");
        const {makeNames} = await import("/names.js");
        await loadGame("muggins");
        const box = document.createElement("section"); box.id = "centre"; document.body.append(box);
        box.append(...centre("muggins", view, makeNames(seats, 0), (t) => t === "deviation" ? said : null));
        return box.querySelector(".muggins").textContent;
    }""",
        [view, said, SEATS],
    )
    assert "offender" not in text and "offence" not in text and "window" not in text, text
    assert text.startswith(said.replace(" Muggins?", "")), (text, said)
    offender = view["muggins"]["offender"]
    who = {0: "you", 1: "greedy (seat 1)", 2: "Ben (seat 2)"}[offender]
    assert text.endswith(f"Anyone but {who} may call “Muggins” before the next play."), text
    assert not errors, errors


def test_flinch_empty_reserves_show_and_their_captions_stand_apart(server, context):
    state, _ = _played_until(
        "flinch",
        3,
        lambda st, ev: (
            any(r["count"] for r in st.frame(0)["view"]["reserves"][1])
            and any(not r["count"] for r in st.frame(0)["view"]["reserves"][1])
        ),
    )
    frame = state.frame(0)
    page, errors = _page(server, context)
    got = page.evaluate(
        """async ([frame, seats]) => {
        const {seatBoxes} = await import("/draw.js");
        const {makeNames} = await import("/names.js");
        await (await import("/games.js")).loadGame("flinch");
        const box = document.createElement("section"); box.id = "seats"; document.body.append(box);
        box.append(...seatBoxes("flinch", {players: 3, seats}, frame, frame.view, makeNames(seats, 0), 0));
        const other = box.querySelector('.seat[data-seat="1"]');
        const empty = other.querySelector(".card.empty");
        const caps = [...other.querySelectorAll('[aria-label="reserve piles"] figcaption')].map((c) => {
            const r = c.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, text: c.textContent}; });
        const s = getComputedStyle(empty);
        return {border: s.borderTopColor, style: s.borderTopStyle,
                panel: getComputedStyle(other).backgroundColor, caps};
    }""",
        [frame, SEATS],
    )
    rgb = [int(x) for x in re.findall(r"\d+", got["border"])[:3]]
    assert got["style"] == "dashed" and max(rgb) < 160, got  # a dark outline on the light seat box
    caps = got["caps"]
    assert [c["text"] for c in caps] == [f"R{k + 1} ({r['count']})" for k, r in enumerate(frame["view"]["reserves"][1])]
    rows: dict = {}
    for c in caps:
        rows.setdefault(round(c["top"]), []).append(c)
    for row in rows.values():  # side by side: at least a few pixels between two captions
        for a, b in itertools.pairwise(row):
            assert b["left"] - a["right"] >= 6, (a, b)
    assert not errors, errors


def test_flip7_says_a_round_score_is_points_this_round(server, context):
    state, _ = _played_until(
        "flip7", 3, lambda st, ev: any(s["round_score"] >= 10 for s in st.frame(0)["view"]["seats"])
    )
    frame = state.frame(0)
    page, errors = _page(server, context)
    texts = _seat_boxes(page, "flip7", frame, '(b) => b.querySelector(".seat-status").textContent')
    for s, text in zip(frame["view"]["seats"], texts, strict=True):
        assert f"{s['round_score']} pts this round" in text and not re.search(r"round \d", text), text
    assert not errors, errors


def test_flaps_names_ranks_and_follows_nothing_once_over(server, context):
    state, _ = _played_until("flaps", 3, lambda st, ev: st.frame(0)["view"]["lead"]["rank"] is not None)
    view = state.frame(0)["view"]
    page, errors = _page(server, context)
    follow = page.evaluate(
        """async ([view, seats]) => {
        const {centre, loadGame} = await import("/games.js");
        const {makeNames} = await import("/names.js");
        await loadGame("flaps");
        const out = {};
        for (const [rank, over] of [[11, false], [12, false], [1, false], [13, false], [8, false], [7, false],
                                    [11, true]]) {
            const box = document.createElement("div");
            box.append(...centre("flaps", {...view, over, lead: {...view.lead, rank}}, makeNames(seats, 0)));
            out[`${rank}${over ? " over" : ""}`] = box.querySelector(".lead")?.textContent ?? null;
        }
        return out;
    }""",
        [view, SEATS],
    )
    for rank, name in (("11", "a J"), ("12", "a Q"), ("1", "an A"), ("13", "a K"), ("8", "an 8"), ("7", "a 7")):
        assert follow[rank].startswith("to follow: ") and follow[rank].endswith(name), follow
        assert not re.search(r"rank \d", follow[rank])
    assert follow["11 over"] is None  # the game is over: nothing to follow
    # tied match points: the result says how they were ranked
    notes = page.evaluate(
        """async (seats) => {
        const {rankNote, loadGame} = await import("/games.js");
        const {makeNames} = await import("/names.js");
        await loadGame("flaps");
        const n = makeNames(seats, 0);
        const say = (g, r) => { const p = rankNote(g, r, n); return p && p.textContent; };
        return [say("flaps", {scores: [1, 1, 0], ranks: [1, 2, 3], details: {cards_left: [0, 4, 6]}}),
                say("flip7", {scores: [200, 200, 150], ranks: [1, 1, 3]}),
                say("flaps", {scores: [2, 1, 0], ranks: [1, 2, 3], details: {cards_left: [0, 4, 6]}})];
    }""",
        SEATS,
    )
    assert notes[0] == "Equal points are ranked by fewer cards in hand (cards left: you 0, greedy (seat 1) 4)."
    assert notes[1] == "Equal scores share a rank." and notes[2] is None
    assert not errors, errors


def test_flyswatter_dots_stay_inside_the_card(server, context):
    names = [t.name for t in get_game("flyswatter").cards.types if t.kind == "fly"]
    page, errors = _page(server, context)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        spill = page.evaluate(
            """async (names) => {
            const {card} = await import("/cards.js");
            await (await import("/games.js")).loadGame("flyswatter");
            const box = document.createElement("div"); document.body.append(box);
            const out = [];
            for (const n of names) {
                const c = card("flyswatter", n); box.append(c);
                const r = c.getBoundingClientRect(), m = c.querySelector(".middle").getBoundingClientRect();
                if (m.left < r.left - 0.5 || m.right > r.right + 0.5
                    || m.top < r.top - 0.5 || m.bottom > r.bottom + 0.5)
                    out.push([n, [r.left, r.right, r.top, r.bottom], [m.left, m.right, m.top, m.bottom]]);
            }
            box.remove();
            return out;
        }""",
            names,
        )
        assert spill == [], (width, spill)
    assert any(get_game("flyswatter").cards.types[k].rank == 5 for k in range(len(names)))
    assert not errors, errors


def test_authors_asks_whom_then_which_number(server, context):
    made = server.post(
        "/api/tables",
        {
            "game": "authors",
            "seats": ["human", "greedy", "greedy", "greedy"],
            "bot_delay_ms": 50,
            "seed": 4,
            "name": "Ana",
        },
    )
    page, errors = watched_page(context)
    page.goto(f"{made['join']}#seat=0&token={made['token']}")
    step = "#actions button[data-step^='ask:']:not([disabled])"
    page.wait_for_selector(step, timeout=20_000)
    # first whom: one button per other player, no ask of 21
    targets = page.locator(step).evaluate_all("els => els.map(e => e.dataset.step)")
    assert targets == ["ask:1", "ask:2", "ask:3"]
    assert page.locator('#actions button[data-action^="ask:"]').count() == 0
    assert "whom do you ask" in page.locator("#actions h2").inner_text()
    # then which number: the asks of that player only, each naming its number drawn as a card
    page.locator('#actions button[data-step="ask:2"]').click()
    asks = page.locator('#actions button[data-action^="ask:"]').evaluate_all("els => els.map(e => e.dataset.action)")
    assert asks and all(a.startswith("ask:2:") for a in asks) and len(asks) <= 10
    assert page.locator('#actions button[data-action^="ask:"] .card[data-card]').count() == len(asks)
    assert page.locator("#actions h2").inner_text() == "Your move: ask greedy (seat 2) for…"
    # back to whom, from the keyboard: the seat's digit opens its asks
    page.locator('#actions button[data-step="back"]').click()
    assert page.locator(step).count() == 3
    page.keyboard.press("3")
    asks3 = page.locator('#actions button[data-action^="ask:"]').evaluate_all("els => els.map(e => e.dataset.action)")
    assert asks3 and all(a.startswith("ask:3:") for a in asks3)
    # the legal asks are exactly the frame's, split by player
    legal = page.evaluate("() => [...document.querySelectorAll('#actions button[data-action]')].length")
    assert legal == len(asks3)
    ply = int(page.locator("#app").get_attribute("data-ply"))
    page.locator('#actions button[data-action^="ask:3:"]').first.click()
    page.wait_for_function("p => Number(document.querySelector('#app').dataset.ply) > p", arg=ply)
    assert page.locator("#error").inner_text() == ""
    assert not errors, errors


def test_what_happened_is_on_a_phones_first_screen(server, context):
    made = server.post(
        "/api/tables",
        {"game": "flip7", "seats": ["human", "ev", "ev", "ev"], "bot_delay_ms": 50, "seed": 3, "name": "Ana"},
    )
    page = context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{made['join']}#seat=0&token={made['token']}")
    page.wait_for_selector("#actions button[data-action]:not([disabled])", timeout=20_000)
    page.wait_for_selector("#narration li")
    box = page.evaluate("""() => {
        const r = (s) => document.querySelector(s).getBoundingClientRect();
        const last = [...document.querySelectorAll('#narration li')].pop().getBoundingClientRect();
        return {side: r('.side'), seats: r('#seats'), status: r('#status'), last: {top: last.top, bottom: last.bottom},
                scrollX: document.documentElement.scrollWidth <= window.innerWidth + 1};
    }""")
    assert box["side"]["top"] < 844 * 0.5, box  # at the top of the first screen
    assert box["status"]["top"] < box["side"]["top"] < box["seats"]["top"], box  # under the status, above the table
    assert box["side"]["height"] <= 8.6 * 16 + 1, box  # a few lines high
    assert box["side"]["top"] <= box["last"]["top"] and box["last"]["bottom"] <= box["side"]["bottom"] + 1, (
        box
    )  # the latest shown
    assert box["scrollX"]
    # on a wide screen it stays beside the table
    wide = context(viewport={"width": 1280, "height": 900}).new_page()
    wide.goto(f"{made['join']}")
    wide.wait_for_selector("#seats .seat")
    side, main = wide.evaluate(
        "() => [document.querySelector('.side').getBoundingClientRect().left, "
        "document.querySelector('.main').getBoundingClientRect().right]"
    )
    assert side >= main
