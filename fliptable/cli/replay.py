"""``fliptable replay``: check and replay a log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..core.errors import shorten
from .common import _count_of, _emit, app


@app.command("replay")
def replay_command(
    log: Path = typer.Argument(..., metavar="LOG", help="A fliptable-log/1 JSON file."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Validate and replay a log."""
    from ..core.log import check_result, load_log, replay

    game_log = load_log(log)
    state = replay(game_log)
    check_result(game_log, state)
    result = state.result()
    out: dict[str, Any] = {
        "over": state.is_over(),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "actions_applied": len(game_log.actions),
    }
    if as_json:
        _emit(out)
        return
    status = "game over" if out["over"] else "game not finished"
    winners = ", ".join(f"seat {w}" for w in out["winners"]) or "none"
    scores = ", ".join(f"{s:g}" for s in out["scores"])
    print(
        f"{game_log.game}: {_count_of(game_log.players, 'player')}, seed {shorten(game_log.seed)}; "
        f"{out['actions_applied']} actions replayed, all legal; {status}"
    )
    print(f"scores: {scores}")
    print(f"{'winners' if out['over'] else 'leading'}: {winners}")
