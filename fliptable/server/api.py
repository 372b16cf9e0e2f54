"""The HTTP API (docs/server.md "HTTP API"): JSON in, JSON out, one-line errors."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..core.errors import FliptableError, shorten
from ..core.log import loads_strict
from ..core.registry import all_games, get_game
from .live import public_facts
from .lobby import Expired, Forbidden, Full, NotFound, Unavailable
from .rematch import rematch
from .security import address_key, origin_allowed, rematch_id
from .setup import BadRequest, game_entry, table_spec

log = logging.getLogger("fliptable.server")


class TooLarge(FliptableError):
    """A request body over the limit (413)."""


class TooMany(FliptableError):
    """Too many requests from one address (429)."""


STATUS = (
    (NotFound, 404),
    (Full, 409),
    (Forbidden, 403),
    (Expired, 410),
    (TooLarge, 413),
    (TooMany, 429),
    (Unavailable, 503),
)


def _host(request: Request) -> str:
    """The requesting address as the limits count it (``security.address_key``)."""
    return address_key(request.client.host) if request.client else "?"


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def handled(fn: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """Every error as ``{"error": "..."}`` with its status; an unexpected one is logged
    here and the client gets "internal error" (never a stack trace)."""

    @functools.wraps(fn)
    async def wrapper(request: Request) -> Response:
        try:
            return await fn(request)
        except FliptableError as exc:
            status = next((code for kind, code in STATUS if isinstance(exc, kind)), 400)
            return error(status, " ".join(str(exc).split()) or type(exc).__name__)
        except RecursionError:
            return error(400, "the request is nested too deeply")
        except ClientDisconnect:  # nobody is left to answer
            return error(400, "the client went away")
        except Exception:
            log.exception("%s %s failed", request.method, request.url.path)
            return error(500, "internal error")

    return wrapper


def _check_origin(request: Request) -> None:
    settings = request.app.state.settings
    if not origin_allowed(request.headers.get("origin"), request.headers.get("host"), settings.origins):
        raise Forbidden(f"requests from origin {shorten(request.headers.get('origin'))!r} are not accepted")


async def _body(request: Request) -> Any:
    """The request's JSON body (empty: {}), read up to the size limit."""
    limit = request.app.state.settings.max_body_bytes
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise TooLarge(f"the request body is over {limit} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise TooLarge(f"the request body is over {limit} bytes")
    if not data.strip():
        return {}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 JSON") from None
    try:
        return loads_strict(text)
    except FliptableError as exc:
        raise BadRequest(f"the request body {exc}") from None


def _base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@handled
async def list_games(request: Request) -> Response:
    allowed = request.app.state.settings.allowed_bots
    return JSONResponse({"games": [game_entry(g, allowed) for g in all_games()]})


@handled
async def create_table(request: Request) -> Response:
    _check_origin(request)
    state = request.app.state
    if not await state.create_limiter.allowed(_host(request)):
        raise TooMany(f"at most {state.settings.creates_per_minute} tables a minute from one address")
    spec = table_spec(
        await _body(request), state.settings.bot_delay_ms, state.settings.max_bot_ms, state.settings.allowed_bots
    )
    made = await state.lobby.create(spec)
    made["join"] = f"{_base_url(request)}/table/{made['table']}"
    return JSONResponse(made, status_code=201)


async def _limit_seats(request: Request) -> None:
    """A seat taken (a join, a rematch) counts towards the address's joins a minute."""
    state = request.app.state
    if not await state.join_limiter.allowed(_host(request)):
        raise TooMany(f"at most {state.settings.joins_per_minute} seats a minute may be taken from one address")


async def _fields(request: Request, accepted: tuple[str, ...], example: str) -> dict:
    """The request's body: a JSON object of ``accepted`` fields only (``example`` shows one)."""
    body = await _body(request)
    if not isinstance(body, dict):
        raise BadRequest(f"the request must be a JSON object like {example}")
    unknown = [k for k in body if k not in accepted]
    if unknown:
        raise BadRequest(f"unknown field {shorten(unknown[0])!r}; accepted: {', '.join(accepted)}")
    return body


@handled
async def join_table(request: Request) -> Response:
    _check_origin(request)
    await _limit_seats(request)
    body = await _fields(request, ("name",), '{"name": "Ben"}')
    out = await request.app.state.lobby.join(request.path_params["id"], body.get("name"))
    return JSONResponse(out)


@handled
async def free_seat(request: Request) -> Response:
    """The creator frees another person's seat before the start: ``{"token", "seat"}``."""
    _check_origin(request)
    body = await _fields(request, ("token", "seat"), '{"token": "…", "seat": 1}')
    out = await request.app.state.lobby.free_by_creator(request.path_params["id"], body.get("token"), body.get("seat"))
    return JSONResponse(out)


@handled
async def rematch_table(request: Request) -> Response:
    """A player of a finished table asks for (or joins) its rematch: ``{"token"}``."""
    _check_origin(request)
    await _limit_seats(request)
    body = await _fields(request, ("token",), '{"token": "…"}')
    out = await rematch(request.app.state.lobby, request.path_params["id"], body.get("token"))
    out["join"] = f"{_base_url(request)}/table/{out['table']}"
    return JSONResponse(out, status_code=201 if out["created"] else 200)


@handled
async def show_table(request: Request) -> Response:
    return JSONResponse(await request.app.state.lobby.show(request.path_params["id"]))


@handled
async def list_tables(request: Request) -> Response:
    status = request.query_params.get("status")
    if status not in (None, "open", "running", "over", "expired"):
        raise BadRequest(f"status {shorten(status)!r} is not accepted; accepted: open, running, over, expired")
    lobby = request.app.state.lobby
    out = []
    rows = await lobby.store.recent(status)
    listed = {row["id"] for row, _ in rows}
    for row, seat_rows in rows:
        # several processes: the database's facts, the same from every process
        live = lobby.live.get(row["id"]) if lobby.cluster is None else None
        try:
            out.append(
                live.public() if live is not None else public_facts(row, seat_rows, get_game(row["game"]), row["ply"])
            )
        except FliptableError:  # a game this fliptable no longer has
            continue
        if out[-1]["over"] and out[-1]["rematch"] is None and rematch_id(row["id"]) in listed:
            out[-1]["rematch"] = rematch_id(row["id"])  # its rematch is listed too
    return JSONResponse({"tables": out})


@handled
async def table_log(request: Request) -> Response:
    game_log = await request.app.state.lobby.game_log(request.path_params["id"])
    return Response(game_log.dumps(), media_type="application/json")


@handled
async def table_frames(request: Request) -> Response:
    """A finished game's frames at every ply (the replay viewer): a spectator's, or with
    ``?token=`` that seat's. Limited per address: each replays the whole game."""
    state = request.app.state
    if not await state.replay_limiter.allowed(_host(request)):
        raise TooMany(f"at most {state.settings.replays_per_minute} replays a minute from one address")
    out = await request.app.state.lobby.replay_frames(request.path_params["id"], request.query_params.get("token"))
    return JSONResponse(out)


@handled
async def stats(request: Request) -> Response:
    """The server's load and its part of the action -> frame latency."""
    lobby = request.app.state.lobby
    lat = sorted(lobby.latencies)

    def pct(q: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(q / 100.0 * len(lat)))], 3) if lat else None

    live = list(lobby.live.values())
    cluster = request.app.state.cluster
    node = {} if cluster is None else {"node": cluster.node}  # several processes: which one this is
    return JSONResponse(
        {
            **node,
            "tables_live": len(live),
            "tables_running": sum(1 for t in live if t.task and not t.task.done()),
            "connections": sum(len(t.clients) for t in live),
            "latency_ms": {
                "samples": len(lat),
                "p50": pct(50),
                "p90": pct(90),
                "p99": pct(99),
                "max": round(lat[-1], 3) if lat else None,
            },
        }
    )


routes = [
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/stats", stats, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables", list_tables, methods=["GET"]),
    Route("/api/tables/{id}", show_table, methods=["GET"]),
    Route("/api/tables/{id}/join", join_table, methods=["POST"]),
    Route("/api/tables/{id}/free", free_seat, methods=["POST"]),
    Route("/api/tables/{id}/rematch", rematch_table, methods=["POST"]),
    Route("/api/tables/{id}/log", table_log, methods=["GET"]),
    Route("/api/tables/{id}/frames", table_frames, methods=["GET"]),
]
