"""What a game declares about itself beside its rules: the facts of a table for machines
(``GameInfo``), the terminal's named keys (``ActionKey``), and the plain wording used where a
game has no words of its own (``plain_render``, ``plain_narrate``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


def plain_render(view: Any) -> str:
    """The plain listing of a view, one field a line: the table of a game without a
    wording module, and what is shown when a game's own renderer fails."""
    if not isinstance(view, dict):
        return json.dumps(view)
    return "\n".join(f"{k}: {json.dumps(v)}" for k, v in view.items())


def plain_narrate(event: dict[str, Any]) -> str:
    """The plain line of an event (``type: key=value, ...``), likewise."""
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event.get('type', '?')}: {rest}" if rest else str(event.get("type", "?"))


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Declared facts of one table of a game, for machines (RL, search, ratings)."""

    game: str
    players: int
    #: size of the fixed action space (``Game.action_space``): ids are 0..num_actions-1
    num_actions: int
    #: no game at this table applies more actions than this
    max_decisions: int
    #: the range of ``Result.returns()``
    utility: tuple[float, float]
    chance: str
    information: str
    dynamics: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "num_actions": self.num_actions,
            "max_decisions": self.max_decisions,
            "utility": list(self.utility),
            "chance": self.chance,
            "information": self.information,
            "dynamics": self.dynamics,
        }


@dataclass(frozen=True, slots=True)
class ActionKey:
    """A named key a game gives one kind of its actions at the terminal (game-agnostic:
    ``tui/keys.py`` reads it). Every legal action whose notation fully matches ``pattern``
    (a regular expression) is offered under ``key`` with ``label`` instead of in the
    ordinary menu: one such action acts at once, several narrow the menu to them.
    FLAPS: ``!`` "Last Card" for ``5c!``, ``c`` "catch" for ``catch:N``."""

    key: str
    label: str
    pattern: str
