"""Helpers for driving the terminal game headless through Textual's pilot, on the
table's virtual clock: when the person has nothing to press, the clock jumps to the
table's next event (a bot's reaction, a window's end), so no test waits on real time."""

from __future__ import annotations

import time
from collections.abc import Callable

from fliptable.bots.base import Agent
from fliptable.core.clock import VirtualClock
from fliptable.tui.app import NoticeScreen, PassScreen, TableApp

SIZE = (120, 40)


class Scripted(Agent):
    """A bot that answers races with a fixed (action, delay ms) per legal set, else the
    first legal action; turns and commits with ``turn`` (default: first legal action)."""

    name = "scripted"
    needs_view = True

    def __init__(
        self,
        race: Callable[[list[str]], tuple[str, float]] | None = None,
        turn: Callable[[list[str]], str] | None = None,
    ):
        self.race_fn, self.turn_fn = race, turn
        self.reacted = 0

    def act(self, view, legal):
        return self.turn_fn(list(legal)) if self.turn_fn else legal[0]

    def react(self, view, legal):
        self.reacted += 1
        if self.race_fn:
            return self.race_fn(list(legal))
        return legal[0], 0.0


def run_clock(app: TableApp) -> bool:
    """Move the app's virtual clock to the table's next event and land it; False when
    nothing is scheduled (the table waits for a person)."""
    assert isinstance(app.clock, VirtualClock), "terminal tests run on the virtual clock"
    due = app.table.next_due_ms()
    if due is None:
        return False
    app.clock.set(due)
    app._tick()
    return True


def key_for(app: TableApp, action: str) -> str | None:
    """The key the menu shows for ``action`` now (None if it is not offered flat)."""
    for choice in app._menu:
        if choice.action == action:
            return choice.key
    return None


async def drive(
    app: TableApp,
    pilot,
    choose: Callable[[TableApp, list], str | None],
    until: Callable[[TableApp], bool] | None = None,
    timeout: float = 240.0,
    on_pass: Callable[[TableApp], None] | None = None,
) -> int:
    """Answer notices and pass screens with Enter and turns with ``choose(app, menu)``
    (a key), until the game is over or ``until(app)``; returns the keys pressed. When
    there is nothing to press, the virtual clock runs to the table's next event.
    ``timeout`` (real seconds) only stops a game that never ends: a whole game takes 10-20 s
    of drawing on a loaded machine, so it is sized well past that (pytest-timeout: 300)."""
    until = until or (lambda a: a.standings is not None)
    deadline = time.monotonic() + timeout
    pressed = 0
    while not until(app):
        assert time.monotonic() < deadline, "the game did not finish in time"
        await pilot.pause(0.005)
        if isinstance(app.screen, (NoticeScreen, PassScreen)):
            if isinstance(app.screen, PassScreen) and on_pass:
                on_pass(app)
            await pilot.press("enter")
            continue
        if app._actor() is not None and app._menu:
            key = choose(app, app._menu)
            if key is not None:
                await pilot.press(key)
                pressed += 1
                continue
        run_clock(app)
    return pressed
