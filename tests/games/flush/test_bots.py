"""Flush's bots decide from views only; the greedy bot's habits in built positions."""

import random

from fliptable.bots import make_agent
from fliptable.core import get_game
from tests.games.flush.helpers import FLUSH, table


def decide(state, seat=None, spec="greedy"):
    seat = state.decision().player if seat is None else seat
    agent = make_agent(FLUSH, spec)
    agent.reset(FLUSH, seat, state.players, state.options, random.Random(0))
    return agent.act(state.view(seat), state.legal_actions(seat))


def test_the_bots_are_declared_and_greedy_is_the_default():
    described = get_game("flush").describe()
    assert described["bots"] == ["greedy", "random"] and described["default_bot"] == "greedy"


def test_greedy_makes_a_flush_when_it_can():
    state = table(2, hands={0: ["6", "9", "9", "2"], 1: ["3"]}, pile=["9", "9l"], turn=0)
    assert decide(state) == "2x9"


def test_greedy_goes_out_when_it_can():
    state = table(2, hands={0: ["5", "5"], 1: ["3"]}, pile=["8"], turn=0)
    assert decide(state) == "2x5"


def test_greedy_sheds_high_cards_and_groups():
    state = table(2, hands={0: ["2", "7", "7", "3"], 1: ["3"]}, pile=["8"], turn=0)
    assert decide(state) == "2x7"


def test_greedy_keeps_its_flush_card_while_something_goes_on_the_pile():
    state = table(2, hands={0: ["f", "4", "10"], 1: ["3"]}, pile=["6", "6"], turn=0)
    assert decide(state) == "1x4"


def test_greedy_uses_its_flush_card_for_a_fresh_pile_instead_of_picking_up():
    state = table(2, hands={0: ["f", "8", "10"], 1: ["3"]}, pile=["6", "6", "5", "3"], turn=0)
    assert decide(state) == "flush"


def test_greedy_picks_up_with_the_lowest_pile_it_can_start():
    state = table(2, hands={0: ["8", "10", "4"], 1: ["3"]}, pile=["7", "3"], turn=0)
    assert decide(state) == "1x4" or decide(state) == "1x8"


def test_greedy_skips_a_neighbour_close_to_going_out_and_keeps_its_skips_otherwise():
    close = table(3, hands={0: ["6", "6s", "9"], 1: ["3", "2"], 2: ["4", "4", "4", "5"]}, turn=0)
    close.apply(0, "1x6")
    assert close.decision().player == 0 and decide(close) == "6s"
    far = table(3, hands={0: ["6", "6s", "9"], 1: ["3", "2", "4", "4", "7"], 2: ["4", "4", "5"]}, turn=0)
    far.apply(0, "1x6")
    assert decide(far) == "6"


def test_greedy_keeps_its_deduction_card_for_the_final_turn():
    state = table(2, hands={0: ["4", "4d", "9"], 1: ["3"]}, pile=["6"], turn=0)
    state.apply(0, "1x4")
    assert decide(state) == "4"
    final = table(2, hands={0: ["4", "4d"], 1: ["3"]}, tops={0: ["4s"]}, blinds={0: ["2"]}, pile=["6"], turn=0)
    assert decide(final) in ("3x4", "2x4")


def test_greedy_passes_its_fullest_base_after_a_super_flush():
    state = table(
        2,
        hands={0: ["7", "7", "7", "7", "7", "7l", "2"], 1: ["3"]},
        tops={0: [None, "9"]},
        blinds={0: ["1", "8"]},
        turn=0,
        previous=1,
    )
    state.apply(0, "6x7")
    assert decide(state) == "pass:2"


def test_greedy_beats_random_at_two_four_and_six():
    from fliptable.sim.simulate import simulate

    for players in (2, 4, 6):
        report = simulate("flush", 40, players, ["greedy", "random"], 7, 1, None)
        low, _high = report["win_rate_ci95"][0]
        assert low > 1 / players, (players, report["win_rate"][0])
