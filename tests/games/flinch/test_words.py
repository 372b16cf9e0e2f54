"""FLINCH's text names the reader "you" and every other seat "seat N" (issue 8, "Words"):
the same event read by its own seat, by another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

GAME = get_game("flinch")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_a_play_is_yours_to_its_seat():
    play = {
        "type": "play",
        "player": 0,
        "from": "hand",
        "owner": 0,
        "card": "1",
        "pile": 1,
        "action": "play:hand>new",
        "pile_low": "1",
        "pile_high": "1",
    }
    assert said(play, 0) == "You play the 1 from the hand to centre pile 1 (1..1)."
    # each game's test module opens alike on purpose: it stands alone in its game's folder
    assert said(play, 1) == "Seat 0 plays the 1 from the hand to centre pile 1 (1..1)."
    assert said(play, None) == "Seat 0 plays the 1 from the hand to centre pile 1 (1..1)."


def test_a_partner_s_card_names_its_owner():
    play = {
        "type": "play",
        "player": 0,
        "from": "reserve",
        "owner": 2,
        "card": "4",
        "pile": 3,
        "pile_low": "1",
        "pile_high": "4",
    }
    assert said(play, 2) == "Seat 0 plays the 4 from your reserve to centre pile 3 (1..4)."
    assert said(play, 0) == "You play the 4 from partner seat 2's reserve to centre pile 3 (1..4)."


def test_verbs_agree_pass_draw_turn():
    assert said({"type": "pass", "player": 1}, 1) == "You pass."
    assert said({"type": "pass", "player": 1}, 0) == "Seat 1 passes."
    draw = {"type": "draw", "player": 0, "count": 5, "stack": 75, "hand": ["2", "3", "6", "8", "9"]}
    assert said(draw, 0) == "You draw 5 from the stack: 2 3 6 8 9."
    assert said({"type": "draw", "player": 0, "count": 5, "stack": 75}, 1) == "Seat 0 draws 5 from the stack."
    top = {"type": "game_pile_top", "player": 1, "card": "8", "count": 9}
    assert said(top, 1) == "You turn up an 8 on the game pile (9 left)."
    assert said(top, None) == "Seat 1 turns up an 8 on the game pile (9 left)."
    assert said({"type": "turn", "player": 1}, 1) == "Your turn."
    assert said({"type": "turn", "player": 1}, 2) == "Seat 1's turn."


def test_a_challenge_names_challenger_offender_and_giver():
    window = {"type": "window", "offender": 1, "action": "play:hand>c2", "game_pile_playable": False}
    assert said(window, 1) == "You may be challenged for play:hand>c2."
    assert said(window, 0) == "Seat 1 may be challenged for play:hand>c2."
    done = {
        "type": "challenge_resolved",
        "challenger": 0,
        "offender": 1,
        "right": True,
        "card": "5",
        "from": 1,
        "to": 0,
    }
    assert said(done, 0) == (
        'You call "Challenge!" on seat 1: right; the 5 goes from seat 1\'s game pile to the bottom of your game pile.'
    )
    assert said(done, 1) == (
        'Seat 0 calls "Challenge!" on you: right; the 5 goes from your game pile to the bottom of seat 0\'s game pile.'
    )
    none = {
        "type": "challenge_resolved",
        "challenger": 0,
        "offender": 1,
        "right": True,
        "card": None,
        "from": 1,
        "to": 0,
    }
    assert said(none, 1).endswith("right; you have no game-pile card to give (a pile's last card is only ever played).")
    assert said(none, 2).endswith(
        "right; seat 1 has no game-pile card to give (a pile's last card is only ever played)."
    )


def test_game_over_and_the_table():
    assert said({"type": "game_over", "winners": [1], "reason": "won"}, 1) == "You won!"
    assert said({"type": "game_over", "winners": [0, 2], "reason": "won"}, 2) == "Seat 0 and you won!"
    assert said({"type": "game_over", "winners": [0, 2], "reason": "won"}, None) == "Seat 0 and seat 2 won!"
    state = GAME.new_state(3, {}, 1)
    text = GAME.render(state.view(1), 1)
    assert "\n      you: game pile" in text and "seat 1" not in text and "Your hand:" in text
