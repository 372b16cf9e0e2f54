"""The asking games' view, declared (``core/schema.py``; ``AskingState._view``):
Authors (``authors/observation.py``) and Go to the Store (``go_to_the_store/observation.py``,
with its Store)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Obj, PerSeat, Record, Seat, Seats, Window, Word
from .state import BOOKS, MAX_DECISIONS

#: a decision records at most an ask (or a stop), a draw and a book
ROWS_PER_DECISION = 3


def schema(game, players, options, *, store: bool = False):
    deck = len(game.deck(players, options))
    rows = {"ask": (Seat(), Seat(), Card(), Int(0, 3)), "book": (Seat(), Card())}
    rows.update({w: (Seat(),) for w in (("draw",) if store else ("stop",))})
    fields = {
        "game": Word(game.id),
        "players": Int(game.min_players, game.max_players),
        "seat": Seat(),
        "turn": Maybe(Seat()),
        "over": Bool(),
        "winners": Seats(),
        "scores": PerSeat(Int(0, BOOKS)),
        "hand_counts": PerSeat(Int(0, deck)),
        "books": PerSeat(Cards()),
        # the public record, oldest first: the vector keeps the last 16 rows
        "history": Window(Record(rows), 16, ROWS_PER_DECISION * MAX_DECISIONS),
        "successes_this_turn": Int(0, MAX_DECISIONS),
        "hand": Cards(order=int),
    }
    if store:
        fields["draw_count"] = Int(0, deck)
    return Obj(fields)


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = ("ask", "book", "decision_cap", "over", "skip", "stop", "turn")
