"""A rematch after a game (docs/server.md "Rematch"): the same game, seats and options
at a new table with a new seed. A player of the finished table asks for it with their
seat's token; the rematch's id is derived from the finished table's (``rematch_id``),
so every player, every server process and every later request finds the same one, and
two players asking at once make one table (its id is the primary key).

Each person's seat at the rematch is the seat they had, held by the same token: a
person who accepts (opens the rematch) sits again at once, and the game starts once
every person has. A person who does not come within the server's seat timeout loses
the seat, which anyone may then take with the join link, as at any new table. Bots are
seated again as they were."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..core.errors import FliptableError
from ..core.rng import fresh_seed
from .lobby import Forbidden, Lobby, NotFound
from .security import rematch_id
from .setup import HUMAN, BadRequest

log = logging.getLogger("fliptable.server")


#: the rematches being created by this process (one creation per finished table)
_creating: dict[str, asyncio.Lock] = {}


async def rematch(lobby: Lobby, table_id: str, token: Any) -> dict[str, Any]:
    """The finished table's rematch for the player holding ``token`` (created by the
    first to ask): ``{"table", "seat", "created"}`` — their seat there is the one they
    had, held by the same token. ``Forbidden`` before the game is over or for a token
    that holds no seat at the table."""
    if not isinstance(token, str) or not token:
        raise BadRequest('a rematch is asked for with your seat\'s token: {"token": "…"}')
    live = await lobby.get(table_id, claim=False)  # several processes: its facts, wherever it is held
    if not live.over:
        raise Forbidden("a rematch is offered once the game is over")
    seat = live.seat_for_token(token)
    if seat is None:
        raise Forbidden("this token holds no seat at this table: only its players may ask for a rematch")
    new_id = rematch_id(table_id)
    lock = _creating.setdefault(new_id, asyncio.Lock())
    created = False
    try:
        async with lock:
            try:
                await lobby.get(new_id, claim=False)
            except NotFound:
                created = await _create(lobby, live, new_id, seat)
    finally:
        if not lock.locked():
            _creating.pop(new_id, None)
    if live.row.get("rematch") != new_id:
        live.row["rematch"] = new_id
        live.tell_table()  # everyone at the finished table: the rematch is there to join
    return {"table": new_id, "seat": seat, "created": created}


async def _create(lobby: Lobby, old: Any, new_id: str, asker: int) -> bool:
    """Store and load the rematch of ``old`` (False: another process made it first)."""
    row = old.row
    game = old.game
    # the options as this server's rules read them now (a table of an older rules version
    # may hold one no longer accepted: refused in one line, nothing made)
    try:
        options = game.resolve_options(dict(row["options"]), files=False)
        game.check_table(row["players"], options)
    except FliptableError as exc:
        raise BadRequest(f"this table's options cannot be played again under the current rules: {exc}") from None
    seat_rows = [
        {
            "seat": s["seat"],
            "kind": s["kind"],
            "bot": s["bot"],
            "name": s["name"],
            "token_hash": s["token_hash"] if s["kind"] == HUMAN else None,
        }
        for s in old.seat_rows
    ]
    new_row = {
        "id": new_id,
        "game": game.id,
        "rules_version": game.rules_version,
        "players": row["players"],
        "options": options,
        "seed": fresh_seed(),
        "seeded": False,
        "turn_limit_ms": row["turn_limit_ms"],
        "bot_delay_ms": row["bot_delay_ms"],
        "started": False,
        "over": False,
        "ply": 0,
        "result": None,
        "created": lobby.now(),
        "seen": None,
        "expired": False,
        "public": bool(row.get("public")),
    }
    try:
        await lobby.store.create_table(new_row, seat_rows)
    except Exception:
        try:  # made meanwhile by another server process: that one is the rematch
            await lobby.get(new_id, claim=False)
            return False
        except NotFound:
            raise
    live = await lobby.get(new_id)
    # the one who asked is the creator there (may free a seat before the start); the
    # others have the seat timeout to come, from now
    live.creator = asker
    now = lobby.settings.now()
    live.taken_at = {
        s["seat"]: now
        for s in live.seat_rows
        if s["kind"] == HUMAN and s["token_hash"] is not None and s["seat"] != asker
    }
    log.info("table %s: rematch %s created by seat %d", old.id, new_id, asker)
    return True
