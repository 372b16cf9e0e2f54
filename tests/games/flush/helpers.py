"""Flush scenario helpers: a fixed deal (``dealt``) or a table laid out by hand
(``table``), both through the kernel's validated paths (``deck=`` and ``state_from_json``)."""

import random
from collections import Counter

from fliptable.core import get_game
from fliptable.core.knowledge import PUBLIC
from tests.helpers import play  # noqa: F401 - the game tests import it from here

FLUSH = get_game("flush")
NAMES = FLUSH.cards.names
ID = FLUSH.cards.by_name


def seed_for_first(players, first):
    """A seed whose first draw makes ``first`` the round-1 starting player."""
    for seed in range(1000):
        if random.Random(seed).randrange(players) == first:
            return seed
    raise AssertionError("no seed")


def deck_order(players, seats, indicator, unused=(), options=None):
    """A complete deck in notation, top card first, dealing ``seats[p] = (blinds, tops,
    hand)`` (3, 3 and 8 cards; seats not given get the lowest cards left), then
    ``indicator`` turned up, then ``unused`` on top of the unused deck."""
    full = Counter(NAMES[c] for c in FLUSH.deck(players, FLUSH.resolve_options(options)))
    given = {p: list(b) + list(t) + list(h) for p, (b, t, h) in seats.items()}
    for cards in given.values():
        assert len(cards) == 14, cards
    for name in [c for cards in given.values() for c in cards] + [indicator, *unused]:
        assert full[name] > 0, f"the deck has no more {name!r}"
        full[name] -= 1
    rest = [c for c in NAMES if full[c] > 0 for _ in range(full[c])]
    for p in range(players):
        if p not in given:
            given[p], rest = rest[:14], rest[14:]
    order = [given[p][i] for i in range(14) for p in range(players)]
    return [*order, indicator, *unused, *rest]


def dealt(players, seats, indicator, unused=(), first=0, options=None):
    """A new game from a fixed deal (``deck_order``) in which ``first`` starts."""
    deck = deck_order(players, seats, indicator, unused, options)
    return FLUSH.new_state(players, options, seed_for_first(players, first), deck)


# each game's position builder, alike in shape on purpose: its own fields and defaults (as flinch's position)
def table(
    players=2,
    hands=None,
    tops=None,
    blinds=None,
    pile=(),
    pile_as=None,
    top_count=None,
    indicator="1s",
    turn=0,
    previous=None,
    unused=None,
    public=None,
    options=None,
    totals=None,
    round_no=1,
    first=None,
):
    """A game laid out by hand (every other card goes to the discard pile), loaded through
    ``state_from_json``. ``hands``/``tops``/``blinds`` map a seat to notation lists (a top
    ``None`` for a base whose top is gone); ``public`` maps a seat to its hand cards
    everybody knows. Seats not given hold one Blind card each, so they are in the round."""
    state = FLUSH.new_state(players, options, 0)
    data = state.to_json()
    s = data["state"]
    hands = hands or {}
    tops = tops or {}
    blinds = blinds or {}
    public = public or {}
    full = Counter(FLUSH.deck(players, state.options))
    used = Counter()

    def take(name):
        c = ID[name]
        assert full[c] - used[c] > 0, f"no more {name!r} in the deck"
        used[c] += 1
        return c

    s["hands"], s["known"], s["blinds"], s["tops"] = [], [], [], []
    s["indicator"] = take(indicator)
    for p in range(players):
        hand = [take(c) for c in hands.get(p, [])]
        pub = Counter(public.get(p, []))
        known = []
        for c in hand:
            if pub[NAMES[c]]:
                pub[NAMES[c]] -= 1
                known.append(PUBLIC)
            else:
                known.append(1 << p)
        s["hands"].append(hand)
        s["known"].append(known)
        if p in blinds or p in tops:
            b = blinds.get(p) or []
            t = tops.get(p) or [None] * len(b)
            s["blinds"].append([take(c) for c in b])
            s["tops"].append([-1 if c is None else take(c) for c in t])
        else:
            s["blinds"].append([take("f")] if p not in hands else [])
            s["tops"].append([-1] if p not in hands else [])
    s["pile"] = [take(c) for c in pile]
    s["pile_as"] = list(pile_as) if pile_as is not None else [FLUSH.cards[c].rank for c in s["pile"]]
    if top_count is None:
        top_count = 0
        if s["pile_as"]:
            v = s["pile_as"][-1]
            for x in reversed(s["pile_as"]):
                if x != v:
                    break
                top_count += 1
    s["top_count"] = top_count
    s["unused"] = [take(c) for c in reversed(unused or [])]
    s["discard"] = list((full - used).elements())
    if unused is None:
        # the unused deck is whatever is left; its order does not matter to these stories
        s["unused"], s["discard"] = s["discard"], []
    s["turn"] = turn
    s["first"] = turn if first is None else first
    s["previous"] = previous
    s["phase"] = 0
    s["round_no"] = round_no
    if totals is not None:
        s["totals"] = list(totals)
    return FLUSH.state_from_json(data)


def hand(state, p):
    return sorted(NAMES[c] for c in state.hands[p])


def kinds(events):
    return [e.type for e in events]
