"""The golden observation files, like OpenSpiel's playthroughs: what
``tests/adapters/golden/<game>.json`` keeps of each game's observations, so that a
layout or an encoding cannot change without a new ``OBSERVATION_VERSION`` (which is in
every environment's name).

    python -m fliptable.adapters.golden [GAME ...] [--dir tests/adapters/golden]
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from fliptable.core.game import Game
from fliptable.core.registry import all_game_ids, get_game

from .observation import OBSERVATION_VERSION, observer
from .pettingzoo import raw_env

#: the playthrough's seed and its most steps (the whole game when shorter)
PLAYTHROUGH = (1, 200)
#: where the test keeps the files
DIR = Path("tests/adapters/golden")


def golden(game: Game | str) -> dict[str, Any]:
    """A game's golden record: the default table's layout field by field; a digest of the
    layout (with the information state) at every other table size the game allows; and
    a playthrough of the default table (``playthrough``), so a change of the encoding
    itself (a scale, an order of seats) is caught as well as one of the layout."""
    g = get_game(game) if isinstance(game, str) else game
    o = observer(g, info_state=True)
    return {
        "game": g.id,
        "version": OBSERVATION_VERSION,
        "players": o.players,
        "observation": o.view_size,
        "information_state": o.size,
        "fields": [list(f) for f in o.describe()],
        "tables": {
            str(n): _digest(json.dumps(observer(g, n, info_state=True).describe()).encode())
            for n in range(g.min_players, g.max_players + 1)
            if n != o.players
        },
        "playthrough": playthrough(g, o.players),
    }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def playthrough(game: Game, players: int) -> dict[str, Any]:
    """(seed, steps, sha256 of the float32 bytes of every seat's observation before each
    step and at the end) of the PettingZoo env of a default table reset with the seed and
    played by the lowest legal id at every step."""
    seed, limit = PLAYTHROUGH
    env = raw_env(game, players)
    env.reset(seed=seed)
    h = hashlib.sha256()
    steps = 0
    while True:
        for agent in env.possible_agents:
            h.update(env.observe(agent)["observation"].tobytes())
        if steps == limit or all(env.terminations.values()):
            break
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        steps += 1
    return {"seed": seed, "steps": steps, "sha256": h.hexdigest()}


def main(argv: list[str] | None = None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description="write the golden observation files")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--dir", default=str(DIR), help=f"where to write <game>.json (default {DIR})")
    args = ap.parse_args(argv)
    for g in args.games or all_game_ids():
        Path(args.dir, f"{g}.json").write_text(json.dumps(golden(g), indent=1) + "\n")


if __name__ == "__main__":
    main()
