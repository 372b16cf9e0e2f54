"""Terminal play (issue 10): FLAPS names two keys through ``Game.action_keys`` — ``!``
"Last Card" for the lays that declare it, ``c`` for catching — at the plain prompt and in
the full-screen game; a flapping window at one keyboard (hotseat) where two people and a
bot interleave FLAPS on the table's virtual clock."""

from __future__ import annotations

from fliptable.bots.base import make_agent
from fliptable.core.clock import VirtualClock
from fliptable.core.table import Table
from fliptable.tui import keys as keymod
from fliptable.tui.app import TableApp
from fliptable.tui.plain import PlainGame
from fliptable.tui.seating import reset_agents
from tests.tui.drive import SIZE, drive, key_for, run_clock

from .helpers import FLAPS, dealt, hand, validated


def position(players, hands, first="5d", level=3, **options):
    """A game from a fixed deal where seat p holds exactly ``hands[p]`` (the rest of the
    seven dealt go to the bottom of the pack); seat 0 plays first."""
    state = dealt(players, {p: list(h) for p, h in hands.items()}, first, level=level, **options)
    for p, h in hands.items():
        extra = state.hands[p][len(h) :]
        del state.hands[p][len(h) :]
        state.pack[:0] = extra
    state = validated(state)
    for p, h in hands.items():
        assert hand(state, p) == sorted(h)
    return state


def bots(state, specs):
    """Agents for ``specs`` (None: a person), reset for the state's table."""
    agents = [None if s is None else make_agent(FLAPS, s) for s in specs]
    reset_agents(FLAPS, agents, state.options, 5)
    return agents


# -- the keys, from the game's declaration -------------------------------------------------
def test_flaps_names_last_card_and_catch_keys_and_keys_py_groups_them():
    assert [(k.key, k.label) for k in FLAPS.action_keys] == [("!", "Last Card"), ("c", "catch")]
    legal = ["5c", "5c!", "5h", "5h!", "draw", "catch:2"]
    rest, groups = keymod.groups(FLAPS.action_keys, legal)
    assert rest == ["5c", "5h", "draw"]
    assert [(g.key, g.actions) for g in groups] == [("!", ("5c!", "5h!")), ("c", ("catch:2",))]
    assert groups[1].hint() == "c: catch (catch:2)"
    # the named keys are never handed to another action, even from the pool
    _, choices = keymod.menu([f"x{i}" for i in range(12)], reserved=keymod.named_keys(FLAPS.action_keys))
    assert "c" not in {c.key for c in choices} and "!" not in {c.key for c in choices}
    assert 'Keys at the terminal: ! says "Last Card"' in FLAPS.notation


# -- the plain prompt -------------------------------------------------------------------------
def plain_at(state, specs, answers):
    lines: list[str] = []
    answers = iter(answers)
    g = PlainGame(
        FLAPS,
        state.players,
        ["human" if s is None else s for s in specs],
        0,
        5,
        state.options,
        input_fn=lambda _p: next(answers),
        print_fn=lines.append,
        clock=lambda: 0.0,
    )
    agents = bots(state, specs)
    g.state = state
    g.table = Table(state, agents, seed=5, clock=VirtualClock(), strict_agents=False)
    g.agents = {s: a for s, a in enumerate(agents) if a is not None}
    return g, lines


def test_plain_prompt_last_card_key_declares():
    state = position(2, {0: ["5c", "7c"]})
    g, lines = plain_at(state, [None, "greedy"], ["!", "q"])
    g.run()
    menu = next(line for line in lines if line.startswith("[you]"))
    assert "1) 5c" in menu and "!) 5c! (Last Card)" in menu and "5c!" not in menu.split("!)")[0]
    assert "Keys: ! Last Card, c catch" in "\n".join(lines)
    assert g.actions[0] == [0, "5c!"]
    assert g.state.forgot == []  # declared: nobody can catch seat 0


def test_plain_prompt_last_card_key_with_several_cards_asks_which():
    state = position(2, {0: ["5c", "5h"]})
    g, lines = plain_at(state, [None, "greedy"], ["!", "!2", "q"])
    g.run()
    assert any("Last Card: !1) 5c!  !2) 5h!" in line for line in lines)
    assert any("! is one of several here: answer !1, !2" in line for line in lines)
    assert g.actions[0] == [0, "5h!"]


def test_plain_prompt_catch_key_catches_a_forgetful_bot():
    state = position(3, {0: ["kc", "kd", "ks"], 1: ["5h", "9h"], 2: ["kh", "qc", "qd"]})
    g, lines = plain_at(state, [None, "greedy:forget=1", "greedy:catch=0"], ["draw", "c", "q"])
    g.run()
    # the bot went down to one card, silent; the next player laid a card: it forgot
    assert g.actions[:3] == [[0, "draw"], [1, "5h"], [2, "kh"]]
    assert any("c) catch:1 (catch)" in line for line in lines)
    assert g.actions[3] == [0, "catch:1"]
    assert len(g.state.hands[1]) == 2  # the forgetful player picked up one


# -- the full-screen game -------------------------------------------------------------------
def app_at(state, specs, delay=0.0):
    return TableApp(FLAPS, state, bots(state, specs), seed=5, delay=delay, outcome_delay=0, clock=VirtualClock())


async def test_app_last_card_key_declares_with_one_card_to_choose():
    state = position(2, {0: ["5c", "7c"]})
    app = app_at(state, [None, "greedy"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert key_for(app, "5c!") is None and key_for(app, "5c") is not None  # not in the ordinary menu
        assert "Last Card" in str(app._w_actions.render())
        await pilot.press("!")
        await pilot.pause(0.05)
    assert app.actions[0] == [0, "5c!"]


async def test_app_last_card_key_narrows_to_the_cards_then_escape_goes_back():
    state = position(2, {0: ["5c", "5h"]})
    app = app_at(state, [None, "greedy"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("!")
        await pilot.pause(0.02)
        assert sorted(c.action for c in app._menu) == ["5c!", "5h!"]
        await pilot.press("escape")
        await pilot.pause(0.02)
        assert sorted(c.action for c in app._menu) == ["5c", "5h", "draw"]
        await pilot.press("!")
        await pilot.pause(0.02)
        await pilot.press(key_for(app, "5h!"))
        await pilot.pause(0.05)
    assert app.actions[0] == [0, "5h!"]


async def test_app_catch_key_catches_a_forgetful_bot():
    state = position(3, {0: ["kc", "kd", "ks"], 1: ["5h", "9h"], 2: ["kh", "qc", "qd"]})
    app = app_at(state, [None, "greedy:forget=1", "greedy:catch=0"])

    def choose(a, menu):
        if a.state.forgot:
            return "c"
        return key_for(a, "draw")

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, choose, until=lambda a: len(a.actions) >= 4, timeout=30)
    assert app.actions[:4] == [[0, "draw"], [1, "5h"], [2, "kh"], [0, "catch:1"]]
    assert len(app.state.hands[1]) == 2


async def test_app_hotseat_flapping_two_people_and_a_bot_interleave():
    """Seats 0 and 2 are people at one keyboard, seat 1 a slow bot whose turn it is while
    flapping (5 s), seat 3 a bot that flaps after 300 ms. The keys go to whoever here may
    flap; Tab passes them on."""
    state = position(4, {0: ["4c", "4h", "4s", "kc"], 2: ["4d", "4c", "kd"], 3: ["4s", "qh", "kh"]}, first="5c")
    app = app_at(state, [None, "greedy", None, "greedy:rt=300,sd=0"], delay=5.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert app.viewer == 0
        await pilot.press(key_for(app, "4c"))  # seat 0 starts flapping; seat 1 (bot) is next
        await pilot.pause(0.05)
        assert app.awaiting == 2 and app.viewer == 2  # seat 0 may not flap on its own FLAP: keys to 2
        assert "out of turn" in str(app._w_status.render())
        await pilot.press(key_for(app, "4d"))
        await pilot.pause(0.05)
        assert app.awaiting == 0 and app.viewer == 0
        await pilot.press(key_for(app, "4h"))
        await pilot.pause(0.05)
        assert app.awaiting == 2  # seat 0 again may not: seat 2's 4c
        assert run_clock(app)  # 300 ms: the bot at seat 3 flaps
        await pilot.pause(0.05)
        assert app.actions[-1] == [3, "4s"]
        # both people may flap now: Tab passes the keys between them
        assert sorted(app._claimers(app.table.decision)) == [0, 2]
        first = app.awaiting
        await pilot.press("tab")
        await pilot.pause(0.02)
        assert app.awaiting == app.viewer == 2 - first
        await pilot.press("tab")
        await pilot.pause(0.02)
        assert app.awaiting == app.viewer == first
        if first != 2:
            await pilot.press("tab")
            await pilot.pause(0.02)
        await pilot.press("!")  # seat 2 flaps its second FLAP: "Last Card"
        await pilot.pause(0.05)
        assert app.awaiting == 0 and key_for(app, "4s!") is None and key_for(app, "4s")  # "!" says Last Card
        await pilot.press("!")  # seat 0 its third, saying "Last Card"
        await pilot.pause(0.05)
        assert app.actions == [[0, "4c"], [2, "4d"], [0, "4h"], [3, "4s"], [2, "4c!"], [0, "4s!"]]
        assert app.state.flapping
        while app.state.flapping:  # the bot at seat 1 answers after its 5 s
            assert run_clock(app)
            await pilot.pause(0.02)
    assert app.actions[6][0] == 1 and len(app.actions) == 7  # the turn player's action ended flapping
    assert not app.state.forgot


# -- Level 4 at the terminal -------------------------------------------------------------------
def test_plain_prompt_a_whole_level_4_game_with_spoof():
    lines: list[str] = []
    g = PlainGame(
        FLAPS,
        3,
        ["human", "greedy", "greedy"],
        0,
        1,
        {"level": 4},
        input_fn=lambda _p: "1",
        print_fn=lines.append,
        clock=lambda: 0.0,
    )
    assert g.run().over
    assert [0, "call:0"] in g.actions and any(a[0] == 0 and a[1].startswith("t:") for a in g.actions)
    assert any("SPOOF: " in line and "sum" in line for line in lines)


async def test_app_a_whole_level_4_game_with_spoof_by_keys():
    from fliptable.tui.app import build_table

    app = build_table("flaps", 3, ["greedy"], 0, 1, {"level": 4}, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: m[0].key)
    assert app.state.is_over()
    assert any(a[0] == 0 and str(a[1]).startswith("call:") for a in app.actions)


def test_plain_prompt_whole_level_7_games_every_choice_answerable():
    """A person answering "1" (the first listed action) plays whole Level 7 games to the end:
    every Level 5-7 choice (secrets, 1-DOWN placements, FULL MONTY steps) is listed."""
    asked: set[str] = set()
    for seed in range(1, 4):
        lines: list[str] = []
        g = PlainGame(
            FLAPS,
            3,
            ["human", "greedy", "greedy"],
            0,
            seed,
            {"level": 7},
            input_fn=lambda _p: "1",
            print_fn=lines.append,
            clock=lambda: 0.0,
        )
        assert g.run().over
        asked |= {a.split(":")[0].split(">")[0] for s, a in g.actions if s == 0}
    assert {"guess", "down", "peek", "fm", "point", "show", "keep", "call", "t"} <= asked
