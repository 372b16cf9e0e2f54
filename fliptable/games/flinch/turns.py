"""FLINCH turn flow: winning, ending a turn, the opening lay-down, drawing from the
stack (flinch.md "The Play", "To Win", "Additional Notes"). A mixin of ``FlinchState``."""

from __future__ import annotations

from ...core import Event
from ...core.fields import MIXIN_SLOTS
from ..flinch_pack.cards import NAMES, names
from .fields import FlinchFields
from .layout import HAND, RESERVES


class TurnFlow(FlinchFields):
    """What happens between actions: the next turn, a lay-down, a draw, the end."""

    __slots__ = MIXIN_SLOTS

    def _finish(self, winners: list[int], end: str, events) -> None:
        self.over, self.winners, self.end = True, winners, end
        self._close_window()
        if events is not None:
            events.append(Event("game_over", {"winners": list(winners), "reason": end}))

    def _check_win(self, p: int, events) -> bool:
        """To Win: the first to play out the game pile (the whole team's, partnership)."""
        team_of = self.cfg.team_of
        team = [q for q in range(self.players) if team_of[q] == team_of[p]]
        if any(self.game_piles[q] for q in team):
            return False
        self._finish(team, "won", events)
        return True

    def _end_turn(self, events) -> None:
        n, p = self.players, self.turn
        self.turns += 1
        if not self.stack and not self.removed:
            # Standstill (docs): the stack is out for good and, once the game was blocked
            # when the turn came round to seat 0, a whole round from seat 0 brought no card
            # to the centre: nobody holds a releasing card, and the game is drawn.
            self.idle = 0 if self.played else self.idle + 1
            if (p == n - 1 or self.cfg.two_rounds) and self.idle >= 2 * n:
                self._finish([], "blocked", events)
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
        s = self.cfg.starter
        for p in range(self.players):
            if any(s[v] for v in self.hands[p]):
                return True
            pile = self.game_piles[p]
            if pile and s[pile[-1]]:
                return True
        return False

    def _laydown(self, events) -> None:
        """The Play: nobody has a 1 -- whole hands to the reserves, each draws a new hand.
        Every hand is shown, so a challenge of the last pass is moot: its window closes."""
        self._close_window()
        self.laydowns += 1
        self.passes = 0
        if events is not None:
            events.append(Event("laydown", {"round": self.laydowns}))
        if self.laydowns == 1:
            # the first time each card starts its own reserve pile (placement is forced)
            for q in range(self.players):
                hand = self.hands[q]
                for i, v in enumerate(hand):
                    self.reserves[q * RESERVES + i].append(v)
                    if events is not None:
                        events.append(
                            Event("discard", {"player": q, "card": NAMES[v], "reserve": i + 1, "laydown": True})
                        )
                self.hands[q] = []
                self.hand_src[q] = []
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
        self.turn = 0  # play restarts with the player to the dealer's left
        if events is not None:
            events.append(Event("turn", {"player": 0}))
        if not self.hands[0]:
            self._draw(0, events)

    def _draw(self, p: int, events) -> None:
        """Draw up to five from the stack; finished piles are shuffled into a new stack
        when it is out. A card remembers which stack it came from (``hand_src``)."""
        hand, src = self.hands[p], self.hand_src[p]
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
            src.append(self.restocks)
            got += 1
        if got:
            if src.count(src[0]) == len(src):  # one stack: the hand's order is the cards'
                hand.sort()
            else:
                pairs = sorted(zip(hand, src, strict=True))
                hand[:] = [v for v, _ in pairs]
                src[:] = [s for _, s in pairs]
            if events is not None:
                events.append(
                    Event("draw", {"player": p, "count": got, "stack": len(self.stack)}, {"hand": names(hand)}, (p,))
                )
