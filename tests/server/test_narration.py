"""The narration the server sends with the events (``server/narration.py``): every
event of every game, as seat 0 and as a spectator saw it, gets the game's own line (the
terminal's text) — never a dump of the event's fields, never Rich markup — and "you" is
the reader's seat only."""

from __future__ import annotations

import random

import pytest

from fliptable.core.registry import GAME_MODULES, all_game_ids, get_game
from fliptable.server.narration import line, lines
from fliptable.tui.texts import safe_narrate
from tests.helpers import play_randomly


def _played(game_id: str, seed: int) -> list:
    game = get_game(game_id)
    state = game.new_state(max(game.min_players, min(3, game.max_players)), game.resolve_options({}), seed)
    return play_randomly(state, random.Random(seed))


@pytest.mark.parametrize("game_id", [g for g in all_game_ids() if g in GAME_MODULES])
def test_every_event_is_worded_by_the_game(game_id):
    game = get_game(game_id)
    said: dict[str, int] = {}
    for seed in (1, 2):
        for e in _played(game_id, seed):
            for seat in (0, None):
                event = e.for_player(seat)
                text = line(game, event, seat)
                said.setdefault(event["type"], 0)
                if text is None:  # the game keeps silent (another seat's hidden deal)
                    assert safe_narrate(game, event, seat) is None, event
                    continue
                said[event["type"]] += 1
                assert text == text.strip() and "\n" not in text, text
                for dump in ("{'", "': ", "[object", "undefined", "type="):
                    assert dump not in text, (event, text)
                assert "[/" not in text and "[b]" not in text, text  # the terminal's markup is taken out
                if seat is None:
                    assert not text.lower().startswith("you "), (event, text)
    # no kind of event is silent for everyone
    assert all(said.values()), {k: v for k, v in said.items() if not v}


def test_lines_follow_the_reader():
    game = get_game("flip7")
    event = {"type": "flip", "player": 1, "card": "7"}
    assert lines(game, [event], 1) == ["you flip 7"]
    assert lines(game, [event], 0) == ["seat 1 flips 7"]
    assert lines(game, [event], None) == ["seat 1 flips 7"]


def test_markup_is_taken_out():
    class Marked:
        id = "marked"

        def narrate(self, event, seat=None):
            return "[b]FLUSH![/b] seat 1 [red]clears[/red] the pile"

    assert line(Marked(), {"type": "flush"}, 0) == "FLUSH! seat 1 clears the pile"
