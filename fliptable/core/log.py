"""Game logs (``fliptable-log/1``) and replay.

``(game, rules_version, options, players, seed, deck, actions)`` replays to the
identical state. ``actions`` is ``[[player, action], ...]`` in the order applied;
``player`` is ``null`` for a race's default applied by the clock.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .errors import FliptableError, IllegalAction, LogError, ReplayError, shorten
from .events import Event
from .game import Game, State
from .registry import get_game

LOG_FORMAT = "fliptable-log/1"


@dataclass(slots=True)
class GameLog:
    """A finished or partial game as data."""

    game: str
    options: dict[str, Any]
    players: int
    seed: int | str
    actions: list[list[Any]]  # [seat or None, action] pairs, as JSON has them
    deck: list[str] | None = None
    rules_version: str = "1"
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "deck": self.deck,
            "actions": self.actions,
            "result": self.result,
        }

    def dumps(self, indent: int | None = None) -> str:
        """The log as strict JSON (never NaN or Infinity); LogError when it cannot be."""
        try:
            return json.dumps(
                self.to_json(), indent=indent, allow_nan=False, separators=None if indent is not None else (",", ":")
            )
        except (TypeError, ValueError) as exc:
            raise LogError(f"the log cannot be written as JSON: {shorten(str(exc), 120)}") from None

    @classmethod
    def of(
        cls, state: State, seed: int | str, actions: Sequence[Sequence[Any]], deck: Sequence[str] | None = None
    ) -> GameLog:
        """The log of a game that started from (state's game, options, players, ``seed``,
        ``deck``) and applied ``actions``; ``result`` is the state's (possibly unfinished) result."""
        return cls(
            state.game.id,
            dict(state.options),
            state.players,
            seed,
            [list(a) for a in actions],
            list(deck) if deck is not None else None,
            state.game.rules_version,
            state.result().to_json(),
        )

    def write(self, path: str | Path) -> None:
        """Write the log as JSON; LogError names the path when it cannot be written."""
        try:
            Path(path).write_text(self.dumps(indent=1) + "\n")
        except OSError as exc:
            raise LogError(f"cannot write log {str(path)!r}: {exc.strerror or exc}") from None


class Recorder:
    """Wraps a state: applies actions and records them into a log."""

    __slots__ = ("log", "state")

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | str = 0,
        deck: Sequence[str] | None = None,
    ):
        self.state: State = game.new_state(players, options, seed, deck)
        self.log = GameLog(
            game.id,
            dict(self.state.options),
            players,
            seed,
            [],
            list(deck) if deck is not None else None,
            game.rules_version,
        )

    def apply(self, player: int | None, action: str) -> list[Event]:
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
        raise LogError(f"the log's game must be a game id, got {shorten(data['game'])}")
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise LogError(f"the log's players must be an integer, got {shorten(players)}")
    if not 0 <= players <= MAX_PLAYERS:
        raise LogError(f"the log's players must be a player count, got {shorten(players)}")
    seed = data["seed"]
    if not isinstance(seed, (int, str)) or isinstance(seed, bool) or (isinstance(seed, int) and seed < 0):
        raise LogError(f"the log's seed must be a non-negative integer or a string, got {shorten(seed)}")
    if isinstance(seed, str) and not _is_text(seed):
        raise LogError(f"the log's seed {shorten(seed)!r} is not valid Unicode text (it holds a lone surrogate)")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise LogError(f"the log's options must be an object ({{}} or no key for the defaults), got {shorten(options)}")
    deck = data.get("deck")
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)):
        raise LogError("the log's deck must be null or a list of cards in notation, top card first")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise LogError("the log's actions must be a list of [player, action] pairs")
    for i, pair in enumerate(actions):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not isinstance(pair[1], str)
            or not (pair[0] is None or (isinstance(pair[0], int) and not isinstance(pair[0], bool)))
        ):
            raise LogError(f'action {i} must be [player, "action"] (player an integer or null), got {shorten(pair)}')
    result = data.get("result")
    if result is not None and not (isinstance(result, Mapping) and isinstance(result.get("over", False), bool)):
        raise LogError(
            f'the log\'s result must be null or an object like {{"over": true, "scores": [...], '
            f'"winners": [...]}}, got {shorten(result)}'
        )
    return GameLog(
        data["game"],
        dict(options),
        players,
        seed,
        [list(a) for a in actions],
        deck,
        shorten(str(data.get("rules_version", "1"))),
        None if result is None else dict(result),
    )


#: no game seats more; a log claiming more players is not a log of a game
MAX_PLAYERS = 1000


def _is_text(text: str) -> bool:
    """True when ``text`` is valid Unicode (no lone surrogates, which JSON's \\uD800 escapes allow)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"the number {shorten(text)} is too large")
    return number


def loads_strict(text: str) -> Any:
    """Parse JSON text strictly (a log, a server's request): no NaN or Infinity, no
    number too large to be a float, no integer beyond Python's digit limit, nesting
    within the recursion limit. LogError, its message the predicate of a sentence whose
    subject the caller names ("log 'x.json' is not valid JSON: …", "the request body …")."""
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise LogError(f"is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise LogError("is nested too deeply") from None
    except ValueError as exc:  # the integer digit limit, NaN, 1e999
        raise LogError(f"is not valid JSON: {shorten(str(exc).split(';')[0], 120)}") from None


def load_log(path: str | Path) -> GameLog:
    """Read and validate a log file."""
    shown = shorten(str(path))
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        # same shape as flush/deckspec.py's loader on purpose: each file kind says its read errors in its own words
        raise LogError(f"cannot read log {shown!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise LogError(f"log {shown!r} is not UTF-8 text; a log is a {LOG_FORMAT} JSON file") from None
    try:
        data = loads_strict(text)
    except LogError as exc:
        raise LogError(f"log {shown!r} {exc}") from None
    return parse_log(data)


def start_state(log: GameLog) -> State:
    """The state a log starts from (game, options, players, seed, deck)."""
    game = get_game(log.game)
    options = log.options
    if log.rules_version != game.rules_version:
        legacy = game.legacy_options(log.rules_version)
        if legacy is None:
            raise LogError(
                f"the log is for {log.game} rules version {shorten(log.rules_version)!r}; "
                f"this fliptable plays version {game.rules_version!r} and cannot replay it"
            )
        # an older version's games are played by today's rules with the options that
        # reproduce that version (Game.legacy_options)
        options = {**log.options, **legacy}
    try:
        return game.new_state(log.players, options, log.seed, log.deck)
    except FliptableError as exc:
        raise LogError(f"the log's set-up is invalid: {exc}") from None
    except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as exc:
        raise LogError(f"the log's set-up is invalid ({type(exc).__name__}: {shorten(str(exc), 120)})") from None


def replay(log: GameLog) -> State:
    """The state after applying every action of the log; ReplayError names the index."""
    state = start_state(log)
    for i, (player, action) in enumerate(log.actions):
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            # the game's own message may quote the whole action: keep the line short
            raise ReplayError(i, f"{_shown(player, action)} is illegal: {shorten(str(exc), 400)}") from None
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as exc:
            # a game's own parsing failed on the action: still a log that does not replay
            raise ReplayError(
                i,
                f"{_shown(player, action)} is illegal: {log.game} cannot read it "
                f"({type(exc).__name__}: {shorten(str(exc))})",
            ) from None
    return state


def _shown(player: Any, action: str) -> str:
    return json.dumps([player, shorten(action)])


def check_result(log: GameLog, state: State) -> None:
    """A log's recorded result must be the replay's: a finished game must replay to a
    finished game, and an unfinished one to an unfinished one, with the same result.
    A result is checked on what it records: every key the log holds (and every key
    inside its ``details``) must hold the replay's value; keys a later version added to
    results are not a contradiction (a log keeps replaying after results grow).
    ReplayError names the difference."""
    recorded = log.result
    if recorded is None:
        return
    replayed = json.loads(json.dumps(state.result().to_json()))
    said_over = recorded.get("over")
    over = state.is_over()
    n = len(log.actions)
    if said_over is True and not over:
        raise ReplayError(
            None,
            f"the log records a finished game (scores {shorten(recorded.get('scores'))}, "
            f"winners {shorten(recorded.get('winners'))}), but its {n} actions replay to a "
            f"game not finished (scores {shorten(replayed['scores'])}); the log is cut short",
        )
    if said_over is False and over:
        raise ReplayError(
            None,
            f"the log records an unfinished game, but its {n} actions replay to a finished "
            f"one (scores {shorten(replayed['scores'])}, winners {shorten(replayed['winners'])})",
        )
    leading = (replayed.get("details") or {}).get("leading")
    if not over and recorded.get("winners") and recorded.get("winners") == leading:
        # before the end, earlier versions named the leaders as winners (details.leading now)
        recorded = {**recorded, "winners": replayed["winners"]}
    differ = recorded_differences(recorded, replayed)
    if differ:
        game = "" if over else "unfinished game "
        raise ReplayError(
            n - 1 if n else None,
            f"the {game}replay ends with scores {shorten(replayed['scores'])} and winners "
            f"{shorten(replayed['winners'])}, but the log records "
            f"{shorten(recorded.get('scores'))} and {shorten(recorded.get('winners'))}"
            f" ({shorten(', '.join(differ), 120)} differ)",
        )


def recorded_differences(recorded: Mapping[str, Any], replayed: Mapping[str, Any], prefix: str = "") -> list[str]:
    """The keys of ``recorded`` whose value ``replayed`` does not hold (``details.rounds``
    for a key inside ``details``): a key ``replayed`` lacks differs, a key only
    ``replayed`` has does not (a result that grew since the log was written)."""
    out = []
    for key, value in recorded.items():
        name = f"{prefix}{key}"
        if key not in replayed:
            out.append(name)
        elif isinstance(value, Mapping) and isinstance(replayed[key], Mapping):
            out.extend(recorded_differences(value, replayed[key], f"{name}."))
        elif value != replayed[key]:
            out.append(name)
    return out
