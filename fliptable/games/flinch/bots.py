"""FLINCH bots. ``greedy``: play the game pile whenever it can go, look for a short run
of hand and reserve plays that makes it playable, otherwise play only cards that do
not open a pile for an opponent's game pile, discard so reserve piles run downwards,
and challenge (a claim) only a visible neglect of a game pile (never a guess).
``quick``: the same, its run toward the game pile found on one centre pile at a time
from the cards in sight (hand and reserve tops) instead of by a search: about ten times
cheaper, for search rollouts (``ismcts:rollout=quick``)."""

from __future__ import annotations

from ...bots.base import Agent, number_param
from .layout import BUILD_NAMES, pile_after, pile_takes
from .notation import DECODE

_BUILD = {name: b for b, name in BUILD_NAMES.items()}

_MAX_DEPTH = 6
_MAX_NODES = 3000


def _num(card):
    return None if card is None else int(card)


def numbers(view: dict) -> dict:
    """The parts of a FLINCH view the bot reads, with cards as numbers (views write cards
    in notation)."""
    return {
        "seat": view["seat"],
        "partners": list(view["partners"]),
        "top_number": view["top_number"],
        "starters": [int(c) for c in view["starters"]],
        "hand": [int(c) for c in view.get("hand") or []],
        "game_piles": [{"top": _num(g["top"]), "count": g["count"]} for g in view["game_piles"]],
        "reserves": [
            [
                {
                    "top": _num(r["top"]),
                    "count": r["count"],
                    **({"cards": [int(c) for c in r["cards"]]} if "cards" in r else {}),
                }
                for r in row
            ]
            for row in view["reserves"]
        ],
        "centre": [{"low": int(c["low"]), "high": int(c["high"]), "build": _BUILD[c["build"]]} for c in view["centre"]],
    }


class GreedyAgent(Agent):
    """The greedy heuristic. Params: ``rt`` its mean challenge reaction in ms, ``call``
    the probability that it challenges a game-pile card left unplayed."""

    name = "greedy"

    def __init__(self, rt: str | float = 400.0, call: str | float = 1.0, value: str | None = None):
        self.reaction_ms = number_param("greedy", "rt", value if value is not None else rt, float, 1, 60000)
        self.call = number_param("greedy", "call", call, float, 0.0, 1.0)

    # -- challenges (claims) ----------------------------------------------------------------
    def _sure(self, view) -> bool:
        """ "Challenge" only when sure: a playable game-pile card that was not played is public."""
        ch = view.get("challenge") if view else None
        return bool(ch and ch.get("game_pile_playable")) and self.rng.random() < self.call

    def react(self, view, legal):
        """challenge=window: answer the window -- challenge only when sure."""
        delay = self.reaction_ms * (0.75 + 0.5 * self.rng.random())
        return ("challenge" if "challenge" in legal and self._sure(view) else "decline"), delay

    def claim(self, view, legal):
        if "challenge" in legal and self._sure(view):
            return "challenge", self.reaction_ms * (0.75 + 0.5 * self.rng.random())
        return None

    # -- turns ------------------------------------------------------------------------
    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        if "challenge" in legal:
            if self._sure(view):
                return "challenge"
            legal = [a for a in legal if a != "challenge"]
            if len(legal) == 1:
                return legal[0]
        if view is None:
            return legal[0]
        view = numbers(view)
        hand = view["hand"]
        plays, ends = [], []
        for a in legal:
            code = DECODE[a]
            (plays if code[0] == "play" else ends).append((a, code))
        # 1. the game pile (own first, then a partner's), 2. the 1s
        for a, code in plays:
            if code[1] == 0:
                return a
        for a, code in plays:
            if code[1] >= 11 and (code[1] - 11) % 6 == 0:
                return a
        for a, code in plays:
            if 1 <= code[1] <= 5 and hand[code[1] - 1] in view["starters"]:
                return a
        if plays:
            a = self._toward_game(view, plays, hand) or self._safe_play(view, plays, hand)
            if a:
                return a
            if not ends:  # a blocked game: the releasing card must be played
                return plays[0][0]
        if not ends:
            return plays[0][0]
        return self._choose_end(view, ends, hand)

    # -- building toward the game pile ------------------------------------------------
    def _card(self, view, code, hand):
        src = code[1]
        me = view["seat"]
        if src == 0:
            return view["game_piles"][me]["top"]
        if src <= 5:
            return hand[src - 1]
        if src <= 10:
            return view["reserves"][me][src - 6]["top"]
        owner, k = divmod(src - 11, 6)
        return view["game_piles"][owner]["top"] if k == 0 else view["reserves"][owner][k - 1]["top"]

    def _targets(self, view) -> list[int]:
        me = view["seat"]
        out = []
        for q in [me, *view["partners"]]:
            top = view["game_piles"][q]["top"]
            if top is not None:
                out.append(top)
        return out

    def _toward_game(self, view, plays, hand):
        """First play of the shortest run of hand/reserve plays after which a game pile plays."""
        goals = self._targets(view)
        if not goals:
            return None
        top = view["top_number"]
        piles = [(c["low"], c["high"], c["build"]) for c in view["centre"]]
        me = view["seat"]
        # available cards: hand values, and reserve piles as known stacks (top last)
        stacks = [
            list(r.get("cards") or [r["top"]]) if q == me else [r["top"]]
            for q in [me, *view["partners"]]
            for r in view["reserves"][q]
            if r["top"] is not None
        ]
        hand_left = list(hand)
        nodes = [0]

        def accepts(pile, v):
            return v in pile_takes(*pile, top)

        def place(ps, i, v):
            lo, hi, b = ps[i]
            new = list(ps)
            lo, hi = pile_after(lo, hi, b, v)
            if lo == 1 and hi == top:
                del new[i]
            else:
                new[i] = (lo, hi, b)
            return new

        def goal_ok(ps):
            return any(accepts(p, g) for p in ps for g in goals)

        def search(ps, depth):
            if goal_ok(ps):
                return []
            if depth == 0 or nodes[0] > _MAX_NODES:
                return None
            nodes[0] += 1
            seen = set()
            options = [("h", v) for v in set(hand_left)] + [("r", k) for k, s in enumerate(stacks) if s]
            for kind, x in options:
                v = x if kind == "h" else stacks[x][-1]
                for i, p in enumerate(ps):
                    if (p, v) in seen or not accepts(p, v):
                        continue
                    seen.add((p, v))
                    if kind == "h":
                        hand_left.remove(v)
                    else:
                        stacks[x].pop()
                    found = search(place(ps, i, v), depth - 1)
                    if kind == "h":
                        hand_left.append(v)
                    else:
                        stacks[x].append(v)
                    if found is not None:
                        return [(kind, x, i, v), *found]
            return None

        if goal_ok(piles):
            return None
        for depth in range(1, _MAX_DEPTH + 1):
            path = search(piles, depth)
            if path:
                kind, _x, i, v = path[0]
                for a, code in plays:
                    if code[2] != i + 1:
                        continue
                    src = code[1]
                    if kind == "h" and 1 <= src <= 5 and hand[src - 1] == v:
                        return a
                    if kind == "r" and src > 5 and self._card(view, code, hand) == v:
                        return a
                return None
            if nodes[0] > _MAX_NODES:
                return None
        return None

    def _safe_play(self, view, plays, hand):
        """A play that opens no pile for an opponent's game-pile card; reserves first."""
        me = view["seat"]
        friends = {me, *view["partners"]}
        foes = {g["top"] for q, g in enumerate(view["game_piles"]) if q not in friends and g["top"] is not None}
        top = view["top_number"]
        best, best_key = None, None
        for a, code in plays:
            if code[2] == 0:
                continue
            v = self._card(view, code, hand)
            pile = view["centre"][code[2] - 1]
            hi, b = pile["high"], pile["build"]
            if b >= 0 and v == hi + 1:
                opens = v + 1 if v < top else None
                covers = v in foes
            else:
                opens = v - 1 if v > 1 else None
                covers = v in foes
            if opens is not None and opens in foes:
                continue
            key = self._play_key(covers, code[1], v)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    @staticmethod
    def _play_key(covers: bool, src: int, v: int):
        """Preference among safe plays: hand cards first (an emptied hand draws five new
        cards), then plays that take a card an opponent's game pile needs, then high cards."""
        return (src <= 5, covers, v)

    # -- ending the turn -----------------------------------------------------------------
    def _choose_end(self, view, ends, hand):
        me = view["seat"]
        reserves = view["reserves"][me]
        goals = set(self._targets(view))
        best, best_key = ends[0][0], None
        for a, code in ends:
            if code[0] != "discard":
                continue
            v = hand[code[1]]
            t = reserves[code[2]]["top"]
            if t is None:
                score = 40 + v
            elif t == v + 1:
                score = 100
            elif t > v:
                score = 70 - (t - v)
            else:
                score = 10 - (v - t)
            if v in goals or v + 1 in goals:
                score -= 30  # keep cards that lead to the game pile
            key = (score, v)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best


class QuickAgent(GreedyAgent):
    """``quick``: ``greedy`` with a cheap run toward the game pile (same params). On each
    centre pile that can reach a game-pile card (own, then partners'), the cards still
    missing in between are looked for among the hand and the reserve tops in sight; of
    the piles whose run is all there, the shortest run's first card is played (from the
    hand if it is there). Cards under a reserve top, and cards a run would draw, are not
    counted: greedy's search counts the first when the owner sees them."""

    name = "quick"

    def _toward_game(self, view, plays, hand):
        goals = self._targets(view)
        if not goals:
            return None
        top = view["top_number"]
        me = view["seat"]
        have = [0] * (top + 2)
        for v in hand:
            have[v] += 1
        for q in [me, *view["partners"]]:
            for r in view["reserves"][q]:
                if r["top"] is not None:
                    have[r["top"]] += 1
        best = None  # (run length, pile index, first card)
        for i, c in enumerate(view["centre"]):
            lo, hi, b = c["low"], c["high"], c["build"]
            for g in goals:
                if b >= 0 and hi < g:
                    run = range(hi + 1, g)
                elif b <= 0 and lo > g:
                    run = range(lo - 1, g, -1)
                else:
                    continue
                if not run:  # it plays already (the rules make it go first)
                    return None
                if best is not None and len(run) >= best[0]:
                    continue
                if all(have[v] for v in run):
                    best = (len(run), i, run[0])
        if best is None:
            return None
        _, i, v = best
        fallback = None
        for a, code in plays:
            if code[2] != i + 1:
                continue
            src = code[1]
            if 1 <= src <= 5:
                if hand[src - 1] == v:
                    return a
            elif fallback is None and self._card(view, code, hand) == v:
                fallback = a
        return fallback
