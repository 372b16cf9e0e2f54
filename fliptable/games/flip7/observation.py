"""Flip 7's view, declared (``core/schema.py``; ``Flip7State._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Obj, PerSeat, Seat, Seats, Window, Word, options_schema
from .cards import DECK, DECK_COUNTS, MODIFIER_POINTS
from .state import STATUS_NAMES, WINNING_SCORE

#: the best round: the seven highest numbers doubled by x2, every modifier, the Flip 7 bonus
MAX_ROUND_SCORE = 2 * sum(range(6, 13)) + sum(MODIFIER_POINTS) + 15
#: a total below 200 plus one round (the game ends once a total reaches 200)
MAX_TOTAL = WINNING_SCORE - 1 + MAX_ROUND_SCORE


def schema(game, players, options):
    deck = len(DECK)
    flip3 = DECK_COUNTS["flip3"]
    return Obj(
        {
            "game": Word("flip7"),
            "seat": Seat(),
            "players": Int(1, game.max_players),
            "round": Int(0, options["round_limit"]),
            "dealer": Seat(),
            "turn": Maybe(Seat()),
            "choice": Maybe(Obj({"kind": Word("give", "target"), "player": Seat(), "card": Card()})),
            "seats": PerSeat(
                Obj(
                    {
                        "cards": Cards(),
                        "status": Word(*STATUS_NAMES),
                        "round_score": Int(0, MAX_ROUND_SCORE),
                        "total": Int(0, MAX_TOTAL),
                        "second_chance": Bool(),
                    }
                )
            ),
            "scores": PerSeat(Int(0, MAX_TOTAL)),
            "draw_count": Int(0, deck),
            "discard": Cards(),
            # Flip Three jobs, innermost last: one per Flip Three card at most
            "flip_three": Window(Obj({"player": Seat(), "left": Int(0, 3), "set_aside": Cards()}), flip3, flip3),
            "last_round": Maybe(PerSeat(Int(0, MAX_ROUND_SCORE))),
            "over": Bool(),
            "winners": Seats(),
            "options": options_schema(game),
        }
    )


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = (
    "bust",
    "discard_second",
    "flip",
    "flip7",
    "flip_three",
    "freeze",
    "game_over",
    "give",
    "no_cards",
    "reshuffle",
    "round_cap",
    "round_end",
    "round_start",
    "second_chance",
    "stay",
)
