"""The agent protocol, the random agent and bot specs (``name``, ``name:value``,
``name:key=value,key=value``).

Agents see views, never states. ``act`` answers a turn (or a simultaneous commit);
``react`` answers a race with an action and a reaction delay in milliseconds, which
the driver uses to decide who was first.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from ..core.agent import Agent, RandomAgent
from ..core.errors import BotSpecError
from ..core.game import Game


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name`` / ``name:value`` / ``name:k=v,k=v`` -> (name, params). A bare value is
    passed as the parameter ``value``."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"bot spec {spec!r} is empty; write name, name:value or name:key=value,...")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise BotSpecError(f"bot spec {spec!r} has no name; write name, name:value or name:key=value,...")
    params: dict[str, str] = {}
    if _ and not rest.strip():
        raise BotSpecError(f"bot spec {spec!r} has nothing after ':'; write {name}, {name}:value "
                           f"or {name}:key=value,...")
    if rest:
        if "=" not in rest:
            params["value"] = rest.strip()
        else:
            for part in rest.split(","):
                key, sep, value = part.partition("=")
                if not sep or not key.strip():
                    raise BotSpecError(f"bot spec {spec!r}: {part!r} is not key=value")
                params[key.strip()] = value.strip()
    return name, params


def bot_factories(game: Game) -> dict[str, Callable[..., Agent]]:
    """Every bot usable for ``game``: the game's own and the generic ones."""
    out: dict[str, Callable[..., Agent]] = {"random": RandomAgent}
    out.update(game.bots())
    return out


def bot_names(game: Game) -> list[str]:
    return sorted(bot_factories(game))


def make_agent(game: Game, spec: str) -> Agent:
    """An agent for ``game`` from a bot spec; BotSpecError names the bots there are."""
    name, params = parse_bot_spec(spec)
    factories = bot_factories(game)
    factory = factories.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot {name!r} for {game.id}; bots: {', '.join(sorted(factories))}")
    try:
        agent = factory(**params)
    except BotSpecError:
        raise
    except (TypeError, ValueError) as exc:
        raise BotSpecError(f"bot spec {spec!r}: {exc}") from None
    agent.spec = spec.strip()
    return agent


def number_param(spec_name: str, key: str, value: Any, kind: type = float,
                 lo: float | None = None, hi: float | None = None) -> float:
    """A numeric bot parameter, checked; BotSpecError says what is accepted."""
    try:
        number = kind(value)
    except (TypeError, ValueError):
        number = None
    if number is None or (lo is not None and number < lo) or (hi is not None and number > hi):
        rng = f" in {lo:g}..{hi:g}" if lo is not None and hi is not None else (f" >= {lo:g}" if lo is not None else "")
        raise BotSpecError(f"bot {spec_name}: {key}={value!r} is invalid; accepted: "
                           f"{'an integer' if kind is int else 'a number'}{rng}")
    return number
