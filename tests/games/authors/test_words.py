"""Authors' text names the reader "you" and every other seat "seat N" (issue 8, "Words"):
the same event read by its own seat, by another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

# each game's test module opens alike on purpose: it stands alone in its game's folder
GAME = get_game("authors")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_an_ask_names_asker_and_target():
    ask = {"type": "ask", "player": 0, "target": 1, "number": "8", "got": 1}
    assert said(ask, 0) == "you ask seat 1 for 8s - get 1 card"
    assert said(ask, 1) == "seat 0 asks you for 8s - gets 1 card"
    assert said(ask, None) == "seat 0 asks seat 1 for 8s - gets 1 card"
    miss = {"type": "ask", "player": 2, "target": 0, "number": "3", "got": 0}
    assert said(miss, 0) == "seat 2 asks you for 3s - none there"


def test_verbs_agree_lay_stop_have_be():
    book = {"type": "book", "player": 1, "number": "5", "books": 1}
    assert said(book, 1) == "you lay down a book of 5s (1 in all)"
    assert said(book, 0) == "seat 1 lays down a book of 5s (1 in all)"
    assert said({"type": "stop", "player": 3}, 3) == "you stop asking"
    assert said({"type": "stop", "player": 3}, None) == "seat 3 stops asking"
    skip = {"type": "skip", "player": 1, "reason": "no cards"}
    assert said(skip, 1) == "you have no cards and are skipped"
    assert said(skip, 2) == "seat 1 has no cards and is skipped"
    assert said({"type": "turn", "player": 1}, 1) == "your turn"
    assert said({"type": "turn", "player": 1}, 0) == "seat 1's turn"


def test_the_end_names_you_among_the_most_books():
    over = {"type": "over", "books": [4, 3, 2, 1], "winners": [0]}
    assert said(over, 0) == "all books are made - most books: you"
    assert said(over, 1) == "all books are made - most books: seat 0"


def test_the_table_calls_its_own_seat_you():
    state = GAME.new_state(3, None, 2)
    state.apply(0, state.legal_actions(0)[0])
    text = GAME.render(state.view(1), 1)
    assert "seat 1" not in text and "\n  you  " in text and "Your hand" in text
    assert text.splitlines()[0] == "[b]Authors[/b] - seat 0's turn to ask"
    assert text.splitlines()[-1].startswith("    seat 0 asked you for ")
