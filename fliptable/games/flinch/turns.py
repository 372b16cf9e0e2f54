"""FLINCH turn flow: winning, ending a turn, the opening lay-down, drawing from the
stack (flinch.md "The Play", "To Win", "Additional Notes"). A mixin of ``FlinchState``."""
from __future__ import annotations

from ...core import Event
from .layout import HAND


class TurnFlow:
    """What happens between actions: the next turn, a lay-down, a draw, the end."""

    __slots__ = ()

    def _check_win(self, p: int, events) -> bool:
        """To Win: the first to play out the game pile (the whole team's, partnership)."""
        team = [q for q in range(self.players) if self.team_of[q] == self.team_of[p]]
        if any(self.game_piles[q] for q in team):
            return False
        self.over, self.winners, self.end = True, team, "won"
        self._clear_window()
        if events is not None:
            events.append(Event("game_over", {"winners": team, "reason": "won"}))
        return True

    def _end_turn(self, events) -> None:
        n, p = self.players, self.turn
        self.turns += 1
        if not self.stack and not self.removed:
            # Standstill (docs): the stack cannot be renewed and no card reached the centre
            # for two whole rounds -> the game is blocked for good and drawn.
            self.idle = 0 if self.played else self.idle + 1
            if self.idle >= 2 * n:
                self.over, self.winners, self.end = True, [], "blocked"
                if events is not None:
                    events.append(Event("game_over", {"winners": [], "reason": "blocked"}))
                return
        else:
            self.idle = 0
        self.played = False
        if not self.started and self.passes >= n and not self._anyone_has_starter():
            self._laydown(events)
            return
        nxt = (p + 1) % n
        self.turn = nxt
        if events is not None:
            events.append(Event("turn", {"player": nxt}))
        if not self.hands[nxt]:
            self._draw(nxt, events)

    def _anyone_has_starter(self) -> bool:
        s = self.starter
        for p in range(self.players):
            if any(s[v] for v in self.hands[p]):
                return True
            pile = self.game_piles[p]
            if pile and s[pile[-1]]:
                return True
        return False

    def _laydown(self, events) -> None:
        """The Play: nobody has a 1 -- whole hands to the reserves, each draws a new hand."""
        self.laydowns += 1
        self.passes = 0
        if events is not None:
            events.append(Event("laydown", {"round": self.laydowns}))
        if self.laydowns == 1:
            # the first time each card starts its own reserve pile (placement is forced)
            for q in range(self.players):
                hand = self.hands[q]
                for i, v in enumerate(hand):
                    self.reserves[q][i].append(v)
                    if events is not None:
                        events.append(Event("discard", {"player": q, "card": v, "reserve": i + 1,
                                                        "laydown": True}))
                self.hands[q] = []
                self._draw(q, events)
            self._resume(events)
        else:
            # "since all five piles have now been started, they may distribute them as they wish"
            self._next_layer(0, events)

    def _next_layer(self, q: int, events) -> None:
        while q < self.players:
            if self.hands[q]:
                self.laying = q
                return
            self._draw(q, events)
            q += 1
        self.laying = -1
        self._resume(events)

    def _resume(self, events) -> None:
        self.turn = 0   # play restarts with the player to the dealer's left
        if events is not None:
            events.append(Event("turn", {"player": 0}))
        if not self.hands[0]:
            self._draw(0, events)

    def _draw(self, p: int, events) -> None:
        """Draw up to five from the stack; finished piles are shuffled into a new stack when it is out."""
        hand = self.hands[p]
        got = 0
        while len(hand) < HAND:
            if not self.stack:
                if not self.removed:
                    break
                # "the removed cards are shuffled and dealt out again to continue the game"
                self.stack, self.removed = self.removed, []
                self.rng.shuffle(self.stack)
                self.restocks += 1
                if events is not None:
                    events.append(Event("restock", {"cards": len(self.stack)}))
            hand.append(self.stack.pop())
            got += 1
        if got:
            hand.sort()
            if events is not None:
                events.append(Event("draw", {"player": p, "count": got, "stack": len(self.stack)},
                                    {"hand": list(hand)}, (p,)))
