"""run_play's log: written when the app closes, whatever happened in it."""

import json

from fliptable.core import parse_log, replay
from fliptable.core.clock import VirtualClock
from fliptable.tui import app as tui_app

from .drive import SIZE


def test_run_play_writes_the_log_of_what_was_played(monkeypatch, tmp_path):
    def fake_run(self):
        # stand-in for the screen: the person hits twice, then leaves
        for _ in range(2):
            seat = self.state.decision().player
            self.state.apply(seat, "hit")
            self.actions.append([seat, "hit"])
        return 0

    monkeypatch.setattr(tui_app.TableApp, "run", fake_run)
    path = tmp_path / "g.json"
    assert tui_app.run_play("flip7", 2, ["human"], 0, 7, {}, delay=0, outcome_delay=0, log_path=str(path)) == 0
    data = json.loads(path.read_text())
    assert data["seed"] == 7 and data["actions"][:2] == [[0, "hit"], [1, "hit"]]
    assert replay(parse_log(data)).result().to_json() == data["result"]


def test_the_app_keeps_notes_and_log_lines_before_it_is_mounted():
    # drawing waits for on_mount; App.is_mounted is a method (of a widget), always true as
    # a guard, so the mixins once drew into widgets that compose had not made yet
    app = tui_app.build_table("flip7", 2, ["human"], 0, 7, {}, delay=0, outcome_delay=0)
    app._note("not yet")
    app._log_line("a line")
    app._draw()
    assert app.messages == ["not yet"] and app._logs[0][-1] == "a line"


async def test_escape_closes_the_typed_action_box():
    app = tui_app.build_table("flip7", 2, ["human"], 0, 7, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("colon")
        assert app._w_typed.has_class("open")
        await pilot.press("escape")
        assert not app._w_typed.has_class("open") and app.screen is app.screen_stack[0]
