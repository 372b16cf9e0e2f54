"""Cards are small ints indexing a per-game card table; a deck is a list of ints.

A card table lists each distinct card face once (``CardType``); a deck spec says how
many copies of each face a pack holds. Cards of the same face are interchangeable, so a
deck in notation (``["7", "freeze", ...]``) maps back to ints without ambiguity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from .errors import DeckError


# a frozen dataclass's header: only the shape is shared (with tui/keys.py's Choice)
@dataclass(frozen=True, slots=True)
class CardType:
    """One card face: its notation, kind (``number``, ``action``...), rank, suit, flags."""

    name: str
    kind: str
    rank: int | None = None
    suit: str | None = None
    flags: frozenset[str] = field(default_factory=frozenset)


class CardTable:
    """The faces of one game, indexed by small ints, with notation lookup."""

    __slots__ = ("by_name", "names", "types")

    def __init__(self, types: Sequence[CardType]):
        self.types: tuple[CardType, ...] = tuple(types)
        self.names: tuple[str, ...] = tuple(t.name for t in self.types)
        self.by_name: dict[str, int] = {t.name: i for i, t in enumerate(self.types)}
        if len(self.by_name) != len(self.types):
            raise ValueError("card names must be unique")

    def __len__(self) -> int:
        return len(self.types)

    def __getitem__(self, card: int) -> CardType:
        return self.types[card]

    def name(self, card: int) -> str:
        """The notation of a card."""
        return self.names[card]

    def parse(self, text: str) -> int:
        """The card written ``text``; raises DeckError naming the accepted notation."""
        card = self.by_name.get(text.strip().lower())
        if card is None:
            raise DeckError(f"unknown card {text!r}; cards are written {', '.join(self.names)}")
        return card

    def build(self, counts: dict[str, int]) -> list[int]:
        """A deck (list of card ints, in table order) from ``{name: copies}``."""
        deck: list[int] = []
        for name, n in counts.items():
            deck.extend([self.by_name[name]] * n)
        return deck

    def parse_deck(self, cards: Iterable[str], expected: Sequence[int]) -> list[int]:
        """Parse a deck in notation, checking it is exactly ``expected`` as a multiset."""
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise DeckError("a deck must be a list of cards in notation, top card first")
        deck = [self.parse(c) if isinstance(c, str) else _bad_card(c, self) for c in cards]
        check_same_cards(deck, expected, self)
        return deck

    def format_deck(self, deck: Iterable[int]) -> list[str]:
        return [self.names[c] for c in deck]

    def stacked(self, top: Sequence[str], full: Sequence[int]) -> list[str]:
        """A complete deck in notation whose first cards are ``top`` and the rest of
        ``full`` after them, in table order (for scenarios: "the deck starts 5, 5, freeze...")."""
        rest = Counter(full)
        for name in top:
            card = self.parse(name)
            if rest[card] == 0:
                raise DeckError(f"the deck has no more {name!r} cards to put on top")
            rest[card] -= 1
        tail = []
        for card in full:
            if rest[card] > 0:
                rest[card] -= 1
                tail.append(self.names[card])
        return list(top) + tail


def _bad_card(c: object, table: CardTable) -> NoReturn:
    raise DeckError(f"a card must be a string like {table.names[0]!r}, got {c!r}")


def check_same_cards(deck: Sequence[int], expected: Sequence[int], table: CardTable) -> None:
    """Raise DeckError unless ``deck`` holds exactly the cards of ``expected``."""
    if len(deck) != len(expected) or Counter(deck) != Counter(expected):
        have, want = Counter(deck), Counter(expected)
        extra = have - want
        missing = want - have
        parts = [f"the deck must be exactly the game's {len(expected)} cards (got {len(deck)})"]
        if missing:
            parts.append("missing " + ", ".join(f"{table.name(c)}×{n}" for c, n in sorted(missing.items())))
        if extra:
            parts.append("extra " + ", ".join(f"{table.name(c)}×{n}" for c, n in sorted(extra.items())))
        raise DeckError("; ".join(parts))
