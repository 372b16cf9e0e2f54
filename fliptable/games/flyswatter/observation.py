"""Fly-swatter's view, declared (``core/schema.py``; ``FlyswatterState._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Num, Obj, PerSeat, Seat, Seats, Tuple, Window, Word
from .cards import COLOURS, VALUE_COPIES
from .state import MAX_MIDDLE, OUTCOMES


def schema(game, players, options):
    deck = len(game.deck(players, options))
    decisions = game.max_decisions(players, options)
    hands = 1 if players >= 5 else 2  # FlyswatterState.hands_max
    window_ms = next(o for o in game.options if o.name == "window_ms")
    middle = Int(1, MAX_MIDDLE)  # a card's place in the middle, 1 first
    allowed = Window(Word(*COLOURS), len(COLOURS), len(COLOURS))
    fly = Obj(
        {
            "n": middle,
            "card": Card(),
            "colour": Word(*COLOURS),
            "value": Int(1, max(VALUE_COPIES)),
            # the seats with a hand on it (a seat's two hands: twice)
            "hands": Window(Seat(), 4, players * hands),
        }
    )
    outcome = Obj({"player": Seat(), "n": middle, "card": Card(), "result": Word(*OUTCOMES), "lost": Maybe(Card())})
    return Obj(
        {
            "game": Word("flyswatter"),
            "seat": Seat(),
            "players": Int(game.min_players, game.max_players),
            "turn": Maybe(Seat()),
            "next": Maybe(Seat()),
            "over": Bool(),
            "winners": Seats(),
            "hands_per_player": Int(hands, hands),
            "draw_counts": PerSeat(Int(0, deck)),
            "middle": Window(fly, 16, MAX_MIDDLE),
            "window": Maybe(
                Obj(
                    {
                        "number": Int(1, decisions),
                        "trigger": Card(),
                        "allowed": allowed,
                        "swatting": Seats(),
                        # every hand down, in the order laid: [seat, place in the middle]
                        "hands": Window(Tuple(Seat(), middle), players * hands, players * hands),
                        "hands_left": PerSeat(Int(0, hands)),
                        "timeout_ms": Num(window_ms.min, window_ms.max),
                    }
                )
            ),
            "last_window": Maybe(
                Obj(
                    {
                        "number": Int(1, decisions),
                        "trigger": Card(),
                        "allowed": allowed,
                        "closed_by": Word("clock", "all done"),
                        "outcome": Window(outcome, 8, players * hands),
                    }
                )
            ),
            "last_flip": Maybe(Obj({"player": Seat(), "card": Card()})),
            "won": PerSeat(Cards()),
            "won_counts": PerSeat(Int(0, deck)),
            "scores": PerSeat(Int(0, deck * 5)),
            "removed": Cards(),
            "removed_unseen": Int(0, deck),
            "flips": Int(0, decisions),
            "windows": Int(0, decisions),
        }
    )


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = ("done", "flip", "game_over", "no_window", "swat", "window_closed", "window_open")
