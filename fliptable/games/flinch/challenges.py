"""FLINCH challenge windows (flinch.md "Challenge", ``enforce=table``): after a play or
discard that may deviate from the rules, the opponents may challenge. A mixin of
``FlinchState``: the window's fields are declared there."""
from __future__ import annotations

from bisect import insort

from ...core import Event
from .notation import PUBLIC


class ChallengeWindows:
    """Opening, answering and closing a challenge window."""

    __slots__ = ()

    def _deviates(self, action: str) -> bool:
        """Whether ``action`` skips a play the rules require first (table mode only)."""
        if self._legal is None:
            self._gen()
        must = self._must
        return bool(must) and action not in must

    def _open_window(self, p, action, deviation, neglect, ends_turn, undo_slot, events) -> None:
        if self.over or not self.opponents[p]:
            if ends_turn:
                self._end_turn(events)
            return
        self.window += 1
        self.responders = list(self.opponents[p])
        self.challengers = []
        self.offender, self.deviation, self.neglect = p, deviation, neglect
        self.ends_turn, self.undo_slot, self.last_action = ends_turn, undo_slot, action
        if events is not None:
            events.append(Event("window", {"offender": p, "action": PUBLIC[action], "window": self.window,
                                           "game_pile_playable": neglect}))

    def _answer(self, player, kind, events) -> None:
        if player is None:      # the clock ran out: everyone still silent declines
            self.responders = []
            if events is not None:
                events.append(Event("window_closed", {"offender": self.offender, "window": self.window}))
        else:
            self.responders.remove(player)
            if kind == "challenge":
                self.challengers.append(player)
            if events is not None:
                # calls in one window are simultaneous and secret: only the caller sees who
                # answered and how, until the window closes ("challenge_resolved" names them)
                events.append(Event("answer", {"offender": self.offender, "window": self.window},
                                    {"player": player, "call": kind}, (player,)))
        if not self.responders:
            self._close_window(events)

    def _close_window(self, events) -> None:
        off, n = self.offender, self.players
        ends = self.ends_turn
        if self.challengers:
            # Challenge: "the caller nearest to the left of the challenged player receives the credit"
            caller = min(self.challengers, key=lambda c: (c - off) % n)
            right = self.deviation
            self.challenges += 1
            self.right_challenges += right
            giver, taker = (caller, off) if right else (off, caller)
            card = None
            if self.game_piles[giver]:
                card = self.game_piles[giver].pop()
                self.game_piles[taker].insert(0, card)   # to the bottom of the taker's pile
            if events is not None:
                events.append(Event("challenge_resolved", {
                    "challenger": caller, "callers": sorted(self.challengers, key=lambda c: (c - off) % n),
                    "offender": off, "right": right, "card": card, "from": giver, "to": taker}))
            self._clear_window()
            if card is not None and not self.game_piles[giver] and self._check_win(giver, events):
                return
            if right:
                # "A player successfully challenged ends his turn and does not discard"
                if self.undo_slot >= 0:
                    v = self.reserves[off][self.undo_slot].pop()
                    insort(self.hands[off], v)
                ends = True
        else:
            self._clear_window()
        if ends:
            self._end_turn(events)

    def _clear_window(self) -> None:
        self.responders, self.challengers = [], []
