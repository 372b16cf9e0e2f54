"""Go to the Store's text names the reader "you" and every other seat "seat N" (issue 8,
"Words"): the same event read by its own seat, by another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

# each game's test module opens alike on purpose: it stands alone in its game's folder
GAME = get_game("go-to-the-store")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_a_failed_ask_is_go_to_the_store_with_you():
    ask = {"type": "ask", "player": 0, "target": 1, "number": "4", "got": 0}
    assert said(ask, 0) == "you ask seat 1 for 4s - 'Go to the Store'"
    assert said(ask, 1) == "seat 0 asks you for 4s - 'Go to the Store'"
    assert said(ask, None) == "seat 0 asks seat 1 for 4s - 'Go to the Store'"


def test_draws_and_an_empty_store():
    draw = {"type": "draw", "player": 0, "why": "store", "store": 21, "card": "8"}
    assert said(draw, 0) == "you draw an 8 from the Store; 21 left"
    hidden = {"type": "draw", "player": 0, "why": "store", "store": 21}
    assert said(hidden, 2) == "seat 0 draws a card from the Store; 21 left"
    assert said({"type": "store_empty", "player": 1}, 1) == "you go to the Store, but it is empty"
    assert said({"type": "store_empty", "player": 1}, 0) == "seat 1 goes to the Store, but it is empty"


def test_a_shared_win_names_you():
    over = {"type": "over", "books": [2, 4, 4], "winners": [1, 2]}
    assert said(over, 2) == "all books are made - most books: seat 1 and you"
    assert said(over, None) == "all books are made - most books: seat 1 and seat 2"
