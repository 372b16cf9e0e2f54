"""Typed errors. Every user-facing error carries a one-line message naming what was
wrong and what is accepted."""


class FliptableError(Exception):
    """Base class of every error fliptable raises on purpose."""

    exit_code = 2


class IllegalAction(FliptableError):
    """An action that the rules do not allow now, or that is not this player's to take."""


class OptionError(FliptableError):
    """An unknown game option or an invalid option value."""


class UnknownGame(FliptableError):
    """A game id that is not registered."""


class PlayerCountError(FliptableError):
    """A player count outside the game's range."""


class DeckError(FliptableError):
    """A deck order that is not exactly the game's deck, or an unknown card."""


class LogError(FliptableError):
    """A malformed game log."""


class ReplayError(FliptableError):
    """A log whose action list replays to an illegal action."""

    exit_code = 1

    def __init__(self, index: int, message: str):
        super().__init__(f"action {index}: {message}")
        self.index = index


class BotSpecError(FliptableError):
    """A malformed or unknown bot spec."""
