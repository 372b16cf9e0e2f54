"""The server's settings: one frozen dataclass, built by ``fliptable serve`` or a test."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: the database when ``--db`` is not given: an SQLite file in the working directory
DEFAULT_DB = "sqlite+aiosqlite:///./fliptable-server.db"

#: how long a table may go without any connection before it is closed, hours (--expire-after)
DEFAULT_EXPIRE_HOURS = 24.0

#: how long a joined seat may stay unconnected before it is freed, seconds (--seat-timeout)
DEFAULT_SEAT_TIMEOUT_S = 120.0

#: the WebSocket protocol this server speaks (docs/server.md)
PROTOCOL = "fliptable-ws/1"


def db_url(value: str | None) -> str:
    """``--db`` as an SQLAlchemy async URL: a plain path is an SQLite file; ``sqlite://``
    and ``postgresql://`` get their async drivers."""
    if not value:
        return DEFAULT_DB
    value = value.strip()
    if "://" not in value:
        return "sqlite+aiosqlite:///" + os.path.abspath(value)
    scheme, rest = value.split("://", 1)
    if scheme == "sqlite":
        return "sqlite+aiosqlite://" + rest
    if scheme in ("postgresql", "postgres"):
        return "postgresql+asyncpg://" + rest
    return value


@dataclass(frozen=True)
class Settings:
    db: str = DEFAULT_DB
    #: PostgreSQL only: the schema the server's tables live in (tests: one per run)
    db_schema: str | None = None
    #: browser origins allowed besides the server's own (``--origin``)
    origins: tuple[str, ...] = ()
    #: a bot's pace on turns, ms, unless a table says otherwise
    bot_delay_ms: float = 800.0
    #: processes the bots think in (``--bot-workers``; None: one per core)
    bot_workers: int | None = None
    #: the longest a bot may think over one decision, ms (``--max-bot-ms``): a bot spec asking
    #: for more is refused; a search stops there and plays its best move so far
    max_bot_ms: float = 2000.0
    #: bots of one's own that tables may seat (``--allow-bot``: ``module:Class`` or an installed
    #: package's ``fliptable.bots`` name); none by default: a player never has the server import
    #: a module by naming it
    allowed_bots: tuple[str, ...] = ()
    #: the largest WebSocket message a client may send, bytes
    max_message_bytes: int = 4096
    #: per socket: messages per second, and the burst allowed
    rate_per_second: float = 20.0
    rate_burst: float = 40.0
    #: a socket that had this many messages refused for rate is closed
    flood_close_after: int = 200
    #: connections one table accepts at once before it refuses spectators (a seat's own
    #: person is let in however many watch: spectators must not keep the people out)
    max_connections_per_table: int = 256
    #: connections one seat's token may hold open at once (tabs, a reconnect overlapping)
    max_connections_per_seat: int = 8
    #: the largest HTTP request body, bytes
    max_body_bytes: int = 64 * 1024
    #: tables one address may create per minute
    creates_per_minute: int = 30
    #: seats one address may take (``POST /api/tables/{id}/join``) per minute
    joins_per_minute: int = 30
    #: a seat taken by joining whose person has not connected this long after is freed
    #: again, seconds (None: never; ``--seat-timeout``); the creator's seat is never freed
    seat_timeout_s: float | None = DEFAULT_SEAT_TIMEOUT_S
    #: how often the server looks for such seats, seconds (None: a fifth of the timeout,
    #: between 0.05 and 5)
    seat_check_s: float | None = None
    #: replays (``GET /api/tables/{id}/frames``: a whole game replayed, tens of ms of CPU
    #: for a long one) one address may ask for per minute
    replays_per_minute: int = 60
    #: resume started tables when the server starts
    resume: bool = True
    #: a table that is not over and that nobody has connected to for this long is closed,
    #: seconds (None: never; ``--expire-after HOURS``)
    expire_after_s: float | None = DEFAULT_EXPIRE_HOURS * 3600.0
    #: how often the server looks for such tables, seconds
    expire_check_s: float = 60.0
    #: the wall clock (seconds since the epoch) that expiry is measured on; tests move their own
    now: Callable[[], float] = time.time
    #: several processes sharing the database: their Redis (``--redis URL``; None: this
    #: process serves alone), and how long a table's lease lasts unless renewed, ms
    redis: str | None = None
    lease_ms: float = 4000.0
    #: extra keyword arguments for ``create_async_engine``
    engine_options: dict = field(default_factory=dict)
