"""The Fly-swatter pack. flyswatter.md "CONTENTS": 112 cards, 96 flies (16 in each of six
colours: values 1 and 5 twice, 2, 3 and 4 four times) and 16 fly-swatters.

Card ints: 0 is the swatter; a fly of colour ``c`` (0-5) and value ``v`` (1-5) is
``1 + 5*c + (v-1)``. ``COLOUR`` and ``VALUE`` look both up by card int (swatter: -1, 0).
"""

from __future__ import annotations

from ...core.cards import CardTable, CardType

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
#: copies of each value in one colour (flyswatter.md "CONTENTS")
VALUE_COPIES = {1: 2, 2: 4, 3: 4, 4: 4, 5: 2}
SWATTERS = 16
SWATTER = 0

CARDS = CardTable(
    [CardType("swatter", "swatter")]
    + [CardType(f"{colour}{value}", "fly", rank=value, suit=colour) for colour in COLOURS for value in range(1, 6)]
)

#: colour index of each card int (-1 for the swatter)
COLOUR: tuple[int, ...] = (-1, *(c for c in range(6) for _ in range(5)))
#: value of each card int (0 for the swatter)
VALUE: tuple[int, ...] = (0, *(v for _ in range(6) for v in range(1, 6)))
NAME: tuple[str, ...] = CARDS.names
COLOUR_NAME: tuple[str | None, ...] = (None, *(COLOURS[c] for c in COLOUR[1:]))


def fly(colour: int, value: int) -> int:
    """The card int of a fly."""
    return 1 + 5 * colour + value - 1


def full_deck() -> list[int]:
    """The 112 cards in card-table order."""
    counts = {"swatter": SWATTERS}
    for colour in COLOURS:
        for value, n in VALUE_COPIES.items():
            counts[f"{colour}{value}"] = n
    return CARDS.build(counts)
