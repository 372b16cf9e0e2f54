"""Patience's text names its one player "you" when they read it and "seat 0" for a
spectator (issue 8, "Words")."""

from __future__ import annotations

from fliptable.core.registry import get_game

GAME = get_game("patience")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_the_player_is_you_and_seat_0_to_a_spectator():
    turn = {"type": "turn", "card": "8", "pack": 34}
    assert said(turn, 0) == "you turn up an 8 (34 left in the pack)"
    assert said(turn, None) == "seat 0 turns up an 8 (34 left in the pack)"
    move = {"type": "move", "card": "2", "from": "card", "to": "stock"}
    assert said(move, 0) == "you play the turned-up 2 to the stock pile"
    assert said(move, None) == "seat 0 plays the turned-up 2 to the stock pile"
    pile = {"type": "move_pile", "from": "row2", "to": "row1", "cards": ["5", "4"]}
    assert said(pile, 0) == "you move the row2 pile (5 4) onto row1"
    assert said(pile, None) == "seat 0 moves the row2 pile (5 4) onto row1"
    fill = {"type": "fill", "row": 2, "card": "7", "pack": 35}
    assert said(fill, 0) == "you start row2 with a 7 from the pack"
    assert said(fill, None) == "seat 0 starts row2 with a 7 from the pack"
    assert said({"type": "one_up", "to": "up1"}, 0) == "a 1 goes up to up1"
