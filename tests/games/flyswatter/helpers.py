"""Deck builders for Fly-swatter scenarios.

Flips go in seat order from seat 0 and cards are dealt one at a time in seat order, so
(while no penalty changes a stack) the cards are flipped in deck order: ``flips`` lists
them in the order they will be turned over, and the rest of the pack follows.
"""

from __future__ import annotations

from collections import Counter

from fliptable.core import get_game
from fliptable.games.flyswatter.cards import CARDS, full_deck

GAME = get_game("flyswatter")
FULL = Counter(CARDS.format_deck(full_deck()))


def deck(flips=(), removed=(), tail_last=()):
    """A complete 112-card deck in notation: ``removed`` (taken out unseen with
    remove=len(removed)), then ``flips`` in flip order, then the rest of the pack,
    with ``tail_last`` at the very end."""
    used = Counter(removed) + Counter(flips) + Counter(tail_last)
    assert not (used - FULL), f"more cards than the pack holds: {used - FULL}"
    rest = FULL - used
    # the rest: flies only first, swatters last, so fillers rarely trigger anything early
    filler = sorted(rest.elements(), key=lambda c: (c == "swatter", c))
    return list(removed) + list(flips) + filler + list(tail_last)


def new(players=2, flips=(), removed=(), tail_last=(), **options):
    """A new state whose first flips are ``flips`` (a ``remove`` option is set from ``removed``)."""
    if removed:
        options["remove"] = len(removed)
    return GAME.new_state(players, options, 0, deck(flips, removed, tail_last))


def flip_all(state, count):
    """``count`` flips in turn order (no window may open meanwhile)."""
    for _ in range(count):
        assert not state.open
        state.apply(state.turn, "flip")


def middle(state):
    return [f["card"] for f in state.view(None)["middle"]]


def short_game(stacks, players=None):
    """A state whose draw stacks are exactly ``stacks`` (top first); the rest of the pack
    is removed unseen. Stack sizes must be what one-at-a-time dealing gives."""
    players = players or len(stacks)
    total = sum(len(s) for s in stacks)
    order = []
    for i in range(total):
        p, k = i % players, i // players
        order.append(stacks[p][k])
    rest = FULL - Counter(order)
    removed = sorted(rest.elements())
    state = GAME.new_state(players, {"remove": len(removed)}, 0, removed + order)
    assert list(state._dump()["draw"]) == [CARDS_INTS(s) for s in stacks]
    return state


def CARDS_INTS(names):
    return [CARDS.parse(n) for n in names]


def penalty_game():
    """Player 0 wins red1 and red4, then pays red4 under its stack for a wrong swat (the
    scenario test_rules.py checks step by step; here only its end state is wanted)."""
    s = new(2, flips=["red1", "red4", "blue1", "swatter", "blue2", "green3", "swatter"])
    flip_all(s, 4)
    s.apply(0, "swat:1")
    s.apply(0, "swat:2")
    s.apply(1, "done")
    flip_all(s, 3)
    s.apply(0, "swat:3")
    s.apply(0, "done")
    s.apply(1, "done")
    return s
