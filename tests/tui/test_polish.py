"""The terminal as people use it (issue 25 "Terminal"): pop-ups beside the table, keys
pressed early told, every seat in the result, key maps and line breaks, Patience's verdict."""

from __future__ import annotations

import re

from rich.text import Text

from fliptable.core.clock import VirtualClock
from fliptable.core.registry import get_game
from fliptable.tui import keys as keymod
from fliptable.tui.app import NoticeScreen, TableApp, build_table
from fliptable.tui.drawing import wrap_units
from fliptable.tui.plain import PlainGame, wrap_items

from .drive import SIZE, drive


def _stay(app, menu):
    keys = {c.action: c.key for c in menu if c.action}
    return keys.get("stay") or menu[0].key


async def test_flip7_round_notice_leaves_the_next_round_in_sight_and_the_result_shows_every_seat():
    app = build_table("flip7", 6, ["threshold:20"], 0, 11, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:  # 120 x 40
        await drive(app, pilot, _stay, until=lambda a: isinstance(a.screen, NoticeScreen))
        await pilot.pause(0.05)
        assert app.notices[-1][0] == "Round 1 is over."
        notice = app.screen.query_one("Vertical").region
        assert not notice.overlaps(app._w_table_box.region)  # the table (round 2, dealt) stays in sight
        while app.standings is None:
            await drive(
                app, pilot, _stay, until=lambda a: a.standings is not None or isinstance(a.screen, NoticeScreen)
            )
            if isinstance(app.screen, NoticeScreen):
                await pilot.press("enter")
        await pilot.pause(0.05)
        shown = app._w_actions.render()
        lines = str(shown).splitlines() if not isinstance(shown, Text) else shown.plain.splitlines()
        assert sum(1 for line in lines if re.match(r"\s+\d\. ", line)) == 6  # every seat ranked
        assert len(lines) <= app._w_actions.content_size.height  # and nothing cut


async def test_a_key_pressed_while_a_bot_thinks_is_told_not_dropped():
    app = build_table(
        "flip7", 3, ["threshold:20"], 0, 5, {}, delay=1.0, outcome_delay=0, pause_on_rounds=False, clock=VirtualClock()
    )
    async with app.run_test(size=SIZE) as pilot:
        await drive(
            app,
            pilot,
            _stay,
            until=lambda a: a.awaiting is None and a.actions and not isinstance(a.screen, NoticeScreen),
        )
        before = list(app.actions)
        await pilot.press("h")
        await pilot.pause(0.05)
        assert app.actions == before  # nothing played for the person
        assert app.messages[-1] == "'h' was not played: it is not your move yet; press it on your turn"
        await drive(app, pilot, lambda a, m: None, until=lambda a: a.awaiting == 0 or a.standings is not None)
        if app.standings is None:
            assert "'h', pressed while the others played, was not played" in app._flash


async def test_patience_says_whether_you_won_and_its_header_has_no_markup():
    game = get_game("patience")
    for seed in (2, 3):
        state = game.new_state(1, {}, seed)
        while not state.is_over():  # played to the end off screen: fast
            state.apply(0, state.legal_actions(0)[0])
        app = TableApp(game, state, [None], seed=seed, delay=0, outcome_delay=0, clock=VirtualClock())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)
            assert app.standings is not None
            assert app.table_text.startswith("Patience") and "[b]" not in app.table_text
        won = state.result().winners == [0]
        assert app.result_text.startswith("Game over: you win" if won else "Game over: you lose")
        lines: list[str] = []
        answers = iter(["1"] * 5000)
        plain = PlainGame(
            game, 1, ["human"], 0, seed, None, input_fn=lambda _p, answers=answers: next(answers), print_fn=lines.append
        )
        verdict = plain.run().winners == [0]
        assert lines[-1].endswith("You won!" if verdict else "You lost.")


def test_go_to_the_store_keys_mean_what_they_say():
    """Two asks that both want "4" (seat 1 and seat 2 for 4s): not "1" for seat 2's 4s,
    but the seat, then the number."""
    _prefix, menu = keymod.menu(["ask:1:4", "ask:2:4", "ask:2:7"])
    assert [(c.key, c.prefix) for c in menu] == [("1", "ask:1:"), ("2", "ask:2:")]
    _, second = keymod.menu(["ask:1:4", "ask:2:4", "ask:2:7"], "ask:2:")
    assert [(c.key, c.action) for c in second] == [("4", "ask:2:4"), ("7", "ask:2:7")]


def test_lines_break_between_a_key_and_the_next_never_inside_one():
    units = [Text.assemble((f" {k} ", "reverse"), f" ask:{k}:10") for k in "123456789"]
    text = wrap_units(units, 40).plain
    assert all(len(line) <= 40 for line in text.splitlines())
    assert all(re.fullmatch(r"( \d  ask:\d:10(   )?)+", line) for line in text.splitlines())
    menu = wrap_items([f"{i}) ask:{i % 3}:{i}" for i in range(1, 30)], 50)
    for line in menu.splitlines():
        assert len(line) <= 50 - 8 and re.fullmatch(r"\s*(\d+\) ask:\d:\d+\s*)+", line)


async def test_flinch_uses_a_wide_terminal_and_prints_no_python_list():
    app = build_table("flinch", 4, ["random"], 0, 3, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=(200, 40)) as pilot:
        await drive(app, pilot, lambda a, m: m[0].key, until=lambda a: len(a.actions) > 40)
        widest = max(len(line) for line in app.table_text.splitlines())
        box = app._w_table_box.region.width
        assert box >= min(widest + 4, 200 - 30) and box > 200 * 2 // 3 - 1
    assert not any("['" in line for line in app._logs[0])
    assert any(re.search(r"draws? 5 from the stack: \d+ \d+", line) for line in app._logs[0])


async def test_a_typed_action_refused_is_one_sentence_to_you():
    app = build_table("flip7", 3, ["threshold:20"], 0, 5, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: None, until=lambda a: a.awaiting == 0)
        for typed in ("give:1", "foo"):
            await pilot.press("colon")
            app._w_typed.value = typed
            await pilot.press("enter")
            said = app.messages[-1]
            assert said.startswith(f"'{typed}' is not") and said.count(" is not ") == 1, said
            assert "player 0" not in said and "among" not in said
        assert said.endswith("legal: hit, stay") or "notation" in said


def test_a_fly_swatter_turned_over_is_said_once():
    from fliptable.core.registry import get_game

    fly = get_game("flyswatter")
    event = {"type": "flip", "player": 1, "card": "swatter", "to": "removed", "trigger": "swatter"}
    assert fly.narrate(event, 0) == "seat 1 turns over a fly-swatter: swat!"
    event = {"type": "flip", "player": 0, "card": "blue5", "to": "removed", "trigger": "fifth colour"}
    assert fly.narrate(event, 0) == "you turn over blue5: fifth colour, swat!"
