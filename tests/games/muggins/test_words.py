"""Muggins' text names the reader "you" and every other seat "seat N" (issue 8, "Words";
"you's hand" / "you's stock" were the bug): the same event read by its own seat, by
another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

GAME = get_game("muggins")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_a_play_on_a_stock_pile_names_its_owner():
    play = {"type": "play", "player": 1, "card": "7", "from": "hand", "to": "stock", "seat": 0}
    assert said(play, 1) == "You play the 7 from the hand on seat 0's Stock Pile."
    assert said(play, 0) == "Seat 1 plays the 7 from the hand on your Stock Pile."
    assert said(play, None) == "Seat 1 plays the 7 from the hand on seat 0's Stock Pile."


def test_keep_skip_and_penalty_use_your_and_their():
    keep = {"type": "keep", "player": 0, "card": "6"}
    assert said(keep, 0) == "You put the 6 on your own Stock Pile; turn over."
    assert said(keep, 2) == "Seat 0 puts the 6 on their own Stock Pile; turn over."
    skip = {"type": "skip_stock", "player": 2, "stock_top": "6"}
    assert said(skip, 2) == "You leave the 6 on your Stock Pile and draw from the hand."
    assert said(skip, None) == "Seat 2 leaves the 6 on their Stock Pile and draws from the hand."
    penalty = {"type": "penalty", "player": 0, "from": 2, "card": "10"}
    assert said(penalty, 2) == "Seat 0 takes the 10 from the top of your hand onto their Stock Pile."
    assert said(penalty, 0) == "You take the 10 from the top of seat 2's hand onto your Stock Pile."


def test_turn_muggins_and_win():
    assert said({"type": "turn", "player": 1}, 1) == "Your turn."
    assert said({"type": "turn", "player": 1}, 0) == "Seat 1's turn."
    call = {"type": "muggins", "player": 2, "offender": 0, "offence": "skip-stock"}
    assert said(call, 0) == 'Seat 2 calls "Muggins" on you!'
    assert said(call, 2) == 'You call "Muggins" on seat 0!'
    assert said({"type": "win", "player": 2}, 2) == "You have played out hand and Stock Pile and win!"
    assert said({"type": "win", "player": 2}, None) == "Seat 2 has played out hand and Stock Pile and wins!"
    reveal = {"type": "reveal", "player": 1, "card": "8", "from": "hand"}
    assert said(reveal, 1) == "You turn up an 8 from the bottom of the hand."
    assert said(reveal, 0) == "Seat 1 turns up an 8 from the bottom of the hand."


def test_the_table_never_says_you_s():
    state = GAME.new_state(3, {}, 1)
    for seat in (0, 1, 2):
        text = GAME.render(state.view(seat), seat)
        assert "you's" not in text and f"seat {seat}" not in text
        assert "In play: " not in text or "from your " in text or "from seat " in text
    turn = state.view(None)["turn"]
    assert "from your " in GAME.render(state.view(turn), turn)
