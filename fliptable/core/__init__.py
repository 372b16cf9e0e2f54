"""The kernel: cards, seeded randomness, decisions, the state protocol, errors, logs
and replay, the game registry. Standard library only."""

from .cards import CardTable, CardType, check_same_cards
from .decision import Decision, Over, Race, Simultaneous, Turn, decision_json, turn
from .errors import (
    BotSpecError,
    DeckError,
    FliptableError,
    IllegalAction,
    LogError,
    OptionError,
    PlayerCountError,
    ReplayError,
    SeatError,
    SeedError,
    StaleAction,
    StateError,
    UnknownGame,
)
from .events import Event
from .game import Game, State
from .info import GameInfo
from .log import GameLog, Recorder, load_log, parse_log, replay, start_state
from .options import Option, parse_option_pairs, resolve_options
from .registry import all_game_ids, all_games, get_game, load_state, register
from .result import Result, ranks_from_keys
from .rng import check_seed, derive_seed, new_rng, rng_from_json, rng_to_json

__all__ = [
    "BotSpecError",
    "CardTable",
    "CardType",
    "Decision",
    "DeckError",
    "Event",
    "FliptableError",
    "Game",
    "GameInfo",
    "GameLog",
    "IllegalAction",
    "LogError",
    "Option",
    "OptionError",
    "Over",
    "PlayerCountError",
    "Race",
    "Recorder",
    "ReplayError",
    "Result",
    "SeatError",
    "SeedError",
    "Simultaneous",
    "StaleAction",
    "State",
    "StateError",
    "Turn",
    "UnknownGame",
    "all_game_ids",
    "all_games",
    "check_same_cards",
    "check_seed",
    "decision_json",
    "derive_seed",
    "get_game",
    "load_log",
    "load_state",
    "new_rng",
    "parse_log",
    "parse_option_pairs",
    "ranks_from_keys",
    "register",
    "replay",
    "resolve_options",
    "rng_from_json",
    "rng_to_json",
    "start_state",
    "turn",
]
