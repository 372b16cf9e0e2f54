"""What a Fly-swatter balance report counts (``games/flyswatter/balance.py``): a seat is
dealt its draw pile; a game lasts turns (cards flipped)."""

from fliptable.bots.base import RandomAgent
from fliptable.core import get_game
from fliptable.sim.match import play_match

GAME = get_game("flyswatter")


def test_a_seat_is_dealt_its_draw_pile_and_a_game_lasts_its_flips():
    start = GAME.new_state(3, None, 2)
    assert GAME.balance.dealt(start) == [{GAME.cards.names[c] for c in pile} for pile in start.draw]
    assert all(start.draw) and GAME.balance.length_names == ("turns",)
    end = play_match(GAME, [RandomAgent() for _ in range(3)], None, 2).state
    assert GAME.balance.lengths(end) == {"turns": end.flips} and end.flips > 0
