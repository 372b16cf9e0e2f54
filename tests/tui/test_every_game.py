"""``fliptable play`` for every game (issue 4): each registered game opens, draws its
table, offers keys for the person's legal actions and plays on without errors."""

from __future__ import annotations

import pytest

from fliptable.core.clock import VirtualClock
from fliptable.core.registry import GAME_MODULES, all_game_ids
from fliptable.tui.app import build_table

from .drive import SIZE, drive

OPTIONS = {"flinch": {"enforce": "table"}, "muggins": {"enforce": "table"}, "flyswatter": {"window_ms": "300"}}


@pytest.mark.parametrize("game_id", [g for g in all_game_ids() if g in GAME_MODULES])
async def test_every_game_plays_by_keys(game_id):
    app = build_table(game_id, None, [], 0, 2, OPTIONS.get(game_id, {}), delay=0, outcome_delay=0, clock=VirtualClock())
    presses = []

    def first_key(a, menu):
        presses.append(menu[0].key)
        return menu[0].key

    async with app.run_test(size=SIZE) as pilot:
        await drive(app, pilot, first_key, until=lambda a: a.standings is not None or len(presses) >= 12)
        assert app.table_text.strip()
    assert len(presses) >= 12 or app.standings is not None
    bad = [m for m in app.messages if "failed" in m or "illegal" in m or "cannot go on" in m]
    assert not bad, bad
    assert app.actions, "nothing was played"


def test_fly_swatter_bots_beside_people_are_gentler_than_simulates():
    """Issue 25: a person rarely wins a swat against 0.4 s bots; play seats the game's
    play_bot (0.9 s), simulate keeps its default, and --bot swatter:rt=... still rules."""
    from fliptable.cli.play import play_seats
    from fliptable.core.registry import get_game
    from fliptable.games.flyswatter.bots import SwatterAgent

    fly = get_game("flyswatter")
    app = build_table("flyswatter", 3, [], 0, 2, {}, delay=0, outcome_delay=0, clock=VirtualClock())
    bots = [a for a in app.agents if a is not None]
    assert bots and all(isinstance(a, SwatterAgent) and a.rt == 900 for a in bots)
    assert play_seats(fly, 3, [], 0) == ["human", fly.play_bot, fly.play_bot]
    assert play_seats(fly, 3, ["swatter:rt=600"], 0) == ["human", "swatter:rt=600", "swatter:rt=600"]
    assert fly.default_bot == "swatter" and SwatterAgent().rt == 400  # simulate's, unchanged
    assert fly.describe()["play_bot"] == "swatter:rt=900,sd=250"
    assert get_game("flip7").describe()["play_bot"] == "ev"  # others: their default
