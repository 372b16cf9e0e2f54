"""Flip 7 scenarios shared by the game's tests: a game on a stacked deck, and moves by
whoever the decision names."""

from fliptable.core import get_game
from fliptable.games.flip7.cards import CARDS, DECK

GAME = get_game("flip7")


def new(players, top, **options):
    """A game whose deck starts with ``top`` (dealt first), the rest in table order."""
    return GAME.new_state(players, options, seed=1, deck=CARDS.stacked(top, DECK))


def cards(state, seat):
    """Seat ``seat``'s cards in front of it, as everyone sees them."""
    return state.view(None)["seats"][seat]["cards"]


def play(state, *actions):
    """Each action by the player the decision names; the events told to everyone."""
    events = []
    for action in actions:
        events += [e.full() for e in state.apply(state.decision().player, action)]
    return events
