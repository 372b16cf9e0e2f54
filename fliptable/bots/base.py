"""The agent protocol, the random agent and bot specs (``name``, ``name:value``,
``name:key=value,key=value``).

Agents see views, never states. ``act`` answers a turn (or a simultaneous commit);
``react`` answers a race with an action and a reaction delay in milliseconds, which
the driver uses to decide who was first.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Mapping

from ..core.agent import Agent, RandomAgent
from ..core.errors import BotSpecError, shorten
from ..core.game import Game
from . import custom
from .ismcts import ISMCTSAgent
from .params import number_param  # noqa: F401 - bots and tests import it from here


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name`` / ``name:value`` / ``name:k=v,k=v`` -> (name, params). A bare value is
    passed as the parameter ``value``."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"bot spec {spec!r} is empty; write name, name:value or name:key=value,...")
    name, colon, rest = spec.strip().partition(":")
    return _params(spec, name.strip().lower(), colon, rest)


def _params(spec: str, name: str, colon: str, rest: str) -> tuple[str, dict[str, str]]:
    """(name, params) from what follows ``name`` in ``spec`` (after ``colon``, if any)."""
    if not name:
        raise BotSpecError(f"bot spec {spec!r} has no name; write name, name:value or name:key=value,...")
    params: dict[str, str] = {}
    if colon and not rest.strip():
        raise BotSpecError(
            f"bot spec {spec!r} has nothing after ':'; write {name}, {name}:value or {name}:key=value,..."
        )
    if rest:
        if "=" not in rest:
            params["value"] = rest.strip()
        else:
            for part in rest.split(","):
                key, sep, value = part.partition("=")
                if not sep or not key.strip():
                    raise BotSpecError(f"bot spec {spec!r}: {part!r} is not key=value")
                if key.strip() in params:
                    raise BotSpecError(
                        f"bot spec {shorten(spec)!r} gives {key.strip()!r} twice; give each parameter once"
                    )
                params[key.strip()] = value.strip()
    return name, params


def bot_factories(game: Game) -> dict[str, Callable[..., Agent]]:
    """Every bot usable for ``game``: the game's own and the generic ones."""
    out: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "ismcts": ISMCTSAgent}
    out.update(game.bots())
    return out


def bot_names(game: Game, allow: bool | Collection[str] = False) -> list[str]:
    """The bots of ``game``; with ``allow``, the installed packages' bots it allows too
    (``custom.py``)."""
    names = set(bot_factories(game))
    names.update(n for n in custom.entry_point_names() if custom.allowed(n, allow))
    return sorted(names)


def make_agent(game: Game, spec: str, allow: bool | Collection[str] = custom.EVERY) -> Agent:
    """An agent for ``game`` from a bot spec; BotSpecError names the bots there are.
    Bots of one's own (``module:Class``, or an installed package's ``fliptable.bots``
    entry point) are loaded only when ``allow`` is True or lists them (the server's
    ``--allow-bot``)."""
    name, params = parse_bot_spec(spec)
    factories = bot_factories(game)
    factory = factories.get(name)
    if factory is None:
        imported = custom.split_import_spec(spec)
        if imported is not None:
            key, rest = imported
            if not custom.allowed(key, allow):
                raise custom.refuse(key, allow)
            name, params = _params(spec, key, ":" if rest else "", rest)
            factory = custom.load_class(key)
        elif name in custom.entry_point_names():
            if not custom.allowed(name, allow):
                raise custom.refuse(name, allow)
            factory = custom.load_entry_point(name)
    if factory is None:
        raise BotSpecError(
            f"unknown bot {name!r} for {game.id}; bots: {', '.join(bot_names(game, allow))} "
            f"(or module:Class for a bot of your own, docs/bots.md)"
        )
    try:
        agent = factory(**params)
    except BotSpecError:
        raise
    except (TypeError, ValueError) as exc:
        raise BotSpecError(f"bot spec {shorten(spec)!r}: {_unknown_params(name, factory, params) or exc}") from None
    bind = getattr(agent, "bind_game", None)
    if bind is not None:  # parameters that need the game (ismcts:rollout=greedy)
        bind(game)
    agent.spec = spec.strip()
    return agent


def _unknown_params(name: str, factory: Callable[..., Agent], params: Mapping[str, str]) -> str | None:
    """What is wrong with ``params`` for ``factory``, said plainly ("random takes no
    parameters"), or None when the factory's signature cannot tell."""
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    kinds = [p.kind for p in sig.parameters.values()]
    if inspect.Parameter.VAR_KEYWORD in kinds:
        return None
    accepted = [p for p, q in sig.parameters.items() if q.kind is not inspect.Parameter.VAR_POSITIONAL]
    if not accepted:
        return f"bot {name} takes no parameters; write {name}"
    unknown = [k for k in params if k not in accepted]
    if not unknown:
        return None
    shown = ", ".join("a bare value" if k == "value" else repr(shorten(k)) for k in unknown)
    return f"bot {name} has no parameter {shown}; its parameters: " + ", ".join(
        "a bare value" if p == "value" else p for p in accepted
    )
