"""Game-agnostic agents and the agent protocol."""

from .base import Agent, RandomAgent, bot_names, make_agent, parse_bot_spec

__all__ = ["Agent", "RandomAgent", "bot_names", "make_agent", "parse_bot_spec"]
