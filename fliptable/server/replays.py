"""A finished game's table at every ply, for the browser's replay viewer: its log
replayed, and at each ply the frame one seat (or a spectator) was sent then, with the
events that seat saw since the ply before (docs/server.md ``GET /api/tables/{id}/frames``)."""

from __future__ import annotations

from typing import Any

from ..core.log import GameLog, start_state
from .narration import lines


def frames_of(game_log: GameLog, seat: int | None) -> list[dict[str, Any]]:
    """``[frame at ply 0, frame at ply 1, ...]``: each ``State.frame(seat)`` plus
    ``events`` (what ``seat`` saw happen since the previous ply: the deal at ply 0) and
    ``action`` (``[seat, action]`` applied to reach it; null at ply 0) and ``narration``
    (each event's line for ``seat``, as the live table sent it: ``narration.lines``)."""
    state = start_state(game_log)
    game = state.game

    def frame(action: list | None, events: list) -> dict[str, Any]:
        seen = [e.for_player(seat) for e in events]
        return {**state.frame(seat), "action": action, "events": seen, "narration": lines(game, seen, seat)}

    out = [frame(None, list(state.opening))]
    for player, action in game_log.actions:
        events = state.apply(player, action)
        out.append(frame([player, action], events))
    return out
