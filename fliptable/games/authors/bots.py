"""The greedy bot for the asking games (Authors, and Go to the Store via
``go_to_the_store.bots``):
it keeps what the public ask history says about every hand and asks where it is most
likely to succeed, preferring numbers it is closest to a book in."""
from __future__ import annotations

from ...bots.base import Agent, number_param
from .asking import PARSE, Knowledge


class GreedyAsker(Agent):
    """Ask a player known to hold the number if there is one; else the ask with the best
    estimated chance of success. ``GIVE_ALL`` matches the game's hand-over rule."""

    name = "greedy"
    GIVE_ALL = False

    def __init__(self, stop_below: str | float = 0.0):
        self.stop_below = number_param(self.name, "stop_below", stop_below, float, 0.0, 1.0)
        self.knowledge: Knowledge | None = None

    def reset(self, game, seat, players, options, rng):
        super().reset(game, seat, players, options, rng)
        self.knowledge = Knowledge(players)

    def chance(self, view: dict, target: int, number: int) -> float:
        """Estimated chance that ``target`` holds at least one ``number``."""
        k = self.knowledge
        if k.held[target][number]:
            return 1.0
        counts = view["hand_counts"]
        if not counts[target]:
            return 0.0
        lacking = k.lacks[target][number]
        if lacking and not k.since[target][number]:
            return 0.0
        me = self.seat
        mine = view["hand"].count(number)
        unknown = 4 - mine - sum(k.held[q][number] for q in range(len(counts)) if q != me)
        if unknown <= 0:
            return 0.0
        slots = [0] * len(counts)
        pool = view.get("store_count", 0)
        for q, c in enumerate(counts):
            if q == me:
                continue
            s = max(0, c - sum(k.held[q]))
            slots[q] = s
            pool += s
        if pool <= 0 or not slots[target]:
            return 0.0
        share = unknown / pool  # chance that one unknown card is a ``number``
        draws = min(k.since[target][number], slots[target]) if lacking else slots[target]
        return 1.0 - (1.0 - min(1.0, share)) ** draws

    def act(self, view, legal):
        k = self.knowledge
        k.update(view["history"], self.GIVE_ALL)
        hand = view["hand"]
        best, best_score, best_p = legal[0], -1.0, 0.0
        counts = view["hand_counts"]
        for action in legal:
            parsed = PARSE.get(action)
            if parsed is None:
                continue
            t, n = parsed
            p = self.chance(view, t, n)
            score = p + 0.05 * hand.count(n) + 0.01 * k.held[t][n] + 0.001 * counts[t]
            if score > best_score:
                best, best_score, best_p = action, score, p
        if "stop" in legal and best_p < self.stop_below:
            return "stop"
        return best


class GreedyAuthors(GreedyAsker):
    __doc__ = GreedyAsker.__doc__
    GIVE_ALL = False
