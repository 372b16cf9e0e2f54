"""The kernel: cards, seeded randomness, decisions, the state protocol, errors, logs
and replay, the game registry. Standard library only."""
from .cards import CardTable, CardType, check_same_cards
from .decision import Decision, Over, Race, Simultaneous, Turn, decision_json, turn
from .errors import (BotSpecError, DeckError, FliptableError, IllegalAction, LogError, OptionError,
                     PlayerCountError, ReplayError, SeatError, SeedError, StaleAction, StateError,
                     UnknownGame)
from .events import Event
from .game import Game, GameInfo, State
from .log import GameLog, Recorder, load_log, parse_log, replay, start_state
from .options import Option, parse_option_pairs, resolve_options
from .registry import all_game_ids, all_games, get_game, load_state, register
from .result import Result, ranks_from_keys
from .rng import check_seed, derive_seed, new_rng, rng_from_json, rng_to_json

__all__ = [name for name in dir() if not name.startswith("_")]
