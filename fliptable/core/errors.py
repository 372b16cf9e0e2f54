"""Typed errors. Every user-facing error carries a one-line message naming what was
wrong and what is accepted."""

import json


class FliptableError(Exception):
    """Base class of every error fliptable raises on purpose. (What a process exits with
    is the command's business: ``fliptable.exit_codes``.)"""


class IllegalAction(FliptableError):
    """An action that the rules do not allow now, or that is not this player's to take."""


class StaleAction(IllegalAction):
    """An action meant for an earlier moment of the game (its ``ply`` is not the
    state's): a late swat must never land on the next window's fly."""


class AgentError(FliptableError):
    """An agent answered with an action that is not legal (a bug in the agent)."""


class SeatError(FliptableError):
    """A seat number that does not exist at this table."""


class StateError(FliptableError):
    """A saved state that is malformed or inconsistent (tampered, truncated, or from
    another rules version)."""


class OptionError(FliptableError):
    """An unknown game option or an invalid option value."""


class UnknownGame(FliptableError):
    """A game id that is not registered."""


class PlayerCountError(FliptableError):
    """A player count outside the game's range."""


class SeedError(FliptableError):
    """A seed that is not a non-negative integer or text."""


class DeckError(FliptableError):
    """A deck order that is not exactly the game's deck, or an unknown card."""


class LogError(FliptableError):
    """A malformed game log."""


class ReplayError(FliptableError):
    """A log whose action list replays to an illegal action."""

    def __init__(self, index: int | None, message: str):
        """``index``: the action the replay stopped at (``None``: the log as a whole)."""
        super().__init__(message if index is None else f"action {index}: {message}")
        self.index = index


class BotSpecError(FliptableError):
    """A malformed or unknown bot spec."""


#: how many characters of user input an error message quotes
QUOTE_LIMIT = 60


def shorten(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as error-message text of at most ``limit`` characters plus "…".

    A string is kept as it is (quote it with ``!r``); anything else is shown as its
    ``repr``. A 1 MB action, a 5,000-digit number or a deeply nested list from a log
    are cut to a short prefix, so a message stays one readable line."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"(an integer of about {int(value.bit_length() * 0.30103) + 1} digits)"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):  # e.g. an integer over Python's digit limit
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value from JSON input as an error message shows it, as JSON spells it: a string
    in double quotes (``"1000"``, so it is not taken for the number ``1000``), ``null``,
    ``true``, ``["a"]``; a number (or what JSON cannot spell) as ``shorten`` gives it."""
    if isinstance(value, str):
        text = shorten(value, limit).replace("\\", "\\\\").replace('"', '\\"')
        return f'"{text}"'
    if value is None or isinstance(value, (bool, list, dict)):
        try:
            return shorten(json.dumps(value, ensure_ascii=False), limit)
        except (TypeError, ValueError, RecursionError):  # a huge integer inside, a deep nest
            pass
    return shorten(value, limit)
