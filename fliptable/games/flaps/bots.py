"""FLAPS bots. They see views only.

``greedy`` (``greedy:forget=0.1,catch=0.8,rt=400,sd=100``): sheds attack cards into attacks
(and passes an attack on rather than take it), keeps an Ace-type card it can finish on for
its last card, sheds the cards it cannot finish on (OL' MAIDS, DUMP THOSE FIVES) early, aims 10s and
HOOFERS-DOOFERS at the player with fewest cards, answers 8s with an 8, lays every FLAPS it
may, calls the suit it holds most of, and says "Last Card" — except with probability
``forget``. Out of turn it claims after a reaction drawn like Fly-swatter's bots (normal,
mean ``rt`` ms, deviation ``sd``): FLAPS whenever it may, a catch with probability ``catch``.
"""

from __future__ import annotations

from collections import Counter

from ...bots.base import number_param
from ...core.agent import Agent
from . import notation as A
from .cards import (
    ATTACK,
    COLOUR,
    FINISH,
    ID,
    KIND,
    NINE,
    QUACK,
    RANK,
    SEVEN,
    SPOOF_VALUE,
    SUIT,
    SUITS,
    WILD,
    deck,
    trumps_value,
)

_INFO = A.INFO
#: the mean SPOOF value of a card of the Level 4 pack
#: how many of each face the Level 5 pack holds
_DECK5 = Counter(deck(5))
_MEAN_SPOOF = sum(SPOOF_VALUE[c] for c in deck(4)) / len(deck(4))


class GreedyFlaps(Agent):
    """A shedding heuristic with reaction-time claims."""

    name = "greedy"

    def __init__(
        self,
        forget: str | float = 0.0,
        catch: str | float = 1.0,
        rt: str | float = 400.0,
        sd: str | float = 100.0,
        value: str | None = None,
    ):
        if value is not None:
            forget = value
        self.forget = number_param("greedy", "forget", forget, float, 0.0, 1.0)
        self.catch = number_param("greedy", "catch", catch, float, 0.0, 1.0)
        self.rt = number_param("greedy", "rt", rt, float, 1.0, 60_000.0)
        self.sd = number_param("greedy", "sd", sd, float, 0.0, 60_000.0)
        self.reaction_ms = self.rt

    def describe(self) -> str:
        return f"greedy:forget={self.forget:g},catch={self.catch:g},rt={self.rt:g},sd={self.sd:g}"

    def _delay(self) -> float:
        return max(1.0, self.rng.gauss(self.rt, self.sd))

    # -- out of turn ------------------------------------------------------------------------
    def claim(self, view, legal):
        catches = [a for a in legal if a.startswith("catch:")]
        if catches and self.rng.random() < self.catch:
            return catches[0], self._delay()
        lays = [a for a in legal if _INFO[a][0] == A.LAY]
        if lays:
            return self._declared(view, lays), self._delay()
        return None

    # -- in turn ------------------------------------------------------------------------------
    def act(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        catches = [a for a in legal if a.startswith("catch:")]
        if catches and self.rng.random() < self.catch:
            return catches[0]
        # it said "Last Card" with the play or forgot it (``forget``): never late
        legal = [a for a in legal if not a.startswith("catch:") and a != A.SAY_ACTION]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "trumps":
            return self._trumps(view, legal)
        if view["phase"] == "spoof":
            return self._spoof_lay(legal)
        if view["phase"] == "spoof-call":
            return self._spoof_call(view, legal)
        if view["phase"] == "pick a secret":
            # the card it would rather not hold: one it cannot finish on, else its highest in SPOOF
            return max(legal, key=lambda a: (not FINISH[_INFO[a][1]], SPOOF_VALUE[_INFO[a][1]], a))
        if view["phase"] == "guess":
            return self._guess(view, legal)
        if view["phase"] == "1-down":
            # the card it took goes before the player with fewest cards (a 1 - UP may land it)
            return min(legal, key=lambda a: (view["hand_counts"][_INFO[a][2]] if _INFO[a][2] != self.seat else 99, a))
        if view["phase"] == "1-swap give":
            return max(legal, key=lambda a: (not FINISH[_INFO[a][1]], SPOOF_VALUE[_INFO[a][1]], a))
        if view["phase"] in ("1-over", "1-look", "1-swap"):
            return legal[0]
        if view["phase"] == "full monty":
            # lays its least wanted cards: one of them goes to the chosen player
            return max(legal, key=lambda a: (not FINISH[_INFO[a][1]], SPOOF_VALUE[_INFO[a][1]], a))
        if view["phase"] == "full monty show":
            # shows the card it minds least being known: the lower of the other two
            m = view["monty"]["cards"]
            return min(legal, key=lambda a: (SPOOF_VALUE[ID[m[_INFO[a][2]]]], a))
        if view["phase"] in ("full monty point", "full monty take"):
            return self.rng.choice(legal)
        lays = [a for a in legal if _INFO[a][0] == A.LAY]
        passes = [a for a in legal if _INFO[a][0] != A.LAY]
        if not lays:
            return passes[0]
        hand = [ID[c] for c in view["hand"]]
        phase = view["phase"]
        if phase in ("attacked", "eight", "scuffle", "mega-flap", "dump", "follow", "king'n'lay"):
            # pass an attack on, answer an 8 with an 8, fight back, run on, follow on
            best = max(lays, key=lambda a: self._score(view, hand, a, phase))
            return self._declared(
                view, [a for a in lays if _INFO[a][1] == _INFO[best][1] and _INFO[a][2] == _INFO[best][2]]
            )
        scored = [(self._score(view, hand, a, phase), a) for a in lays]
        best_score = max(s for s, _ in scored)
        if best_score < -50:
            return passes[0]  # only a card it would rather keep: draw
        best = [a for s, a in scored if s == best_score]
        return self._declared(view, best)

    def _declared(self, view, options):
        """Among the variants of one play: say "Last Card" unless it forgets."""
        say = [a for a in options if _INFO[a][3]]
        quiet = [a for a in options if not _INFO[a][3]]
        if say and (not quiet or self.rng.random() >= self.forget):
            return say[0]
        return quiet[0] if quiet else options[0]

    def _best_suit(self, hand, among=None) -> int:
        counts = [0, 0, 0, 0]
        for c in hand:
            if SUIT[c] >= 0 and not WILD[c]:
                counts[SUIT[c]] += 1
        suits = among or range(4)
        return max(suits, key=lambda s: counts[s])

    def _target(self, view) -> int:
        n = view["players"]
        counts = view["hand_counts"]
        others = [q for q in range(n) if q != self.seat]
        return min(others, key=lambda q: counts[q])

    def _score(self, view, hand, action, phase) -> float:
        _, c, arg, _ = _INFO[action]
        kind = KIND[c]
        left = len(hand) - 1
        score = 10.0
        if WILD[c]:
            # keep an Ace-type card it can finish on for the last card; others are shed late
            if left == 0:
                score = 100 if FINISH[c] else -60
            elif FINISH[c] and left >= 1:
                score = -40 if phase == "play" else 0
            else:
                score = -20 if phase == "play" else 0
            if arg >= 0 and A.CALL_LAY[c][0] and arg != self._best_suit([h for h in hand if h != c]):
                score -= 5
        elif not FINISH[c]:
            score = 40 if left > 0 else -60  # OL' MAID, DUMP THOSE FIVES: shed early
        if kind in (ATTACK,):
            score += 25 + RANK[c]
        elif kind in (SEVEN, NINE, QUACK) and phase == "attacked":
            score += 20
        elif kind in ("ten", "hoofers"):
            score += 15
            if A.TARGET_LAY[c][0] and arg != self._target(view):
                score -= 30
        elif kind in ("eight", "up_jacks", "flaps", "mega"):
            score += 12
        elif kind == "ace_lay":
            follow = [h for h in hand if h != c and not WILD[h] and SUIT[h] in COLOUR[c]]
            score += 5 if follow else -30
        elif kind == "solve" and view.get("mystery"):
            score -= 20 + 3 * len(view["mystery"])  # picking the pile up: only to shed the card
        elif kind == "share" and A.TARGET_LAY[c][0]:
            # taking a card from a hand helps its holder: choose the one with most cards
            counts = view["hand_counts"]
            if counts[arg] != max(counts[q] for q in range(view["players"]) if q != self.seat):
                score -= 5
        elif kind == "up" and A.TARGET_LAY[c][0]:
            # make the player with fewest cards pick up, never itself
            downs = view.get("downs") or [[] for _ in range(view["players"])]
            if arg == self.seat or not downs[arg]:
                score -= 30
            else:
                score += 10 - view["hand_counts"][arg]
        elif kind == "trumps":
            score += 5
            if arg != self._best_suit([h for h in hand if h != c]):
                score -= 5
        if left == 0 and FINISH[c]:
            score += 200
        return score

    def _guess(self, view, legal):
        """A guess: the face the pack holds most of among the cards it has not seen."""
        seen = {}
        for name in view["hand"] + view["discard"] + [c for c in view.get("mystery", []) if c]:
            seen[name] = seen.get(name, 0) + 1
        return max(legal, key=lambda a: (_DECK5.get(_INFO[a][1], 0) - seen.get(A.NAMES[_INFO[a][1]], 0), a))

    def _spoof_lay(self, legal):
        """SPOOF: lay a card it cannot finish on (losing brings it back), else its highest
        (the card it knows moves its own call furthest from the others')."""
        return max(legal, key=lambda a: (not FINISH[_INFO[a][1]], SPOOF_VALUE[_INFO[a][1]], a))

    def _spoof_call(self, view, legal):
        """SPOOF: call the free number nearest its estimate — its own card plus the mean of the
        cards it cannot see for each other card laid."""
        s = view["spoof"]
        laid = sum(1 for c in s["committed"] if c)
        mine = SPOOF_VALUE[ID[s["mine"]]] if s.get("mine") else 0
        guess = mine + (laid - 1) * _MEAN_SPOOF
        return min(legal, key=lambda a: (abs(_INFO[a][2] - guess), _INFO[a][2]))

    def _trumps(self, view, legal):
        """Lay the card that ranks highest in TRUMPS (losing picks up every card laid)."""
        trump = SUITS.index(view["trumps"]["suit"])
        return max(legal, key=lambda a: (trumps_value(_INFO[a][1], trump), a))
