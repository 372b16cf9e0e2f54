"""Shared steps of the browser tests: create a table from the lobby, take a seat from
the join link, press the table's buttons until the result panel shows."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence

from fliptable.bots.base import make_agent
from fliptable.core.agent import Agent
from fliptable.core.registry import get_game
from fliptable.sim.match import play_match

LEGAL = "#actions button[data-action]:not([disabled])"
#: a first step's buttons (Authors asks whom, then which number)
STEP = "#actions button[data-step^='ask:']:not([disabled])"


def watched_page(context, **kw) -> tuple:
    """A new page of a new browser context and the list its script errors are put in."""
    page = context(**kw).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def create_from_lobby(
    page,
    url: str,
    game: str,
    name: str,
    seats: list[str],
    options: dict | None = None,
    seed: int | None = None,
    bot_delay_ms: int | None = None,
) -> str:
    """Fill the lobby's form (game, name, players, each seat, options, and under "More"
    the seed and the bots' pace when given), create; the table id."""
    page.goto(url + "/")
    page.click(f'button.game[data-game="{game}"]')
    page.fill("#name", name)
    page.select_option("#players", str(len(seats)))
    for i, spec in enumerate(seats):
        page.select_option(f"#seat-{i}", spec)
    for key, value in (options or {}).items():
        el = page.locator(f"#opt-{key}")
        if el.evaluate("e => e.tagName") == "SELECT":
            el.select_option(str(value))
        else:
            el.fill(str(value))
    if seed is not None or bot_delay_ms is not None:
        page.click("details.advanced summary")
        if seed is not None:
            page.fill("#seed", str(seed))
        if bot_delay_ms is not None:
            page.fill("#bot-delay", str(bot_delay_ms))
    page.click("#create-button")
    page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    return page.url.rsplit("/", 1)[1]


class _Person(Agent):
    """A person's seat at a table played in the test: ``choose(legal)`` answers."""

    name = "person"
    needs_view = False

    def __init__(self, choose: Callable[[list[str]], str]):
        self.choose = choose

    def act(self, view, legal):
        return self.choose(list(legal))


def played(
    game_id: str,
    seats: Sequence[str],
    options: dict | None = None,
    seed: int = 0,
    person: Callable[[int, list[str]], str] | None = None,
) -> list[list]:
    """The actions of a turn-based table of ``seats`` at ``seed`` as the server plays it:
    its bots with their RNGs derived from the seed as the server's workers derive them,
    each "human" seat answering ``person(seat, legal)``. A test chooses its table's seed by
    what this game does (a random deal can make a browser test wait for ever)."""
    game = get_game(game_id)

    def seated(seat: int, spec: str) -> Agent:
        if spec != "human":
            return make_agent(game, spec)
        assert person is not None, "a table with a person needs person(seat, legal)"
        return _Person(lambda legal: person(seat, legal))

    agents = [seated(seat, spec) for seat, spec in enumerate(seats)]
    log = play_match(game, agents, options or {}, seed, record=True).log
    assert log is not None
    return [list(a) for a in log.actions]


def join_from_link(page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("#join", state="hidden")


def press_buttons(pages: list, until_over: bool = True, prefer=None, seconds: float = 60, rng=None) -> dict:
    """Press one legal action's button on each page in turn until every page shows the
    result panel; the number of buttons pressed per page (by index)."""
    rng = rng or random.Random(5)
    pressed = dict.fromkeys(range(len(pages)), 0)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(p.locator("[data-over]").count() for p in pages):
            return pressed
        acted = False
        for i, page in enumerate(pages):
            buttons = page.locator(LEGAL)
            actions = [b.get_attribute("data-action") for b in buttons.all()]
            actions = [a for a in actions if a]
            steps = page.locator(STEP)
            if steps.count() and (not actions or rng.random() < 0.7):
                try:  # a first step (Authors: whom to ask), then the actions it opens
                    steps.nth(rng.randrange(steps.count())).click(timeout=500)
                    acted = True
                except Exception:
                    pass
                continue
            if not actions:
                continue
            choice = prefer(actions, rng) if prefer else rng.choice(actions)
            try:
                page.locator(f'#actions button[data-action="{choice}"]:not([disabled])').click(timeout=500)
                pressed[i] += 1
                acted = True
            except Exception:
                pass  # the moment passed (a new frame redrew the buttons)
        if not acted:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end within {seconds} s (pressed {pressed})")


def result_rows(page) -> dict[int, dict]:
    """The result panel's rows by seat: rank, who, score (as shown)."""
    out = {}
    for tr in page.locator("[data-over] tbody tr").all():
        seat = int(tr.get_attribute("data-seat"))
        out[seat] = {
            "rank": tr.locator(".rank").inner_text().strip(),
            "who": tr.locator(".who").inner_text().strip(),
            "score": tr.locator(".score").inner_text().strip(),
        }
    return out


def assert_result_matches_log(page, log: dict, names: dict[int, str]) -> None:
    """The result panel says what the server's log says: every seat's score and rank, the
    winners by name."""
    result = log["result"]
    assert result["over"] is True
    rows = result_rows(page)
    assert sorted(rows) == list(range(log["players"]))
    for seat, row in rows.items():
        assert row["score"] == str(result["scores"][seat]), (seat, row, result)
        assert row["rank"] == str(result["ranks"][seat]), (seat, row, result)
        if seat in names:
            assert names[seat].lower() in row["who"].lower(), (seat, row)
    panel = page.locator("[data-over]")
    assert panel.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    winners_line = panel.locator(".winners").inner_text()
    for w in result["winners"]:
        if w in names:
            assert names[w].lower() in winners_line.lower(), (winners_line, result)
