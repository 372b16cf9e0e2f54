"""Go to the Store (flinch.md "Go to the Store"): six cards each, the rest is the Store;
ask any player for all their cards of a number you hold, ask again while you succeed,
"Go to the Store" draws the top card and the turn passes; books of four; most books
wins. Decisions are recorded in docs/rules/go_to_the_store.md."""

from __future__ import annotations

from ...core import Event
from ..asking.record import DRAW, DRAW_WHY
from ..asking.state import NAMES, AskingState

HAND = 6  # "deal six cards to each player"


class StoreState(AskingState):
    """Go to the Store: all cards of the number per successful ask; a failed ask draws
    from the store and passes the turn; an empty hand draws from the store."""

    __slots__ = ()
    GIVE_ALL = True
    HAS_STORE = True
    MAY_STOP = False
    RULE = "Go to the Store rules"
    HOLD_QUOTE = "he must hold at least one of the number asked for in his own hand"

    def deal_count(self) -> int:
        return HAND * self.players

    def _draw(self, player: int, events, why: int) -> bool:
        if not self.store:
            return False
        card = self.store.pop(0)  # the top of the Store
        self.hands[player][card] += 1
        self.history.append([DRAW, player, why])
        if events is not None:
            events.append(
                Event(
                    "draw",
                    {"player": player, "why": DRAW_WHY[why], "store": len(self.store)},
                    {"card": NAMES[card]},
                    (player,),
                )
            )
        if self.hands[player][card] == 4:
            self._lay_book(player, card, events)
        return True

    def _failed(self, player: int, number: int, events) -> None:
        # "Go to the Store": draw the top card; "it is the next player's turn to ask"
        # (even when the card drawn is the number asked for)
        if not self._draw(player, events, 0) and events is not None:
            events.append(Event("store_empty", {"player": player}))
        self._pass_turn(player, events)

    def _refill_empty_hand(self, player: int, events) -> bool:
        # decision: a player to ask with an empty hand draws from the Store and goes on
        return self._draw(player, events, 1) and any(self.hands[player])
