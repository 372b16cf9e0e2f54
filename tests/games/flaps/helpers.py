"""FLAPS scenario helpers: a fixed deal through the kernel's validated ``deck=`` path."""

from collections import Counter

from fliptable.core import get_game
from tests.helpers import play  # noqa: F401 - the game tests import it from here

FLAPS = get_game("flaps")
NAMES = FLAPS.cards.names


def deck_order(players, hands, first, pack=(), level=3):
    """A complete deck in notation, top card first: seven cards to each seat one at a time
    (``hands[p]``, seats not given get the lowest cards left; a hand given short is filled
    up), then ``first`` turned up, then ``pack`` on top of the pack."""
    full = Counter(NAMES[c] for c in FLAPS.deck(players, {"level": level}))
    given = {p: list(h) for p, h in hands.items()}
    for name in [c for h in given.values() for c in h] + [first, *pack]:
        assert full[name] > 0, f"the deck has no more {name!r}"
        full[name] -= 1
    # fillers: plain 5s, Qs and Ks are the least active cards; then anything
    order = sorted(full, key=lambda c: (c[0] not in "5qk" or c.startswith("kt") or c == "klc", c))
    rest = [c for c in order for _ in range(full[c])]
    for p in range(players):
        h = given.setdefault(p, [])
        while len(h) < 7:
            h.append(rest.pop(0))
    deal = [given[p][i] for i in range(7) for p in range(players)]
    return [*deal, first, *pack, *rest]


def dealt(players=2, hands=None, first="5c", pack=(), level=3, **options):
    """A new game from a fixed deal (``deck_order``); seat 0 plays first."""
    options = {"level": level, **options}
    return FLAPS.new_state(players, options, 0, deck_order(players, hands or {}, first, pack, level))


def hand(state, p):
    return sorted(NAMES[c] for c in state.hands[p])


def validated(state):
    """The state after a round trip through ``state_from_json``: a scenario laid out by hand
    must pass the game's own load checks."""
    return FLAPS.state_from_json(state.to_json())


def rejected(state, player, action, reason):
    """``action`` by ``player`` is refused, changes nothing (``assert_rejected``), and the
    rule it names is exactly ``reason``: what a person reads is compared whole."""
    from tests.helpers import assert_rejected

    message = assert_rejected(state, player, action, reason)
    assert state.why_illegal(player, action) == reason, message
    return message
