"""FLAPS bots decide from views only; greedy's choices in built positions."""

import random

from fliptable.bots import make_agent

from .helpers import FLAPS, dealt, play, validated


def agent(seat, s, spec="greedy"):
    a = make_agent(FLAPS, spec)
    a.reset(FLAPS, seat, s.players, s.options, random.Random(1))
    return a


def ask(a, s, seat):
    return a.act(s.view(seat), s.legal_actions(seat))


def _two_cards(cards, players=2, first="9c"):
    s = dealt(players, {0: list(cards) + ["qd", "kd", "5d", "jd", "8d", "10d", "9d"][: 7 - len(cards)]}, first=first)
    rest = s.hands[0][len(cards) :]
    del s.hands[0][len(cards) :]
    s.pack[:0] = rest
    return validated(s)


def test_greedy_says_last_card_and_forget_1_never_does():
    s = _two_cards(["5c", "qc"])
    assert ask(agent(0, s), s, 0).endswith("!")
    assert not ask(agent(0, s, "greedy:forget=1"), s, 0).endswith("!")


def test_greedy_catches_a_forgetful_player_as_a_claim_and_catch_0_never_does():
    s = _two_cards(["5c", "qc"], players=3)
    play(s, (0, "5c"), (1, "5d"))  # the next player lays: seat 0 forgot
    a = agent(1, s, "greedy:rt=300,sd=0")
    assert a.claim(s.view(1), s.legal_actions(1)) == ("catch:0", 300.0)
    assert agent(1, s, "greedy:catch=0").claim(s.view(1), s.legal_actions(1)) is None
    assert ask(agent(2, s), s, 2) == "catch:0"  # in turn, before playing


def test_greedy_never_says_last_card_late():
    s = _two_cards(["5c", "qc"], players=3)
    play(s, (0, "5c"))
    assert "last" in s.legal_actions(0)
    assert agent(0, s).claim(s.view(0), s.legal_actions(0)) is None


def test_greedy_passes_an_attack_on_rather_than_take_it():
    s = dealt(
        2, {0: ["2h", "5c", "qc", "kc", "5d", "qd", "kd"], 1: ["2s", "5s", "qs", "ks", "5h", "qh", "kh"]}, first="9h"
    )
    play(s, (0, "2h"))
    assert ask(agent(1, s), s, 1) == "2s"


def test_greedy_aims_a_10_at_the_player_with_fewest_cards():
    s = dealt(3, {0: ["10h", "5c", "qc", "kc", "5d", "qd", "kd"]}, first="9h")
    moved = s.hands[2][:3]
    del s.hands[2][:3]
    s.pack[:0] = moved
    s = validated(s)
    assert ask(agent(0, s), s, 0) == "10h>2"


# spelled out on purpose: the rule's scenario, step by step
def test_greedy_lays_its_highest_trumps_card():
    s = dealt(
        3,
        {0: ["ktc", "5c", "qc", "kc", "5d", "qd", "om3"], 1: ["2h", "kh", "om4", "5h", "qh", "7s", "9s"]},
        first="9c",
        level=2,
    )
    play(s, (0, "ktc:h"))
    assert ask(agent(1, s), s, 1) == "t:om4"
    assert ask(agent(0, s), s, 0) == "t:om3"


def test_greedy_keeps_its_aces_while_another_card_goes():
    s = dealt(2, {0: ["aed", "5c", "qd", "kd", "5d", "jd", "8d"]}, first="9c")
    assert ask(agent(0, s), s, 0) == "5c"


def test_greedy_flaps_out_of_turn_after_its_reaction():
    s = dealt(
        3, {0: ["4h", "5c", "qc", "kc", "5d", "qd", "kd"], 2: ["4c", "5h", "qh", "kh", "jh", "8h", "8s"]}, first="9h"
    )
    play(s, (0, "4h"))
    assert agent(2, s, "greedy:rt=250,sd=0").claim(s.view(2), s.legal_actions(2)) == ("4c", 250.0)


def test_greedy_beats_random_in_a_short_run():
    from fliptable.sim.simulate import simulate

    report = simulate(FLAPS, games=60, players=2, bot_specs=["greedy", "random"], seed=5)
    assert report["win_rate"][0] > 0.75
