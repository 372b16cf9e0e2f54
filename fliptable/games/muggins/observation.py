"""Muggins' view, declared (``core/schema.py``; ``MugginsState._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Int, Maybe, Obj, PerSeat, Seat, Seats, Window, Word
from ..flinch_pack.cards import pack_count
from .notation import KEEP, SERIES, SKIP, WRONG


def schema(game, players, options):
    deck = len(game.deck(players, options))
    decisions = game.max_decisions(players, options)
    limit = options["round_limit"]
    slots = SERIES * pack_count(players, options)
    return Obj(
        {
            "seat": Seat(),
            "players": Int(game.min_players, game.max_players),
            "dealer": Seat(),
            "enforce": Word("table", "strict"),
            "turn": Maybe(Seat()),
            "turns": Int(0, limit * players),
            "round": Int(0, limit + 1),
            "round_limit": Int(limit, limit),
            "current": Maybe(Obj({"card": Card(), "from": Word("hand", "stock")})),
            "hand_counts": PerSeat(Int(0, deck)),
            "stocks": PerSeat(Obj({"top": Maybe(Card()), "count": Int(0, deck)})),
            # the top of each centre Playing Pile slot (null: a free slot)
            "centre": Window(Maybe(Card()), slots, slots),
            "removed_piles": Int(0, deck),
            "cards_left": PerSeat(Int(0, deck)),
            "scores": PerSeat(Int(-deck, 0)),
            "muggins": Maybe(
                Obj(
                    {
                        "offender": Seat(),
                        "offence": Word(KEEP, SKIP, WRONG),
                        "card": Card(),
                        "window": Int(0, decisions),
                    }
                )
            ),
            "over": Bool(),
            "ended": Maybe(Word("out", "round_limit")),
            "winner": Maybe(Seat()),
            "winners": Seats(),
        }
    )


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = (
    "answer",
    "deviation",
    "keep",
    "muggins",
    "penalty",
    "pile_done",
    "play",
    "reveal",
    "round_limit",
    "skip_stock",
    "take_back",
    "turn",
    "turn_over",
    "win",
)
