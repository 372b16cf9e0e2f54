"""A small game that exercises every kernel decision (used only by the kernel's tests).

Snap: 20 cards (1-5, four of each). On a turn the player ``flip``s the top card of the
draw pile onto the table pile. If it matches the card under it, a ``Race`` opens: every
player may ``snap`` (the first wins the table pile, one point per card) or ``pass``;
the clock's default ``close`` ends the window with nobody winning. Every fifth flip, a
``Simultaneous`` guess follows: each player commits ``odd`` or ``even`` secretly; those
who guess the parity of the next card score a point. The game ends when the pile is out.
"""

from __future__ import annotations

from typing import ClassVar

from fliptable.core import (
    CardTable,
    CardType,
    Event,
    Game,
    Option,
    Over,
    Race,
    Result,
    Simultaneous,
    Turn,
    ranks_from_keys,
)

CARDS = CardTable([CardType(str(r), "number", rank=r) for r in range(1, 6)])
from fliptable.core.game import State  # noqa: E402


class Snap(State):
    __slots__ = ("draw", "flips", "guesses", "guessing", "racing", "scores", "table", "turn", "window", "won")
    FIELDS: ClassVar[dict[str, str]] = {
        "draw": "cards",
        "table": "cards",
        "won": "cards",
        "scores": "ints",
        "turn": "seat",
        "flips": "int",
        "racing": "seats",
        "guesses": "json",
        "guessing": "bool",
        "window": "int",
    }

    def _setup(self, deck):
        self.draw = list(deck)
        self.table, self.won, self.scores = [], [], [0] * self.players
        self.turn, self.flips, self.window = 0, 0, 0
        self.racing: list[int] = []
        self.guesses: dict[str, str] = {}  # seat (as text, JSON's keys) -> secret guess
        self.guessing = False

    def _check(self):
        if len(self.scores) != self.players:
            raise ValueError("one score per player")

    def hidden_slots(self, player):
        # the draw pile's order is hidden from everyone
        return [(self.draw, i) for i in range(len(self.draw))]

    def decision(self):
        if self.racing:
            return Race(tuple(self.racing), "close", self.options["window_ms"], self.window)
        if self.guessing:
            return Simultaneous(tuple(p for p in range(self.players) if str(p) not in self.guesses))
        if not self.draw:
            return Over()
        return Turn(self.turn)

    def _legal_actions(self, player):
        d = self.decision()
        if player not in d.players:
            return ()
        if isinstance(d, Race):
            return ("snap", "pass")
        if isinstance(d, Simultaneous):
            return ("odd", "even")
        return ("flip",)

    def _illegal_reason(self, player, action):
        if action == "snap" and not self.racing:
            return "snap only when the flipped card matches the one under it"
        return None

    def _apply(self, player, action, events):
        if player is None:  # the race clock ran out
            self.racing = []
            if events is not None:
                events.append(Event("window_closed", {}))
            return
        if action == "flip":
            card = self.draw.pop(0)
            self.table.append(card)
            self.flips += 1
            if events is not None:
                events.append(Event("flip", {"player": player, "card": CARDS.name(card)}))
            if len(self.table) >= 2 and self.table[-1] == self.table[-2]:
                self.racing = list(range(self.players))
                self.window += 1
            if self.flips % 5 == 0 and self.draw:
                self.guessing = True
            self.turn = (self.turn + 1) % self.players
        elif action == "snap":
            self.scores[player] += len(self.table)
            if events is not None:
                events.append(Event("snap", {"player": player, "cards": len(self.table)}))
            self.won += self.table
            self.table = []
            self.racing = []
        elif action == "pass":
            self.racing.remove(player)
        else:
            self.guesses[str(player)] = action
            if events is not None:
                events.append(Event("guess", {"player": player}, {"guess": action}, (player,)))
            if len(self.guesses) == self.players:
                parity = "odd" if CARDS[self.draw[0]].rank % 2 else "even"
                for p, g in self.guesses.items():
                    self.scores[int(p)] += g == parity
                self.guesses = {}
                self.guessing = False

    def _view(self, player):
        return {
            "table": [CARDS.name(c) for c in self.table],
            "draw_count": len(self.draw),
            "scores": list(self.scores),
            "committed": sorted(int(p) for p in self.guesses),
            "my_guess": self.guesses.get(str(player)) if player is not None else None,
        }

    def all_cards(self):
        return self.draw + self.table + self.won

    def result(self):
        keys = list(self.scores)
        best = max(keys)
        over = self.is_over()
        return Result(
            tuple(self.scores),
            tuple(p for p, s in enumerate(keys) if s == best) if over else (),
            ranks_from_keys(keys),
            over,
        )


class SnapGame(Game):
    id = "snap"
    title = "Snap (kernel test game)"
    min_players, max_players, default_players = 1, 4, 2
    options = (Option("window_ms", "float", 1000.0, "race window length", min=1, max=60_000),)
    # the declared record's tail, alike in every game on purpose (a toy game is a game)
    cards = CARDS
    notation = "flip | snap | pass | odd | even"
    state_class = Snap

    def deck(self, players, options):
        return CARDS.build({str(r): 4 for r in range(1, 6)})

    def action_space(self, players, options):
        return ("flip", "snap", "pass", "odd", "even")

    def max_decisions(self, players, options):
        return 20 * (1 + 2 * players)  # each flip, then at most every player in a race or guess


SNAP = SnapGame()
