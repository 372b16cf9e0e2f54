"""The lobby: creating and joining tables, finding them (in memory, else loaded from the
database), starting a game once every person at it has connected, resuming every running
table when the server starts, closing tables nobody has been connected to for
``Settings.expire_after_s``, and a finished game's frames for the replay viewer."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from datetime import UTC, datetime
from typing import Any

from ..core.errors import FliptableError, quoted
from ..core.log import GameLog
from ..core.registry import get_game
from .botpool import BotPool, default_workers
from .config import Settings
from .live import LiveTable
from .replays import frames_of
from .security import hash_token, new_table_id, new_token, rematch_id
from .setup import HUMAN, BadRequest, TableSpec, display_name
from .store import Store
from .tasks import cancel_and_wait, repeat

log = logging.getLogger("fliptable.server")


class NotFound(FliptableError):
    """No such table (HTTP 404, WebSocket 4404)."""


class Full(FliptableError):
    """Every human seat is taken (HTTP 409)."""


class Forbidden(FliptableError):
    """Not now, or not for you (HTTP 403)."""


class Expired(FliptableError):
    """The table was closed after nobody connected to it for too long (HTTP 410)."""


class Unavailable(FliptableError):
    """(Several processes.) The process owning the table did not answer (HTTP 503)."""


class Elsewhere(Exception):
    """(Several processes.) Another process owns the table: ask it (``cluster.py``)."""

    def __init__(self, node: str):
        super().__init__(f"the table is owned by server process {node}")
        self.node = node


class Lobby:
    """Every table this server process holds live, backed by ``store``."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        #: where every table's bots think
        self.pool = BotPool(settings.bot_workers or default_workers(), settings.max_bot_ms)
        #: the resumption of running tables after a start, in the background (``resume_all``)
        self.resuming: asyncio.Task | None = None
        self._loading: dict[str, asyncio.Future] = {}
        #: tables being created now (several processes: their lease is kept meanwhile)
        self.creating: set[str] = set()
        #: every table's act -> frames latency on this server, ms: the latest 20,000
        self.latencies: deque[float] = deque(maxlen=20_000)
        self._expiry: asyncio.Task | None = None
        self._seats: asyncio.Task | None = None
        self._touches: set[asyncio.Task] = set()
        #: tables being stored as expired now (a load meanwhile must not revive one)
        self._expiring: set[str] = set()
        #: when this server started (``Settings.now``): the time it was down does not count
        #: towards expiry, since nobody could connect then
        self.started_at = settings.now()
        #: several processes sharing the database (``cluster.Cluster``, ``--redis``): who
        #: owns which table; None: this process is the only one and owns them all
        self.cluster: Any = None

    def now(self) -> datetime:
        """The wall clock expiry is measured on (``Settings.now``), in UTC."""
        return datetime.fromtimestamp(self.settings.now(), UTC)

    def expired_message(self) -> str:
        hours = (self.settings.expire_after_s or 0) / 3600.0
        return f"this table was closed: nobody was connected to it for {hours:g} {'hour' if hours == 1 else 'hours'}"

    def _make(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> LiveTable:
        live = LiveTable(row, seat_rows, get_game(row["game"]), self.store.append_actions, self.pool)
        live.on_over = self.forget
        live.on_refused = self._refused
        live.latencies = self.latencies
        live.allowed_bots = self.settings.allowed_bots
        live.waiting_since(self.settings.now())
        if any(s["kind"] != HUMAN for s in seat_rows) and not (row["over"] or row.get("expired")):
            self.pool.warm()
        return live

    async def create(self, spec: TableSpec) -> dict[str, Any]:
        """A new table; the creator takes the first human seat. Returns the table id,
        the creator's seat and token (None, None when every seat is a bot)."""
        table_id = new_table_id()
        humans = spec.humans
        token = new_token() if humans else None
        token_hash = None if token is None else hash_token(token)
        seat_rows = []
        for s, kind in enumerate(spec.seats):
            human = kind == HUMAN
            mine = bool(humans) and s == humans[0]
            seat_rows.append(
                {
                    "seat": s,
                    "kind": HUMAN if human else "bot",
                    "bot": None if human else kind,
                    "name": spec.name if mine else (None if human else kind),
                    "token_hash": token_hash if mine else None,
                }
            )
        started = not humans  # else once every person has taken a seat and connected (start_if_ready)
        row = {
            "id": table_id,
            "game": spec.game.id,
            "rules_version": spec.game.rules_version,
            "players": spec.players,
            "options": spec.options,
            "seed": spec.seed,
            "seeded": spec.seeded,
            "turn_limit_ms": spec.turn_limit_ms,
            "bot_delay_ms": spec.bot_delay_ms,
            "started": started,
            "over": False,
            "ply": 0,
            "result": None,
            "created": self.now(),
            "seen": None,
            "expired": False,
            "public": spec.public,
        }
        fence: int | None = None
        self.creating.add(table_id)
        try:
            if self.cluster is not None:  # its creator owns it first
                await self.cluster.take_new(table_id)
                row["fence"] = fence = 1
            await self.store.create_table(row, seat_rows)
            loaded = await self.store.load(table_id)  # the row as stored (created time, defaults)
            assert loaded is not None
            live = self._make(*loaded)
            live.fence = fence
            self.live[table_id] = live
        finally:
            self.creating.discard(table_id)
        if started:
            await self._begin(live, [])
        return {"table": table_id, "seat": humans[0] if humans else None, "token": token}

    async def get(self, table_id: str, claim: bool = True) -> LiveTable:
        """The live table ``table_id`` (loaded and, if it started, resumed from the
        database when not in memory); ``NotFound``. Several processes: ``Elsewhere``
        when another process owns it; ``claim`` False: a table this process does not
        own is read from the database, not claimed, not kept (its facts only)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise NotFound("no such table")
        if self.cluster is not None and not claim:
            loaded = await self.store.load(table_id)
            if loaded is None:
                raise NotFound(f"no table {table_id!r}")
            return self._make(*loaded)
        if self.cluster is not None:
            owner = await self.cluster.owner(table_id)
            if owner is not None and owner != self.cluster.node:
                raise Elsewhere(owner)
        while (pending := self._loading.get(table_id)) is not None:
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not pending.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller was cancelled
            # the load it waited for was cancelled (its connection went away): load it here
            live = self.live.get(table_id)
            if live is not None:
                return live
        fut = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            live = await self._load(table_id)
        except asyncio.CancelledError:
            fut.cancel()  # who waited for it loads it again, rather than be cancelled too
            raise
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self._loading[table_id]
        fut.set_result(live)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        fence = None
        if self.cluster is not None:  # claimed before it is read (what is read stays true),
            loaded = await self.store.load(table_id)  # unless there is nothing to drive
            if loaded is None:
                raise NotFound(f"no table {table_id!r}")
            if loaded[0]["over"] or loaded[0].get("expired"):
                return await self._with_rematch(self._make(*loaded))
            fence = await self.cluster.claim(table_id)
        try:
            loaded = await self.store.load(table_id)
        except BaseException:
            if fence is not None:
                await self.cluster.release(table_id)
            raise
        if loaded is None:
            if fence is not None:
                await self.cluster.release(table_id)
            raise NotFound(f"no table {table_id!r}")
        live = self._make(*loaded)
        live.fence = fence
        if table_id in self._expiring:  # closed while it was read
            live.row["expired"] = True
        if live.started and not live.expired and not live.over:  # a finished one: see replay_finished
            actions = await self.store.load_actions(table_id)
            await self._begin(live, actions)
        if not live.over and not live.expired:  # kept only while it may be played
            self.live[table_id] = live
            return live
        if fence is not None:
            await self.cluster.release(table_id)
        return await self._with_rematch(live)

    async def _with_rematch(self, live: LiveTable) -> LiveTable:
        if live.over and await self.store.load(rematch_id(live.id)) is not None:
            live.row["rematch"] = rematch_id(live.id)  # its players asked for one (rematch.py)
        return live

    def _refused(self, live: LiveTable) -> None:
        """The database refused the table's actions (another process claimed it, or it
        moved on without this process): forgotten here, its connections closed so that
        they reconnect to whoever drives it now."""
        if self.live.get(live.id) is live:
            del self.live[live.id]
        if self.cluster is not None:  # other processes' sockets follow the table
            self.cluster.hand_over(live)
        for c in list(live.clients):
            c.close(1012, "this table is now served by another server process; reconnect")
        if self.cluster is not None:
            self.cluster.dropped(live.id)

    async def _routed(self, method: str, table_id: Any, *args: Any) -> Any:
        """``method`` (a lobby call on one table) here, or on the process owning the table."""
        try:
            return await getattr(self, method)(table_id, *args)
        except Elsewhere as there:
            return await self.cluster.call(there.node, method, table_id, *args)

    async def show(self, table_id: str) -> dict[str, Any]:
        """The table's public facts (``GET /api/tables/{id}``), from its owner."""
        return await self._routed("show_here", table_id)

    async def show_here(self, table_id: str) -> dict[str, Any]:
        return (await self.get(table_id)).public()

    async def join(self, table_id: str, name: Any) -> dict[str, Any]:
        """The next free human seat for a new player: ``{"seat", "token"}``; ``Full``."""
        return await self._routed("join_here", table_id, display_name(name))

    async def join_here(self, table_id: str, name: Any) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.expired:
            raise Expired(self.expired_message())
        async with live.join_lock:
            if live.expired:  # closed while this join waited
                raise Expired(self.expired_message())
            free = live.free_seats()
            if not free:
                raise Full("every seat at this table is taken")
            seat = free[0]
            token = new_token()
            hashed = hash_token(token)
            if not await self.store.take_seat(table_id, seat, name, hashed):
                raise Full("that seat was just taken; try again")
            live.seat_taken(seat, name, hashed, self.settings.now())
        return {"seat": seat, "token": token}

    # -- freeing seats -------------------------------------------------------------------
    async def _free(self, live: LiveTable, seat: int, reason: str, message: str, unless_arrived: bool) -> bool:
        """Free ``seat`` before the start: in memory first (so a connection arriving
        meanwhile is refused: ``ws`` checks its token again after the handshake), then in
        the database. False when there was nothing to free any more."""
        async with live.join_lock:
            s = live.seat_rows[seat]
            held = s["token_hash"]
            if live.started or live.expired or held is None or (unless_arrived and seat in live.arrived):
                return False
            live.free(seat, reason, message)
            try:
                stored = await self.store.free_seat(live.id, seat, held)
            except Exception:  # memory says free; a join is refused until the database agrees
                log.exception("table %s: storing seat %d as free failed", live.id, seat)
                return True
            if not stored:
                log.warning("table %s: seat %d was not held by its token in the database", live.id, seat)
        return True

    async def free_stale_seats(self) -> list[tuple[str, int]]:
        """Free every seat taken by joining whose person has not connected within
        ``seat_timeout_s`` (of joining, or of this process loading the table), at tables
        not started: the table says so to everyone there. The (table, seat) pairs freed."""
        timeout = self.settings.seat_timeout_s
        if timeout is None:
            return []
        now = self.settings.now()
        freed = []
        for live in list(self.live.values()):
            if live.started or live.expired:
                continue
            for seat, since in sorted(live.taken_at.items()):
                if seat in live.arrived or now - since < timeout:
                    continue
                who = live.seat_rows[seat]["name"] or f"seat {seat}"
                message = f"{who} did not connect within {timeout:g} s; seat {seat} is free again"
                if await self._free(live, seat, "timeout", message, unless_arrived=True):
                    freed.append((live.id, seat))
        if freed:
            log.info("freed %d seat(s) whose person did not connect within %g s", len(freed), timeout)
        return freed

    async def free_by_creator(self, table_id: str, token: Any, seat: Any) -> dict[str, Any]:
        """The creator (the first human seat's token) frees another person's seat before
        the game starts. ``Forbidden`` for anyone else, or once started."""
        return await self._routed("free_here", table_id, token, seat)

    async def free_here(self, table_id: str, token: Any, seat: Any) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.expired:
            raise Expired(self.expired_message())
        if not isinstance(token, str) or live.creator is None or live.seat_for_token(token) != live.creator:
            raise Forbidden(f"only the table's creator (the token of seat {live.creator}) may free a seat")
        if live.started:
            raise Forbidden("the game has started: its seats are kept; a seat is freed only before the start")
        people = [s["seat"] for s in live.seat_rows if s["kind"] == HUMAN and s["seat"] != live.creator]
        if type(seat) is not int or seat not in people:
            raise BadRequest(
                f"seat must be another person's seat at this table ({', '.join(map(str, people)) or 'none'}), "
                f"got {quoted(seat)}"
            )
        if live.seat_rows[seat]["token_hash"] is None:
            raise BadRequest(f"seat {seat} is free already")
        if not await self._free(live, seat, "creator", f"the table's creator freed seat {seat}", unless_arrived=False):
            raise Forbidden(
                "the game has started: its seats are kept" if live.started else f"seat {seat} is free already"
            )
        return {"seat": seat, "freed": True}

    async def _seat_loop(self) -> None:
        timeout = self.settings.seat_timeout_s or 0.0
        every = self.settings.seat_check_s or min(5.0, max(0.05, timeout / 5.0))
        await repeat(every, self.free_stale_seats, "freeing seats nobody connected to failed")

    def start_seat_timeouts(self) -> None:
        """Look for seats taken but never connected (unless the seat timeout is off)."""
        if self.settings.seat_timeout_s is not None and self._seats is None:
            self._seats = asyncio.get_running_loop().create_task(self._seat_loop(), name="fliptable seat timeout")

    async def start_if_ready(self, live: LiveTable) -> None:
        """Start the game once every human seat is taken and each seat's person has
        connected (a table's bots and clocks never run before its people are there)."""
        if live.ready():
            # in a task of its own: not cancelled half-way when the connection that
            # completed the table drops (stored as started, then started in memory)
            await asyncio.shield(asyncio.get_running_loop().create_task(self._start(live)))

    async def _start(self, live: LiveTable) -> None:
        async with live.join_lock:
            if live.ready():
                await self.store.mark_started(live.id)
                await self._begin(live, [])

    async def _begin(self, live: LiveTable, actions: list) -> None:
        """Start (or resume) the table's driver; with bots, once the pool can answer them
        (the first workers are starting), so that no clock runs while they cannot think."""
        if any(s["kind"] != HUMAN for s in live.seat_rows):
            await self.pool.ready()
        live.start(actions)

    def _touch(self, live: LiveTable) -> None:
        """Store that a connection opened or closed now, in the background (a closing
        socket's task may be cancelled; a database write must not be)."""
        if live.over or live.expired:
            return
        task = asyncio.get_running_loop().create_task(self.store.touch([live.id], self.now()))
        self._touches.add(task)
        task.add_done_callback(self._touched)

    def _touched(self, task: asyncio.Task) -> None:
        self._touches.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("storing a table's last connection time failed: %s", task.exception())

    async def connected(self, live: LiveTable) -> None:
        """A connection opened: expiry counts from now (stored when it is the only one);
        the game starts if this was the last person it waited for. A finished table is
        kept in memory while someone is connected to it (``forget`` drops it after), so
        that news of it — its rematch — reaches them all."""
        if live.over and live.clients:
            self.live.setdefault(live.id, live)
        if len(live.clients) == 1:
            self._touch(live)
        await self.start_if_ready(live)

    def disconnected(self, live: LiveTable) -> None:
        """A connection closed: when it was the last, expiry counts from now."""
        if not live.clients:
            self._touch(live)

    async def expire_idle(self) -> list[str]:
        """Close every table, not over, that nobody has been connected to for
        ``expire_after_s``: its bots and clocks stop, it is stored as expired, and it is
        never resumed, joined or played again. The ids closed.

        First the tables someone is connected to now are stored as seen now, so that
        after a crash (``kill -9``: no closing connection stored) a table's idle time
        counts from about when its people were last there, not from when they connected.
        The time this server was down does not count either: nothing is closed before it
        has run for ``expire_after_s``."""
        after = self.settings.expire_after_s
        if after is None:
            return []
        now = self.settings.now()
        await self.store.touch([t for t, live in self.live.items() if live.clients and not live.over], self.now())
        if now - after < self.started_at:
            return []
        cutoff = datetime.fromtimestamp(now - after, UTC)
        closed = []
        for table_id in await self.store.idle_since(cutoff):
            live = self.live.get(table_id)
            if live is None and table_id in self._loading:  # being opened now: look again next round
                continue
            if live is None and self.cluster is not None and not await self.cluster.may_expire(table_id):
                continue  # another process owns it: its own expiry decides
            if live is not None and (live.clients or live.over):  # connected now, or just finished
                continue
            # in memory (or not) and nobody there: refused from here on, then stored as closed
            self._expiring.add(table_id)
            try:
                if live is not None:
                    live.row["expired"] = True
                    await live.stop()
                await self.store.expire(table_id)
            finally:
                self._expiring.discard(table_id)
            if live is not None and self.live.get(table_id) is live:
                del self.live[table_id]
            closed.append(table_id)
        if closed:
            log.info("closed %d table(s) nobody was connected to for %g s", len(closed), after)
        return closed

    async def _expire_loop(self) -> None:
        await repeat(self.settings.expire_check_s, self.expire_idle, "closing idle tables failed")

    def start_expiry(self) -> None:
        """Look for abandoned tables every ``expire_check_s`` (unless expiry is off)."""
        if self.settings.expire_after_s is not None and self._expiry is None:
            self._expiry = asyncio.get_running_loop().create_task(self._expire_loop(), name="fliptable expiry")

    async def game_log(self, table_id: str) -> GameLog:
        """The finished game's log; ``Forbidden`` while it is played (the seed and deck
        must not leave the server before the end)."""
        live = await self.get(table_id, claim=False)
        if not live.over:
            raise Forbidden("the log is available once the game is over")
        actions = await self.store.load_actions(table_id)
        return live.game_log(actions)

    async def replay_frames(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A finished game's frames at every ply (``replays.frames_of``) for the seat
        holding ``token``, or a spectator's without one; ``Forbidden`` before the end
        (and for a token that holds no seat here)."""
        live = await self.get(table_id, claim=False)
        if not live.over:
            raise Forbidden("the table at every ply is shown once the game is over")
        seat = None
        if token is not None:
            seat = live.seat_for_token(token)
            if seat is None:
                raise Forbidden("this token holds no seat at this table; leave it out to see the spectator's frames")
        actions = await self.store.load_actions(table_id)
        frames = await asyncio.to_thread(frames_of, live.game_log(actions), seat)
        return {"table": table_id, "seat": seat, "frames": frames}

    def start_resuming(self) -> None:
        """Resume the running tables in the background: the server answers meanwhile (a
        table asked for before its turn is loaded on demand, once)."""
        self.resuming = asyncio.get_running_loop().create_task(self._resume_logged(), name="fliptable resume")

    async def _resume_logged(self) -> None:
        try:
            resumed = await self.resume_all()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("resuming the running tables failed")
            return
        if resumed:
            log.info("resumed %d running table(s)", resumed)

    async def replay_finished(self, live: LiveTable) -> None:
        """A finished game loaded from the database, replayed to its final frame (for a
        connection that watches it). Its facts, log and refusals need no replay: loading
        one does not replay it, since a long game is tens of ms of this loop's time."""
        if live.over and live.table is None:
            live.start(await self.store.load_actions(live.id))

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
        await cancel_and_wait(self._expiry, self._seats, self.resuming)
        for live in list(self.live.values()):
            await live.stop()
        self.live.clear()
        await self.pool.close()
        if self._touches:
            await asyncio.gather(*self._touches, return_exceptions=True)
