"""FLINCH's "Challenge" (enforce=table): when an action may be challenged, who is right,
and the penalty. A mixin of ``FlinchState``; the window itself is
``flinch_pack/challenge_window.py``.

``challenge=claim`` (default): a challenge is a claim out of turn while play goes on.
``challenge=window``: fliptable 1's rules, kept to replay its logs -- a timed window after
the action (the turn's end waits for it), secret answers credited to the caller nearest
the offender's left, and a penalty that may take a game pile's last card (which wins)."""

from __future__ import annotations

from bisect import bisect

from ...core import Event
from ...core.fields import MIXIN_SLOTS
from ..flinch_pack.cards import NAMES
from ..flinch_pack.challenge_window import ChallengeWindow
from .fields import FlinchFields
from .layout import RESERVES
from .notation import PUBLIC


class Challenges(ChallengeWindow, FlinchFields):
    """Opening, judging and paying for challenges."""

    __slots__ = MIXIN_SLOTS

    def _close_window(self) -> None:
        self.offender = self.undo_slot = -1
        if self.racing:  # (closed after every action: no new lists when empty)
            self.racing = []
        if self.callers:
            self.callers = []

    def _after_turn(self, p: int, action: str, neglect: bool, undo: int, events) -> None:
        """A discard or a pass ended ``p``'s turn: with claims the next turn starts and
        may carry the challenge; with the timed window the turn's end waits for it."""
        cfg = self.cfg
        callable_ = cfg.table and bool(cfg.opponents[p])
        if callable_ and cfg.window:
            self._open_on(p, action, neglect, False, True, undo, events)
            return
        laydowns = self.laydowns
        self._end_turn(events)
        if callable_ and not self.over and self.laydowns == laydowns:
            self._open_on(p, action, neglect, False, True, undo, events)

    def _open_on(self, p, action, neglect, refilled, ends_turn, undo_slot, events) -> None:
        """flinch.md "Challenge": after an action that could break a rule, the offender's
        opponents may call "Challenge"."""
        if self.cfg.window:
            self._open_race(p, self.cfg.opponents[p])
        else:
            self._open_window(p)
        self.offence, self.neglect, self.refilled = PUBLIC[action], bool(neglect), refilled
        self.ends_turn, self.undo_slot = ends_turn, undo_slot
        if events is not None:
            events.append(
                Event(
                    "window",
                    {
                        "offender": p,
                        "action": PUBLIC[action],
                        "window": self.window,
                        "game_pile_playable": bool(neglect),
                    },
                )
            )

    def deviated(self) -> bool:
        """Whether the action in the window broke a rule: it left a playable game-pile
        card (public), or the offender kept a 1 (a starter) he held when he made it --
        still in his hand, unless the action emptied it."""
        if self.neglect:
            return True
        if self.refilled:
            return False
        starter = self.cfg.starter
        return any(starter[v] for v in self.hands[self.offender])

    def _close_race(self, events) -> None:
        """challenge=window: everyone has answered (or the clock declined for them). "If
        two players challenge at the same time, the caller nearest to the left of the
        challenged player receives the credit"; nobody called: play goes on."""
        if self.callers:
            off, n = self.offender, self.players
            caller = min(self.callers, key=lambda c: (c - off) % n)
            self._resolve_call(caller, events)
            return
        ends = self.ends_turn
        self._close_window()
        if ends:
            self._end_turn(events)

    def _resolve_call(self, caller: int, events) -> None:
        """flinch.md "Challenge": the loser of the challenge gives the top card of his game
        pile to the bottom of the other's; a right challenge ends the offender's turn with
        no discard. "The player who first *plays* all the cards from his Game Pile wins":
        a giver whose pile holds one card (or none) gives nothing (challenge=window: he
        gives it, and wins, as in fliptable 1)."""
        off = self.offender
        right = self.deviated()
        ends_turn, undo, window = self.ends_turn, self.undo_slot, self.cfg.window
        self._close_window()
        self.challenges += 1
        self.right_challenges += right
        giver, taker = (caller, off) if right else (off, caller)
        card = None
        if len(self.game_piles[giver]) > (0 if window else 1):
            card = self._pop_game(giver)
            self.game_piles[taker].insert(0, card)  # to the bottom of the taker's pile
            self.game_seen[taker] += 1
        pile = self.game_piles[giver]
        if events is not None:
            events.append(
                Event(
                    "challenge_resolved",
                    {
                        "challenger": caller,
                        "offender": off,
                        "right": right,
                        "card": NAMES[card] if card is not None else None,
                        "from": giver,
                        "to": taker,
                    },
                )
            )
            if card is not None and pile:
                events.append(Event("game_pile_top", {"player": giver, "card": NAMES[pile[-1]], "count": len(pile)}))
        if card is not None and not pile and self._check_win(giver, events):
            return
        if right:
            # "A player successfully challenged ends his turn and does not discard"
            if undo >= 0:
                v = self.reserves[off * RESERVES + undo].pop()
                hand = self.hands[off]
                k = bisect(hand, v)
                hand.insert(k, v)
                self.hand_src[off].insert(k, -1)
                if events is not None:
                    events.append(Event("take_back", {"player": off, "card": NAMES[v], "reserve": undo + 1}))
            if not ends_turn or window:
                self._end_turn(events)
        elif window and ends_turn:
            self._end_turn(events)
