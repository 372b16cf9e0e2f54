"""Fly-swatter rules: flipping, the swat window (a ``Race``), resolving hands, scoring.

Piles are lists of card ints. A draw stack is stored bottom first, so its top card is
``stack[-1]`` (``pop()`` flips it, a penalty goes ``insert(0, ...)`` under it); ``_dump``
writes it top first. Hands are recorded in the order they land and resolved together
when the window closes (docs/rules/flyswatter.md "When hands are resolved").
"""
from __future__ import annotations

import random
from typing import Any

from ...core.decision import Over, Race, Turn
from ...core.errors import OptionError
from ...core.events import Event
from ...core.game import State
from ...core.result import Result, ranks_from_keys
from .cards import COLOUR, COLOUR_NAME, COLOURS, NAME, SWATTER, VALUE

#: a middle never holds more than four colours of 16 flies
MAX_MIDDLE = 64
SWAT = tuple(f"swat:{n}" for n in range(1, MAX_MIDDLE + 1))
SWAT_N = {a: n for n, a in enumerate(SWAT, 1)}
FLIP = ("flip",)
DONE = "done"
CLOSE = "close"
NONE: tuple[str, ...] = ()
#: legal actions of a swatter with no hand down, by the number of flies in the middle
ALL_SWATS = tuple(SWAT[:m] + (DONE,) for m in range(MAX_MIDDLE + 1))
#: (m, k) -> legal actions of a swatter whose one hand is on fly k of m
_EXCEPT: dict[int, tuple[str, ...]] = {}
TURNS = tuple(Turn(p) for p in range(8))
OVER = Over()

#: outcome of one hand at window close
WON, LATE, PENALTY = "won", "late", "penalty"


def _except(m: int, k: int) -> tuple[str, ...]:
    key = m * 128 + k
    t = _EXCEPT.get(key)
    if t is None:
        t = _EXCEPT[key] = SWAT[:k - 1] + SWAT[k:m] + (DONE,)
    return t


def _copy_rng(rng: random.Random) -> random.Random:
    r = random.Random()
    r.setstate(rng.getstate())
    return r


class FlyswatterState(State):
    """A game of Fly-swatter in progress."""

    __slots__ = ("draw", "middle", "counts", "colours", "won", "triggers", "unseen", "turn",
                 "ending", "window", "open", "racing", "allowed", "trigger", "hands", "placed",
                 "flips", "wrong", "last_flip", "last_window", "hands_max", "window_ms",
                 "_decision", "legal")

    # -- set-up -----------------------------------------------------------------------
    def _init_fixed(self) -> None:
        # flyswatter.md "SWATTING FLIES!": "with 5 or more players, each player may use only one hand"
        self.hands_max = 1 if self.players >= 5 else 2
        self.window_ms = float(self.options["window_ms"])
        self._decision = None

    def _setup(self, deck: list[int]) -> None:
        n = self.players
        remove = self.options["remove"]
        if len(deck) - remove < n:
            raise OptionError(f"option remove={remove} leaves {len(deck) - remove} cards for {n} players; "
                              f"accepted: at most {len(deck) - n} with {n} players")
        self._init_fixed()
        # flyswatter.md "PREPARATION" note: remove cards unseen after shuffling (the top N)
        self.unseen = deck[:remove]
        rest = deck[remove:]
        # dealt one at a time in seat order; the first card dealt is the top (stored last)
        self.draw = [rest[p::n][::-1] for p in range(n)]
        self.middle: list[int] = []
        self.counts = [0] * 6
        self.colours = 0
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.triggers: list[int] = []
        self.turn = 0  # "The fastest player begins": seat 0
        self.ending = False
        self.window = 0
        self.open = False
        self.racing: list[int] = []
        self.allowed = 0
        self.trigger: int | None = None
        self.hands: list[tuple[int, int]] = []
        self.placed: list[list[int]] = [[] for _ in range(n)]
        self.flips = 0
        self.wrong = 0
        self.last_flip: tuple[int, int] | None = None
        self.last_window: dict | None = None
        self._rebuild_legal()

    def _dump(self) -> dict[str, Any]:
        return {
            "draw": [s[::-1] for s in self.draw], "middle": list(self.middle),
            "won": [list(w) for w in self.won], "triggers": list(self.triggers),
            "unseen": list(self.unseen), "turn": self.turn, "ending": self.ending,
            "window": self.window, "open": self.open, "racing": list(self.racing),
            "allowed": self.allowed, "trigger": self.trigger,
            "hands": [[p, k] for p, k in self.hands], "flips": self.flips, "wrong": self.wrong,
            "last_flip": list(self.last_flip) if self.last_flip is not None else None,
            "last_window": _copy_outcome(self.last_window),
        }

    def _load(self, d: dict[str, Any]) -> None:
        self._init_fixed()
        self.draw = [list(s)[::-1] for s in d["draw"]]
        self.middle = list(d["middle"])
        self._recount()
        self.won = [list(w) for w in d["won"]]
        self.triggers, self.unseen = list(d["triggers"]), list(d["unseen"])
        self.turn, self.ending, self.window, self.open = d["turn"], d["ending"], d["window"], d["open"]
        self.racing, self.allowed, self.trigger = list(d["racing"]), d["allowed"], d["trigger"]
        self.hands = [(p, k) for p, k in d["hands"]]
        self.placed = [[] for _ in range(self.players)]
        for p, k in self.hands:
            self.placed[p].append(k)
        self.flips, self.wrong = d["flips"], d["wrong"]
        self.last_flip = tuple(d["last_flip"]) if d["last_flip"] is not None else None
        self.last_window = _copy_outcome(d["last_window"])
        self._rebuild_legal()

    def clone(self) -> "FlyswatterState":
        c = FlyswatterState(self.game, self.players, self.options, _copy_rng(self.rng))
        c.hands_max, c.window_ms, c._decision = self.hands_max, self.window_ms, self._decision
        c.draw = [s[:] for s in self.draw]
        c.middle, c.counts, c.colours = self.middle[:], self.counts[:], self.colours
        c.won = [w[:] for w in self.won]
        c.triggers, c.unseen = self.triggers[:], self.unseen[:]
        c.turn, c.ending, c.window, c.open = self.turn, self.ending, self.window, self.open
        c.racing, c.allowed, c.trigger = self.racing[:], self.allowed, self.trigger
        c.hands = self.hands[:]
        c.placed = [p[:] for p in self.placed]
        c.flips, c.wrong, c.last_flip = self.flips, self.wrong, self.last_flip
        c.last_window = self.last_window  # replaced whole, never mutated
        c.legal = self.legal[:]
        return c

    def _recount(self) -> None:
        counts = [0] * 6
        for card in self.middle:
            counts[COLOUR[card]] += 1
        self.counts = counts
        self.colours = sum(1 for c in counts if c)

    # -- decisions and legality ---------------------------------------------------------
    def decision(self):
        d = self._decision
        if d is None:
            if self.open:
                d = Race(tuple(self.racing), CLOSE, self.window_ms, self.window)
            elif self.ending:
                d = OVER
            else:
                d = TURNS[self.turn]
            self._decision = d
        return d

    def legal_actions(self, player):
        # ``legal`` (one tuple per seat) is kept up to date by ``_apply``: bots ask every decision
        try:
            return self.legal[player] if player >= 0 else NONE
        except (IndexError, TypeError):
            return NONE

    def _legal_now(self, player: int) -> tuple[str, ...]:
        """The legal actions of ``player`` computed from scratch (``legal``'s definition)."""
        if self.open:
            if player in self.racing:
                placed = self.placed[player]
                if placed:
                    return _except(len(self.middle), placed[0])
                return ALL_SWATS[len(self.middle)]
            return NONE
        if player == self.turn and not self.ending:
            return FLIP
        return NONE

    def _rebuild_legal(self) -> None:
        self.legal = [self._legal_now(p) for p in range(self.players)]

    def why_illegal(self, player, action):
        """The rule that forbids ``action`` by ``player`` now (None if it is legal)."""
        if self.open:
            if action == "flip":
                return ("a swat window is open; the next card is turned over after every player has "
                        "finished swatting (flyswatter.md \"SWATTING FLIES!\")")
            if player not in self.racing:
                if len(self.placed[player]) >= self.hands_max:
                    hands = ("its only hand (with 5 or more players each player may use only one hand)"
                             if self.hands_max == 1 else "both its hands")
                    return (f"player {player} has already put {hands} on flies in this window "
                            f"(flyswatter.md \"SWATTING FLIES!\")")
                return f"player {player} has said done and swats no more in this window"
            if action.startswith("swat:"):
                m = len(self.middle)
                k = SWAT_N.get(action)
                if k is None or k > m:
                    return (f"there is no fly {action[5:]!r} in the middle; the flies are numbered 1 to {m} "
                            f"in the order they lie")
                if k in self.placed[player]:
                    return (f"player {player} already has a hand on fly {k}; a hand goes on one fly and "
                            f"both hands may not go on the same fly (flyswatter.md \"SWATTING FLIES!\")")
            return f"in a swat window the actions are swat:<n> (n = 1 to {len(self.middle)}) and done"
        if self.ending:
            return "the game is over (flyswatter.md \"GAME END\")"
        if action == "flip":
            return (f"it is player {self.turn}'s turn to turn over a card; players turn over cards in "
                    f"clockwise order (flyswatter.md \"TURN OVER CARDS\")")
        if action == DONE or action.startswith("swat"):
            return ("no swat window is open: players swat only after a fly-swatter, or a fly of a fifth "
                    "colour, is turned over (flyswatter.md \"IS IT A FLY-SWATTER?\")")
        return f"it is player {self.turn}'s turn and the only action is flip"

    def _illegal_message(self, decision, player, action, legal):
        reason = self.why_illegal(player, action)
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        return f"{action!r} is not legal for player {player}: {reason}; legal now: {shown or 'nothing'}"

    # -- applying actions -----------------------------------------------------------------
    def _apply(self, player, action, events):
        # the cached decision changes only when the racing players, the window or the turn do
        k = SWAT_N.get(action)
        if k is not None:
            self.hands.append((player, k))
            placed = self.placed[player]
            placed.append(k)
            if events is not None:
                events.append(Event("swat", {"player": player, "n": k, "card": NAME[self.middle[k - 1]],
                                             "window": self.window}))
            if len(placed) >= self.hands_max:  # out of hands: out of the race
                self._decision = None
                self.legal[player] = NONE
                racing = self.racing
                racing.remove(player)
                if not racing:
                    self._close("all done", events)
            else:
                self.legal[player] = _except(len(self.middle), k)
        elif action == DONE:
            self._decision = None
            self.legal[player] = NONE
            racing = self.racing
            racing.remove(player)
            if events is not None:
                events.append(Event("done", {"player": player, "window": self.window}))
            if not racing:
                self._close("all done", events)
        elif action == "flip":
            self._decision = None
            self._flip(player, events)
        else:  # the clock ran out: Race.default ``close``
            self._decision = None
            self._close("clock", events)

    def _flip(self, p: int, events) -> None:
        # flyswatter.md "TURN OVER CARDS": the top-most card of the player's stack
        stack = self.draw[p]
        card = stack.pop()
        self.flips += 1
        self.last_flip = (p, card)
        turn = self.turn = p + 1 if p + 1 < self.players else 0
        legal = self.legal
        legal[p] = NONE
        if not stack:  # flyswatter.md "GAME END": after the last card of a stack is turned over
            self.ending = True
        else:
            legal[turn] = FLIP
        if card == SWATTER:
            self._trigger(p, card, "swatter", events)
            return
        c = COLOUR[card]
        counts = self.counts
        if counts[c] == 0 and self.colours == 4:
            # flyswatter.md "5 DIFFERENT COLORS = 1 FLY-SWATTER"
            self._trigger(p, card, "fifth colour", events)
            return
        # flyswatter.md "IS IT A FLY?": it joins the middle, after the flies already there
        self.middle.append(card)
        if counts[c] == 0:
            self.colours += 1
        counts[c] += 1
        if events is not None:
            events.append(Event("flip", {"player": p, "card": NAME[card], "to": "middle",
                                         "n": len(self.middle)}))
            if self.ending:
                events.append(self._game_over_event())

    def _trigger(self, p: int, card: int, why: str, events) -> None:
        # the trigger leaves the game; it never lies in the middle
        self.triggers.append(card)
        self.trigger = card
        if events is not None:
            events.append(Event("flip", {"player": p, "card": NAME[card], "to": "removed", "trigger": why}))
        if not self.middle:
            # nothing to swat: no window opens (docs/rules/flyswatter.md "A trigger with no flies")
            if events is not None:
                events.append(Event("no_window", {"card": NAME[card]}))
                if self.ending:
                    events.append(self._game_over_event())
            return
        # flyswatter.md "SWATTING FLIES!": the most prevalent colour(s) at this moment
        counts = self.counts
        top = max(counts)
        allowed = 0
        for c in range(6):
            if counts[c] == top:
                allowed |= 1 << c
        self.allowed = allowed
        self.open = True
        self.window += 1
        self.racing = list(range(self.players))
        self.legal = [ALL_SWATS[len(self.middle)]] * self.players
        if events is not None:
            events.append(Event("window_open", {"window": self.window, "trigger": NAME[card],
                                                "allowed": self._allowed_names(),
                                                "timeout_ms": self.window_ms}))

    def _close(self, by: str, events) -> None:
        """flyswatter.md "SWATTING FLIES!": after all have finished swatting, check the hands
        in the order they landed."""
        middle, won, allowed = self.middle, self.won, self.allowed
        taken: set[int] = set()
        outcome = []
        for p, k in self.hands:
            card = middle[k - 1]
            if allowed >> COLOUR[card] & 1:
                if k in taken:  # another hand is under this one
                    outcome.append([p, k, card, LATE, None])
                else:
                    taken.add(k)
                    won[p].append(card)
                    outcome.append([p, k, card, WON, None])
            else:
                self.wrong += 1
                pile = won[p]
                if pile:  # the most recently won fly goes face down under the draw stack
                    lost = pile.pop()
                    self.draw[p].insert(0, lost)
                else:
                    lost = None
                outcome.append([p, k, card, PENALTY, lost])
        if taken:
            counts = self.counts
            for k in taken:
                c = COLOUR[middle[k - 1]]
                counts[c] -= 1
                if not counts[c]:
                    self.colours -= 1
            self.middle = [c for i, c in enumerate(middle, 1) if i not in taken]
        self.last_window = {"number": self.window, "trigger": self.trigger, "allowed": allowed,
                            "closed_by": by, "outcome": outcome}
        self.open = False
        self.racing = []
        self.hands = []
        for placed in self.placed:
            placed.clear()
        legal = self.legal = [NONE] * self.players
        if not self.ending:
            legal[self.turn] = FLIP
        if events is not None:
            events.append(Event("window_closed", {"window": self.window, "closed_by": by,
                                                  "outcome": _outcome_json(outcome)}))
            if self.ending:
                events.append(self._game_over_event())

    def _game_over_event(self) -> Event:
        r = self.result()
        return Event("game_over", {"scores": list(r.scores), "winners": list(r.winners),
                                   "flies_won": [len(w) for w in self.won]})

    # -- what players see -----------------------------------------------------------------
    def _allowed_names(self) -> list[str]:
        return [COLOURS[c] for c in range(6) if self.allowed >> c & 1]

    def view(self, player):
        """Everything is public except the order of the draw stacks (only their counts)
        and the cards removed unseen (only their number)."""
        open_ = self.open
        on: dict[int, list[int]] = {}
        if open_:
            for p, k in self.hands:
                on.setdefault(k, []).append(p)
        middle = [{"n": i, "card": NAME[c], "colour": COLOUR_NAME[c], "value": VALUE[c],
                   "hands": on.get(i, [])} for i, c in enumerate(self.middle, 1)]
        window = None
        if open_:
            window = {"number": self.window, "trigger": NAME[self.trigger], "allowed": self._allowed_names(),
                      "swatting": list(self.racing), "hands": [[p, k] for p, k in self.hands],
                      "hands_left": [self.hands_max - len(pl) for pl in self.placed],
                      "timeout_ms": self.window_ms}
        last = self.last_window
        if last is not None:
            last = {"number": last["number"], "trigger": NAME[last["trigger"]],
                    "allowed": [COLOURS[c] for c in range(6) if last["allowed"] >> c & 1],
                    "closed_by": last["closed_by"], "outcome": _outcome_json(last["outcome"])}
        won = self.won
        return {
            "game": "flyswatter", "seat": player, "players": self.players,
            "turn": None if self.ending else self.turn, "over": self.ending and not open_,
            "hands_per_player": self.hands_max, "draw_counts": [len(s) for s in self.draw],
            "middle": middle, "window": window, "last_window": last,
            "last_flip": None if self.last_flip is None else {"player": self.last_flip[0],
                                                              "card": NAME[self.last_flip[1]]},
            "won": [[NAME[c] for c in w] for w in won],
            "won_counts": [len(w) for w in won],
            "scores": [sum(VALUE[c] for c in w) for w in won],
            "removed": [NAME[c] for c in self.triggers],
            "removed_unseen": len(self.unseen),
            "flips": self.flips, "windows": self.window,
        }

    def result(self) -> Result:
        """Scores are the values of the flies won so far; ties go to the most flies won,
        then are shared (flyswatter.md "SCORING")."""
        scores = [sum(VALUE[c] for c in w) for w in self.won]
        keys = [(s, len(w)) for s, w in zip(scores, self.won)]
        best = max(keys)
        return Result(tuple(scores), tuple(p for p, k in enumerate(keys) if k == best),
                      ranks_from_keys(keys), self.ending and not self.open,
                      {"flies_won": [len(w) for w in self.won]})

    def all_cards(self) -> list[int]:
        out = list(self.unseen) + list(self.middle) + list(self.triggers)
        for s in self.draw:
            out.extend(s)
        for w in self.won:
            out.extend(w)
        return out


def _copy_outcome(last: dict | None) -> dict | None:
    if last is None:
        return None
    return {"number": last["number"], "trigger": last["trigger"], "allowed": last["allowed"],
            "closed_by": last["closed_by"], "outcome": [list(o) for o in last["outcome"]]}


def _outcome_json(outcome: list) -> list[dict]:
    return [{"player": p, "n": k, "card": NAME[card], "result": res,
             "lost": None if lost is None else NAME[lost]} for p, k, card, res, lost in outcome]
