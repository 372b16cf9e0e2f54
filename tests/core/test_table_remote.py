"""Remote bots (core/table.py, "Remote bots"): the table notes a question instead of
calling the agent, and takes the answer whenever it comes — as the intent the bot would
have made when asked, never landing before it arrived; a stale answer is ignored; a bot
that gives no answer plays the game's default action on a turn and sits a race out."""

from __future__ import annotations

import pytest

from fliptable.core import Race
from fliptable.core.agent import Agent
from fliptable.core.clock import VirtualClock
from fliptable.core.table import Table
from tests.conftest import register_for_test

from .claimtoy import LAST_CARD, LastCard, LastCardGame
from .test_table import DECK
from .toygame import SNAP


class HarshLastCard(LastCard):
    """Last Card where a catch also costs the player on turn a card from the draw pile:
    a claim that changes what the player on turn may do, while the turn stays theirs."""

    __slots__ = ()

    def _apply(self, player, action, events):
        on_turn = self.turn
        super()._apply(player, action, events)
        if action == "catch" and self.draw:
            self.hands[on_turn].append(self.draw.pop())


class HarshLastCardGame(LastCardGame):
    id = "harsh-last-card"
    title = "Last Card, a catch costs the player on turn a card (table test game)"
    state_class = HarshLastCard


HARSH = HarshLastCardGame()


@pytest.fixture(autouse=True)
def _games(monkeypatch):
    register_for_test(monkeypatch, SNAP, LAST_CARD, HARSH)


class Remote(Agent):
    name = "remote"
    remote = True
    needs_view = False

    def act(self, view, legal):  # pragma: no cover - a remote agent is never called
        raise AssertionError("the table called a remote agent")

    react = claim = act


def snap(agents, **kw) -> Table:
    state = SNAP.new_state(len(agents), {"window_ms": 1000.0}, 1, deck=DECK)
    return Table(state, agents, seed=1, clock=VirtualClock(), **kw)


def test_a_remote_bots_turn_is_a_question_and_its_answer_lands_at_its_pace_from_the_question():
    table = snap([Remote(), None], bot_turn_ms=800.0)
    assert table.next_due_ms() is None  # nothing lands until the answer comes
    assert table.take_requests() == [(0, "act", 0)]
    assert table.take_requests() == []  # taken once
    table.clock.set(300.0)  # the answer took 300 ms to think
    assert table.answer(0, 0, "flip") is True
    assert table.next_due_ms() == 800.0  # its pace counts from the question
    assert table.advance_to(800.0)[0].action == "flip"


def test_an_answer_never_lands_before_it_arrived():
    table = snap([Remote(), None], bot_turn_ms=100.0)
    table.take_requests()
    table.clock.set(2500.0)
    table.answer(0, 0, "flip")
    assert table.next_due_ms() == 2500.0


def test_an_answer_for_a_ply_the_game_left_is_ignored():
    table = snap([Remote(), None])
    table.take_requests()
    assert table.answer(0, 5, "flip") is False
    assert not table.asks(0, 5) and table.asks(0, 0)
    assert table.answer(0, 0, "flip") and not table.asks(0, 0)
    assert table.answer(0, 0, "flip") is False  # answered already


def test_a_remote_bot_that_gives_no_answer_plays_the_games_timeout_action_on_a_turn():
    state = LAST_CARD.new_state(3, seed=2)
    table = Table(state, [Remote(), None, None], seed=2, clock=VirtualClock())
    (question,) = table.take_requests()
    assert question == (0, "act", 0)
    default = state.timeout_action(0)
    table.answer(0, 0, None, failed="it took more than the server's limit")
    (landed,) = table.advance()
    assert (landed.seat, landed.action) == (0, default)
    assert "gave no answer" in table.notes[0]


def test_a_remote_bot_in_a_race_reacts_from_the_question_and_sits_out_when_it_fails():
    table = snap([None, Remote(), Remote()])
    while not isinstance(table.decision, Race):
        d = table.decision
        if d.player == 0:
            table.submit(0, "flip", table.state.ply)
        else:
            (q,) = table.take_requests()
            table.answer(q[0], q[2], "flip")
            table.advance()
    start = table.clock.now_ms()
    questions = table.take_requests()
    assert sorted(q[:2] for q in questions) == [(1, "react"), (2, "react")]
    ply = questions[0][2]
    table.clock.set(start + 50.0)
    table.answer(1, ply, "snap", 250.0)
    table.answer(2, ply, None, failed="its worker process stopped")
    assert table.pending[1].at == 250.0 and 2 not in table.pending  # from the question, not the answer
    table.advance_to(start + 250.0)
    assert table.actions[-1] == [1, "snap"]


def test_late_out_of_order_remote_answers_play_a_flaps_game_to_the_end():
    """(docs/table.md, "Remote bots") Questions answered late and out of order, as the
    server's pool does, with claims out of turn changing the moment meanwhile: every
    answer that lands is legal and the game ends."""
    import random

    from fliptable.core import get_game

    game = get_game("flaps")
    for seed in range(4):
        table = Table(game.new_state(3, {}, seed), [Remote(), Remote(), Remote()], seed=seed, clock=VirtualClock())
        rng = random.Random(seed)
        questions = []
        for _ in range(20000):
            if table.state.is_over():
                break
            for seat, role, ply in table.take_requests():
                legal = table.state.legal_actions(seat)
                sits_out = role != "act" and rng.random() < 0.5
                questions.append((seat, ply, None if sits_out else rng.choice(legal), role))
            if questions:
                seat, ply, action, role = questions.pop(rng.randrange(len(questions)))
                table.answer(seat, ply, action, None if role == "act" else rng.uniform(100.0, 400.0))
            due = table.next_due_ms()
            if due is not None:
                table.advance_to(due)
        assert table.state.is_over(), f"seed {seed}: the game did not end"


def test_a_remote_bots_intent_that_a_claim_made_illegal_is_dropped_and_asked_again():
    """(docs/table.md, "Remote bots") A claim lands while a remote bot's answer for its
    turn waits to land; the turn stays the bot's but its answer is no longer legal: the
    answer is dropped and the bot asked again, never applied."""
    table = Table(HARSH.new_state(3, seed=5), [None, Remote(), None], seed=5, clock=VirtualClock(), bot_turn_ms=800.0)
    state = table.state

    def remote_plays(action):
        (question,) = table.take_requests()
        assert question[:2] == (1, "act")
        table.answer(1, question[2], action)
        table.advance_to(table.next_due_ms())

    table.submit(0, "play", state.ply)
    remote_plays("play")
    table.submit(2, "play", state.ply)
    table.submit(0, "play", state.ply)  # seat 0 is down to one card, unannounced
    assert state.exposed == 0 and state.turn == 1 and len(state.hands[1]) == 2
    (question,) = table.take_requests()
    table.answer(1, question[2], "play+last")  # lands 800 ms after the question
    assert table.pending[1].action == "play+last"
    table.clock.advance(100.0)
    table.submit(2, "catch", state.ply)  # seat 1 now holds three cards
    assert state.turn == 1 and state.legal_actions(1) == ("play",)
    assert 1 not in table.pending  # the answer it can no longer play is gone
    (again,) = table.take_requests()  # once
    assert again == (1, "act", state.ply)
    assert table.advance_to(5000.0) == []  # nothing lands for seat 1 but a new answer
    table.answer(1, again[2], "play")
    (landed,) = table.advance_to(table.next_due_ms())
    assert (landed.seat, landed.action) == (1, "play")
