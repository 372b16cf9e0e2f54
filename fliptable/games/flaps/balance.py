"""What a FLAPS balance report counts (``core/balance.py``): a kind is a card as the
rulebook names it, without its suit (the four 2s are one kind, "2"; each special its
own: "MF - MEGA-FLAP (Hearts)", "ACE'N'LAY (ANY RED CARD)"); a player is dealt the seven
cards of each deal (a match of several games deals again) and holds their hand at the
end. No cap: the pack running out ends a game."""

from __future__ import annotations

from ...core.balance import Balance
from .cards import CARDS, FACES, SUIT_NAMES

_SUFFIXES = tuple(f" of {name.capitalize()}" for name in SUIT_NAMES)


def _kind(title: str) -> str:
    for suffix in _SUFFIXES:
        if title.endswith(suffix):
            return title[: -len(suffix)]
    return title


#: card int -> kind
KIND_OF = tuple(_kind(face.title) for face in FACES)


class FlapsBalance(Balance):
    counts_cards = True
    dealt_events = frozenset({"hand"})

    def kind(self, card):
        return KIND_OF[CARDS.by_name[card.name]]

    def dealt_cards(self, state):
        return state.hands

    def reads_events(self, options):
        return options["games"] > 1  # the later games' deals are told in "hand" events

    def dealt_by(self, event):
        if event.type == "hand" and event.secret:
            return event.data["player"], {KIND_OF[CARDS.by_name[c]] for c in event.secret["cards"]}
        return None

    def held_cards(self, state):
        return state.hands


BALANCE = FlapsBalance()
