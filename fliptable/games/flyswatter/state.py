"""Fly-swatter rules: flipping, the swat window (a ``Race``), resolving hands, scoring.

Piles are lists of card ints. A draw stack is kept top first (``stack[0]`` is flipped
next; a penalty fly goes to the end, under the stack); ``known[p]`` counts the flies at
the bottom of seat ``p``'s stack that everyone saw go there (penalties): the only cards of
a stack anyone can name. A won stack is kept oldest first. Hands are recorded in the
order they land and all are checked together when the window closes
(docs/rules/flyswatter.md "When hands are resolved").
"""

from __future__ import annotations

from typing import ClassVar

from ...core.decision import Over, Race, Turn
from ...core.errors import OptionError, shorten
from ...core.events import Event
from ...core.result import Result, ranks_from_keys
from .cards import COLOUR, COLOUR_NAME, COLOURS, NAME, SWATTER, VALUE
from .fields import FlyswatterFields

#: a middle never holds more than four colours of 16 flies
MAX_MIDDLE = 64
SWAT = tuple(f"swat:{n}" for n in range(1, MAX_MIDDLE + 1))
SWAT_N = {a: n for n, a in enumerate(SWAT, 1)}
FLIP = ("flip",)
DONE = "done"
CLOSE = "close"
NONE: tuple[str, ...] = ()
#: legal actions of a swatter with no hand down, by the number of flies in the middle
ALL_SWATS = tuple((*SWAT[:m], DONE) for m in range(MAX_MIDDLE + 1))
#: (m, k) -> legal actions of a swatter whose one hand is on fly k of m
_EXCEPT: dict[int, tuple[str, ...]] = {}
TURNS = tuple(Turn(p) for p in range(8))
OVER = Over()

#: outcome of one hand at window close
WON, LATE, PENALTY = "won", "late", "penalty"
OUTCOMES = (WON, LATE, PENALTY)


def _except(m: int, k: int) -> tuple[str, ...]:
    key = m * 128 + k
    t = _EXCEPT.get(key)
    if t is None:
        t = _EXCEPT[key] = SWAT[: k - 1] + SWAT[k:m] + (DONE,)
    return t


class FlyswatterState(FlyswatterFields):
    """A game of Fly-swatter in progress."""

    FIELDS: ClassVar[dict[str, str]] = {
        "draw": "piles",  # per seat, top card first
        "known": "ints",  # per seat: public penalty flies at the bottom of the stack
        "middle": "cards",  # the flies face up, in the order laid (fly n is middle[n-1])
        "won": "piles",  # per seat, oldest first (the last is the one a penalty costs)
        "triggers": "cards",  # swatters and fifth colours removed, in order
        "unseen": "cards",  # removed unseen before dealing (option remove)
        "turn": "seat",  # whose flip is next
        "ending": "bool",  # a player has turned over their last card
        "window": "int",  # windows opened so far (the open one's number)
        "open": "bool",
        "racing": "seats",  # players still swatting in the open window
        "allowed": "int",  # bit c: colour c may be swatted in the open/last window
        "trigger": "card?",  # the open window's trigger
        "hands": "table",  # [player, fly number] per hand, in landing order
        "flips": "int",
        "wrong": "int",  # hands on a fly not allowed, over the game
        "last_flip": "ints?",  # [player, card]
        "last_window": "frozen?",  # the last closed window's record (replaced whole)
    }
    DERIVED: ClassVar[dict[str, str]] = {
        "counts": "ints",  # flies in the middle per colour
        "colours": "int",  # colours present in the middle
        "placed": "table",  # per seat, the fly numbers its hands are on
        "hands_max": "int",
        "window_ms": "num",
        "_decision": "ref",  # the decision, None until asked for
    }
    __slots__ = tuple(FIELDS) + tuple(DERIVED)

    # -- set-up -----------------------------------------------------------------------
    def _setup(self, deck: list[int]) -> None:
        n = self.players
        remove = self.options["remove"]
        if len(deck) - remove < n:
            raise OptionError(
                f"option remove={remove} leaves {len(deck) - remove} cards for {n} players; "
                f"accepted: at most {len(deck) - n} with {n} players"
            )
        # flyswatter.md "PREPARATION" note: remove cards unseen after shuffling (the top N)
        self.unseen = deck[:remove]
        rest = deck[remove:]
        # dealt one at a time in seat order; the first card dealt is the top
        self.draw = [rest[p::n] for p in range(n)]
        self.known = [0] * n
        self.middle = []
        self.won = [[] for _ in range(n)]
        self.triggers = []
        self.turn = 0  # "The fastest player begins": seat 0
        self.ending = False
        self.window = 0
        self.open = False
        self.racing = []
        self.allowed = 0
        self.trigger = None
        self.hands = []
        self.flips = 0
        self.wrong = 0
        self.last_flip = None
        self.last_window = None
        self._derive()

    def _derive(self) -> None:
        # flyswatter.md "SWATTING FLIES!": "with 5 or more players, each player may use only one hand"
        self.hands_max = 1 if self.players >= 5 else 2
        self.window_ms = float(self.options["window_ms"])
        self._decision = None
        counts = [0] * 6
        for card in self.middle:
            counts[COLOUR[card]] += 1
        self.counts = counts
        self.colours = sum(1 for c in counts if c)
        self.placed = [[] for _ in range(self.players)]
        for p, k in self.hands:
            self.placed[p].append(k)

    def _check(self) -> None:
        n = self.players
        for name in ("draw", "known", "won"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} must have one entry per seat")
        if any(not 0 <= self.known[p] <= len(self.draw[p]) for p in range(n)):
            raise ValueError("known counts cards at the bottom of a stack: 0 to its size")
        if SWATTER in self.middle or any(SWATTER in w for w in self.won):
            raise ValueError("a swatter never lies in the middle or in a won stack")
        if self.colours > 4:
            raise ValueError("the middle never shows five colours")
        if len(self.middle) > MAX_MIDDLE:
            raise ValueError("the middle holds at most 64 flies")
        if not 0 <= self.allowed < 64:
            raise ValueError("allowed is a set of the six colours")
        if self.window < 0 or self.flips < 0 or self.wrong < 0:
            raise ValueError("counters are never negative")
        if self.open:
            if self.trigger is None or self.window < 1 or not self.allowed or not self.middle:
                raise ValueError("an open window has a trigger, a number, allowed colours and flies")
            if not self.racing or len(set(self.racing)) != len(self.racing):
                raise ValueError("an open window has players still swatting, each once")
            for p, k in self.hands:
                if not 0 <= p < n or not 1 <= k <= len(self.middle):
                    raise ValueError("a hand is a seat on a fly of the middle")
            for p in range(n):
                placed = self.placed[p]
                if len(placed) > self.hands_max or len(set(placed)) != len(placed):
                    raise ValueError(f"seat {p} has more hands down than it has, or two on one fly")
                if p in self.racing and len(placed) >= self.hands_max:
                    raise ValueError(f"seat {p} has no hand left but is still racing")
        elif self.racing or self.hands:
            raise ValueError("with no window open nobody races and no hand is down")
        if not self.ending and not self.draw[self.turn]:
            raise ValueError("the player to flip has a card to flip unless the game is ending")
        if self.last_flip is not None and (
            len(self.last_flip) != 2 or not 0 <= self.last_flip[0] < n or not 0 <= self.last_flip[1] < len(NAME)
        ):
            raise ValueError("last_flip is [seat, card]")
        last = self.last_window
        if last is not None:
            if not isinstance(last, dict) or set(last) != {"number", "trigger", "allowed", "closed_by", "outcome"}:
                raise ValueError("last_window is a record of number, trigger, allowed, closed_by, outcome")
            if last["closed_by"] not in ("clock", "all done") or not isinstance(last["outcome"], list):
                raise ValueError("last_window was closed by the clock or by all done")
            for o in last["outcome"]:
                if (
                    not isinstance(o, list)
                    or len(o) != 5
                    or o[3] not in OUTCOMES
                    or not all(type(x) is int for x in o[:3])
                    or not (o[4] is None or (type(o[4]) is int and 0 <= o[4] < len(NAME)))
                    or not 0 <= o[2] < len(NAME)
                ):
                    raise ValueError("an outcome is [seat, fly, card, won|late|penalty, lost card or null]")
            if (
                type(last["trigger"]) is not int
                or not 0 <= last["trigger"] < len(NAME)
                or type(last["allowed"]) is not int
            ):
                raise ValueError("last_window names its trigger card and allowed colours")

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

    def _legal_actions(self, player):
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

    def timeout_action(self, player):
        """A player whose time ran out stops swatting (``done``), or flips on their turn."""
        return DONE if self.open and player in self.racing else super().timeout_action(player)

    def _illegal_reason(self, player, action):
        # said to the player refused: "you" is that player
        if self.open:
            if action == "flip":
                return (
                    "a swat window is open; the next card is turned over after every player has "
                    'finished swatting (flyswatter.md "SWATTING FLIES!")'
                )
            if player not in self.racing:
                if len(self.placed[player]) >= self.hands_max:
                    hands = (
                        "your only hand (with 5 or more players each player may use only one hand)"
                        if self.hands_max == 1
                        else "both your hands"
                    )
                    return f'you have already put {hands} on flies in this window (flyswatter.md "SWATTING FLIES!")'
                return "you have said done and swat no more in this window"
            if action.startswith("swat:"):
                m = len(self.middle)
                k = SWAT_N.get(action)
                if k is None or k > m:
                    return (
                        f"there is no fly {shorten(action[5:])!r} in the middle; the flies are numbered 1 to {m} "
                        f"in the order they lie"
                    )
                if k in self.placed[player]:
                    return (
                        f"you already have a hand on fly {k}; a hand goes on one fly and "
                        f'both hands may not go on the same fly (flyswatter.md "SWATTING FLIES!")'
                    )
            return f"in a swat window the actions are swat:<n> (n = 1 to {len(self.middle)}) and done"
        if self.ending:
            return 'the game is over (flyswatter.md "GAME END")'
        if action == "flip":
            return (
                f"it is seat {self.turn}'s turn to turn over a card; players turn over cards in "
                f'clockwise order (flyswatter.md "TURN OVER CARDS")'
            )
        if action == DONE or action.startswith("swat"):
            return (
                "no swat window is open: players swat only after a fly-swatter, or a fly of a fifth "
                'colour, is turned over (flyswatter.md "IS IT A FLY-SWATTER?")'
            )
        return f"it is seat {self.turn}'s turn and the only action is flip"

    def _illegal_message(self, decision, player, action, legal):
        # Every reason above is right for any seat, so a seat that is not among the
        # decision's actors (out of hands, done, not its turn) hears the rule too,
        # not only that it may not act now.
        reason = self._reason(player, action)
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        return f"{shorten(action)!r} is not legal for player {player}: {reason}; legal now: {shown or 'nothing'}"

    # -- applying actions -----------------------------------------------------------------
    def _apply(self, player, action, events):
        # the cached decision changes only when the racing players, the window or the turn do
        k = SWAT_N.get(action)
        if k is not None:
            self.hands.append([player, k])
            placed = self.placed[player]
            placed.append(k)
            if events is not None:
                events.append(
                    Event("swat", {"player": player, "n": k, "card": NAME[self.middle[k - 1]], "window": self.window})
                )
            if len(placed) >= self.hands_max:  # out of hands: out of the race
                self._decision = None
                racing = self.racing
                racing.remove(player)
                if not racing:
                    self._close("all done", events)
        elif action == DONE:
            self._decision = None
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
        card = stack.pop(0)
        if self.known[p] > len(stack):
            self.known[p] = len(stack)
        self.flips += 1
        self.last_flip = [p, card]
        self.turn = p + 1 if p + 1 < self.players else 0
        if not stack:  # flyswatter.md "GAME END": after the last card of a stack is turned over
            self.ending = True
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
            events.append(Event("flip", {"player": p, "card": NAME[card], "to": "middle", "n": len(self.middle)}))
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
        if events is not None:
            events.append(
                Event(
                    "window_open",
                    {
                        "window": self.window,
                        "trigger": NAME[card],
                        "allowed": self._allowed_names(),
                        "timeout_ms": self.window_ms,
                    },
                )
            )

    def _close(self, by: str, events) -> None:
        """flyswatter.md "SWATTING FLIES!": "After all players have finished swatting
        flies, the players check to see if the flies are allowed." Every hand of the
        window is checked at once (docs/rules/flyswatter.md "When hands are resolved"):
        1. each allowed fly goes to the hand under the others (the first to land on it);
        2. each player's won flies go onto their won stack in the order the flies lie;
        3. then each hand on a fly that is not allowed costs its player the most recently
           won fly — one won in this same window included — which goes under their draw
           stack, a player's wrong hands paying in the order their flies lie.
        So nothing depends on the order in which one player's own hands landed. With
        ``check=landing`` (rules version 1) the hands are checked one by one instead."""
        middle, allowed = self.middle, self.allowed
        if self.options["check"] == "landing":
            winner, outcome = self._check_in_landing_order()
        else:
            winner, outcome = self._check_together()
        if winner:
            counts = self.counts
            for k in winner:
                c = COLOUR[middle[k - 1]]
                counts[c] -= 1
                if not counts[c]:
                    self.colours -= 1
            self.middle = [c for i, c in enumerate(middle, 1) if i not in winner]
        self.last_window = {
            "number": self.window,
            "trigger": self.trigger,
            "allowed": allowed,
            "closed_by": by,
            "outcome": outcome,
        }
        self.open = False
        self.racing = []
        self.hands = []
        for placed in self.placed:
            placed.clear()
        if events is not None:
            events.append(
                Event("window_closed", {"window": self.window, "closed_by": by, "outcome": _outcome_json(outcome)})
            )
            if self.ending:
                events.append(self._game_over_event())

    def _check_together(self) -> tuple[dict[int, int], list]:
        """Rules version 2 (``check=together``): wins first, then penalties (see ``_close``)."""
        middle, won, allowed, hands = self.middle, self.won, self.allowed, self.hands
        winner: dict[int, int] = {}
        wrong = False
        for p, k in hands:
            if allowed >> COLOUR[middle[k - 1]] & 1:
                if k not in winner:
                    winner[k] = p
            else:
                wrong = True
        for k in sorted(winner):
            won[winner[k]].append(middle[k - 1])
        lost: dict[tuple[int, int], int | None] = {}
        if wrong:
            for p, k in sorted(hands):  # by player, then by fly number
                if not allowed >> COLOUR[middle[k - 1]] & 1:
                    lost[p, k] = self._penalty(p)
        outcome = []
        for p, k in hands:
            card = middle[k - 1]
            if wrong and (p, k) in lost:
                outcome.append([p, k, card, PENALTY, lost[p, k]])
            else:
                # one player never has two hands on one fly: the winner's hand is the first
                outcome.append([p, k, card, WON if winner[k] == p else LATE, None])
        return winner, outcome

    def _check_in_landing_order(self) -> tuple[dict[int, int], list]:
        """Rules version 1 (``check=landing``): hand by hand in the order they landed, a
        penalty costing the fly won most recently at that moment of the check."""
        middle, won, allowed = self.middle, self.won, self.allowed
        winner: dict[int, int] = {}
        outcome = []
        for p, k in self.hands:
            card = middle[k - 1]
            if allowed >> COLOUR[card] & 1:
                if k in winner:
                    outcome.append([p, k, card, LATE, None])
                else:
                    winner[k] = p
                    won[p].append(card)
                    outcome.append([p, k, card, WON, None])
            else:
                outcome.append([p, k, card, PENALTY, self._penalty(p)])
        return winner, outcome

    def _penalty(self, p: int) -> int | None:
        """flyswatter.md: "the player, as a penalty, must place his most-recently won fly
        face down under his draw stack. If the player has won no fly cards yet, he is
        fortunate and pays no penalty for his misdeed." The fly lost, or None."""
        self.wrong += 1
        pile = self.won[p]
        if not pile:
            return None
        card = pile.pop()
        self.draw[p].append(card)
        self.known[p] += 1
        return card

    def _game_over_event(self) -> Event:
        r = self.result()
        return Event(
            "game_over", {"scores": list(r.scores), "winners": list(r.winners), "flies_won": [len(w) for w in self.won]}
        )

    # -- hidden information -----------------------------------------------------------------
    def hidden_slots(self, player):
        """Nobody sees a draw stack's cards ("the players take their stacks face down
        without looking at the cards!") nor the cards removed unseen; the penalty flies at
        the bottom of a stack were seen going there by everyone and stay put."""
        slots = [(self.unseen, i) for i in range(len(self.unseen))]
        for p, stack in enumerate(self.draw):
            slots.extend((stack, i) for i in range(len(stack) - self.known[p]))
        return slots

    # -- what players see -----------------------------------------------------------------
    def _allowed_names(self) -> list[str]:
        return [COLOURS[c] for c in range(6) if self.allowed >> c & 1]

    def _view(self, player):
        """Everything is public except the draw stacks (only their counts) and the cards
        removed unseen (only their number)."""
        open_ = self.open
        on: dict[int, list[int]] = {}
        if open_:
            for p, k in self.hands:
                on.setdefault(k, []).append(p)
        middle = [
            {"n": i, "card": NAME[c], "colour": COLOUR_NAME[c], "value": VALUE[c], "hands": on.get(i, [])}
            for i, c in enumerate(self.middle, 1)
        ]
        last = self.last_window
        won = self.won
        over = self.ending and not open_
        return {
            "game": "flyswatter",
            "seat": player,
            "players": self.players,
            "turn": None if self.ending or open_ else self.turn,
            "next": None if self.ending else self.turn,
            "over": over,
            "winners": list(self.result().winners) if over else [],
            "hands_per_player": self.hands_max,
            "draw_counts": [len(s) for s in self.draw],
            "middle": middle,
            "window": self._window_json() if open_ else None,
            "last_window": None if last is None else self._last_window_json(),
            "last_flip": None
            if self.last_flip is None
            else {"player": self.last_flip[0], "card": NAME[self.last_flip[1]]},
            "won": [[NAME[c] for c in w] for w in won],
            "won_counts": [len(w) for w in won],
            "scores": [sum(VALUE[c] for c in w) for w in won],
            "removed": [NAME[c] for c in self.triggers],
            "removed_unseen": len(self.unseen),
            "flips": self.flips,
            "windows": self.window,
        }

    def _window_json(self) -> dict:
        """The open window as the view shows it (also written by ``fastobs.py``)."""
        assert self.trigger is not None, "an open window has a trigger"
        return {
            "number": self.window,
            "trigger": NAME[self.trigger],
            "allowed": self._allowed_names(),
            "swatting": list(self.racing),
            "hands": [[p, k] for p, k in self.hands],
            "hands_left": [self.hands_max - len(pl) for pl in self.placed],
            "timeout_ms": self.window_ms,
        }

    def _last_window_json(self) -> dict:
        """The last closed window as the view shows it (also written by ``fastobs.py``)."""
        last = self.last_window
        assert last is not None, "asked only once a window has closed"
        return {
            "number": last["number"],
            "trigger": NAME[last["trigger"]],
            "allowed": [COLOURS[c] for c in range(6) if last["allowed"] >> c & 1],
            "closed_by": last["closed_by"],
            "outcome": _outcome_json(last["outcome"]),
        }

    def result(self) -> Result:
        """Scores are the values of the flies won so far; once the game is over the
        winners have the highest score, ties going to the most flies won, then shared
        (flyswatter.md "SCORING"). Before that ``details.leading`` says who leads."""
        scores = [sum(VALUE[c] for c in w) for w in self.won]
        keys = [(s, len(w)) for s, w in zip(scores, self.won, strict=True)]
        best = max(keys)
        leading = tuple(p for p, k in enumerate(keys) if k == best)
        over = self.ending and not self.open
        return Result(
            tuple(scores),
            leading if over else (),
            ranks_from_keys(keys),
            over,
            {"flies_won": [len(w) for w in self.won], "leading": list(leading)},
        )

    def all_cards(self) -> list[int]:
        out = list(self.unseen) + list(self.middle) + list(self.triggers)
        for s in self.draw:
            out.extend(s)
        for w in self.won:
            out.extend(w)
        return out


def _outcome_json(outcome: list) -> list[dict]:
    return [
        {"player": p, "n": k, "card": NAME[card], "result": res, "lost": None if lost is None else NAME[lost]}
        for p, k, card, res, lost in outcome
    ]
