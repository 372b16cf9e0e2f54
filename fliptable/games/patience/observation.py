"""Patience's view, declared (``core/schema.py``; ``PatienceState._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Obj, Seat, Seats, Tuple, Word, options_schema
from .state import MAX_DECISIONS, SLOTS


def schema(game, players, options):
    deck = len(game.deck(players, options))
    top = max(int(game.cards.names[c]) for c in game.deck(players, options))
    slots = len(SLOTS)
    return Obj(
        {
            "game": Word("patience"),
            "players": Int(1, 1),
            "seat": Seat(),
            "turn": Maybe(Seat()),
            "over": Bool(),
            "won": Bool(),
            "winners": Seats(),
            "scores": Tuple(Int(0, slots * top)),  # the sum of the up cards
            "options": options_schema(game),
            "moves": Int(0, MAX_DECISIONS),
            "draw_count": Int(0, deck),
            "card": Maybe(Card()),
            "up": Tuple(*(Maybe(Card()) for _ in SLOTS)),
            "rows": Tuple(*(Cards() for _ in SLOTS)),
            "discard": Cards(),
        }
    )


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = ("fill", "move", "move_pile", "one_up", "over", "turn")
