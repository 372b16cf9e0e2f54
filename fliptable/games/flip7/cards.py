"""The Flip 7 deck as data: 94 cards (flip7.md "The Deck"; the rulebook's "78" number
cards is a slip — 0×1, 1×1, 2×2 … 12×12 is 79)."""

from __future__ import annotations

from ...core.cards import CardTable, CardType

# Card ints 0..12 are the number cards of that value, so rules code compares directly.
_TYPES = [CardType(str(n), "number", rank=n) for n in range(13)]
_TYPES += [CardType(f"+{m}", "modifier", rank=m) for m in (2, 4, 6, 8, 10)]
_TYPES += [
    CardType("x2", "multiplier", rank=2),
    CardType("freeze", "action"),
    CardType("flip3", "action"),
    CardType("second", "action"),
]
CARDS = CardTable(_TYPES)

PLUS2, PLUS4, PLUS6, PLUS8, PLUS10 = (CARDS.by_name[f"+{m}"] for m in (2, 4, 6, 8, 10))
X2 = CARDS.by_name["x2"]
FREEZE = CARDS.by_name["freeze"]
FLIP3 = CARDS.by_name["flip3"]
SECOND = CARDS.by_name["second"]
#: bonus points of each modifier card, indexed by card int (0 for non-modifiers)
MODIFIER_POINTS = tuple((t.rank or 0) if t.kind == "modifier" else 0 for t in CARDS.types)

DECK_COUNTS = {
    **{str(n): max(n, 1) for n in range(13)},
    "freeze": 3,
    "flip3": 3,
    "second": 3,
    "+2": 1,
    "+4": 1,
    "+6": 1,
    "+8": 1,
    "+10": 1,
    "x2": 1,
}
DECK = tuple(CARDS.build(DECK_COUNTS))
assert len(DECK) == 94
