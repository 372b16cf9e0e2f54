"""Bots of one's own: ``--bot module:Class`` (``module:Class:key=value,...``), or a name
that an installed package declares in the entry-point group ``fliptable.bots``
(docs/bots.md, "How to write a bot").

Either is code run in this process, so it is offered only where the caller allows it:
every local command does (the person runs their own code); the server only for the
names its operator lists with ``fliptable serve --allow-bot NAME`` — a remote player can
never have it import a module by naming one.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Collection
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

from ..core.agent import Agent
from ..core.errors import BotSpecError, shorten

#: the entry-point group a package declares its bots in
GROUP = "fliptable.bots"
#: ``module:Class`` with what follows (``:value`` or ``:key=value,...``)
IMPORT_SPEC = re.compile(r"^\s*([A-Za-z_][\w.]*):([A-Za-z_]\w*)\s*(?::(.*))?$", re.DOTALL)
#: the callers' word for "every bot of one's own" (a local command)
EVERY = True


def split_import_spec(spec: str) -> tuple[str, str] | None:
    """``("module:Class", rest after it)`` when ``spec`` has that form, else None. A
    known bot's ``name:value`` (``threshold:25``) is matched by the caller first."""
    m = IMPORT_SPEC.match(spec)
    if m is None or "=" in m.group(2):
        return None
    return f"{m.group(1)}:{m.group(2)}", (m.group(3) or "")


def entry_point_names() -> list[str]:
    """The bot names installed packages declare (not loaded). Reading every installed
    distribution's metadata takes milliseconds, so it is read once per ``sys.path``
    (``GET /api/games`` asks for every game)."""
    return list(_declared(tuple(sys.path)))


@lru_cache(maxsize=4)
def _declared(path: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(sorted({ep.name.lower() for ep in entry_points(group=GROUP)}))
    except Exception:  # noqa: BLE001 - a broken distribution's metadata must not stop the command
        return ()


def allowed(key: str, allow: bool | Collection[str]) -> bool:
    return allow is True or (not isinstance(allow, bool) and key in allow)


def refuse(key: str, allow: bool | Collection[str]) -> BotSpecError:
    return BotSpecError(
        f"bot {shorten(key)!r} is not offered here: this server runs only the bots of your own "
        f"that its operator lists (fliptable serve --allow-bot NAME)"
    )


def load_class(key: str) -> Callable[..., Agent]:
    """The agent class ``module:Class`` names, imported now (the current folder is searched
    first, as ``python -m`` would); BotSpecError when it is not there or not an agent."""
    module_name, _, class_name = key.partition(":")
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise BotSpecError(
                f"bot {shorten(key)!r}: there is no module {module_name!r} (from the current "
                f"folder or the installed packages)"
            ) from None
        raise BotSpecError(f"bot {shorten(key)!r}: importing {module_name!r} failed: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - the person's module failed as it loaded: one line
        raise BotSpecError(
            f"bot {shorten(key)!r}: importing {module_name!r} failed: {type(exc).__name__}: {shorten(str(exc))}"
        ) from None
    return _agent_class(key, getattr(module, class_name, None), f"{module_name!r} has no {class_name!r}")


def load_entry_point(name: str) -> Callable[..., Agent] | None:
    """The class an installed package declares as bot ``name``, or None."""
    try:
        found = [ep for ep in entry_points(group=GROUP) if ep.name.lower() == name]
    except Exception:  # noqa: BLE001
        return None
    if not found:
        return None
    try:
        target = found[0].load()
    except Exception as exc:  # noqa: BLE001
        raise BotSpecError(
            f"bot {name!r} ({found[0].value}) could not be loaded: {type(exc).__name__}: {shorten(str(exc))}"
        ) from None
    return _agent_class(name, target, f"{found[0].value} is not there")


def _agent_class(key: str, target: Any, missing: str) -> Callable[..., Agent]:
    if target is None:
        raise BotSpecError(f"bot {shorten(key)!r}: {missing}")
    if not (isinstance(target, type) and issubclass(target, Agent)):
        raise BotSpecError(
            f"bot {shorten(key)!r} is not an agent class: write a subclass of fliptable.core.agent.Agent (docs/bots.md)"
        )
    return target
