"""Leaving, help and the log in the full-screen game (issue 25 "Terminal"): Ctrl+C quits
at once and the log is written; ``q`` asks first; ``?`` shows the keys, the notation and
the rules of the game being played; ``--log`` is written when the game ends."""

from __future__ import annotations

import asyncio
import json

import pytest

from fliptable.core import parse_log, replay
from fliptable.core.clock import VirtualClock
from fliptable.core.registry import get_game
from fliptable.games.docs import rules_document
from fliptable.tui import app as tui_app
from fliptable.tui.app import ConfirmScreen, HelpScreen, build_table

from .drive import SIZE, drive, run_clock


def _flip7(log_path=None, **kw):
    return build_table(
        "flip7",
        3,
        ["threshold:15"],
        0,
        5,
        {},
        delay=0,
        outcome_delay=0,
        pause_on_rounds=False,
        clock=VirtualClock(),
        log_path=log_path,
        **kw,
    )


def _hit_or_stay(app, menu):
    keys = {c.action: c.key for c in menu if c.action}
    return keys.get("hit") if len(app.actions) < 4 and "hit" in keys else (keys.get("stay") or menu[0].key)


def test_ctrl_c_quits_mid_game_and_run_play_writes_the_log(monkeypatch, tmp_path):
    """Through run_play: the app, driven by the pilot, plays a few moves; one Ctrl+C ends it."""
    played = {}

    def run(self):
        async def go():
            async with self.run_test(size=SIZE) as pilot:
                await drive(self, pilot, _hit_or_stay, until=lambda a: len(a.actions) >= 3)
                await pilot.press("ctrl+c")
                await pilot.pause(0.05)
                played["n"] = len(self.actions)
                played["running"] = self.is_running

        asyncio.run(go())
        return self.return_value

    monkeypatch.setattr(tui_app.TableApp, "run", run)
    path = tmp_path / "g.json"
    assert tui_app.run_play("flip7", 3, ["threshold:15"], 0, 5, {}, delay=0, outcome_delay=0, log_path=str(path)) == 0
    assert played["running"] is False  # one press, no "press ctrl+q to quit"
    data = json.loads(path.read_text())
    assert len(data["actions"]) == played["n"] >= 3 and data["seed"] == 5


async def test_q_asks_before_leaving_and_time_stands_still_meanwhile():
    app = _flip7()
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, _hit_or_stay, until=lambda a: len(a.actions) >= 2)
        before = list(app.actions)
        await pilot.press("q")
        await pilot.pause(0.05)
        assert isinstance(app.screen, ConfirmScreen) and "Leave the game?" in str(
            app.screen.query_one("#confirm-question").render()
        )
        assert not run_clock(app) or app.actions == before  # nothing lands while it asks
        await pilot.press("n")
        await pilot.pause(0.05)
        assert not isinstance(app.screen, ConfirmScreen) and app.is_running
        await drive(app, pilot, _hit_or_stay, until=lambda a: len(a.actions) > len(before))  # play goes on
        await pilot.press("q")
        await pilot.pause(0.05)
        await pilot.press("y")
        await pilot.pause(0.05)
        assert not app.is_running


async def test_the_log_is_written_when_the_game_ends(tmp_path):
    """Not only at leaving: closing the terminal at the result keeps the log."""
    path = tmp_path / "end.json"
    app = _flip7(log_path=str(path))
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, _hit_or_stay)
        assert app.standings is not None and app.is_running  # the result is on screen
        data = json.loads(path.read_text())
        assert data["actions"] == [list(a) for a in app.actions]
        assert replay(parse_log(data)).result().to_json() == data["result"] == app.state.result().to_json()
        assert any(str(path) in line for line in app._logs[0])
        stamp = path.stat().st_mtime_ns
        await pilot.press("q")  # over: q leaves at once
        await pilot.pause(0.05)
        assert not app.is_running
    app.write_log()  # as run_play does on leaving
    assert path.stat().st_mtime_ns == stamp  # nothing more happened: not rewritten


@pytest.mark.parametrize(
    "game_id, words",
    [
        ("flaps", ["ACE'N'END", "Last Card"]),
        ("flush", ["Mimic", "Skip", "B1("]),
        ("flip7", ["Second Chance"]),
        ("flinch", ["## Reading the table", "reserve pile 1: 3 cards, a 7 on top"]),
    ],
)
async def test_help_shows_keys_notation_and_this_games_rules(game_id, words):
    game = get_game(game_id)
    app = build_table(game_id, None, [], 0, 3, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("question_mark")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen) and app._modal  # time stands still
        text = app.screen.markdown
        assert f"# Help: {game.title}" in text and "**Ctrl+C**" in text and "**q** leave" in text
        assert game.notation.strip().splitlines()[0] in text  # the game's own notation
        assert rules_document(game).strip().splitlines()[0] in text  # and its own rules document
        for k in game.action_keys:
            assert f"**{k.key}** {k.label}" in text
        for word in words:
            assert word in text
        await pilot.press("escape")
        await pilot.pause(0.05)
        assert not isinstance(app.screen, HelpScreen) and not app._modal
