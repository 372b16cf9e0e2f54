"""Real-time races and simultaneous commits in the terminal game (issue 3 "Real-time
play in the terminal"), on the kernel's Snap test game and on Fly-swatter — all on the
table's virtual clock (``drive`` runs it to the next event), so nothing here waits on
real windows or real bot delays."""

from __future__ import annotations

import random

import pytest

from fliptable.core import Event, Game, Over, Result, ranks_from_keys
from fliptable.core.clock import VirtualClock
from fliptable.core.decision import Race, Simultaneous
from fliptable.core.game import State
from fliptable.tui.app import TableApp, build_table
from fliptable.tui.seating import reset_agents

from .drive import SIZE, Scripted, drive, key_for

# Seat 0 flips a 1, seat 1 flips a 1: a snap window opens on the second flip.
DECK = ["1", "1", "2", "3", "4", "5", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]


def snap_table(game, bot: Scripted, window_ms: float, outcome_delay: float = 0.0, players: int = 2) -> TableApp:
    state = game.new_state(players, {"window_ms": window_ms}, 1, deck=DECK)
    agents = [None] + [bot] + [Scripted() for _ in range(players - 2)]
    reset_agents(game, agents, state.options, 1)
    return TableApp(game, state, agents, seed=1, delay=0, outcome_delay=outcome_delay, clock=VirtualClock())


def in_race(app: TableApp) -> bool:
    return isinstance(app.table.decision, Race) and app._race_window is not None


async def test_race_human_snaps_within_the_window(snap):
    bot = Scripted(race=lambda legal: ("pass", 0.0))  # the bot declines at once
    app = snap_table(snap, bot, window_ms=30_000, outcome_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: key_for(a, "flip"), until=in_race)
        assert app.clock_text.endswith("s left") and app._w_clock.has_class("running")
        opened = app.clock.now_ms()
        await drive(
            app, pilot, lambda a, m: None, until=lambda a: 1 not in a.table.decision.players
        )  # the bot's pass has landed
        assert app.clock.now_ms() == opened + 100  # "at once" is the table's 100 ms floor
        await pilot.press(key_for(app, "snap"))
        await pilot.pause(0.2)
    assert app.state.scores == [2, 0]
    assert [1, "pass"] in app.actions and [0, "snap"] in app.actions
    assert [None, "close"] not in app.actions
    # the window's outcome was shown before play went on
    assert any("snap" in body for title, body in app.notices if title == "Window closed")
    assert not app._w_clock.has_class("running")


async def test_race_clock_runs_out_and_applies_the_default(snap):
    bot = Scripted(race=lambda legal: ("snap", 60_000.0))  # far slower than the window
    app = snap_table(snap, bot, window_ms=1500)
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: key_for(a, "flip"), until=in_race)
        assert app.clock_text.endswith("1.5 s left")
        opened = app.clock.now_ms()
        await drive(app, pilot, lambda a, m: None, until=lambda a: not isinstance(a.table.decision, Race), timeout=30)
        assert app.clock.now_ms() == opened + 1500  # the window's length, on the virtual clock
        assert app.actions[-1] == [None, "close"]
        assert app.state.scores == [0, 0]
        assert "time is up!" in app._logs[0]
        # a late key does nothing to the closed window and never crashes
        await pilot.press("s")
        assert app.state.scores == [0, 0]


async def test_race_faster_bot_wins_and_late_key_is_refused(snap):
    bot = Scripted(race=lambda legal: ("snap", 30.0))  # 30 ms: the table's floor makes it 100
    app = snap_table(snap, bot, window_ms=30_000)
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: key_for(a, "flip"), until=lambda a: [1, "snap"] in a.actions, timeout=30)
        before = app.state.to_json()
        await pilot.press("s")  # the window has closed: the key is refused
        assert app.state.to_json() == before
        assert "does nothing now" in app.messages[-1]
    assert app.state.scores[1] == 2


class GrabState(State):
    """A one-window race for the re-asking test: each player may grab one of the items
    (``take:<n>``) or ``pass``; an item taken by someone is no longer legal for others."""

    __slots__ = ("items", "racing", "taken")

    def _setup(self, deck):
        self.items, self.racing, self.taken = [1, 2, 3], list(range(self.players)), {}

    def decision(self):
        return Race(tuple(self.racing), "close", 30_000.0, 1) if self.racing and self.items else Over()

    def _legal_actions(self, player):
        if player not in self.decision().players:
            return []
        return [f"take:{n}" for n in self.items] + ["pass"]

    def _apply(self, player, action, events):
        if player is None:
            self.racing = []
            return
        self.racing.remove(player)
        if action != "pass":
            n = int(action[5:])
            self.items.remove(n)
            self.taken[player] = n
        if events is not None:
            events.append(Event("grab", {"player": player, "action": action}))

    def view(self, player):
        return {"items": list(self.items), "taken": {str(k): v for k, v in self.taken.items()}}

    def result(self):
        scores = tuple(float(p in self.taken) for p in range(self.players))
        return Result(scores, tuple(p for p in range(self.players) if scores[p]), ranks_from_keys(list(scores)))


class GrabGame(Game):
    id, title = "grab-test", "Grab (UI test game)"
    min_players, max_players, default_players = 1, 4, 3
    state_class = GrabState


async def test_pending_bot_actions_are_asked_again_when_they_become_illegal():
    # Seat 1 goes for item 1 after 300 ms; seat 2 for item 1 after 50 ms (100: the floor).
    # When seat 2's grab lands, seat 1 looks again on the new state: take:1 is gone, so it
    # takes item 2, after a fresh reaction (at 100 + 300 ms). The person at seat 0 passes.
    asked: list[tuple[int, tuple[str, ...]]] = []

    def bot(seat, delay):
        def race(legal):
            asked.append((seat, tuple(legal)))
            return next(a for a in legal if a.startswith("take:")), delay

        return Scripted(race=race)

    game = GrabGame()
    state = GrabState(game, 3, {}, random.Random(1))
    state._setup([])
    agents = [None, bot(1, 300.0), bot(2, 50.0)]
    reset_agents(game, agents, {}, 1)
    app = TableApp(game, state, agents, seed=1, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: None, until=lambda a: [1, "take:2"] in a.actions, timeout=30)
        await pilot.press(key_for(app, "pass"))
        await drive(app, pilot, lambda a, m: None, timeout=30)
    assert app.actions == [[2, "take:1"], [1, "take:2"], [0, "pass"]]
    assert [s for s, _ in asked] == [1, 2, 1]
    assert asked[2] == (1, ("take:2", "take:3", "pass"))
    assert app.state.taken == {2: 1, 1: 2}
    assert app.clock.now_ms() == 400.0


async def test_simultaneous_guess_is_secret_and_a_whole_snap_game_ends_with_standings(snap):
    bot = Scripted(race=lambda legal: ("pass", 5.0), turn=lambda legal: legal[-1])
    app = snap_table(snap, bot, window_ms=30_000)

    def choose(a, menu):
        d = a.table.decision
        if isinstance(d, Race):
            return key_for(a, "snap")
        if isinstance(d, Simultaneous):
            return key_for(a, "odd")
        return key_for(a, "flip")

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, choose)
    result = app.state.result()
    assert app.standings == sorted(
        ((result.ranks[s], s, result.scores[s]) for s in range(2)), key=lambda r: (r[0], r[1])
    )
    assert [0, "odd"] in app.actions and [1, "even"] in app.actions
    # the bot's secret guess never reached the person's log; the person's own did
    assert not any("guess=even" in line for line in app._logs[0])
    assert any("guess=odd" in line for line in app._logs[0])


@pytest.mark.parametrize("seed", [4])
async def test_flyswatter_real_time_game_to_the_end(seed):
    app = build_table(
        "flyswatter",
        3,
        ["swatter:rt=40,sd=10"],
        0,
        seed,
        {"remove": "88", "window_ms": "400"},
        delay=0,
        outcome_delay=0,
        clock=VirtualClock(),
    )
    swatted = []

    def choose(a, menu):
        d = a.table.decision
        if isinstance(d, Race):
            keys = [c.key for c in menu if c.action and c.action.startswith("swat:")]
            if keys and random.Random(len(a.actions)).random() < 0.5:
                swatted.append(keys[0])
                return keys[0]
            return "enter"  # Enter is "done" in Fly-swatter
        return key_for(a, "flip")

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, choose)
    result = app.state.result()
    assert result.over
    assert [(s, sc) for _, s, sc in app.standings] == sorted(
        enumerate(result.scores), key=lambda x: (result.ranks[x[0]], x[0])
    )
    windows = [e for e in app._logs[0] if e.startswith("Window") and "closed" in e]
    assert windows, "no swat window was played"
    assert any(a[0] is None for a in app.actions) or any(a == [0, "done"] for a in app.actions)


async def test_hotseat_race_tab_gives_the_keys_to_the_other_person(snap):
    state = snap.new_state(2, {"window_ms": 30_000}, 1, deck=DECK)
    app = TableApp(snap, state, [None, None], seed=1, delay=0, outcome_delay=0, clock=VirtualClock())
    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, lambda a, m: key_for(a, "flip"), until=in_race)
        first = app._race_actor
        assert first == app.viewer == 1  # the person who flipped last holds the keyboard
        await pilot.press("tab")
        assert app._race_actor == 0 and app.viewer == 0
        await pilot.press(key_for(app, "snap"))
        await pilot.pause(0.05)
    assert app.state.scores == [2, 0]


class Catcher(Scripted):
    """Last Card: never announces its last card; catches an exposed player after 150 ms."""

    def act(self, view, legal):
        return "play"

    def claim(self, view, legal):
        return "catch", 150.0


async def test_a_person_claims_out_of_turn_with_a_key_before_the_bot_plays():
    from tests.core.claimtoy import LAST_CARD

    state = LAST_CARD.new_state(3, None, 5)
    agents = [None, Catcher(), Catcher()]
    reset_agents(LAST_CARD, agents, state.options, 5)
    app = TableApp(LAST_CARD, state, agents, seed=5, delay=0, outcome_delay=0, clock=VirtualClock())
    statuses = []

    def choose(a, menu):
        d = a.table.decision
        if 0 in d.claimants:
            statuses.append(str(a._w_status.render()))
            return key_for(a, "catch")
        return key_for(a, "play")

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, choose, until=lambda a: [0, "catch"] in a.actions, timeout=30)
    i = app.actions.index([0, "catch"])
    assert app.actions[i - 1][0] == 1  # seat 1 had just gone down to one card, unannounced
    assert statuses and "out of turn" in statuses[0]
