"""FLINCH's view, declared (``core/schema.py``; ``View._view``)."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Obj, PerSeat, Seat, Seats, Tuple, Window, Word
from .layout import BUILD_NAMES, DECISIONS_PER_SEAT, RESERVES, max_piles, top_number
from .notation import PUBLIC


def schema(game, players, options):
    deck = len(game.deck(players, options))
    decisions = DECISIONS_PER_SEAT * players
    piles = max_piles(players, options)
    top = top_number(options)
    public = sorted({PUBLIC[a] for a in game.action_space(players, options) if a in PUBLIC})
    # a reserve pile: its top and size; its cards, bottom first, to its owner when
    # reserve_memory=off
    pile = {"top": Maybe(Card()), "count": Int(0, deck)}
    reserve = Obj(pile) if options["reserve_memory"] == "on" else Obj({**pile, "cards": Cards()}, optional=("cards",))
    return Obj(
        {
            "seat": Seat(),
            "players": Int(game.min_players, game.max_players),
            "dealer": Seat(),
            "phase": Word("opening", "laydown", "play", "over"),
            "turn": Maybe(Seat()),
            "turns": Int(0, decisions),
            "started": Bool(),
            "top_number": Int(top, top),
            "starters": Cards(order=int),
            "centre_variant": Word(options["centre"]),
            "enforce": Word("strict", "table"),
            "reserve_memory": Word("on", "off"),
            "teams": Maybe(Window(Seats(), 2, players)),
            "partners": Seats(),
            "scores": PerSeat(Int(-deck, 0)),
            "game_piles": PerSeat(Obj({"top": Maybe(Card()), "count": Int(0, deck)})),
            "hand_counts": PerSeat(Int(0, deck)),
            "reserves": PerSeat(Tuple(*(reserve for _ in range(RESERVES)))),
            # the centre piles in the order started; each pile's next cards, lowest first
            "centre": Window(
                Obj(
                    {
                        "pile": Int(1, piles),
                        "low": Card(),
                        "high": Card(),
                        "build": Word(*BUILD_NAMES.values()),
                        "next": Cards(order=int),
                    }
                ),
                11,
                piles,
            ),
            "draw_count": Int(0, deck),
            "stack_groups": Int(0, deck),
            "removed": Int(0, deck),
            "stack_exhausted": Bool(),
            "blocked": Bool(),
            "idle_turns": Int(0, decisions),
            "played_this_turn": Bool(),
            "challenges": Int(0, decisions),
            # the challenged action as the table saw it: the public form of one of the table's actions
            "challenge": Maybe(
                Obj(
                    {
                        "offender": Seat(),
                        "action": Word(*public),
                        "window": Int(0, decisions),
                        "game_pile_playable": Bool(),
                        "to_answer": Bool(),
                        "called": Bool(),
                    },
                    optional=("to_answer", "called"),
                )
            ),
            "over": Bool(),
            "winners": Seats(),
            "end": Maybe(Word("won", "blocked", "cap")),
            "hand": Cards(order=int),
        }
    )


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = (
    "answer",
    "challenge_resolved",
    "discard",
    "draw",
    "game_over",
    "game_pile_top",
    "laydown",
    "pass",
    "pile_finished",
    "play",
    "restock",
    "take_back",
    "turn",
    "window",
)
