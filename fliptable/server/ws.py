"""The WebSocket endpoint ``/ws/{id}?token=TOKEN`` (docs/server.md, protocol
``fliptable-ws/1``): frames out, ``act`` and ``ping`` in, errors that change nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..core.errors import FliptableError, IllegalAction, quoted, shorten
from .live import Client, LiveTable
from .lobby import Elsewhere, NotFound
from .security import TokenBucket, address_key, origin_allowed

log = logging.getLogger("fliptable.server")

CLOSE_NO_TABLE, CLOSE_BAD_TOKEN, CLOSE_ORIGIN, CLOSE_EXPIRED = 4404, 4401, 4403, 4410
CLOSE_TOO_BIG, CLOSE_POLICY, CLOSE_TRY_LATER = 1009, 1008, 1013


def _dumps(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"))


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    await websocket.accept()
    await websocket.send_text(_dumps({"type": "error", "message": message, "ply": None}))
    await websocket.close(code)


async def _sender(websocket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order; close the socket at the sentinel."""
    try:
        while True:
            message = await client.queue.get()
            if message is None:
                await websocket.close(client.closed or 1000)
                return
            await websocket.send_text(_dumps(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


def _ply_of(text: str) -> int | None:
    """The ``ply`` of a message, when it is a JSON object with an integer one (to echo it)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    ply = message.get("ply") if isinstance(message, dict) else None
    return ply if type(ply) is int else None


def handle(live: LiveTable, client: Client, text: str) -> None:
    """One message from the client; what it causes is queued on ``client``."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        client.put({"type": "error", "message": "a message must be one JSON object with a type", "ply": None})
        return
    if not isinstance(message, dict):
        client.put({"type": "error", "message": "a message must be one JSON object with a type", "ply": None})
        return
    kind = message.get("type")
    ply = message.get("ply")
    if not (ply is None or (type(ply) is int)):
        client.put({"type": "error", "message": f"ply must be an integer, got {quoted(ply)}", "ply": None})
        return
    if kind == "ping":
        client.put({"type": "pong", "ply": live.committed if live.started else None})
        return
    if kind != "act":
        client.put(
            {"type": "error", "message": f"unknown message type {shorten(kind)!r}; accepted: act, ping", "ply": ply}
        )
        return
    if client.seat is None:
        client.put(
            {"type": "error", "message": "a spectator cannot act; connect with a seat's token to play", "ply": ply}
        )
        return
    if "seat" in message and message["seat"] != client.seat:
        client.put(
            {
                "type": "error",
                "message": f"this connection acts for seat {client.seat} only, not {quoted(message['seat'])}",
                "ply": ply,
            }
        )
        return
    action = message.get("action")
    if not isinstance(action, str) or not action:
        client.put(
            {"type": "error", "message": "an act message needs an action: text in the game's notation", "ply": ply}
        )
        return
    if ply is None:
        client.put({"type": "error", "message": "an act message needs the ply of the frame it answers", "ply": None})
        return
    try:
        live.submit(client.seat, action, ply)
    except IllegalAction as exc:
        client.put({"type": "error", "message": " ".join(str(exc).split()), "ply": ply})
    except FliptableError as exc:
        client.put({"type": "error", "message": " ".join(str(exc).split()), "ply": ply})
    except Exception:
        log.exception("table %s: seat %s's %r failed", live.id, client.seat, shorten(action))
        client.put({"type": "error", "message": "internal error", "ply": ply})


class Refusal(Exception):
    """A connection refused before it is accepted: its close code and one-line message."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code, self.message = code, message


async def admit(app, live: LiveTable, token: str | None, host: str) -> int | None:
    """The seat a new connection with ``token`` holds at ``live`` (None: a spectator),
    once it may connect: ``Refusal`` otherwise. A finished game loaded from the
    database is replayed for it (limited per address, as replays are)."""
    settings, lobby = app.state.settings, app.state.lobby
    if live.expired:
        raise Refusal(CLOSE_EXPIRED, lobby.expired_message())
    seat = None
    if token is not None:
        seat = live.seat_for_token(token)
        if seat is None:
            raise Refusal(CLOSE_BAD_TOKEN, "this token holds no seat at this table")
        held = sum(1 for c in live.clients if c.seat == seat)
        if held >= settings.max_connections_per_seat:
            raise Refusal(CLOSE_TRY_LATER, f"seat {seat} has {held} connections open already; close one and try again")
    elif len(live.clients) >= settings.max_connections_per_table:  # spectators never keep the people out
        raise Refusal(CLOSE_TRY_LATER, "this table has too many connections; try again later")
    if live.over and live.table is None:  # its final frame is a replay: limited per address, as replays are
        if not await app.state.replay_limiter.allowed(host):
            raise Refusal(
                CLOSE_TRY_LATER,
                f"at most {settings.replays_per_minute} replays a minute from one address; try again later",
            )
        try:
            await lobby.replay_finished(live)
        except Exception:
            log.exception("table %s could not be replayed", live.id)
            raise Refusal(1011, "internal error") from None
    return seat


async def read_messages(websocket: WebSocket, settings, client: Client, on_text) -> None:
    """Read the socket's messages until it closes (or ``client`` is closed): each one
    within the size and rate limits goes to ``on_text``; the others are refused on ``client``."""
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    refused = 0
    while client.closed is None:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            break
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            text = data.decode("utf-8", "replace") if len(data) <= settings.max_message_bytes else None
            if text is None:
                client.close(CLOSE_TOO_BIG, f"a message may be at most {settings.max_message_bytes} bytes")
                break
        if len(text) > settings.max_message_bytes or len(text.encode("utf-8", "replace")) > settings.max_message_bytes:
            client.close(CLOSE_TOO_BIG, f"a message may be at most {settings.max_message_bytes} bytes")
            break
        if not bucket.take():
            refused += 1
            if refused > settings.flood_close_after:
                client.close(CLOSE_POLICY, "too many messages; closing")
                break
            client.put(
                {
                    "type": "error",
                    "message": f"too many messages: at most {settings.rate_per_second:g} a second; nothing changed",
                    "ply": _ply_of(text),
                }
            )
            continue
        on_text(text)


async def finish_socket(websocket: WebSocket, client: Client, sender: asyncio.Task) -> None:
    """After the reading stopped: the queued messages sent (when the client was closed),
    then the socket closed."""
    if client.closed is not None:
        try:
            await asyncio.wait_for(sender, 5.0)
        except (TimeoutError, Exception):
            sender.cancel()
    else:
        sender.cancel()
    if websocket.client_state == WebSocketState.CONNECTED and client.closed is None:
        with contextlib.suppress(Exception):
            await websocket.close()


async def table_socket(websocket: WebSocket) -> None:
    app = websocket.app
    settings, lobby = app.state.settings, app.state.lobby
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), settings.origins):
        await _refuse(websocket, CLOSE_ORIGIN, "connections from this origin are not accepted")
        return
    token = websocket.query_params.get("token")
    host = address_key(websocket.client.host) if websocket.client else "?"
    try:
        live = await lobby.get(websocket.path_params["id"])
    except NotFound:
        await _refuse(websocket, CLOSE_NO_TABLE, "no such table")
        return
    except Elsewhere as there:  # several processes: served through the table's owner
        await app.state.cluster.relay(websocket, there.node, websocket.path_params["id"], token, host)
        return
    except Exception:
        log.exception("table %s could not be loaded", websocket.path_params["id"])
        await _refuse(websocket, 1011, "internal error")
        return
    try:
        seat = await admit(app, live, token, host)
    except Refusal as no:
        await _refuse(websocket, no.code, no.message)
        return
    await websocket.accept()
    if live.expired:  # closed while the handshake was answered
        await websocket.send_text(_dumps({"type": "error", "message": lobby.expired_message(), "ply": None}))
        await websocket.close(CLOSE_EXPIRED)
        return
    if token is not None and live.seat_for_token(token) != seat:  # the seat was freed meanwhile
        await websocket.send_text(
            _dumps({"type": "error", "message": "this token holds no seat at this table", "ply": None})
        )
        await websocket.close(CLOSE_BAD_TOKEN)
        return
    client = Client(seat)
    sender = asyncio.get_running_loop().create_task(_sender(websocket, client))
    live.attach(client)
    try:
        await lobby.connected(live)  # the game may start now: every person is here
        await read_messages(websocket, settings, client, lambda text: handle(live, client, text))
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("table %s: connection failed", live.id)
        client.close(1011, "internal error")
    finally:
        live.detach(client)
        lobby.forget(live)
        lobby.disconnected(live)
        await finish_socket(websocket, client, sender)
