"""The greedy bot for the asking games (Authors and Go to the Store subclass it in their
``bots.py``): it keeps what the public record says about every hand and
asks where it is most likely to succeed, preferring numbers it is closest to a book
in. Ties are broken at random (by the bot's own seeded generator), never by seat order."""

from __future__ import annotations

from math import comb

from ...bots.base import Agent, number_param
from ..flinch_pack.cards import CARDS, series_pack, unseen_counts
from .state import PARSE

_CARD = CARDS.by_name
_PACK = series_pack(4, 10)


class Knowledge:
    """What the public record (the view's ``history``) says about every hand.

    ``held[p][n]``: cards of ``n`` that ``p`` is known to hold; ``lacks[p][n]``: ``p`` was
    known to hold no ``n`` (``since[p][n]`` unknown cards drawn since then). Built
    incrementally from the view's history (bots see only views)."""

    __slots__ = ("held", "lacks", "seen", "since")

    def __init__(self, players: int):
        self.held = [[0] * 11 for _ in range(players)]
        self.lacks = [[False] * 11 for _ in range(players)]
        self.since = [[0] * 11 for _ in range(players)]
        self.seen = 0

    def update(self, history: list, give_all: bool) -> None:
        held, lacks = self.held, self.lacks
        for entry in history[self.seen :]:
            kind = entry[0]
            if kind == "draw":
                since = self.since[entry[1]]  # an unknown card joined the hand
                for n in range(1, 11):
                    since[n] += 1
                continue
            if kind == "book":
                p, n = entry[1], _CARD[entry[2]]
                held[p][n], lacks[p][n], self.since[p][n] = 0, True, 0
                continue
            if kind != "ask":
                continue
            _, a, t, name, got = entry
            n = _CARD[name]
            if held[a][n] < 1:
                held[a][n] = 1
            lacks[a][n] = False
            if got:
                held[a][n] += got
                if give_all:
                    held[t][n], lacks[t][n], self.since[t][n] = 0, True, 0
                else:
                    held[t][n] = max(0, held[t][n] - 1)
            else:
                held[t][n], lacks[t][n], self.since[t][n] = 0, True, 0
        self.seen = len(history)


class GreedyAsker(Agent):
    """Ask a player known to hold the number if there is one; else the ask with the best
    estimated chance of success. ``GIVE_ALL`` matches the game's hand-over rule.

    Where the game allows ``stop`` (Authors), after a success it goes on only while an
    ask's estimated chance is at least ``stop_below`` (default 1: only sure asks). A
    failed ask tells the table a number the asker holds, and the next players take it
    from him: four bots that always went on asking won 37% in the last seat and 18% in
    the second (the last seat has heard three players' asks before its first turn);
    stopping instead evens them out (24-28%) and wins more against bots that go on."""

    name = "greedy"
    GIVE_ALL = False

    def __init__(self, stop_below: str | float = 1.0):
        self.stop_below = number_param(self.name, "stop_below", stop_below, float, 0.0, 1.0)
        self.knowledge = Knowledge(0)  # reset() makes it for the table

    def reset(self, game, seat, players, options, rng):
        super().reset(game, seat, players, options, rng)
        self.knowledge = Knowledge(players)

    def chance(self, view: dict, mine: list[int], unknown: list[int], target: int, number: int) -> float:
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
        if unknown[number] <= 0:
            return 0.0
        me = self.seat
        slots = [0] * len(counts)
        pool = view.get("draw_count", 0)
        for q, c in enumerate(counts):
            if q == me:
                continue
            s = max(0, c - sum(k.held[q]))
            slots[q] = s
            pool += s
        if pool <= 0 or not slots[target]:
            return 0.0
        # the unknown copies lie among the ``pool`` unknown cards (other hands and the
        # Store); the target's unknown cards are ``slots`` of them (since he said "none",
        # only those he drew since): the chance that none of them is a ``number`` is
        # hypergeometric (two players, no Store: his hand holds every unknown copy)
        hidden = min(k.since[target][number], slots[target]) if lacking else slots[target]
        u = min(unknown[number], pool)
        if hidden > pool - u:
            return 1.0
        return 1.0 - comb(pool - u, hidden) / comb(pool, hidden)

    def score(self, p: float, mine: int, held: int, count: int) -> float:
        """How good asking is: ``p`` the chance the target holds the number, ``mine`` my
        cards of it, ``held`` the target's known ones, ``count`` the target's hand size.
        Authors: the chance first, then the number I am closest to a book in."""
        return p + 0.05 * mine + 0.01 * held + 0.001 * count

    def act(self, view, legal):
        k = self.knowledge
        k.update(view["history"], self.GIVE_ALL)
        mine = [0] * 11
        for name in view["hand"]:
            mine[_CARD[name]] += 1
        # the copies of each number neither in my hand, nor in a book, nor known elsewhere
        seen = [n for n in range(1, 11) for _ in range(mine[n])]
        seen += [_CARD[name] for books in view["books"] for name in books for _ in range(4)]
        me = self.seat
        seen += [n for q, row in enumerate(k.held) if q != me for n in range(1, 11) for _ in range(row[n])]
        unknown = unseen_counts(_PACK, seen)
        counts = view["hand_counts"]
        best: list[str] = []
        best_score, best_p = -1.0, 0.0
        for action in legal:
            parsed = PARSE.get(action)
            if parsed is None:
                continue
            t, n = parsed
            p = self.chance(view, mine, unknown, t, n)
            score = round(self.score(p, mine[n], k.held[t][n], counts[t]), 9)
            if score > best_score:
                best, best_score, best_p = [action], score, p
            elif score == best_score:
                best.append(action)
        if "stop" in legal and best_p < self.stop_below:
            return "stop"
        if not best:
            return legal[0]
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]
