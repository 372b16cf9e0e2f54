"""FLAPS's view, declared (``core/schema.py``; ``Views._view``): Levels 5-7 add keys."""

from __future__ import annotations

from ...core.schema import Bool, Card, Cards, Int, Maybe, Obj, PerSeat, Seat, Seats, Window, Word
from .cards import COLOUR, RANK, SPOOF_VALUE, SUIT_NAMES, SUITS
from .tables import PHASES


def schema(game, players, options):
    deck = game.deck(players, options)
    size = len(deck)
    level, games = options["level"], options["games"]
    follows = sorted({"/".join(SUIT_NAMES[s] for s in COLOUR[c]) for c in range(len(COLOUR)) if COLOUR[c]})
    committed = PerSeat(Bool())
    fields = {
        "players": Int(game.min_players, game.max_players),
        "seat": Seat(),
        "level": Int(level, level),
        "dealer": Seat(),
        "game": Int(1, games),
        "games": Int(games, games),
        "scores": PerSeat(Int(0, 2 * games)),
        "last_game": Maybe(
            Obj(
                {
                    "game": Int(1, games),
                    "winners": Seats(),
                    "double": Bool(),
                    "how": Word("out", "pack", "trumps", "spoof"),
                }
            )
        ),
        "turn": Maybe(Seat()),
        "acting": Maybe(Seat()),
        "phase": Word(*PHASES),
        "direction": Int(-1, 1),
        "hand_counts": PerSeat(Int(0, size)),
        "shown": PerSeat(Cards()),  # cards of each hand shown to everyone
        "draw_count": Int(0, size),
        "discard": Cards(),
        "top": Card(),
        "lead": Obj({"suit": Maybe(Word(*SUITS, "any")), "rank": Maybe(Int(0, max(RANK)))}),
        "attack": Maybe(Obj({"sum": Int(0, sum(max(RANK[c], 0) for c in deck)), "card": Card()})),
        "flapping": Bool(),
        "last_flapper": Maybe(Seat()),
        "mega": Maybe(Obj({"seat": Seat(), "laid": Int(0, 3), "cap": Int(0, 3)})),
        "dump_left": Maybe(Int(0, 3)),
        "scuffle": Maybe(Obj({"target": Seat(), "from": Seat()})),
        "follow": Maybe(Word(*follows, "king'n'lay")),
        "trumps": Maybe(
            Obj({"suit": Word(*SUITS), "caller": Seat(), "committed": committed, "mine": Card()}, optional=("mine",))
        ),
        "spoof": Maybe(
            Obj(
                {
                    "caller": Seat(),
                    "committed": committed,
                    "calls": PerSeat(Maybe(Int(0, max(SPOOF_VALUE) * players))),
                    "mine": Card(),
                },
                optional=("mine",),
            )
        ),
        "forgot": Seats(),
        "unsaid": Seats(),
        "over": Bool(),
        "winners": Seats(),
        "double_win": Bool(),
        "ended": Maybe(Word("out", "pack", "trumps", "spoof")),
        "hand": Cards(),
    }
    if level >= 5:
        fields["mystery"] = Cards(hidden=True)
        fields["guesses"] = Window(Obj({"player": Seat(), "card": Card(), "index": Int(0, size)}), 8, size)
        fields["you_know"] = PerSeat(Cards())
    if level >= 6:
        fields["downs"] = PerSeat(Window(Obj({"card": Maybe(Card()), "up": Bool()}), 4, size))
        fields["taken"] = Maybe(Card())
        fields["swap"] = Maybe(Obj({"seat": Seat(), "index": Int(0, size)}))
    if level >= 7:
        fields["monty"] = Maybe(
            Obj(
                {
                    "player": Seat(),
                    "chosen": Seat(),
                    "cards": Cards(hidden=True),
                    "indicated": Maybe(Int(0, 2)),
                    "shown": Maybe(Int(0, 2)),
                }
            )
        )
    return Obj(fields)


#: every Event.type the states emit (the information state counts them per seat)
EVENTS = (
    "call",
    "catch",
    "commit",
    "deal",
    "done",
    "down",
    "down_over",
    "down_peek",
    "down_swap",
    "down_take",
    "down_up",
    "downs_move",
    "draw",
    "draw_turn",
    "guess",
    "hand",
    "hand_peek",
    "knock",
    "last_card",
    "lay",
    "lost",
    "monty_lay",
    "monty_point",
    "monty_show",
    "monty_take",
    "secret",
    "solve",
    "spoof",
    "take",
    "trumps",
    "win",
)
