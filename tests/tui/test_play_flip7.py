"""The terminal game driven headless through a whole game of Flip 7 (issue 2 "The
terminal game"): the person at seat 0 presses keys, bots play the other seats."""

from __future__ import annotations

import re

from fliptable.core.clock import VirtualClock
from fliptable.core.registry import get_game
from fliptable.tui.app import PassScreen, build_table

from .drive import SIZE, drive


def _flip7_keys(app, menu):
    """Hit below 15 in the round, else stay; pick the first seat when asked to give/target."""
    keys = {c.action: c.key for c in menu if c.action}
    view = app.state.view(app.viewer)
    if "stay" in keys:
        mine = view["seats"][app.viewer]["round_score"]
        return keys["hit"] if mine < 15 else keys["stay"]
    return menu[0].key


async def test_whole_flip7_game_standings_match_result():
    # round summaries go to the log without a pause here (the hotseat test pauses on them)
    app = build_table(
        "flip7",
        4,
        ["threshold:20", "ev"],
        0,
        11,
        {},
        delay=0,
        outcome_delay=0,
        pause_on_rounds=False,
        clock=VirtualClock(),
    )
    async with app.run_test(size=SIZE) as pilot:
        pressed = await drive(app, pilot, _flip7_keys)
        assert pressed > 5
        result = app.state.result()
        assert result.over
        # the standings shown are the kernel's result, best first
        assert [(s, score) for _, s, score in app.standings] == sorted(
            enumerate(result.scores), key=lambda x: (result.ranks[x[0]], x[0])
        )
        shown = app.result_text.splitlines()
        for rank, seat, score in app.standings:
            who = "you" if seat == 0 else f"seat {seat}"
            line = next(line for line in shown if who in line and line.strip()[:1].isdigit())
            assert line.split()[0] == f"{rank}." and str(int(score)) in line.split()
            assert ("winner" in line) == (seat in result.winners)
        # the seats' bots are the specs in seat order, the last filling the rest
        assert [getattr(a, "spec", None) for a in app.agents] == [None, "threshold:20", "ev", "ev"]
        # every action went through the checked path and the log replays to the same state
        replay = get_game("flip7").new_state(4, {}, 11)
        for seat, action in app.actions:
            replay.apply(seat, action)
        assert replay.to_json() == app.state.to_json()
        # round summaries were logged from the view's last_round
        assert any("is over." in line for line in app._logs[0])
        # one naming on the screen: "you" for the person here, "seat N" for the others
        screen = "\n".join([app.table_text, app.result_text, *app._logs[0]])
        assert "you" in screen and "seat 1" in screen
        assert not any(word in screen for word in ("P0", "P1", "seat 0 (", "you (seat"))
        # the narration too (issue 8): the person's own flips are "you flip", never "seat 0";
        # only the first log line tells the seat's number
        assert app._logs[0][0].endswith("; you are seat 0")
        assert not [
            line
            for line in screen.splitlines()
            if re.search(r"\bseat 0\b", line) and not line.endswith("; you are seat 0")
        ]
        assert any(re.fullmatch(r"you flip \S+", line) for line in app._logs[0])
        await pilot.press("q")
    assert app.return_value == 0


async def test_bad_keys_never_crash_and_say_what_to_press():
    app = build_table("flip7", 3, ["threshold:20"], 0, 5, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: None, until=lambda a: a.awaiting == 0)
        state_before = app.state.to_json()
        for key in ("x", "7", "enter", "escape", "comma", "tab"):
            await pilot.press(key)
        assert app.state.to_json() == state_before
        assert any("does nothing now" in m for m in app.messages)
        assert app.is_running
        # a typed action: an illegal one is reported with the kernel's reason, a legal one plays
        await pilot.press("colon", *"flip", "enter")
        assert app.state.to_json() == state_before
        assert any("not legal" in m for m in app.messages)
        await pilot.press("colon", *"  STAY ", "enter")
        assert app.actions[0] == [0, "stay"]


async def test_hotseat_passes_the_keyboard_and_shows_only_the_actors_view():
    app = build_table("flip7", 3, ["human", "threshold:15"], 0, 3, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    assert [a is None for a in app.agents] == [True, True, False]
    passes: list[int] = []
    viewers: list[tuple[int, int]] = []

    def choose(a, menu):
        viewers.append((a.awaiting, a.viewer))
        return _flip7_keys(a, menu)

    def on_pass(a):
        passes.append(a.viewer)
        # the pass screen covers the table: nothing of the game is drawn on it
        assert isinstance(a.screen, PassScreen)

    async with app.run_test(size=SIZE) as pilot:
        await drive(
            app,
            pilot,
            choose,
            on_pass=on_pass,
            until=lambda a: a.standings is not None or a.state.view(None)["round"] > 2,
        )
    assert [title for title, _ in app.notices] == ["Round 1 is over.", "Round 2 is over."]
    # each person's log has the summary; with two people at one keyboard "you" would be
    # ambiguous, so every row is "seat N" (as Names names them), like the narration
    rows = {
        h: [line.split()[:2] for line in app._logs[h] if re.fullmatch(r"(you|seat \d+) +\d+ +\d+", line)]
        for h in (0, 1)
    }
    for h in (0, 1):
        assert ["seat", "0"] in rows[h] and ["seat", "1"] in rows[h] and ["you"] not in [r[:1] for r in rows[h]]
        assert any(re.fullmatch(r"seat [01] flips \S+", line) for line in app._logs[h])
        assert not any(re.match(r"you\b", line) for line in app._logs[h])
    assert viewers and all(actor == viewer for actor, viewer in viewers)
    assert {actor for actor, _ in viewers} == {0, 1}
    assert passes, "the keyboard was never passed"


async def test_q_leaves_in_the_middle_of_a_game_once_confirmed():
    app = build_table("flip7", 3, ["threshold:20"], 0, 5, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: None, until=lambda a: a.awaiting == 0)
        await pilot.press("colon", "q", "enter")  # a q typed in the action box is text
        assert app.is_running and "'q'" in app.messages[-1]
        await pilot.press("q")  # mid-game: asked first (issue 25)
        await pilot.pause(0.05)
        assert app.is_running
        await pilot.press("y")
        await pilot.pause(0.05)
    assert app.return_value == 0 and not app.state.is_over()


async def test_unreadable_typed_actions_are_one_line_and_change_nothing():
    app = build_table("muggins", 3, ["greedy"], 0, 5, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: None, until=lambda a: a.awaiting == 0)
        before = app.state.to_json()
        for typed in ("centre:²", "²", "stock:" + "9" * 5000, "9" * 5000):
            app.messages.clear()
            await pilot.press("colon")
            app._w_typed.value = typed
            await pilot.press("enter")
            assert len(app.messages) == 1 and len(app.messages[0]) < 300, app.messages
        assert app.state.to_json() == before and app.is_running
