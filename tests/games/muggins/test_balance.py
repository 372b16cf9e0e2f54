"""What a Muggins balance report counts (``games/muggins/balance.py``): a seat is dealt
its hand and holds its hand and Stock Pile at the end; a game lasts turns; the round
limit is its safety cap."""

from fliptable.bots.base import RandomAgent
from fliptable.core import get_game
from fliptable.sim.match import play_match

GAME = get_game("muggins")


def names(cards):
    return {GAME.cards.names[c] for c in cards}


def test_a_seat_is_dealt_its_hand_and_holds_its_hand_and_stock_pile():
    start = GAME.new_state(3, None, 2)
    assert GAME.balance.dealt(start) == [names(h) for h in start.hands] and all(start.hands)
    end = play_match(GAME, [RandomAgent() for _ in range(3)], None, 2).state
    assert GAME.balance.held(end) == [names(h + s) for h, s in zip(end.hands, end.stocks, strict=True)]
    assert any(end.stocks) and GAME.balance.lengths(end) == {"turns": end.turns} and end.turns > 0
    assert GAME.balance.capped(end) is (end.ended == "round_limit")
    end.ended = "round_limit"
    assert GAME.balance.capped(end) is True
