"""FLINCH's ``quick`` bot (greedy's cheap twin, for search rollouts): legal in every
variant, reproducible from the seed, far stronger than random and about as strong as
``greedy``; ``ismcts:rollout=quick`` accepts it."""

from __future__ import annotations

from fliptable.bots.base import RandomAgent, make_agent
from fliptable.core import get_game
from fliptable.sim.match import play_match

G = get_game("flinch")

TABLES = [
    (2, {}),
    (3, {"enforce": "table"}),
    (4, {"partnership": True, "enforce": "table"}),
    (2, {"centre": "ones-and-tens"}),
    (3, {"centre": "fives"}),
    (2, {"edition": 150, "reserve_memory": "off"}),
    (6, {"partnership": True}),
]


def test_quick_plays_only_legal_moves_in_every_variant():
    # the table raises AgentError on an illegal choice
    for players, options in TABLES:
        for seed in range(4):
            m = play_match(G, [make_agent(G, "quick") for _ in range(players)], options, seed)
            assert m.state.is_over()


def test_quick_is_reproducible_from_the_seed():
    logs = [
        play_match(
            G, [make_agent(G, "quick"), make_agent(G, "quick:call=0.5")], {"enforce": "table"}, 7, record=True
        ).log
        for _ in range(2)
    ]
    assert logs[0].actions == logs[1].actions and len(logs[0].actions) > 50


# spelled out on purpose: the rule's scenario, step by step
def test_quick_beats_random_and_matches_greedy():
    wins = 0
    for seed in range(20):
        m = play_match(G, [make_agent(G, "quick"), RandomAgent()], {}, seed)
        wins += 0 in m.state.winners
    assert wins >= 17
    quick = 0.0
    for seed in range(20):  # each deal twice, the seats swapped
        for first in (0, 1):
            agents = [make_agent(G, "greedy"), make_agent(G, "greedy")]
            agents[first] = make_agent(G, "quick")
            w = play_match(G, agents, {}, seed).state.winners
            quick += (first in w) / max(1, len(w))
    assert quick >= 12  # of 40: greedy's equal (100 of 200 in a longer run)


def test_quick_takes_the_shortest_run_toward_the_game_pile():
    state = G.new_state(2, {}, 3)
    state.game_piles[0][-1] = 6
    state.hands[0][:] = [3, 4, 5, 8, 9]
    state.reserves[0:5] = [[2], [], [], [], []]
    state.pile_low[:], state.pile_high[:], state.pile_build[:] = [1, 1], [2, 1], [1, 1]
    state.started = True
    state._derive()
    bot = make_agent(G, "quick")
    bot.reset(G, 0, 2, state.options, __import__("random").Random(0))
    legal = state.legal_actions(0)
    # pile c1 (1-2) needs 3, 4, 5 (all in hand); c2 (1) needs 2 too: c1 is shorter
    assert bot.act(state.view(0), legal) == "play:hand1>c1"


def test_ismcts_rolls_out_with_quick():
    agent = make_agent(G, "ismcts:iterations=20,rollout=quick,eval=game,depth=10")
    m = play_match(G, [agent, make_agent(G, "quick")], {}, 1)
    assert m.state.is_over()
