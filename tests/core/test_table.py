"""The table, the one driver of time (core/table.py), on the virtual clock: races by
arrival, seeded tie-breaks, the reaction floor, claims out of turn, clocks, stale
submits, per-seat histories, and games played through submit()."""

from __future__ import annotations

import pytest

from fliptable.core import IllegalAction, Over, Race, Simultaneous, StaleAction, Turn, parse_log, replay
from fliptable.core.agent import Agent, RandomAgent
from fliptable.core.clock import RealClock, VirtualClock
from fliptable.core.rng import derive_seed
from fliptable.core.table import REACTION_FLOOR_MS, AgentError, Table, TableStalled
from fliptable.sim.match import play_match
from tests.conftest import register_for_test

from .claimtoy import LAST_CARD
from .toygame import SNAP


@pytest.fixture(autouse=True)
def _games(monkeypatch):
    """The test games, registered (logs name their game)."""
    register_for_test(monkeypatch, SNAP, LAST_CARD)


# Seat 0 flips a 1, seat 1 flips a 1: a snap window opens on the second flip.
DECK = ["1", "1", "2", "3", "4", "5", "2", "3", "4", "5", "1", "2", "3", "4", "5", "1", "2", "3", "4", "5"]


class Bot(Agent):
    """Answers races with ``race`` = (action, delay ms), claims with ``claim``, turns
    with the first legal action (or ``turn``)."""

    name = "scripted"
    needs_view = False

    def __init__(self, race=("pass", 500.0), claim=None, turn=None):
        self.race, self.claim_answer, self.turn = race, claim, turn
        self.seen: list[dict] = []

    def act(self, view, legal):
        return self.turn if self.turn in legal else legal[0]

    def react(self, view, legal):
        return self.race

    def claim(self, view, legal):
        return self.claim_answer

    def observe(self, event):
        self.seen.append(event)


def snap_table(agents, window_ms=1000.0, seed=1, **kw) -> Table:
    state = SNAP.new_state(len(agents), {"window_ms": window_ms}, seed, deck=DECK)
    return Table(state, agents, seed=seed, clock=VirtualClock(), **kw)


def open_window(table: Table) -> float:
    """Play the two flips (people submit, bots are advanced); the window's start."""
    while not isinstance(table.decision, Race):
        d = table.decision
        if table.agents[d.player] is None:
            table.submit(d.player, "flip", table.state.ply)
        else:
            assert table.advance()
    return table.clock.now_ms()


def after_window(table: Table) -> list[list]:
    return table.actions[2:]


# -- races ---------------------------------------------------------------------------
def test_the_earliest_arrival_wins_and_the_others_look_again():
    table = snap_table([Bot(("snap", 300.0)), Bot(("snap", 150.0)), Bot(("pass", 120.0))])
    table.run()
    assert after_window(table)[:2] == [[2, "pass"], [1, "snap"]]


def test_exact_ties_are_broken_by_the_seeded_rng_reproducibly():
    def winners():
        out = []
        for seed in range(24):
            table = snap_table([Bot(("snap", 150.0)), Bot(("snap", 150.0))], seed=seed)
            open_window(table)
            table.advance_to(table.clock.now_ms() + 150.0)
            out.append(table.actions[2][0])
        return out

    first = winners()
    assert first == winners()  # the same seeds, the same winners
    assert set(first) == {0, 1}  # and each seat wins some exact ties


def test_a_tie_goes_to_the_lower_draw_of_the_driver_rng():
    import random

    table = snap_table([Bot(("snap", 150.0)), Bot(("snap", 150.0))], seed=7)
    open_window(table)
    rng = random.Random(derive_seed(7, "driver"))
    draws = [rng.random(), rng.random()]  # one per intent, in seat order
    table.advance_to(table.clock.now_ms() + 150.0)
    assert table.actions[2] == [draws.index(min(draws)), "snap"]


def test_the_reaction_floor_stops_a_zero_ms_bot_from_winning_every_window():
    assert REACTION_FLOOR_MS == 100.0
    # a person answering after 50 ms beats a bot that claims to react in 0 ms
    table = snap_table([None, Bot(("snap", 0.0))])
    start = open_window(table)
    assert table.pending[1].at == 100.0
    table.clock.advance(50)
    landed = table.submit(0, "snap", table.state.ply)
    assert landed.seat == 0 and landed.at_ms == start + 50
    assert table.state.scores == [2, 0]
    # ... and loses to it after 150 ms: the window closed at 100 ms
    table = snap_table([None, Bot(("snap", 0.0))])
    start = open_window(table)
    ply = table.state.ply
    table.clock.advance(150)
    with pytest.raises(StaleAction, match="window closed"):
        table.submit(0, "snap", ply)
    assert table.actions[-1] == [1, "snap"] and table.state.scores == [0, 2]


def test_a_table_may_set_another_floor():
    table = snap_table([None, Bot(("snap", 0.0))], reaction_floor_ms=250.0)
    open_window(table)
    assert table.pending[1].at == 250.0


def test_a_schedule_from_outside_is_floored_unless_it_is_a_persons_measured_time():
    table = snap_table([None, None, Bot(("pass", 400.0))])
    open_window(table)
    assert table.schedule(0, "snap", 10.0).at == 100.0
    assert table.schedule(1, "snap", 10.0, person=True).at == 10.0
    table.advance_to(table.clock.now_ms() + 10.0)
    assert after_window(table)[0] == [1, "snap"]
    # seat 0's intent could no longer land: the window closed, and whoever sent it is told
    assert [(d.seat, d.reason) for d in table.take_dropped()] == [(0, "the window closed")]
    table2 = snap_table([None, None, Bot(("snap", 120.0))])
    open_window(table2)
    table2.schedule(0, "snap", 300.0, person=True)
    table2.advance_to(table2.clock.now_ms() + 500.0)
    (dropped,) = table2.take_dropped()
    assert dropped.seat == 0 and dropped.reason == "the window closed"


# -- clocks --------------------------------------------------------------------------
def test_the_race_clock_applies_the_default_at_the_window_length():
    table = snap_table([None, None], window_ms=1000.0)
    start = open_window(table)
    assert table.clock_fields() == {"deadline_ms": start + 1000.0, "remaining_ms": 1000.0, "limit_ms": 1000.0}
    assert table.advance_to(start + 999.0) == []
    (landed,) = table.advance_to(start + 1000.0)
    assert (landed.seat, landed.action, landed.by, landed.at_ms) == (None, "close", "clock", start + 1000.0)
    assert table.actions[-1] == [None, "close"]
    assert table.clock_fields() is None  # a turn, and no turn limit at this table


def test_an_intent_landing_exactly_at_the_deadline_still_counts():
    table = snap_table([None, Bot(("snap", 1000.0))], window_ms=1000.0)
    open_window(table)
    table.advance_to(table.clock.now_ms() + 2000)
    assert table.actions[2] == [1, "snap"]


def test_a_turn_limit_applies_the_games_timeout_action_as_that_players_action():
    state = LAST_CARD.new_state(3, seed=2)
    table = Table(state, [None, None, None], seed=2, clock=VirtualClock(), turn_limit_ms=1000.0)
    assert table.frame(1)["clock"]["remaining_ms"] == 1000.0
    assert table.advance_to(999.0) == []
    (landed,) = table.advance_to(1000.0)
    assert (landed.seat, landed.action, landed.by) == (0, "play", "timeout")
    assert table.actions == [[0, "play"]]
    assert table.deadline_ms() == 2000.0  # the next player's turn has its own limit
    replay(parse_log(table.log().to_json()))  # and the log replays


def test_a_turn_limit_on_a_simultaneous_step_commits_for_everyone_still_to_choose():
    table = snap_table([None, None], turn_limit_ms=500.0, window_ms=10_000.0)
    while not isinstance(table.decision, Simultaneous):
        d = table.decision
        if isinstance(d, Race):
            table.submit(d.players[0], "pass")
        else:
            table.submit(d.player, "flip")
    table.submit(1, "even")
    landed = table.advance_to(table.clock.now_ms() + 500.0)
    assert [(x.seat, x.action, x.by) for x in landed] == [(0, SNAP_TIMEOUT, "timeout")]
    assert not isinstance(table.decision, Simultaneous)


SNAP_TIMEOUT = "odd"  # State.timeout_action: the first legal action


def test_no_clock_runs_unless_the_table_asks_for_one():
    state = LAST_CARD.new_state(3, seed=2)
    table = Table(state, [None, None, None], clock=VirtualClock())
    assert table.clock_fields() is None and table.next_due_ms() is None
    assert table.advance_to(1e9) == [] and table.actions == []


# -- claims out of turn ----------------------------------------------------------------
def exposed_table(claim_delay: float) -> Table:
    """Last Card: people at seats 0 and 1, a bot claimant at seat 2 that catches after
    ``claim_delay``; seat 0 has just gone down to one card without announcing it."""
    state = LAST_CARD.new_state(3, seed=3)
    table = Table(state, [None, None, Bot(claim=("catch", claim_delay))], seed=3, clock=VirtualClock())
    table.submit(0, "play")
    table.submit(1, "play")
    table.advance()  # the bot's turn: at once
    table.submit(0, "play")
    assert table.decision == Turn(1, (2,))
    return table


def test_a_claim_beats_the_turn_player_when_it_arrives_first():
    table = exposed_table(150.0)
    ply = table.state.ply
    t0 = table.clock.now_ms()
    table.clock.advance(200)
    landed = table.submit(1, "play", ply)  # meant for the ply before the claim: still this turn
    assert table.actions[-2:] == [[2, "catch"], [1, "play"]]
    assert landed.at_ms == t0 + 200
    assert table.state.view(None)["hand_counts"][0] == 3


def test_a_claim_loses_to_the_turn_player_when_it_comes_later_and_play_goes_on():
    table = exposed_table(150.0)
    table.clock.advance(120)
    table.submit(1, "play", table.state.ply)
    table.advance_to(table.clock.now_ms() + 1000)
    assert [2, "catch"] not in table.actions
    assert table.state.view(None)["hand_counts"][0] == 1


def test_a_bots_turn_races_claims_with_a_delay_from_the_timing_rng():
    import random

    state = LAST_CARD.new_state(3, seed=4)
    turner = Bot()
    table = Table(state, [None, turner, Bot(claim=("catch", 5000.0))], seed=4, clock=VirtualClock())
    table.submit(0, "play")
    table.advance()
    table.advance()
    before = turner.rng.getstate()
    table.submit(0, "play")  # seat 0 exposed; seat 1 (a bot) is to play, seat 2 may catch
    d = table.decision
    assert d == Turn(1, (2,))
    expected = max(100.0, random.Random(derive_seed(4, "timing")).expovariate(1 / turner.reaction_ms))
    assert table.pending[1].at == pytest.approx(expected)
    assert turner.rng.getstate() == before  # not the agent's own RNG
    assert expected < 5000.0
    table.advance_to(table.clock.now_ms() + 10_000)
    assert table.actions[4] == [1, "play"]  # the turn landed before the slow claim


def test_claims_in_simulation_are_reproducible_from_the_seed():
    def play(seed):
        m = play_match(LAST_CARD, [RandomAgent() for _ in range(3)], None, seed, record=True)
        return m.log.actions

    logs = [play(s) for s in range(30)]
    assert logs == [play(s) for s in range(30)]
    assert any(a == "catch" for log in logs for _, a in log), "random agents never claimed"
    for seed, log in enumerate(logs):
        state = LAST_CARD.new_state(3, None, seed)
        for p, a in log:
            state.apply(p, a)
        assert state.is_over()


# -- input from outside ---------------------------------------------------------------
def test_stale_submits_are_rejected_and_change_nothing():
    table = snap_table([None, None])
    open_window(table)
    ply = table.state.ply
    table.submit(1, "snap", ply)
    before, log = table.state.to_json(), list(table.actions)
    with pytest.raises(StaleAction):
        table.submit(0, "snap", ply)
    with pytest.raises(StaleAction):
        table.submit(0, "flip", ply - 1)
    assert table.state.to_json() == before and table.actions == log


def test_an_action_meant_for_this_window_still_lands_after_another_seat_acted():
    table = snap_table([None, None, Bot(("pass", 100.0))])
    open_window(table)
    ply = table.state.ply
    table.clock.advance(300)
    table.submit(0, "snap", ply)  # seat 2's pass landed at 100 ms; the window goes on
    assert after_window(table)[:2] == [[2, "pass"], [0, "snap"]]


def test_a_seat_cannot_act_twice_on_what_it_saw_once():
    state = LAST_CARD.new_state(2, seed=5)
    table = Table(state, [None, None], clock=VirtualClock())
    table.submit(0, "play", 0)
    table.submit(1, "play", 1)
    with pytest.raises(StaleAction):
        table.submit(0, "play", 1)


def test_no_one_outside_stands_for_the_clock():
    table = snap_table([None, None])
    open_window(table)
    before = table.state.to_json()
    for seat in (None, -1, 2, "0", True):
        with pytest.raises(IllegalAction):
            table.submit(seat, "close")
    with pytest.raises(IllegalAction):
        table.submit(0, "close")  # the default is not a seat's action
    assert table.state.to_json() == before


def test_illegal_submits_change_nothing():
    table = snap_table([None, None])
    before = table.state.to_json()
    with pytest.raises(IllegalAction):
        table.submit(1, "flip")
    assert table.state.to_json() == before and table.actions == []


def test_a_whole_game_through_submit_equals_the_same_actions_through_apply():
    for game, n in ((SNAP, 3), (LAST_CARD, 3)):
        state = game.new_state(n, None, 9)
        table = Table(state, [None] * n, seed=9, clock=VirtualClock())
        while not isinstance(table.decision, Over):
            d = table.decision
            seat = d.claimants[-1] if d.claimants and table.state.ply % 2 else d.players[-1]
            table.clock.advance(10)
            table.submit(seat, table.state.legal_actions(seat)[0], table.state.ply)
        again = game.new_state(n, None, 9)
        for seat, action in table.actions:
            again.apply(seat, action)
        assert again.to_json() == table.state.to_json()
        assert replay(parse_log(table.log().to_json())).to_json() == table.state.to_json()


# -- histories ---------------------------------------------------------------------------
def test_one_seats_history_edited_never_changes_anothers():
    # events hold nested data (Flip 7's round_end scores and totals lists): each seat's
    # history, and each copy handed out, is data of its own
    from fliptable.core import get_game
    from fliptable.core.fields import deep_copy

    flip7 = get_game("flip7")
    table = Table(flip7.new_state(3, {"round_limit": 2}, 5), [RandomAgent() for _ in range(3)], seed=5)
    table.run()
    told = {seat: table.history(seat) for seat in (0, 1, 2, None)}
    before = deep_copy(told)
    assert any(isinstance(v, list) for e in told[0] for v in e.values())

    def scramble(value):
        if isinstance(value, list):
            for v in value:
                scramble(v)
            value.append("scrambled")
        elif isinstance(value, dict):
            for v in value.values():
                scramble(v)

    scramble(told[0])
    for seat in (1, 2, None):
        assert told[seat] == before[seat]
    for seat in (0, 1, 2, None):
        assert table.history(seat) == before[seat]


def test_histories_are_each_seats_events_and_hide_the_others_secrets():
    agents = [None, Bot(("pass", 200.0), turn="even"), Bot(("snap", 300.0), turn="odd")]
    table = snap_table(agents)
    while not isinstance(table.decision, Over):
        d = table.decision
        if 0 in d.players:
            table.submit(0, "odd" if isinstance(d, Simultaneous) else table.state.legal_actions(0)[0])
        else:
            table.advance_to(table.next_due_ms())
    events = []
    again = SNAP.new_state(3, {"window_ms": 1000.0}, 1, deck=DECK)
    for seat, action in table.actions:
        events += again.apply(seat, action)
    for seat in (0, 1, 2, None):
        assert table.history(seat) == [e.for_player(seat) for e in events]
    guesses = [e for e in table.history(0) if e["type"] == "guess"]
    assert guesses and all(("guess" in e) == (e["player"] == 0) for e in guesses)
    assert not any("guess" in e for e in table.history(None) if e["type"] == "guess")
    # agents observe exactly their own history
    assert agents[1].seen == table.history(1) and agents[2].seen == table.history(2)


def test_penalty_cards_drawn_on_a_claim_are_seen_only_by_their_holder():
    table = exposed_table(100.0)
    table.advance_to(table.clock.now_ms() + 100)
    caught = [h[-1] for h in (table.history(0), table.history(1), table.history(2), table.history(None))]
    assert all(e["type"] == "caught" for e in caught)
    assert "cards" in caught[0] and not any("cards" in e for e in caught[1:])


# -- agents and the simulator's loop ----------------------------------------------------------
def test_an_illegal_bot_answer_is_an_error_in_simulation_and_a_note_in_play():
    with pytest.raises(AgentError, match="illegal 'grab' in a race"):
        snap_table([Bot(("grab", 200.0)), Bot()]).run()
    table = snap_table([Bot(("grab", 200.0)), Bot(("snap", 300.0))], strict_agents=False)
    table.run()
    assert any("sits this one out" in n for n in table.notes)
    assert after_window(table)[0] == [1, "snap"]


def test_run_stalls_on_a_person_without_a_clock_and_stops_past_max_decisions():
    with pytest.raises(TableStalled):
        snap_table([Bot(), None]).run()
    with pytest.raises(AgentError, match="no end after 3 decisions"):
        snap_table([Bot(), Bot()]).run(max_decisions=3)


def test_a_bot_turn_takes_the_tables_pace():
    table = snap_table([Bot(), Bot()], bot_turn_ms=800.0)
    assert table.advance() == []
    assert table.next_due_ms() == 800.0
    table.clock.advance(800)
    assert [x.action for x in table.advance()] == ["flip"]


def test_the_real_clock_stands_still_while_paused():
    now = [10.0]
    clock = RealClock(lambda: now[0])
    now[0] = 11.0
    assert clock.now_ms() == 1000.0
    clock.pause()
    now[0] = 20.0
    assert clock.now_ms() == 1000.0
    clock.resume()
    now[0] = 21.0
    assert clock.now_ms() == 2000.0
    v = VirtualClock()
    v.set(50.0)
    v.set(10.0)  # never back
    assert v.now_ms() == 50.0 and v.advance(5) == 55.0
    with pytest.raises(ValueError):
        v.advance(-1)


def test_an_intent_from_outside_is_checked_when_it_lands():
    table = snap_table([None, None, Bot(("snap", 120.0))])
    open_window(table)
    table.schedule(0, "flip", 100.0)  # not legal in a race: never applied unchecked
    before = table.state.to_json()
    table.advance_to(table.clock.now_ms() + 100.0)
    assert table.state.to_json() == before
    (dropped,) = table.take_dropped()
    assert dropped.seat == 0 and "flip" in dropped.reason
