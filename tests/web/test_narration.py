"""The browser draws the narration the server words (one grammar for every client):
every event of whole random games, each as seat 0 and as a spectator saw it, with the
game's own line — the page shows exactly that line, the event's own cards drawn as cards
where the line names them; and a live table and its replay show the same lines the
server sent."""

from __future__ import annotations

import contextlib
import random
import re
import time

import pytest

from fliptable.server.narration import line
from tests.helpers import play_randomly
from tests.web.helpers import played

#: a drawn line read back in notation: its text, each card drawn in it as the card's name
READ = (
    "li => [...li.childNodes].map(n => n.nodeType === 3 ? n.textContent "
    ": (n.dataset && n.dataset.card) || n.textContent).join('')"
)


def _events(game_id: str, limit: int = 400) -> list[tuple[dict, int | None]]:
    from fliptable.core.registry import get_game

    game = get_game(game_id)
    players = max(game.min_players, min(3, game.max_players))
    seen = play_randomly(game.new_state(players, game.resolve_options({}), 17), random.Random(3))
    out, kinds = [], {}
    for e in seen:  # every kind of event, a few of each
        if kinds.get(e.type, 0) < 8:
            kinds[e.type] = kinds.get(e.type, 0) + 1
            out += [(e.for_player(0), 0), (e.for_player(None), None)]
    return out[:limit]


def _games():
    # the built-in games the server plays (never the kernel tests' toy games)
    from fliptable.core.registry import GAME_MODULES, all_game_ids

    return [g for g in all_game_ids() if g in GAME_MODULES]


@pytest.mark.parametrize("game", _games())
def test_every_line_is_drawn_as_the_server_words_it(server, context, game):
    from fliptable.core.registry import get_game

    g = get_game(game)
    events = _events(game)
    texts = [line(g, e, seat) for e, seat in events]
    assert any(texts)
    page = context().new_page()
    page.goto(server.url + "/?narration-test")
    drawn = page.evaluate(
        """async ([game, events, texts, read]) => {
        const {narrate} = await import("/narrate.js");
        read = eval(read);
        return events.map((e, i) => {
            const li = narrate(game, e, texts[i], i + 1);
            return li && {text: read(li), n: li.dataset.n, event: li.dataset.event,
                          cards: [...li.querySelectorAll(".card[data-card]")].map(c => c.dataset.card)};
        });
    }""",
        [game, [e for e, _ in events], texts, READ],
    )
    names = set(g.cards.names)
    for (event, _), text, got in zip(events, texts, drawn, strict=True):
        if text is None:  # the game says nothing of it: no line
            assert got is None, event
            continue
        assert got["text"] == text, (event, got)  # the server's words, nothing added or lost
        assert got["event"] == event["type"]
        # a card the event names and the line spells (never a bare number) is drawn as that card
        card = event.get("card")
        if (
            isinstance(card, str)
            and card in names
            and not card.isdigit()
            and re.search(rf"(^|[\s(:,]){re.escape(card)}($|[\s),.:;!])", text)
        ):
            assert card in got["cards"], (event, text, got["cards"])
        for c in got["cards"]:
            assert c in names and not c.isdigit(), (event, c)


def test_the_live_table_and_its_replay_show_the_servers_lines(server, context):
    """A person plays a Flip 7 round against two bots: the table's narration is, line for
    line, the lines the server sent that seat; the replay shows the same lines."""

    # seed 1: Ana, staying when she may, has a turn, and the round ends within 20 actions
    # (a random deal could leave the bots hitting on at their pace)
    def stay(seat, legal):
        return "stay" if "stay" in legal else "hit" if "hit" in legal else legal[0]

    actions = played("flip7", ["human", "ev", "ev"], {"round_limit": 1}, 1, stay)
    assert [0, "stay"] in actions and len(actions) <= 20, actions
    # spelled out on purpose: each browser test's own table, step by step
    page = context().new_page()
    page.goto(server.url + "/")
    page.click('button.game[data-game="flip7"]')
    page.fill("#name", "Ana")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "ev")
    page.select_option("#seat-2", "ev")
    page.fill("#opt-round_limit", "1")
    page.click("details.advanced summary")
    page.fill("#seed", "1")
    page.click("#create-button")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    table = page.url.rsplit("/", 1)[1]
    deadline = time.monotonic() + 60
    while not page.locator("[data-over]").count():
        assert time.monotonic() < deadline, "the round did not end"
        for action in ("stay", "hit"):  # stay at once: a short round
            b = page.locator(f'#actions button[data-action="{action}"]:not([disabled])')
            if b.count():
                with contextlib.suppress(Exception):
                    b.first.click(timeout=500)
                break
        else:
            b = page.locator("#actions button[data-action]:not([disabled])")
            if b.count():
                with contextlib.suppress(Exception):
                    b.first.click(timeout=500)
        time.sleep(0.05)
    token = page.evaluate(f"JSON.parse(localStorage.getItem('fliptable.seats'))[{table!r}].token")
    frames = server.get(f"/api/tables/{table}/frames?token={token}")["frames"]
    sent = [x for f in frames for x in f["narration"] if x is not None]
    page.wait_for_function("n => document.querySelectorAll('#narration li[data-n]').length >= n", arg=len(sent))
    shown = page.locator("#narration li[data-n]").evaluate_all(f"els => els.map(e => [e.dataset.n, ({READ})(e)])")
    assert [t for _, t in shown] == sent
    assert any(s.startswith("you ") for s in sent) and not any("seat 0" in s for s in sent)
    # each line numbered inside its own box (an outside marker lost its first digit from 100 on)
    assert [n for n, _ in shown] == [str(k) for k in range(1, len(sent) + 1)]
    number = page.evaluate("""() => {
        const li = document.querySelector('#narration li[data-n]');
        const b = getComputedStyle(li, '::before');
        return {content: b.content, list: getComputedStyle(li).listStyleType,
                inside: li.getBoundingClientRect().left >= li.closest('.side').getBoundingClientRect().left};
    }""")
    assert number["content"].startswith("attr(data-n)") or number["content"].startswith('"1')
    assert number["list"] == "none" and number["inside"]
    page.goto(f"{server.url}/?replay={table}")
    page.wait_for_selector("#replay-events li")
    replayed = page.locator("#replay-events li").evaluate_all(f"els => els.map({READ})")
    assert replayed == sent
