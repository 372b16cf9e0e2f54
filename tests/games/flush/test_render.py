"""Flush's text for people: every event narrated, the table drawn from any seat's view
(markup that survives Rich), the round summary."""

import random

from rich.text import Text

from tests.games.flush.helpers import FLUSH, play, table


def test_every_event_is_narrated_and_every_view_drawn_through_a_game():
    for seed, players, mode in ((1, 2, "rounds"), (2, 4, "arena"), (3, 6, "elimination")):
        state = FLUSH.new_state(players, {"mode": mode}, seed)
        rng = random.Random(seed)
        seen = set()
        while not state.is_over():
            p = state.decision().player
            legal = state.legal_actions(p)
            for event in state.apply(p, legal[int(rng.random() * len(legal))]):
                seen.add(event.type)
                for seat in (None, *range(players)):
                    line = FLUSH.narrate(event.for_player(seat))
                    assert line is None or (isinstance(line, str) and "\n" not in line)
            for seat in (None, p):
                view = state.view(seat)
                plain = Text.from_markup(FLUSH.render(view, seat)).plain
                for top in view["bases"][p]:
                    if top:
                        assert f"({top}/?)" in plain
        assert {"declare", "play", "flush", "round_end", "game_over"} <= seen


def test_the_round_summary_shows_scores_deduction_and_totals():
    state = table(2, hands={0: ["4", "4d"], 1: ["9"]}, totals=[12, 0], turn=0, options={"rounds": 2})
    play(state, (0, "2x4"))
    text = FLUSH.round_summary(state.view(1), 1)
    assert "seat 0 went out first" in text and "(-5 Deduction)" in text and "9" in text
    assert FLUSH.round_summary(FLUSH.new_state(2, {}, 1).view(0), 0) is None


def test_the_reader_is_you_and_every_other_seat_is_seat_n():
    state = table(3, hands={0: ["6", "6s", "9"], 1: ["2", "3"], 2: ["4"]}, turn=0, previous=2)
    events = play(state, (0, "2x6"))
    lines = {seat: [FLUSH.narrate(e.for_player(seat), seat) for e in events] for seat in (None, 0, 1)}
    assert lines[None] == ["seat 0 declares “2 Sixes”", "seat 0 lays 6s, 6", "seat 0's Skip: seat 1 skipped"]
    assert lines[0] == ["you declare “2 Sixes”", "you lay 6s, 6", "your Skip: seat 1 skipped"]
    assert lines[1] == ["seat 0 declares “2 Sixes”", "seat 0 lays 6s, 6", "seat 0's Skip: you skipped"]
    # without a reader (the narrator called as before) every seat is "seat N"
    assert [FLUSH.narrate(e.for_player(0)) for e in events] == lines[None]
    text = Text.from_markup(FLUSH.render(state.view(1), 1)).plain
    assert "your hand: 2 3" in text and "  you " in text and "seat 0" in text
    assert max(len(line) for line in text.splitlines()) <= 76
