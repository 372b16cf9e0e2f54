"""The Flush card faces, as a fixed card table.

flush.md "Each deck consists of card values from 1-10 (8 cards for each value) and 10 x
Flush cards". A *face* is what is printed on a card that matters to the rules: its value
and its markings — Skip, Link, Deduction ★ — or, for a Flush card, whether it is a Big
Flush. Cards of one face are interchangeable, so a card is a small int naming its face;
the points in the small boxes (and a Deduction's ★ points) come from the deck spec
(``deckspec.py``), one number per face.

Notation: the value, then ``s`` (Skip), ``l`` (Link), ``d`` (Deduction ★), in that order:
``6``, ``6l``, ``4d``, ``7s``, ``9sld``. ``f`` is a Flush card, ``bf`` a Big Flush card.
"""

from __future__ import annotations

from ...core.cards import CardTable, CardType

SKIP, LINK, DEDUCTION = 1, 2, 4  # marking bits of a number face


def face_name(value: int, marks: int) -> str:
    return f"{value}{'s' if marks & SKIP else ''}{'l' if marks & LINK else ''}{'d' if marks & DEDUCTION else ''}"


def number_card(value: int, marks: int = 0) -> int:
    """The card int of a number face: value 1..10, marks a combination of the bits."""
    return (value - 1) * 8 + marks


_TYPES = []
for _v in range(1, 11):
    for _m in range(8):
        _flags = frozenset(n for bit, n in ((SKIP, "skip"), (LINK, "link"), (DEDUCTION, "deduction")) if _m & bit)
        _TYPES.append(CardType(face_name(_v, _m), "number", rank=_v, flags=_flags))
_TYPES.append(CardType("f", "flush"))
_TYPES.append(CardType("bf", "flush", flags=frozenset({"big"})))
CARDS = CardTable(_TYPES)

FLUSH = CARDS.by_name["f"]
BIG_FLUSH = CARDS.by_name["bf"]
NAMES = CARDS.names
NCARDS = len(CARDS)
#: per card int: its value (0 for Flush cards), and whether it carries each marking
VALUE = tuple(t.rank or 0 for t in CARDS.types)
IS_SKIP = tuple("skip" in t.flags for t in CARDS.types)
IS_LINK = tuple("link" in t.flags for t in CARDS.types)
IS_DEDUCTION = tuple("deduction" in t.flags for t in CARDS.types)
IS_FLUSH = tuple(t.kind == "flush" for t in CARDS.types)

VALUE_WORDS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
VALUE_PLURALS = ("", "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens")


def said(count: int, value: int) -> str:
    """A declaration as it is spoken: "3 Sixes", "1 Four"."""
    return f"{count} {VALUE_WORDS[value] if count == 1 else VALUE_PLURALS[value]}"


def card_order(name: str):
    """Cards in a hand: by value, Flush cards last, then by markings."""
    head = name.rstrip("sld")
    return (int(head) if head.isdigit() else 11, name)
