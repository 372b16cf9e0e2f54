"""A live table: one game in progress on the server, played through the one table
driver (``core.table.Table``) on a real clock, and the connections watching it.

One task per table drives it: it lands whatever is due (bots' answers, a race's clock,
a turn clock), commits every landed action to the database, and only then sends each
connection its frame and the events it has not seen. Its bots think in the server's
pool of worker processes (``botpool.py``): the driver notes their questions, the task
hands them to the pool, and each answer wakes the task. A person's action is handed to
``Table.submit`` the moment it is read from the socket, so the driver orders people and
bots by arrival; it is committed and broadcast by the table's task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from datetime import UTC
from typing import Any

from ..bots.base import make_agent
from ..core.clock import RealClock
from ..core.errors import BotSpecError, IllegalAction, StaleAction
from ..core.game import Game
from ..core.log import GameLog, start_state
from ..core.table import Table
from ..tui.texts import refusal
from .botpool import BotPool, RemoteBot
from .narration import lines as narration_lines
from .security import token_matches
from .setup import HUMAN
from .store import Refused
from .tasks import cancel_and_wait

log = logging.getLogger("fliptable.server")

#: a connection whose unsent messages pile up past this is too slow: it is closed
QUEUE_LIMIT = 2000
#: how long the driver waits before retrying a commit the database refused, s
RETRY_SECONDS = 1.0


def public_facts(
    row: dict[str, Any],
    seat_rows: Sequence[dict[str, Any]],
    game: Game,
    ply: int,
    arrived: set[int] | frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """A table's public facts from its stored row and seats: never a token, the seed or
    the deck. ``arrived``: the human seats whose person has connected (before the start)."""
    seats = []
    for s in seat_rows:
        entry = {
            "seat": s["seat"],
            "kind": s["kind"],
            "name": s["name"],
            "taken": s["kind"] != HUMAN or s["token_hash"] is not None,
        }
        if s["kind"] != HUMAN:
            entry["bot"] = s["bot"]
        seats.append(entry)
    created = row.get("created")
    if created is not None and created.tzinfo is None:  # SQLite keeps no time zone: it was UTC
        created = created.replace(tzinfo=UTC)
    over = bool(row["over"])
    started = bool(row["started"])
    waiting = (
        []
        if started
        else [
            s["seat"]
            for s in seat_rows
            if s["kind"] == HUMAN and s["token_hash"] is not None and s["seat"] not in arrived
        ]
    )
    return {
        "table": row["id"],
        "game": game.id,
        "title": game.title,
        "players": row["players"],
        "options": row["options"],
        "seats": seats,
        "public": bool(row.get("public")),
        "started": started,
        "over": over,
        "expired": bool(row.get("expired")),
        "waiting_for": waiting,
        "ply": ply,
        "result": row.get("result") if over else None,
        "turn_limit_ms": row["turn_limit_ms"],
        "bot_delay_ms": row["bot_delay_ms"],
        "seeded": bool(row["seeded"]),
        "created": created.isoformat() if created is not None else None,
        "rematch": row.get("rematch"),
    }


class Client:
    """One connection's side of a live table: its seat (None: a spectator), the
    messages waiting to be sent, and how many of its seat's events it was sent."""

    __slots__ = ("closed", "queue", "seat", "sent")

    def __init__(self, seat: int | None):
        self.seat = seat
        self.queue: asyncio.Queue = asyncio.Queue()
        self.sent = 0
        self.closed: int | None = None

    def put(self, message: dict[str, Any]) -> None:
        if self.closed is not None:
            return
        self.queue.put_nowait(message)
        if self.queue.qsize() > QUEUE_LIMIT:
            self.close(1008, "the connection is too slow to follow the table")

    def close(self, code: int, reason: str | None = None) -> None:
        """Send ``reason`` as an error (if any), then close with ``code``."""
        if self.closed is not None:
            return
        if reason is not None:
            self.queue.put_nowait({"type": "error", "message": reason, "ply": None})
        self.closed = code
        self.queue.put_nowait(None)  # the sender closes the socket when it reaches this


class LiveTable:
    """A table of the server, in memory: its public facts, its seats, and — once every
    human seat is taken — the ``Table`` playing it and the task driving that."""

    def __init__(
        self,
        row: dict[str, Any],
        seat_rows: Sequence[dict[str, Any]],
        game: Game,
        commit: Callable[..., Any],
        pool: BotPool,
    ):
        self.id: str = row["id"]
        self.row = row
        self.game = game
        self.seat_rows = [dict(s) for s in seat_rows]
        self._commit_fn = commit
        self.pool = pool
        self.table: Table | None = None
        self.clients: set[Client] = set()
        self.committed = int(row.get("ply") or 0)
        self.prefix: list[list[dict]] = []
        self._broadcast_ply = -1
        self._wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.join_lock = asyncio.Lock()
        #: the human seats whose person has connected since this process loaded the table:
        #: the game starts once every human seat is taken and has (docs/server.md)
        self.arrived: set[int] = set()
        self.failed: str | None = None
        #: the bots of one's own this server allows (``Settings.allowed_bots``): a stored
        #: bot spec outside them (the operator took it off ``--allow-bot``) is not loaded
        self.allowed_bots: tuple[str, ...] = ()
        self._arrivals: list[float] = []  # when the people's actions not yet broadcast arrived
        self._timeouts: list[Any] = []  # actions the turn clock played, not yet told (Landed)
        #: the server's part of the latency, ms: from a person's action read off its socket
        #: to its frames queued for every connection (committed on the way); the lobby's
        self.latencies: deque[float] = deque(maxlen=1000)
        #: called once the game is over and every client has its last frame
        self.on_over: Callable[[LiveTable], None] | None = None
        #: the fence this process claimed the table with (several processes: ``cluster.py``;
        #: None: the only process), and what to call when the database refuses its actions
        #: (another process claimed it): the driver has stopped, nothing more was sent
        self.fence: int | None = None
        self.on_refused: Callable[[LiveTable], None] | None = None
        #: the creator's seat (the first human seat): the one that may free the others
        #: before the start, and is never freed itself
        self.creator: int | None = next((s["seat"] for s in self.seat_rows if s["kind"] == HUMAN), None)
        #: seats taken by joining whose person has not connected yet -> when taken (or
        #: when this process loaded the table), on ``Settings.now``: freed after the
        #: server's seat timeout (``Lobby.free_stale_seats``)
        self.taken_at: dict[int, float] = {}

    # -- facts ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.row["players"]

    @property
    def started(self) -> bool:
        return bool(self.row["started"])

    @property
    def over(self) -> bool:
        return bool(self.row["over"])

    @property
    def expired(self) -> bool:
        return bool(self.row.get("expired"))

    def ready(self) -> bool:
        """Every human seat is taken and its person has connected: time to start."""
        return (
            not self.started
            and not self.expired
            and all(
                s["kind"] != HUMAN or (s["token_hash"] is not None and s["seat"] in self.arrived)
                for s in self.seat_rows
            )
        )

    def free_seats(self) -> list[int]:
        return [s["seat"] for s in self.seat_rows if s["kind"] == HUMAN and s["token_hash"] is None]

    def seat_for_token(self, token: str) -> int | None:
        for s in self.seat_rows:
            if s["kind"] == HUMAN and token_matches(token, s["token_hash"]):
                return s["seat"]
        return None

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table (``GET /api/tables/{id}``)."""
        return public_facts(self.row, self.seat_rows, self.game, self.committed, self.arrived)

    def game_log(self, actions: list[list]) -> GameLog:
        row = self.row
        return GameLog(
            self.game.id,
            dict(row["options"]),
            row["players"],
            row["seed"],
            actions,
            None,
            row["rules_version"],
            row.get("result"),
        )

    # -- seats -----------------------------------------------------------------------
    def seat_taken(self, seat: int, name: str | None, token_hash: str, when: float) -> None:
        s = self.seat_rows[seat]
        s["token_hash"], s["name"] = token_hash, name
        if seat != self.creator:
            self.taken_at[seat] = when
        self._tell_table()

    def waiting_since(self, when: float) -> None:
        """(A table loaded, not started.) Its joined seats' people have until the seat
        timeout from ``when`` to connect (who had connected is not known after a restart)."""
        if not self.started:
            self.taken_at = {
                s["seat"]: when
                for s in self.seat_rows
                if s["kind"] == HUMAN and s["token_hash"] is not None and s["seat"] != self.creator
            }

    def free(self, seat: int, reason: str, message: str) -> None:
        """Free a human seat before the start (in memory; the lobby stores it): its
        token stops working, its connections are closed with ``message``, and every
        other connection is told (``seat_freed``, then the table's facts)."""
        s = self.seat_rows[seat]
        name = s["name"]
        s["token_hash"], s["name"] = None, None
        self.arrived.discard(seat)
        self.taken_at.pop(seat, None)
        for c in list(self.clients):
            if c.seat == seat:
                c.close(4401, f"your seat was freed: {message}")
                self.clients.discard(c)
        notice = {"type": "seat_freed", "seat": seat, "name": name, "reason": reason, "message": message}
        for c in list(self.clients):
            c.put(notice)
        self._tell_table()

    def tell_table(self) -> None:
        """Every connection: the table's facts again (they changed)."""
        self._tell_table()

    def _tell_table(self) -> None:
        facts = self.public()
        for c in list(self.clients):
            c.put({"type": "table", "you": c.seat, **facts})

    # -- connections -----------------------------------------------------------------
    def attach(self, client: Client) -> None:
        """A new connection: the table's facts, then (once started, and everything
        landed is stored) its frame with the seat's whole history."""
        if client.seat is not None and not self.started and client.seat not in self.arrived:
            self.arrived.add(client.seat)
            self.taken_at.pop(client.seat, None)  # connected: the seat is theirs
            self._tell_table()  # the others: one person fewer to wait for
        self.clients.add(client)
        client.put({"type": "table", "you": client.seat, **self.public()})
        if self.failed is not None:
            client.put({"type": "error", "message": self.failed, "ply": None})
        if self.table is not None and self._broadcast_ply == self.table.state.ply:
            self._send_frame(self.table, client, {})

    def detach(self, client: Client) -> None:
        self.clients.discard(client)

    def _history(self, table: Table, seat: int | None, sent: int) -> list[dict]:
        """The seat's events from the ``sent``-th on (those replayed at a restart first):
        only these are copied, not the whole game's every frame."""
        prefix = self.prefix[self.players if seat is None else seat] if self.prefix else []
        before = prefix[sent:] if sent < len(prefix) else []
        return before + table.history(seat, max(0, sent - len(prefix)))

    def _send_frame(self, table: Table, client: Client, frames: dict) -> None:
        seat = client.seat
        frame = frames.get(seat)
        if frame is None:
            frame = frames[seat] = table.frame(seat)
        events = self._history(table, seat, client.sent)
        said_key = ("narration", seat, client.sent)  # the same lines for each connection of the seat
        said = frames.get(said_key)
        if said is None:
            said = frames[said_key] = narration_lines(self.game, events, seat)
        client.put({"type": "frame", **frame, "events": events, "narration": said})
        client.sent += len(events)

    def _on_landed(self, landed: Any) -> None:
        """(The driver's listener.) An action the turn clock played for a seat is told
        with the next frames (``timeout``)."""
        if landed.by == "timeout":
            self._timeouts.append(landed)

    def _broadcast(self, table: Table) -> None:
        frames: dict = {}
        timeouts, self._timeouts = self._timeouts, []
        for c in list(self.clients):
            for t in timeouts:  # the action only to its own seat: it may be a hidden card
                c.put(
                    {
                        "type": "timeout",
                        "player": t.seat,
                        "ply": t.ply,
                        "action": t.action if c.seat == t.seat else None,
                    }
                )
            self._send_frame(table, c, frames)
        self._broadcast_ply = table.state.ply
        if self._arrivals:
            now = time.perf_counter()
            self.latencies.extend((now - t) * 1000.0 for t in self._arrivals)
            self._arrivals.clear()

    # -- play ------------------------------------------------------------------------
    def start(self, actions: Sequence[Sequence[Any]], clock: RealClock | None = None) -> None:
        """Seat the bots and the driver on the state after ``actions`` (the stored
        ones: a resumed table replays them, rebuilding every seat's history), and start
        the table's task."""
        row = self.row
        # as a log starts: a table stored under an older rules version plays on under the
        # options that reproduce that version (Game.legacy_options), or cannot resume
        state = start_state(self.game_log([]))
        n = self.players
        if actions:
            prefix: list[list[dict]] = [[] for _ in range(n + 1)]
            events = list(state.opening)
            for seat, action in actions:
                events += state.apply(seat, action)
            for k in range(n):
                prefix[k] = [e.for_player(k) for e in events]
            prefix[n] = [e.for_player(None) for e in events]
            self.prefix = prefix
        self.committed = len(actions)
        # the bots think in the pool's workers, which replay the table for them
        agents, refused = self._agents()
        self.table = table = Table(
            state,
            agents,
            seed=row["seed"],
            clock=clock or RealClock(),
            bot_turn_ms=float(row["bot_delay_ms"]),
            turn_limit_ms=row["turn_limit_ms"],
            strict_agents=False,
            record=True,
            histories=True,
        )
        if row["turn_limit_ms"] is not None:  # only a turn clock plays for a person
            table.listeners.append(self._on_landed)
        table.actions = [list(a) for a in actions]  # the whole game's, the replayed ones first
        self.row["started"] = True
        if refused and not self.over:  # it cannot go on here: said to everyone, never driven
            self.failed = f"this table cannot go on: {refused}"
            log.error("table %s not resumed: %s", self.id, refused)
            for c in list(self.clients):
                c.put({"type": "error", "message": self.failed, "ply": None})
        self._tell_table()
        if self.failed is None:
            self.task = asyncio.get_running_loop().create_task(self._drive(table), name=f"table {self.id}")

    def _agents(self) -> tuple[list[Any], str | None]:
        """Each seat's agent (None: a person) and why a stored bot spec was refused (the
        server's ``--allow-bot`` list no longer has it: that seat gets no agent) or None."""
        agents: list[Any] = []
        refused = None
        for s in self.seat_rows:
            agent = None
            if s["kind"] != HUMAN:
                try:
                    agent = RemoteBot(make_agent(self.game, s["bot"], allow=self.allowed_bots))
                except BotSpecError as exc:
                    refused = refused or f"seat {s['seat']}'s {' '.join(str(exc).split())}"
            agents.append(agent)
        return agents, refused

    def submit(self, seat: int, action: Any, ply: Any) -> None:
        """A person's action, arriving now (``Table.submit``). ``IllegalAction`` /
        ``StaleAction``: refused, nothing changed."""
        table = self.table
        if self.expired:
            raise IllegalAction("this table was closed after a long time with nobody connected; no action is accepted")
        if table is None:
            waiting = len(self.free_seats())
            if waiting:
                raise IllegalAction(
                    f"the game has not started: waiting for {waiting} more "
                    f"{'player' if waiting == 1 else 'players'} to join"
                )
            absent = self.public()["waiting_for"]
            raise IllegalAction(
                f"the game has not started: waiting for seat{'s' if len(absent) > 1 else ''} "
                f"{', '.join(map(str, absent))} to connect"
            )
        if self.over or self.failed:
            raise IllegalAction(f"{self.failed or 'the game is over'}; no action is accepted")
        if not isinstance(action, str):
            raise IllegalAction("action must be text in the game's notation")
        try:
            table.submit(seat, action, ply)
            self._arrivals.append(time.perf_counter())
        except StaleAction:
            raise
        except IllegalAction:
            # the kernel's words name "player N"; the one who reads this is that player
            # (the terminal says it the same way: tui.texts.refusal)
            raise IllegalAction(refusal(table.state, seat, action)) from None
        finally:
            self._wake.set()  # whatever was due landed first, even when this one was refused

    def _actions(self) -> list[list[Any]]:
        """Every action of the game so far (``start`` makes the driver record them)."""
        actions = None if self.table is None else self.table.actions
        if actions is None:  # asked (by _drive, the bot pool) only once the table plays
            raise RuntimeError(f"table {self.id} has not started: no actions recorded")
        return actions

    # -- bots (botpool.Asker) -----------------------------------------------------------
    def bot_setup(self) -> tuple:
        """What a bot worker needs to mirror this table (``botworker.Mirror``)."""
        row = self.row
        return (
            self.game.id,
            dict(row["options"]),
            row["players"],
            row["seed"],
            row["rules_version"],
            [None if s["kind"] == HUMAN else s["bot"] for s in self.seat_rows],
            self.allowed_bots,
        )

    def all_actions(self) -> list[list]:
        return self._actions()

    def still_asks(self, seat: int, ply: int) -> bool:
        table = self.table
        return (
            table is not None
            and self.failed is None
            and self.task is not None
            and not self.task.done()
            and table.asks(seat, ply)
        )

    def bot_answer(self, seat: int, ply: int, action: str | None, delay_ms: float | None, failed: str | None) -> None:
        if self.table is None or self.failed is not None or self.task is None or self.task.done():
            return
        try:
            self.table.answer(seat, ply, action, delay_ms, failed)
        except Exception:  # a bug: the table's task reports it the same way
            log.exception("table %s: a bot's answer could not be taken", self.id)
        self._wake.set()

    async def _drive(self, table: Table) -> None:
        state = table.state
        clock = table.clock
        try:
            while True:
                self._wake.clear()
                table.advance()
                if self.committed < len(self._actions()):
                    await self._commit(table)
                    continue
                if self._broadcast_ply != state.ply:
                    self._broadcast(table)
                    if self.over:
                        self._tell_table()
                if self.over:
                    self.pool.forget(self.id)
                    if self.on_over is not None:
                        self.on_over(self)
                    return
                due = table.next_due_ms()
                for seat, role, ply in table.take_requests():
                    self.pool.ask(self, seat, role, ply)
                timeout = None if due is None else max(0.0, (due - clock.now_ms()) / 1000.0)
                if timeout == 0.0:
                    await asyncio.sleep(0)
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout)
        except asyncio.CancelledError:
            raise
        except Refused:  # another process drives it now: nothing landed here since is shown
            log.warning("table %s: the database refused its actions from ply %d; stopped here", self.id, self.committed)
            self.pool.forget(self.id)
            if self.on_refused is not None:
                self.on_refused(self)
        except Exception:  # a bug in a game or a bot: the table stops, the server goes on
            log.exception("table %s stopped", self.id)
            self.failed = "this table stopped after a server error"
            for c in list(self.clients):
                c.put({"type": "error", "message": self.failed, "ply": None})

    async def _commit(self, table: Table) -> None:
        """Store every landed action not stored yet (retrying while the database
        refuses), with the result once the game is over."""
        state = table.state
        while True:
            first = self.committed
            new = [list(a) for a in self._actions()[first:]]
            over = state.is_over()
            result = state.result().to_json() if over else None
            try:
                await self._commit_fn(self.id, first, new, result, self.fence)
            except (asyncio.CancelledError, Refused):
                raise
            except Exception:
                log.exception("table %s: storing actions %d.. failed; retrying", self.id, first)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            self.committed = first + len(new)
            self.row["ply"] = self.committed
            if over:
                self.row["over"], self.row["result"] = True, result
            return

    async def stop(self) -> None:
        self.pool.forget(self.id)
        await cancel_and_wait(self.task)
