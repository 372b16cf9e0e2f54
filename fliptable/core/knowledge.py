"""Who knows which card: the kernel's model of hidden information.

Each place that holds a card can carry a *knowledge mask*, an int whose bit ``p`` is
set when player ``p`` knows which card lies there. ``PUBLIC`` (every bit) is a face-up
card; ``NOBODY`` (0) a card nobody has seen — a deck card, or a Flush blind card that
is unknown even to its owner; ``only(p)`` a card in ``p``'s hand. Masks live beside
the cards in the state (a list parallel to a pile), are copied and saved with it, and
are read by three things, so that they can never disagree:

* views show a card to ``p`` exactly when ``knows(mask, p)`` (``shown``);
* events put a card in ``secret`` with ``audience(mask, players)``;
* ``determinize(p)`` re-deals exactly the places ``p`` does not know (``unknown_to``).

A spectator (``None``) knows only public cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

NOBODY = 0
PUBLIC = -1  # every bit set, for any number of players


def only(*players: int) -> int:
    """The mask of a card known to exactly these players."""
    mask = 0
    for p in players:
        mask |= 1 << p
    return mask


def knows(mask: int, player: int | None) -> bool:
    """Whether ``player`` (``None``: a spectator) knows the card under ``mask``."""
    if player is None:
        return mask == PUBLIC
    return bool(mask >> player & 1)


def tell(mask: int, *players: int) -> int:
    """``mask`` after these players have seen the card."""
    return mask | only(*players)


def audience(mask: int, players: int) -> tuple[int, ...] | None:
    """The seats an event may show the card to (``Event.audience``); None for nobody."""
    if mask == PUBLIC:
        return tuple(range(players))
    seats = tuple(p for p in range(players) if mask >> p & 1)
    return seats or None


def shown(
    cards: Sequence[int], masks: Sequence[int], player: int | None, name: Callable[[int], str]
) -> list[str | None]:
    """A pile as ``player`` sees it: card notation where they know the card, else None."""
    return [name(c) if knows(m, player) else None for c, m in zip(cards, masks, strict=True)]


def unknown_to(
    piles: Iterable[tuple[list[int], Sequence[int] | None]], player: int | None
) -> list[tuple[list[int], int]]:
    """The ``(pile, index)`` places of these piles whose card ``player`` does not know.
    A pile given with ``None`` masks is hidden from ``player`` entirely."""
    out: list[tuple[list[int], int]] = []
    for pile, masks in piles:
        if masks is None:
            out.extend((pile, i) for i in range(len(pile)))
        else:
            out.extend((pile, i) for i, m in enumerate(masks) if not knows(m, player))
    return out
