"""Flush's view, declared (``core/schema.py``; ``View._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Null, Obj, PerSeat, Seat, Seats, Window, Word
from .cards import card_order
from .deckspec import spec_of
from .notation import MAX_BASES
from .tables import KINDS, MAX_ELIMINATION_ROUNDS, PHASES, total_rounds


def schema(game, players, options):
    spec = spec_of(options["deck"])
    deck = sum(spec.counts)
    # a round's points: every card held, Mimics x3; its deduction: every Deduction card, doubled
    round_max = 3 * sum(k * p for k, p in zip(spec.counts, spec.points, strict=True))
    deduction_max = 2 * sum(k * d for k, d in zip(spec.counts, spec.deduction, strict=True))
    mode = options["mode"]
    if mode == "elimination":
        total_max = options["limit"] - 1 + round_max
        rounds = Null()  # no number of rounds
    else:
        total_max = (total_rounds(options) + (mode == "arena")) * round_max
        rounds = Int(total_rounds(options), total_rounds(options))
    # rounds are counted from 1 (0 before the first is dealt), up to the mode's last
    last = total_rounds(options) or MAX_ELIMINATION_ROUNDS
    hand = Cards(order=card_order)
    fields = {
        "game": Word("flush"),
        "seat": Seat(),
        "players": Int(game.min_players, game.max_players),
        "mode": Word(mode),
        "round": Int(0, last),
        "rounds": rounds,
        "turn": Maybe(Seat()),
        "phase": Word(*PHASES, "over"),
        "first": Seat(),
        "previous": Maybe(Seat()),
        "mimic": Maybe(Int(1, 12)),
        "indicator": Card(),
        "pile": Cards(),
        "pile_as": Window(Int(0, 12), 12, deck),
        "run": Maybe(
            Obj({"value": Int(0, 12), "count": Int(0, deck), "links": Int(0, deck), "last_play": Int(0, deck)})
        ),
        "declared": Maybe(
            Obj(
                {
                    "player": Seat(),
                    "kind": Maybe(Word(*KINDS)),
                    "value": Maybe(Int(1, 12)),
                    "count": Maybe(Int(0, deck)),
                    "laid": Cards(),
                    "from": Window(Int(-1, MAX_BASES), 4, deck),
                }
            )
        ),
        "hand_counts": PerSeat(Int(0, deck)),
        "card_counts": PerSeat(Int(0, deck)),
        # what this seat knows of each other hand (null at its own seat)
        "known": PerSeat(Maybe(hand)),
        "bases": PerSeat(Cards(hidden=True)),
        "draw_count": Int(0, deck),
        "discard": Cards(),
        "scores": PerSeat(Int(0, total_max)),
        "playing": PerSeat(Bool()),
        "last_round": Maybe(
            Obj(
                {
                    "round": Int(1, last),
                    "winner": Maybe(Seat()),
                    "scores": PerSeat(Int(0, round_max)),
                    "deduction": Int(0, deduction_max),
                    "double": Bool(),
                    "eliminated": Seats(),
                }
            )
        ),
        "over": Bool(),
        "winners": Seats(),
        "hand": hand,
    }
    if mode == "elimination":
        fields["limit"] = Int(options["limit"], options["limit"])
    return Obj(fields)


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = (
    "blind",
    "deal",
    "deck_empty",
    "declare",
    "draw",
    "flush",
    "game_over",
    "keep",
    "pass",
    "pickup",
    "play",
    "round_cap",
    "round_end",
    "round_start",
    "skip",
    "swap",
)
