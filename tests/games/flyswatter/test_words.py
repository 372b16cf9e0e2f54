"""Fly-swatter's text names the reader "you" and every other seat "seat N" (issue 8,
"Words"): the same event read by its own seat, by another seat and by a spectator."""

from __future__ import annotations

from fliptable.core.registry import get_game

GAME = get_game("flyswatter")
said = GAME.narrate  # (event, seat): the line that seat reads


def test_a_flip_and_a_swat_are_yours_to_their_seat():
    flip = {"type": "flip", "player": 0, "card": "orange3", "to": "middle", "n": 1}
    assert said(flip, 0) == "you turn over orange3 (fly 1)"
    assert said(flip, 2) == "seat 0 turns over orange3 (fly 1)"
    assert said(flip, None) == "seat 0 turns over orange3 (fly 1)"
    swat = {"type": "swat", "player": 2, "n": 2, "card": "green4", "window": 1}
    assert said(swat, 2) == "you swat fly 2 (green4)"
    assert said(swat, 0) == "seat 2 swats fly 2 (green4)"
    done = {"type": "done", "player": 1, "window": 3}
    # each game's test module opens alike on purpose: it stands alone in its game's folder
    assert said(done, 1) == "you are done swatting"
    assert said(done, None) == "seat 1 is done swatting"


def test_a_window_s_outcome_names_you():
    closed = {
        "type": "window_closed",
        "window": 1,
        "closed_by": "all done",
        "outcome": [
            {"player": 3, "n": 1, "card": "orange3", "result": "won", "lost": None},
            {"player": 0, "n": 12, "card": "red4", "result": "penalty", "lost": "orange3"},
        ],
    }
    assert said(closed, 0) == (
        "Window 1 closed (all done): seat 3: won orange3 (fly 1); "
        "you: wrong colour red4 (fly 12), lost orange3 under the draw stack"
    )
    assert said(closed, 3) == (
        "Window 1 closed (all done): you: won orange3 (fly 1); "
        "seat 0: wrong colour red4 (fly 12), lost orange3 under the draw stack"
    )


def test_game_over_verb_agrees_with_the_winners():
    over = {"type": "game_over", "scores": [0, 7, 0, 20], "winners": [3], "flies_won": [0, 2, 0, 7]}
    assert said(over, 3) == "Game over: scores: seat 0 0, seat 1 7, seat 2 0, you 20; you win"
    assert said(over, 1) == "Game over: scores: seat 0 0, you 7, seat 2 0, seat 3 20; seat 3 wins"
    tie = {"type": "game_over", "scores": [9, 9], "winners": [0, 1], "flies_won": [3, 3]}
    assert said(tie, 1) == "Game over: scores: seat 0 9, you 9; seat 0 and you win"


def test_the_table_says_you_for_its_own_seat():
    state = GAME.new_state(3, {}, 1)
    turn = state.view(None)["turn"]
    mine = GAME.render(state.view(turn), turn)
    assert mine.startswith("Your turn to flip.") and f"seat {turn}" not in mine
    other = (turn + 1) % 3
    assert GAME.render(state.view(other), other).startswith(f"Seat {turn}'s turn to flip.")
