"""Flush's own bot. It sees only its view (and the game's options: the pack's points)."""

from __future__ import annotations

from ...core.agent import Agent
from .cards import CARDS, IS_DEDUCTION, IS_LINK, IS_SKIP, VALUE
from .deckspec import spec_of
from .notation import BIG_CARD, BLIND, DECLARE, FLUSH_CARD, HAND, INFO, LINK_FLUSH, MIMIC_HAND, TOP

_ID = CARDS.by_name
#: a neighbour with this many cards or fewer is "close to going out"
CLOSE = 3
#: the most a declaration's value is jittered by
JITTER = 8.0


class GreedyAgent(Agent):
    """``greedy``: sheds high cards and groups (a Flush above all: the pile goes and it plays
    again), picks up only when nothing goes on the pile — then starting the lowest pile it
    can — keeps its Flush cards for when it needs a fresh pile, its Skips for a neighbour
    close to going out, its Deduction cards for its final turn, and its Mimics for Flushes."""

    name = "greedy"

    def __init__(self, **params):
        if params:
            raise ValueError("greedy takes no parameters; write greedy")

    def reset(self, game, seat, players, options, rng):
        super().reset(game, seat, players, options, rng)
        self.points = spec_of(options["deck"]).points
        self._seen_round, self._seen = 0, {}

    # -- helpers ---------------------------------------------------------------------------
    def _mine(self, view: dict) -> list[int]:
        """Every card this seat can lay now: its hand and its bases' face-up cards."""
        cards = [_ID[c] for c in view["hand"]]
        cards += [_ID[c] for c in view["bases"][self.seat] if c is not None]
        return cards

    def _neighbour_close(self, view: dict) -> bool:
        n = view["players"]
        for i in range(1, n):
            q = (self.seat + i) % n
            if view["playing"][q]:
                return view["card_counts"][q] <= CLOSE
        return False

    def _skip_worth(self, view: dict, v: int, rest: list[int]) -> int:
        """+1 when a Skip should be laid now, -1 when it should be kept. With two players a
        Skip gives this seat the next turn, on its own pile of ``v``: worth it only with a
        card to follow (else it picks up its own pile, and two bots could loop for ever)."""
        playing = sum(view["playing"])
        if playing == 2:
            follow = any(VALUE[c] and VALUE[c] <= v for c in rest) or any(not VALUE[c] for c in rest)
            return 1 if follow else -3
        return 1 if self._neighbour_close(view) else -1

    def act(self, view, legal):
        phase = view["phase"]
        if len(legal) == 1:
            return legal[0]
        if phase == "swap":
            # the lowest value becomes the Mimic: a held Mimic scores triple
            return min(legal, key=lambda a: (self._swap_value(view, a), a))
        if phase == "pass":
            bases = view["bases"][self.seat]
            passes = [a for a in legal if a.startswith("pass:")]
            return max(
                passes,
                key=lambda a: self.points[_ID[bases[int(a[5:]) - 1]]] if bases[int(a[5:]) - 1] is not None else -1,
            )
        if phase == "pick":
            return self._pick(view, legal)
        # two bots can pass the same piles back and forth for ever (docs/rules/flush.md "The
        # decision cap"): a little jitter, and a random declaration in a position seen before
        if self._repeated(view):
            return legal[int(self.rng.random() * len(legal))]
        rand = self.rng.random
        return max(legal, key=lambda a: (self._declaration_value(view, a) + JITTER * rand(), a))

    def _repeated(self, view: dict) -> bool:
        key = (view["round"], tuple(view["pile"]), tuple(view["hand"]), tuple(view["hand_counts"]))
        if self._seen_round != view["round"]:
            self._seen_round, self._seen = view["round"], {}
        n = self._seen.get(key, 0)
        self._seen[key] = n + 1
        return n >= 2

    def _swap_value(self, view: dict, action: str) -> int:
        kind, arg, _ = INFO[action]
        if kind == MIMIC_HAND:
            return VALUE[arg]
        card = view["bases"][self.seat][arg]
        return VALUE[_ID[card]] if card else 99

    def _declaration_value(self, view: dict, action: str) -> float:
        kind, a, b = INFO[action]
        mine = self._mine(view)
        total = view["card_counts"][self.seat]
        run = view["run"] or {"value": 0, "count": 0, "links": 0}
        top = run["value"]
        pile_points = sum(self.points[_ID[c]] for c in view["pile"])
        m = view["mimic"]
        declared = view["declared"]
        blind = _ID[declared["laid"][0]] if declared else None
        pts = self.points
        has_play = any(VALUE[c] and (not top or VALUE[c] <= top) for c in mine)
        if kind == DECLARE:
            v, n = a, b
            reals = sorted((c for c in mine if VALUE[c] == v), key=lambda c: -pts[c])
            if blind is not None and VALUE[blind] == v:
                reals.insert(0, blind)
            used_reals = min(n, len(reals))
            mimics = n - used_reals if v != m else 0
            shed = sum(pts[c] for c in reals[:used_reals]) + mimics * 3
            pickup = bool(top) and v > top
            flush = n >= 4 if pickup else n + (run["count"] if v == top else 0) >= 4
            value = shed + 4 * n - 6 * mimics - 2 * (len(reals) - used_reals)
            if flush:
                value += 60 + 4 * mimics  # Mimics well spent
            skips = sum(1 for c in reals if IS_SKIP[c])
            if not flush and skips:
                rest = list(reals[used_reals:])
                rest += [c for c in mine if VALUE[c] != v]
                value += 15 * min(skips, n) * self._skip_worth(view, v, rest)
            if pickup:
                value -= 20 + 1.5 * pile_points
                value -= 2 * v  # a low new pile is hard to answer
            if n == total + (blind is not None):
                value += 1000
            return value
        if kind == LINK_FLUSH:
            if a == total:
                return 1000
            return 55 + 3 * a
        if kind in (FLUSH_CARD, BIG_CARD):
            if total == 1:
                return 1000
            bonus = 5 if kind == BIG_CARD else 0
            if not has_play and top:
                return 40 + 1.5 * pile_points + bonus  # a fresh pile instead of a pick-up
            return -30 + bonus
        if kind == BLIND:
            if not view["hand"] and not any(c is not None for c in view["bases"][self.seat]):
                return 500
            if not has_play and top:
                chance = top / 10
                return chance * 20 - (1 - chance) * (20 + 1.5 * pile_points) + 0.5
            return -60
        return 0

    def _pick(self, view: dict, legal) -> str:
        declared = view["declared"]
        v = declared["value"]
        mine = self._mine(view)
        skip_worth = self._skip_worth(view, v or 10, [c for c in mine if VALUE[c] != v]) if v else 0
        left = declared["count"] - len(declared["laid"])
        final = view["card_counts"][self.seat] == left
        pts = self.points
        bases = view["bases"][self.seat]

        def card_of(a):
            kind, arg, _ = INFO[a]
            return arg if kind == HAND else _ID[bases[arg]]

        def preference(a):
            c = card_of(a)
            score = 0.0
            if v and VALUE[c] != v:
                score -= 50  # a Mimic: keep it for a Flush
            if IS_SKIP[c]:
                score += 15 * skip_worth
            if IS_DEDUCTION[c]:
                score += 30 if final else -15
            if IS_LINK[c] and declared["kind"] != "link":
                score -= 3
            if INFO[a][0] == TOP:
                score += 5  # frees a Blind card
            return score + pts[c] * 0.1

        return max(legal, key=lambda a: (preference(a), a))
