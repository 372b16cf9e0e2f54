"""Learn to play Flip 7 against `threshold:25` with a clear NumPy policy gradient.

    python examples/flip7_learn.py [--train 8000] [--eval 3000] [--seed 0]

The policy decides hit or stay (a pending Give/Target choice: the spare Second Chance
is discarded, else the first legal choice). It is logistic,
P(hit) = sigmoid(w . x), over features of what the seat sees (its view):

    1, round score / 50, P(bust on the next card), the expected gain of one more card / 10
    (a new number's mean value minus P(bust) x round score), holds a Second Chance,
    numbers held / 7, staying now wins the race to 200,
    an opponent has stopped and will finish ahead at 200 or more (must hit)

P(bust) is exact: the numbers the seat holds, counted among the cards it has not seen
(the deck minus the discards and the cards on the table; `fliptable.games.flip7.bots.
unseen_counts`). Training is REINFORCE (Williams 1992) on whole games in the Gymnasium
env (`fliptable.adapters.gymnasium.make`): reward +1 for a win, -1 for a loss, a running
mean as baseline, the learner alternating seats. Evaluation plays the greedy policy
(hit when P(hit) > 1/2) on fresh seeds, seats alternating, and prints its win rate with a
95% Wilson interval: the policy beats `threshold:25` when the interval's lower end is
above 50%. Runs in a few minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from fliptable.adapters.gymnasium import make
from fliptable.core.stats import wilson_interval
from fliptable.games.flip7.bots import unseen_counts

FEATURES = ("bias", "round_score", "p_bust", "gain", "second_chance", "numbers", "stay_wins", "must_hit")


def features(view: dict, seat: int, names: tuple[str, ...]) -> np.ndarray:
    me = view["seats"][seat]
    numbers = {c for c in me["cards"] if c.isdigit()}
    unseen = unseen_counts(view)
    total = sum(unseen)
    index = {n: i for i, n in enumerate(names)}
    p_bust = sum(unseen[index[n]] for n in numbers) / total if total else 0.0
    new_sum = sum(int(n) * unseen[index[n]] for n in names if n.isdigit() and n not in numbers)
    score = me["round_score"]
    # what one more card is worth on average: a new number's value, or the round lost
    gain = (new_sum / total if total else 0.0) - p_bust * score
    mine = me["total"] + score
    others = [s for i, s in enumerate(view["seats"]) if i != seat]
    best_other = max((s["total"] + s["round_score"] for s in others), default=0)
    stay_wins = float(mine >= 200 and mine > best_other)
    must_hit = float(
        any(
            s["status"] in ("stayed", "frozen")
            and s["total"] + s["round_score"] >= 200
            and s["total"] + s["round_score"] > mine
            for s in others
        )
    )
    return np.array(
        [1.0, score / 50, p_bust, gain / 10, float(me["second_chance"]), len(numbers) / 7, stay_wins, must_hit]
    )


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


def play(env, w: np.ndarray, seed: int, rng: np.random.Generator | None):
    """One game; with ``rng`` sample actions (training), else greedy. Returns the
    learner's reward and its (features, hit?, P(hit)) decisions."""
    obs, _ = env.reset(seed=seed)
    spec, seat = env.spec_, env.seat
    hit, stay = spec.index["hit"], spec.index["stay"]
    names = spec.game.cards.names
    trace = []
    while True:
        mask = obs["action_mask"]
        if mask[hit] and mask[stay]:
            x = features(env.state.view(seat), seat, names)
            p = sigmoid(float(w @ x))
            a = (rng.random() < p) if rng is not None else p > 0.5
            trace.append((x, a, p))
            action = hit if a else stay
        else:
            legal = [spec.actions[i] for i in np.flatnonzero(mask[:-1])]
            action = spec.index["discard"] if "discard" in legal else spec.index[legal[0]]
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return reward, trace


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", type=int, default=8000, help="training games")
    ap.add_argument("--eval", type=int, default=3000, help="evaluation games")
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    envs = [make("flip7", ["threshold:25"], players=2, seat=s) for s in (0, 1)]
    rng = np.random.default_rng(args.seed)
    w = np.zeros(len(FEATURES))
    baseline = 0.0
    t0 = time.perf_counter()
    for g in range(args.train):
        reward, trace = play(envs[g % 2], w, seed=args.seed * 1_000_000 + g, rng=rng)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        grad = np.zeros_like(w)
        for x, a, p in trace:
            grad += ((1.0 if a else 0.0) - p) * x  # d log pi(a|x) / dw
        w += args.lr * advantage * grad / max(1, len(trace)) ** 0.5
        if (g + 1) % 500 == 0:
            print(f"trained {g + 1} games ({time.perf_counter() - t0:.0f} s), running mean reward {baseline:+.3f}")
    print("weights:", ", ".join(f"{k}={v:+.2f}" for k, v in zip(FEATURES, w, strict=True)))

    # the win count and its interval, as in the other example: each example reads as one file
    wins = 0.0
    t1 = time.perf_counter()
    for g in range(args.eval):
        reward, _ = play(envs[g % 2], w, seed=10**9 + args.seed * 1_000_000 + g, rng=None)
        # each example stands alone on purpose (same tally as openspiel_ismcts.py): a reader copies one file
        wins += 1.0 if reward > 0 else (0.5 if reward == 0 else 0.0)
    lo, hi = wilson_interval(wins, args.eval)
    rate = wins / args.eval
    print(
        f"greedy policy vs threshold:25, {args.eval} games (seats alternating): wins {rate:.1%}, "
        f"95% interval {lo:.1%}-{hi:.1%} ({time.perf_counter() - t1:.0f} s)"
    )
    print("beats threshold:25" if lo > 0.5 else "does not beat threshold:25 at 95%")
    return {"weights": w.tolist(), "win_rate": rate, "interval": (lo, hi)}


if __name__ == "__main__":
    main()
