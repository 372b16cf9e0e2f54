"""A table request (``POST /api/tables``) checked into a ``TableSpec``: every error is
one line naming what was wrong and what is accepted (HTTP 400)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bots.base import bot_names, make_agent
from ..core.errors import FliptableError, quoted, shorten
from ..core.game import Game
from ..core.options import value_text
from ..core.registry import REFERENCE_GAME, get_game
from ..core.rng import fresh_seed

HUMAN = "human"
#: the longest display name kept
NAME_LIMIT = 40
#: a turn clock's bounds, ms
TURN_LIMIT_RANGE = (1000.0, 3_600_000.0)
#: a bot's pace bounds, ms
BOT_DELAY_RANGE = (0.0, 10_000.0)
#: a seed given as text may be at most this long
SEED_TEXT_LIMIT = 200


class BadRequest(FliptableError):
    """A request that cannot be acted on (HTTP 400)."""


@dataclass(frozen=True)
class TableSpec:
    game: Game
    players: int
    options: dict[str, Any]
    #: per seat: "human" or a bot spec
    seats: tuple[str, ...]
    seed: int | str
    seeded: bool
    name: str | None
    turn_limit_ms: float | None
    bot_delay_ms: float
    #: listed in the lobby (``GET /api/tables``); otherwise reached by its link only
    public: bool = False

    @property
    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]


def display_name(value: Any) -> str | None:
    """A display name: text, trimmed, control characters removed, at most 40 characters."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRequest(f"name must be text, got {quoted(value)}")
    clean = "".join(ch for ch in value if ch.isprintable()).strip()
    if len(clean) > NAME_LIMIT:
        raise BadRequest(f"name is {len(clean)} characters long; at most {NAME_LIMIT} are accepted")
    return clean or None


def _number(body: Mapping[str, Any], key: str, lo: float, hi: float, default: Any) -> Any:
    value = body.get(key, default)
    if value is None or value is default:
        return value
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not lo <= value <= hi
    ):
        raise BadRequest(
            f"{key} must be a number of milliseconds in {value_text(lo)}..{value_text(hi)}, got {quoted(value)}"
        )
    return float(value)


#: a body ``POST /api/tables`` accepts, shown when a request is not an object: the
#: registry's reference game, one person and a bot every game has
EXAMPLE = json.dumps({"game": REFERENCE_GAME, "seats": ["human", "random"]})


def table_spec(
    body: Any, default_bot_delay_ms: float, max_bot_ms: float | None = None, allowed_bots: tuple[str, ...] = ()
) -> TableSpec:
    """Check a ``POST /api/tables`` body; ``BadRequest`` (or the kernel's own error:
    unknown game, bad option, bad player count, bad bot spec) names the problem.
    ``max_bot_ms``: the server's limit on a bot's decision; a spec asking for more is refused.
    ``allowed_bots``: the bots of one's own the operator allows (``--allow-bot``); any other
    ``module:Class`` or installed bot is refused before anything is imported."""
    if not isinstance(body, Mapping):
        raise BadRequest(f"the request must be a JSON object like {EXAMPLE}")
    known = {"game", "players", "options", "seats", "seed", "name", "turn_limit_ms", "bot_delay_ms", "public"}
    unknown = sorted(str(k) for k in body if k not in known)
    if unknown:
        raise BadRequest(f"unknown field {shorten(unknown[0])!r}; accepted: {', '.join(sorted(known))}")
    game_id = body.get("game")
    if not isinstance(game_id, str):
        raise BadRequest("game must be a game id (see GET /api/games)")
    game = get_game(game_id.strip().lower())
    players = body.get("players")
    seats = body.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRequest('seats must be a list of "human" or bot specs, one per seat')
        if players is not None and players != len(seats):
            raise BadRequest(f"players is {quoted(players)} but {len(seats)} seats are given")
        players = len(seats)
    players = game.check_players(game.default_players if players is None else players)
    if seats is None:
        seats = [HUMAN] + [game.play_bot or game.default_bot] * (players - 1)  # beside a person
    specs = []
    for spec in seats:
        spec = spec.strip()
        if spec.lower() == HUMAN:
            specs.append(HUMAN)
            continue
        if len(spec) > 200:
            raise BadRequest(f"bot spec {shorten(spec)!r} is too long")
        bot = make_agent(game, spec, allow=allowed_bots)  # BotSpecError names the bots there are
        need = bot.budget_ms()
        if max_bot_ms is not None and need is not None and need > max_bot_ms:
            raise BadRequest(
                f"bot {shorten(spec)!r} asks for {need:g} ms or more a decision; this server allows "
                f"at most {max_bot_ms:g} ms (--max-bot-ms)"
                + (f": ismcts:ms={max_bot_ms:g} or fewer iterations" if bot.name == "ismcts" else "")
            )
        specs.append(spec)
    options = body.get("options") or {}
    if not isinstance(options, Mapping):
        raise BadRequest(f"options must be an object of option: value, got {quoted(options)}")
    options = game.resolve_options(options, files=False)  # a deck is data here, never a path
    game.check_table(players, options)
    seed = body.get("seed")
    seeded = seed is not None
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, (int, str)) or (isinstance(seed, int) and seed < 0):
        raise BadRequest(f"seed must be a non-negative integer or text, got {quoted(seed)}")
    elif isinstance(seed, str) and len(seed) > SEED_TEXT_LIMIT:
        raise BadRequest(f"seed text is at most {SEED_TEXT_LIMIT} characters")
    elif isinstance(seed, int) and seed.bit_length() > 128:
        raise BadRequest("an integer seed must fit in 128 bits")
    turn_limit = _number(body, "turn_limit_ms", *TURN_LIMIT_RANGE, None)
    bot_delay = _number(body, "bot_delay_ms", *BOT_DELAY_RANGE, default_bot_delay_ms)
    if turn_limit is not None and bot_delay >= turn_limit:
        raise BadRequest(
            f"bot_delay_ms ({bot_delay:g}) must be shorter than turn_limit_ms ({turn_limit:g}), "
            f"or the clock would play for the bots"
        )
    public = body.get("public", False)
    if type(public) is not bool:
        raise BadRequest(
            f"public must be true (listed in the lobby) or false (reached by its link), got {quoted(public)}"
        )
    return TableSpec(
        game,
        players,
        options,
        tuple(specs),
        seed,
        seeded,
        display_name(body.get("name")),
        turn_limit,
        float(bot_delay),
        public,
    )


def game_entry(game: Game, allowed_bots: tuple[str, ...] = ()) -> dict[str, Any]:
    """One game as ``GET /api/games`` lists it (with the allowed bots of one's own)."""
    out = game.describe()
    out["bots"] = sorted(
        set(bot_names(game, allowed_bots))
        | {b for b in allowed_bots if ":" in b}
        | ({game.play_bot} if game.play_bot else set())
    )  # the people's default, as a choice
    out["dynamics"] = game.dynamics
    return out
