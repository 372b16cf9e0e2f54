"""``fliptable serve``: the multiplayer server (docs/server.md)."""

from __future__ import annotations

import ipaddress
import math

import typer

from .common import CliError, _shown, app


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on."),
    port: int = typer.Option(8000, "--port", help="TCP port, 1-65535."),
    db: str | None = typer.Option(
        None,
        "--db",
        metavar="URL",
        help="sqlite+aiosqlite:///PATH (default ./fliptable-server.db), postgresql+asyncpg://..., or a file path.",
    ),
    origin: list[str] | None = typer.Option(
        None, "--origin", metavar="ORIGIN", help="A browser origin allowed besides the server's own (repeatable)."
    ),
    bot_delay_ms: float = typer.Option(
        800.0, "--bot-delay-ms", metavar="MS", help="How long a bot takes over a turn, 0-10000 ms."
    ),
    creates_per_minute: int = typer.Option(
        30, "--creates-per-minute", metavar="N", help="Tables one address may create per minute, 1-1000000."
    ),
    expire_after: float = typer.Option(
        24.0,
        "--expire-after",
        metavar="HOURS",
        help="Close a table nobody has been connected to for this long (0: never), hours.",
    ),
    seat_timeout: float = typer.Option(
        120.0,
        "--seat-timeout",
        metavar="SECONDS",
        help="Free a joined seat whose person has not connected this long after joining (0: never), seconds.",
    ),
    # typer options declared in place on purpose: each has its own range and help text
    joins_per_minute: int = typer.Option(
        30, "--joins-per-minute", metavar="N", help="Seats one address may take per minute, 1-1000000."
    ),
    trust_proxy: list[str] | None = typer.Option(
        None,
        "--trust-proxy",
        metavar="ADDR",
        help="A reverse proxy's address or network in front of "
        "the server: its X-Forwarded-For is believed "
        "(repeatable; by default no header is).",
    ),
    bot_workers: int | None = typer.Option(
        None, "--bot-workers", metavar="N", help="Processes the bots think in, 1-256 (default: the cores)."
    ),
    # typer options declared in place on purpose: each has its own range and help text
    max_bot_ms: float = typer.Option(
        2000.0, "--max-bot-ms", metavar="MS", help="The longest a bot may think over one decision, 10-600000 ms."
    ),
    allow_bot: list[str] | None = typer.Option(
        None,
        "--allow-bot",
        metavar="NAME",
        help="A bot of your own that tables may seat: module:Class or "
        "an installed fliptable.bots name (repeatable; checked "
        "now; none by default).",
    ),
    redis: str | None = typer.Option(
        None,
        "--redis",
        metavar="URL",
        help="redis://HOST:6379/0: run as one of several processes sharing "
        "the --db PostgreSQL and this Redis (docs/server.md).",
    ),
) -> None:
    """The multiplayer server (docs/server.md): HTTP API, WebSockets, bots, storage."""
    from ..server.serve import run_server

    if not 1 <= port <= 65535:
        raise CliError(f"--port must be 1 to 65535, not {port}")
    if not (math.isfinite(bot_delay_ms) and 0 <= bot_delay_ms <= 10_000):
        raise CliError(f"--bot-delay-ms must be 0 to 10000, not {_shown(bot_delay_ms)}")
    if not 1 <= creates_per_minute <= 1_000_000:
        raise CliError(f"--creates-per-minute must be 1 to 1000000, not {creates_per_minute}")
    if not (math.isfinite(expire_after) and 0 <= expire_after <= 24 * 365):
        raise CliError(f"--expire-after must be 0 (never) to 8760 hours, not {_shown(expire_after)}")
    if not (math.isfinite(seat_timeout) and 0 <= seat_timeout <= 24 * 3600):
        raise CliError(f"--seat-timeout must be 0 (never) to 86400 seconds, not {_shown(seat_timeout)}")
    if not 1 <= joins_per_minute <= 1_000_000:
        raise CliError(f"--joins-per-minute must be 1 to 1000000, not {joins_per_minute}")
    for proxy in trust_proxy or ():
        try:
            ipaddress.ip_network(proxy.strip(), strict=False)
        except ValueError:
            raise CliError(
                f"--trust-proxy {proxy!r} is not an address or network; accepted: e.g. 127.0.0.1, 10.0.0.0/8, ::1"
            ) from None
    if bot_workers is not None and not 1 <= bot_workers <= 256:
        raise CliError(f"--bot-workers must be 1 to 256, not {bot_workers}")
    if not (math.isfinite(max_bot_ms) and 10 <= max_bot_ms <= 600_000):
        raise CliError(f"--max-bot-ms must be 10 to 600000, not {_shown(max_bot_ms)}")
    allowed = tuple(_allowed_bot(name) for name in allow_bot or ())
    run_server(
        host,
        port,
        db,
        tuple(origin or ()),
        bot_delay_ms,
        creates_per_minute,
        expire_after * 3600.0 if expire_after else None,
        seat_timeout_s=seat_timeout or None,
        joins_per_minute=joins_per_minute,
        trusted_proxies=tuple(p.strip() for p in trust_proxy or ()),
        bot_workers=bot_workers,
        max_bot_ms=max_bot_ms,
        allowed_bots=allowed,
        redis=redis,
    )


def _allowed_bot(name: str) -> str:
    """An ``--allow-bot`` name, loaded now so a typo is one line at start, not a table
    that fails: ``module:Class`` or an installed package's ``fliptable.bots`` name."""
    from ..bots import custom

    name = name.strip()
    split = custom.split_import_spec(name)
    if split is not None and not split[1]:
        custom.load_class(split[0])
        return split[0]
    if custom.load_entry_point(name.lower()) is not None:
        return name.lower()
    raise CliError(
        f"--allow-bot {name!r}: give module:Class (a class of your own) or the name of an installed "
        f"package's fliptable.bots entry point; installed: "
        f"{', '.join(custom.entry_point_names()) or 'none'}"
    )
