"""Who sits where: the person at ``seat``, and the ``--bot`` specs for the other seats
(README.md, "Bots": one spec per other seat in seat order, the last
fills the rest; the spec ``human`` is another person at the same keyboard)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.base import Agent, make_agent
from ..core.errors import BotSpecError, PlayerCountError
from ..core.game import Game
from ..core.rng import derive_seed
from ..core.words import count_of

HUMAN = "human"


#: the bot that fills the other seats when no ``--bot`` is given, per game
def default_bot(game: Game) -> str:
    """The bot that fills the seats beside people when no ``--bot`` is given: the game's
    bot for people (``play_bot``: Fly-swatter's reacts more slowly), else its default."""
    return game.play_bot or game.default_bot


def player_count(game: Game, players: int | None, bot_specs: Sequence[str]) -> int:
    """``players``, or when not given the game's default (more if more specs are given)."""
    if players is None:
        players = max(game.default_players, min(len(bot_specs) + 1, game.max_players))
    return game.check_players(players)


def seat_agents(game: Game, players: int, bot_specs: Sequence[str], seat: int) -> list[Agent | None]:
    """One entry per seat: an agent, or None for a person. Raises BotSpecError/PlayerCountError."""
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayerCountError(f"--seat {seat!r} is not a seat at this table; seats are 0 to {players - 1}")
    specs = list(bot_specs) or [default_bot(game)]
    others = [s for s in range(players) if s != seat]
    if len(specs) > len(others) and others:
        raise BotSpecError(
            f"{len(specs)} --bot specs given for {count_of(len(others), 'other seat')} at a {players}-player table"
        )
    out: list[Agent | None] = [None] * players
    for i, s in enumerate(others):
        spec = specs[min(i, len(specs) - 1)]
        out[s] = None if spec.strip().lower() == HUMAN else make_agent(game, spec)
    return out


def reset_agents(game: Game, agents: Sequence[Agent | None], options: Mapping[str, Any], seed: int | str) -> None:
    """Give each bot its own RNG derived from the game's seed, as the simulator does."""
    for s, agent in enumerate(agents):
        if agent is not None:
            agent.reset(game, s, len(agents), options, random.Random(derive_seed(seed, "agent", s)))
