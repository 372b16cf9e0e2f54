"""The lobby: creating and joining tables, finding them (in memory, else loaded from the
database), resuming every running table when the server starts."""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any

from ..core.errors import FliptableError
from ..core.log import GameLog
from ..core.registry import get_game
from .config import Settings
from .live import LiveTable
from .security import hash_token, new_table_id, new_token
from .setup import HUMAN, TableSpec, display_name
from .store import Store

log = logging.getLogger("fliptable.server")


class NotFound(FliptableError):
    """No such table (HTTP 404, WebSocket 4404)."""


class Full(FliptableError):
    """Every human seat is taken (HTTP 409)."""


class Forbidden(FliptableError):
    """Not now, or not for you (HTTP 403)."""


class Lobby:
    """Every table this server process holds live, backed by ``store``."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future] = {}
        #: every table's act -> frames latency on this server, ms: the latest 20,000
        self.latencies: deque[float] = deque(maxlen=20_000)

    def _make(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> LiveTable:
        live = LiveTable(row, seat_rows, get_game(row["game"]), self.store.append_actions)
        live.on_over = self.forget
        live.latencies = self.latencies
        return live

    async def create(self, spec: TableSpec) -> dict[str, Any]:
        """A new table; the creator takes the first human seat. Returns the table id,
        the creator's seat and token (None, None when every seat is a bot)."""
        table_id = new_table_id()
        humans = spec.humans
        token = new_token() if humans else None
        seat_rows = []
        for s, kind in enumerate(spec.seats):
            human = kind == HUMAN
            mine = bool(humans) and s == humans[0]
            seat_rows.append({"seat": s, "kind": HUMAN if human else "bot", "bot": None if human else kind,
                              "name": spec.name if mine else (None if human else kind),
                              "token_hash": hash_token(token) if mine else None})
        started = len(humans) <= 1
        row = {"id": table_id, "game": spec.game.id, "rules_version": spec.game.rules_version,
               "players": spec.players, "options": spec.options, "seed": spec.seed, "seeded": spec.seeded,
               "turn_limit_ms": spec.turn_limit_ms, "bot_delay_ms": spec.bot_delay_ms, "started": started,
               "over": False, "ply": 0, "result": None}
        await self.store.create_table(row, seat_rows)
        loaded = await self.store.load(table_id)  # the row as stored (created time, defaults)
        assert loaded is not None
        live = self._make(*loaded)
        self.live[table_id] = live
        if started:
            live.start([])
        return {"table": table_id, "seat": humans[0] if humans else None, "token": token}

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (loaded and, if it started, resumed from the
        database when not in memory); ``NotFound``."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise NotFound("no such table")
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            live = await self._load(table_id)
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self._loading[table_id]
        fut.set_result(live)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        loaded = await self.store.load(table_id)
        if loaded is None:
            raise NotFound(f"no table {table_id!r}")
        live = self._make(*loaded)
        if live.started:
            actions = await self.store.load_actions(table_id)
            live.start(actions)
        if not live.over:  # a finished table is not kept: it is loaded again when asked for
            self.live[table_id] = live
        return live

    async def join(self, table_id: str, name: Any) -> dict[str, Any]:
        """The next free human seat for a new player: ``{"seat", "token"}``; ``Full``."""
        name = display_name(name)
        live = await self.get(table_id)
        async with live.join_lock:
            free = live.free_seats()
            if not free:
                raise Full("every seat at this table is taken")
            seat = free[0]
            token = new_token()
            hashed = hash_token(token)
            last = len(free) == 1
            if not await self.store.take_seat(table_id, seat, name, hashed, start=last):
                raise Full("that seat was just taken; try again")
            live.seat_taken(seat, name, hashed)
            if last:
                live.start([])
        return {"seat": seat, "token": token}

    async def game_log(self, table_id: str) -> GameLog:
        """The finished game's log; ``Forbidden`` while it is played (the seed and deck
        must not leave the server before the end)."""
        live = await self.get(table_id)
        if not live.over:
            raise Forbidden("the log is available once the game is over")
        actions = await self.store.load_actions(table_id)
        return live.game_log(actions)

    async def resume_all(self) -> int:
        """Resume every table that started and is not over (after a restart)."""
        n = 0
        for table_id in await self.store.resumable():
            try:
                await self.get(table_id)
                n += 1
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return n

    def forget(self, live: LiveTable) -> None:
        """Drop a finished table nobody watches from memory (the database keeps it)."""
        if live.over and not live.clients and self.live.get(live.id) is live:
            del self.live[live.id]

    async def close(self) -> None:
        for live in list(self.live.values()):
            await live.stop()
        self.live.clear()
