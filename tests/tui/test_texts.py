"""Each game's declared text (Game.render/narrate/round_summary), shown safely (fliptable.tui.texts)."""

from __future__ import annotations

import pytest

from fliptable.core.game import Game
from fliptable.core.registry import GAME_MODULES, all_game_ids, get_game
from fliptable.tui.texts import has_round_summary, rich_text, round_summary, safe_narrate, safe_render


@pytest.mark.parametrize("game_id", [g for g in all_game_ids() if g in GAME_MODULES])
def test_every_game_declares_its_render_and_narrate(game_id):
    game = get_game(game_id)
    # its wording module (Game.wording) stands in for the plain fallbacks
    assert callable(game.wording.render) and callable(game.wording.narrate)
    state = game.new_state(None, {}, 1)
    text = safe_render(game, state.view(0), 0)
    assert text.strip() and not text.startswith("(the table could not be drawn")
    assert text != Game.render(Game(), state.view(0), 0)


def test_a_game_without_render_gets_a_plain_listing(snap):
    state = snap.new_state(2, {}, 1)
    assert type(snap).render is Game.render and snap.wording is None and not has_round_summary(snap)
    text = safe_render(snap, state.view(0), 0)
    assert "draw_count: 20" in text
    assert safe_narrate(snap, {"type": "snap", "player": 1, "cards": 4}) == "snap: player=1, cards=4"


def test_markup_that_is_not_rich_markup_is_shown_literally():
    assert rich_text("[red]x[/red]").plain == "x"
    assert rich_text("pile [x2] and [3]").plain == "pile [x2] and [3]"
    assert rich_text("bad [/close]").plain == "bad [/close]"


def test_flip7_round_summary_comes_from_last_round():
    game = get_game("flip7")
    assert has_round_summary(game)
    state = game.new_state(3, {}, 1)
    assert round_summary(game, state.view(0), 0) is None
    view = state.view(0)
    view["last_round"] = [10, 0, 25]
    view["round"] = 2
    text = round_summary(game, view, 0)
    assert text.startswith("Round 1 is over.") and "you" in text and "25" in text


def test_a_failing_wording_module_shows_the_plain_text(monkeypatch):
    """Game.render/narrate call the wording module, so the fallbacks must not: a bug in a
    game's renderer or narrator shows as text, never a crash."""
    game = get_game("flip7")

    def broken(*args):
        raise KeyError("bug")

    monkeypatch.setattr(game.wording, "render", broken)
    monkeypatch.setattr(game.wording, "narrate", broken)
    view = game.new_state(2, {}, 1).view(0)
    text = safe_render(game, view, 0)
    assert text.startswith("(the table could not be drawn: KeyError('bug'))\n")
    assert "players: 2" in text.splitlines()[1:]
    assert safe_narrate(game, {"type": "hit", "player": 1}, 0) == "hit: player=1"
