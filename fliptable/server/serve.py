"""``fliptable serve``: the application on uvicorn."""

from __future__ import annotations

import asyncio
import logging
import os
import re

from ..core.errors import FliptableError
from .config import DEFAULT_EXPIRE_HOURS, DEFAULT_SEAT_TIMEOUT_S, Settings, db_url


class ServeError(FliptableError):
    """The server cannot start (a bad ``--db``, the port taken)."""


def shown_db(url: str) -> str:
    """A database URL as messages show it: without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url.split("@")[-1] if "@" in url else url


def check_db(url: str | None) -> str:
    """``--db`` (None: the default database) as an async URL the server can open;
    ``ServeError`` names what is accepted."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    full = db_url(url)
    try:
        parsed = make_url(full)
        backend = parsed.get_backend_name()
        parsed.get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError) as exc:
        raise ServeError(
            f"--db {shown_db(url or full)!r} is not a database URL the server can use ({exc}); accepted: "
            f"sqlite+aiosqlite:///PATH, postgresql+asyncpg://USER@HOST/DB or a file path"
        ) from None
    if backend not in ("sqlite", "postgresql"):
        raise ServeError(
            f"--db {shown_db(url or full)!r}: the server stores tables in SQLite or PostgreSQL, not {backend}"
        )
    if backend == "sqlite" and parsed.database and parsed.database != ":memory:":
        folder = os.path.dirname(os.path.abspath(parsed.database))
        if not os.path.isdir(folder):
            raise ServeError(f"cannot open the database {shown_db(full)!r}: the folder {folder!r} does not exist")
    return full


def check_redis(url: str | None, db: str | None) -> str | None:
    """``--redis`` as the server will use it (None: the server runs alone); ``ServeError``
    for a URL that is not Redis's, without the client, or beside a database that
    several processes cannot share (SQLite)."""
    if url is None:
        return None
    url = url.strip()
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ServeError(
            f"--redis {shown_db(url)!r} is not a Redis URL; accepted: redis://HOST:6379/0, rediss://..., unix:///PATH"
        )
    try:
        import redis  # noqa: F401
    except ImportError:
        raise ServeError("--redis needs the Redis client: pip install 'fliptable[cluster]'") from None
    if not db_url(db).startswith("postgresql"):
        raise ServeError(
            "--redis: several server processes share one PostgreSQL database; give "
            "--db postgresql+asyncpg://USER@HOST/DB (SQLite serves one process)"
        )
    return url


_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def redact(text: str) -> str:
    """``text`` with every ``token=SECRET`` shown as ``token=***``."""
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Keeps seat tokens (``/ws/ID?token=...``) out of the server's logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(
                redact(a) if isinstance(a, str) else a
                for a in (record.args if isinstance(record.args, tuple) else (record.args,))
            )
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = redact(record.msg)
        return True


def behind_proxies(app, proxies: tuple[str, ...]):
    """``app`` as reached through the reverse proxies at ``proxies`` (addresses or
    networks, ``--trust-proxy``): a request from one of them is taken to come from the
    address its ``X-Forwarded-For`` names (the nearest one not itself a proxy), so the
    limits per address count each client; from anyone else no header is believed."""
    if not proxies:
        return app
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ProxyHeadersMiddleware(app, trusted_hosts=list(proxies))


def run_server(
    host: str,
    port: int,
    db: str | None,
    origins: tuple[str, ...],
    bot_delay_ms: float,
    creates_per_minute: int = 30,
    expire_after_s: float | None = DEFAULT_EXPIRE_HOURS * 3600.0,
    *,
    seat_timeout_s: float | None = DEFAULT_SEAT_TIMEOUT_S,
    joins_per_minute: int = 30,
    trusted_proxies: tuple[str, ...] = (),
    bot_workers: int | None = None,
    max_bot_ms: float = 2000.0,
    allowed_bots: tuple[str, ...] = (),
    redis: str | None = None,
) -> None:
    import uvicorn

    from .app import create_app

    settings = Settings(
        db=check_db(db),
        origins=tuple(o.rstrip("/") for o in origins),
        bot_delay_ms=bot_delay_ms,
        creates_per_minute=creates_per_minute,
        expire_after_s=expire_after_s,
        expire_check_s=min(60.0, max(1.0, (expire_after_s or 60.0) / 10.0)),
        seat_timeout_s=seat_timeout_s,
        joins_per_minute=joins_per_minute,
        bot_workers=bot_workers,
        max_bot_ms=max_bot_ms,
        allowed_bots=allowed_bots,
        redis=check_redis(redis, db),
    )
    # the schema first, so a database that cannot be opened is one line, not a traceback
    asyncio.run(_check_open(settings))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    app = behind_proxies(create_app(settings), trusted_proxies)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=settings.max_message_bytes * 4,
        ws_per_message_deflate=False,
        log_level="info",
        proxy_headers=False,
        server_header=False,
    )
    for name in ("uvicorn.error", "uvicorn.access", "fliptable.server"):  # after uvicorn set logging up
        logging.getLogger(name).addFilter(RedactTokens())
    server = uvicorn.Server(config)
    quiet_gc()
    server.run()
    if not server.started:
        raise ServeError(f"the server could not listen on {host}:{port} (is the port taken?)")


#: the cyclic garbage collector's thresholds while serving (Python's are 700, 10, 10)
GC_THRESHOLDS = (5_000, 50, 1000)


def quiet_gc() -> None:
    """Keep the garbage collector's pauses out of the frames' latency: every game's rules
    loaded, then everything alive at start-up frozen (never scanned again), and collections
    made rarer. With Python's defaults a loaded server (800 sockets) paused up to 95 ms in
    middle-generation and up to 0.9 s in full collections; almost everything it allocates
    is freed by reference counting anyway (bench/README.md, "The server")."""
    import gc

    from ..core.registry import all_games

    all_games()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _check_open(settings: Settings) -> None:
    from .store import Store

    store = Store(settings)
    try:
        await store.open()
    except FliptableError:
        raise
    except Exception as exc:
        await asyncio.sleep(0.2)  # let the driver's worker thread finish before the loop closes
        raise ServeError(
            f"cannot open the database {shown_db(settings.db)!r}: {' '.join(str(exc).split())[:200]}"
        ) from None
    finally:
        await store.close()
    if settings.redis:
        await _check_redis(settings.redis)


async def _check_redis(url: str) -> None:
    import redis.asyncio as aioredis

    client = aioredis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        await client.ping()
    except Exception as exc:
        raise ServeError(f"cannot reach Redis at {shown_db(url)!r}: {' '.join(str(exc).split())[:200]}") from None
    finally:
        await client.aclose()
