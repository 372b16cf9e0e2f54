"""OpenSpiel's own IS-MCTS bot against a fliptable bot, on a one-round Flip 7.

    python examples/openspiel_ismcts.py [--games 40] [--simulations 200] [--bot threshold:25]

The game is ``python_fliptable_flip7`` (``fliptable.adapters.openspiel.register``) with
two players and ``round_limit=1`` (one round: the higher round score wins). IS-MCTS
(``open_spiel.python.algorithms.ismcts``, Cowling, Powley and Whitehouse 2011) samples
worlds with ``State.resample_from_infostate`` (the kernel's ``determinize``) and
evaluates leaves with random rollouts; nodes are keyed by observation strings (the
seat's view). The fliptable bot plays through the agent protocol on its seat's view.
Seats alternate; the script prints IS-MCTS's win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from fliptable.adapters.openspiel import register
from fliptable.bots.base import make_agent
from fliptable.core.stats import wilson_interval


def play(game, search: ISMCTSBot, bot_spec: str, search_seat: int, seed: int) -> float:
    """One game; IS-MCTS's return."""
    state = game.new_initial_state(seed)
    fgame = game.spec_.game
    agent = make_agent(fgame, bot_spec)
    other = 1 - search_seat
    agent.reset(fgame, other, 2, game.spec_.options, random.Random(seed))
    index = game.spec_.index
    search.reset()
    while not state.is_terminal():
        player = state.current_player()
        if player == search_seat:
            action = search.step(state)
        else:
            fstate = state.fstate
            action = index[agent.act(fstate.view(other), fstate.legal_actions(other))]
        state.apply_action(action)
    return state.returns()[search_seat]


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--bot", default="threshold:25")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    register(["flip7"])
    game = pyspiel.load_game("python_fliptable_flip7", {"players": 2, "round_limit": 1})
    rng = np.random.RandomState(args.seed)
    search = ISMCTSBot(
        game,
        RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
        use_observation_string=True,
    )
    # the win count and its interval, as in the other example: each example reads as one file
    wins = 0.0
    t0 = time.perf_counter()
    for g in range(args.games):
        r = play(game, search, args.bot, search_seat=g % 2, seed=args.seed * 100_000 + g)
        # each example stands alone on purpose (same tally as flip7_learn.py): a reader copies one file
        wins += 1.0 if r > 0 else (0.5 if r == 0 else 0.0)
    lo, hi = wilson_interval(wins, args.games)
    rate = wins / args.games
    print(
        f"IS-MCTS ({args.simulations} simulations) vs {args.bot}, one-round Flip 7, {args.games} games: "
        f"wins {rate:.1%}, 95% interval {lo:.1%}-{hi:.1%} ({time.perf_counter() - t0:.0f} s)"
    )
    return {"win_rate": rate, "interval": (lo, hi)}


if __name__ == "__main__":
    main()
