"""Game logs (``fliptable-log/1``) and replay.

``(game, rules_version, options, players, seed, deck, actions)`` replays to the
identical state. ``actions`` is ``[[player, action], ...]`` in the order applied;
``player`` is ``null`` for a race's default applied by the clock.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from .errors import FliptableError, IllegalAction, LogError, ReplayError
from .game import Game, State
from .registry import get_game

LOG_FORMAT = "fliptable-log/1"


@dataclass(slots=True)
class GameLog:
    """A finished or partial game as data."""

    game: str
    options: dict
    players: int
    seed: int | str
    actions: list[list]
    deck: list[str] | None = None
    rules_version: str = "1"
    result: dict | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": LOG_FORMAT, "game": self.game, "rules_version": self.rules_version,
                "options": self.options, "players": self.players, "seed": self.seed,
                "deck": self.deck, "actions": self.actions, "result": self.result}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def of(cls, state: State, seed: int | str, actions: Sequence[Sequence], deck: Sequence[str] | None = None) -> "GameLog":
        """The log of a game that started from (state's game, options, players, ``seed``,
        ``deck``) and applied ``actions``; ``result`` is the state's (possibly unfinished) result."""
        return cls(state.game.id, dict(state.options), state.players, seed, [list(a) for a in actions],
                   list(deck) if deck is not None else None, state.game.rules_version,
                   state.result().to_json())

    def write(self, path: str | Path) -> None:
        """Write the log as JSON; LogError names the path when it cannot be written."""
        try:
            Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")
        except OSError as exc:
            raise LogError(f"cannot write log {str(path)!r}: {exc.strerror or exc}") from None


class Recorder:
    """Wraps a state: applies actions and records them into a log."""

    __slots__ = ("state", "log")

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None,
                 seed: int | str = 0, deck: Sequence[str] | None = None):
        self.state: State = game.new_state(players, options, seed, deck)
        self.log = GameLog(game.id, dict(self.state.options), players, seed, [],
                           list(deck) if deck is not None else None, game.rules_version)

    def apply(self, player: int | None, action: str):
        events = self.state.apply(player, action)
        self.log.actions.append([player, action])
        return events

    def finish(self) -> GameLog:
        self.log.result = self.state.result().to_json()
        return self.log


def parse_log(data: Any) -> GameLog:
    """Validate log data; LogError names the first thing wrong."""
    if not isinstance(data, Mapping):
        raise LogError("a log must be a JSON object with format, game, options, players, seed, deck, actions")
    if data.get("format", LOG_FORMAT) != LOG_FORMAT:
        raise LogError(f"unknown log format {data.get('format')!r}; accepted: {LOG_FORMAT}")
    for key in ("game", "players", "seed", "actions"):
        if key not in data:
            raise LogError(f"the log has no {key!r}; a log needs game, players, seed and actions")
    if not isinstance(data["game"], str):
        raise LogError(f"the log's game must be a game id, got {data['game']!r}")
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise LogError(f"the log's players must be an integer, got {players!r}")
    seed = data["seed"]
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise LogError(f"the log's seed must be an integer or a string, got {seed!r}")
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise LogError(f"the log's options must be an object, got {options!r}")
    deck = data.get("deck")
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)):
        raise LogError("the log's deck must be null or a list of cards in notation, top card first")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise LogError("the log's actions must be a list of [player, action] pairs")
    for i, pair in enumerate(actions):
        if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[1], str)
                or not (pair[0] is None or (isinstance(pair[0], int) and not isinstance(pair[0], bool)))):
            raise LogError(f"action {i} must be [player, \"action\"] (player an integer or null), got {pair!r}")
    return GameLog(data["game"], dict(options), players, seed, [list(a) for a in actions], deck,
                   str(data.get("rules_version", "1")), data.get("result"))


def load_log(path: str | Path) -> GameLog:
    """Read and validate a log file."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise LogError(f"cannot read log {str(path)!r}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError(f"log {str(path)!r} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return parse_log(data)


def start_state(log: GameLog) -> State:
    """The state a log starts from (game, options, players, seed, deck)."""
    game = get_game(log.game)
    if log.rules_version != game.rules_version:
        raise LogError(f"the log is for {log.game} rules version {log.rules_version!r}; "
                       f"this fliptable plays version {game.rules_version!r}")
    try:
        return game.new_state(log.players, log.options, log.seed, log.deck)
    except FliptableError as exc:
        raise LogError(f"the log's set-up is invalid: {exc}") from None


def replay(log: GameLog) -> State:
    """The state after applying every action of the log; ReplayError names the index."""
    state = start_state(log)
    for i, (player, action) in enumerate(log.actions):
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise ReplayError(i, f"{json.dumps([player, action])} is illegal: {exc}") from None
    return state
