"""The server's bots think in a pool of worker processes (``--bot-workers``), never on
the event loop, each decision under a hard deadline (``--max-bot-ms``).

A table's driver (``core/table.py``) does not call a remote bot: it notes a question
``(seat, role, ply)``; the live table hands it to ``BotPool.ask``. Questions wait in
one queue, first come first served; an idle worker takes the next one that still
stands (the game is still at its ply), after the actions of that table it has not seen
yet (``botworker.py`` keeps a mirror of each table it served). Its answer goes back to
the table (``Table.answer``) and the table's task is woken.

A decision that runs past ``--max-bot-ms`` plus ``GRACE_S`` (a bot that ignores its
deadline; searches stop at it by themselves) has its worker killed and replaced: the
table plays the game's default action for that seat (a turn) or leaves it out (a race,
a claim). A worker that dies is replaced the same way. Workers start when the first table
with bots is created or loaded (``warm``), so a server without bots runs none.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Sequence
from typing import Any, Protocol

from ..core.agent import Agent
from ..core.registry import GAME_MODULES
from . import botworker

log = logging.getLogger("fliptable.server")

#: how long past ``--max-bot-ms`` a decision may run before its worker is killed, s
#: (searches stop at the limit themselves; this catches a bot that cannot)
GRACE_S = 0.5
#: the longest a table with bots waits for the first worker to start before it starts, s
READY_TIMEOUT_S = 10.0


def default_workers() -> int:
    """``--bot-workers``'s default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class Asker(Protocol):
    """A table whose bots the pool runs (``live.LiveTable``)."""

    id: str

    def bot_setup(self) -> tuple: ...

    def all_actions(self) -> Sequence[Sequence[Any]]: ...

    def still_asks(self, seat: int, ply: int) -> bool: ...

    def bot_answer(
        self, seat: int, ply: int, action: str | None, delay_ms: float | None, failed: str | None
    ) -> None: ...


class RemoteBot(Agent):
    """A bot seat of a live table: the driver notes its questions (``remote``) and the
    pool's workers answer them with the real bot, built there from ``spec``."""

    remote = True
    needs_view = False

    def __init__(self, bot: Agent):
        self.spec = bot.spec or bot.describe()
        self.name = bot.name
        #: the real bot's mean reaction (the driver draws a turn's reaction from it when
        #: claimants race the turn)
        self.reaction_ms = bot.reaction_ms
        self._described = bot.describe()

    def describe(self) -> str:
        return self._described


class _Worker:
    __slots__ = ("busy", "conn", "drops", "index", "known", "proc", "ready", "started", "starting", "timer")

    def __init__(self, index: int):
        self.index = index
        self.proc: Any = None
        self.conn: Any = None
        #: the process has started and loaded the games (it said "ready")
        self.ready = False
        #: table id -> how many of its actions this worker's mirror holds
        self.known: dict[str, int] = {}
        #: the question being decided: (request id, asker, seat, role, ply), or None
        self.busy: tuple | None = None
        self.started = 0.0
        self.timer: asyncio.TimerHandle | None = None
        #: tables to forget, sent with the next question
        self.drops: list[str] = []
        #: its process is being started (in a thread: ``BotPool._spawn``)
        self.starting = False


class BotPool:
    """``workers`` processes deciding for every table's bots, ``max_ms`` each decision."""

    def __init__(self, workers: int, max_ms: float):
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.max_ms = float(max_ms)
        self._workers = [_Worker(i) for i in range(workers)]
        self._queue: deque[tuple] = deque()
        self._next_id = 0
        # workers are forked from a fork server (single-threaded, unlike the server) that has
        # every game's rules loaded: a new worker is ready in milliseconds, not a second
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(["fliptable.server.botworker", *GAME_MODULES.values()])
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._ready: asyncio.Event | None = None
        #: decisions answered, and those given up on (a worker killed or failed)
        self.answered = 0
        self.failed = 0

    @property
    def size(self) -> int:
        return len(self._workers)

    def running(self) -> list[tuple[str, int, int]]:
        """The decisions being made now: (table id, seat, ply) for each busy worker."""
        return [(w.busy[1].id, w.busy[2], w.busy[4]) for w in self._workers if w.busy is not None]

    def waiting(self) -> int:
        return len(self._queue)

    # -- questions ---------------------------------------------------------------------
    def ask(self, asker: Asker, seat: int, role: str, ply: int) -> None:
        """A question of ``asker``'s bot at ``seat``; its answer comes back through
        ``asker.bot_answer``."""
        if self._closed:
            return
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        self._queue.append((asker, seat, role, ply))
        self._dispatch()

    def warm(self) -> None:
        """Start every worker that is not running (a table with bots was created or
        loaded): its first question then finds them ready."""
        if self._closed:
            return
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        for w in self._workers:
            if w.proc is None:
                self._spawn(w)

    async def ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Return once a worker can take questions (starting them if need be), or after
        ``timeout`` seconds (the questions then wait in the queue)."""
        self.warm()
        if any(w.ready for w in self._workers) or self._closed:
            return
        if self._ready is None:
            self._ready = asyncio.Event()
        try:
            await asyncio.wait_for(self._ready.wait(), timeout)
        except TimeoutError:
            log.warning("no bot worker was ready after %g s", timeout)

    def forget(self, table_id: str) -> None:
        """The table is over or gone: its mirrors are dropped, its questions ignored."""
        for w in self._workers:
            if w.known.pop(table_id, None) is not None:
                w.drops.append(table_id)  # sent with the worker's next question

    def _dispatch(self) -> None:
        for w in self._workers:
            if w.busy is not None or not self._queue:
                continue
            if w.proc is None:
                self._spawn(w)  # it takes questions once it says it is ready
            if not w.ready:
                continue
            job = self._next_job()
            if job is None:
                return
            self._start(w, job)

    def _next_job(self) -> tuple | None:
        queue = self._queue
        while queue:
            job = queue.popleft()
            asker, seat, _, ply = job
            if asker.still_asks(seat, ply):
                return job
        return None

    def _start(self, w: _Worker, job: tuple) -> None:
        asker, seat, role, ply = job
        self._next_id += 1
        request = self._next_id
        w.busy = (request, asker, seat, role, ply)
        w.started = time.perf_counter()
        try:
            send = w.conn.send
            for table_id in w.drops:
                send(("drop", table_id))
            w.drops.clear()
            actions = asker.all_actions()
            known = w.known.get(asker.id)
            if known is None or known > len(actions):
                send(("sync", asker.id, asker.bot_setup(), 0, [list(a) for a in actions]))
            elif known < len(actions):
                send(("sync", asker.id, None, known, [list(a) for a in actions[known:]]))
            w.known[asker.id] = len(actions)
            send(("ask", request, asker.id, seat, role, self.max_ms / 1000.0))
        except (OSError, ValueError):  # the worker died: its answer would never come
            self._lost(w, "its worker process stopped")
            return
        assert self._loop is not None
        w.timer = self._loop.call_later(self.max_ms / 1000.0 + GRACE_S, self._overran, w, request)

    # -- answers -----------------------------------------------------------------------
    def _readable(self, w: _Worker) -> None:
        conn = w.conn
        try:
            while conn.poll():
                message = conn.recv()
                if message[0] == "answer":
                    self._answered(w, message)
                elif message[0] == "ready":
                    w.ready = True
                    if self._ready is not None:
                        self._ready.set()
        except (EOFError, OSError):
            self._lost(w, "its worker process stopped")
            return
        self._dispatch()

    def _answered(self, w: _Worker, message: tuple) -> None:
        _, request, action, delay, error = message
        busy = w.busy
        if busy is None or busy[0] != request:
            return
        self._idle(w)
        _, asker, seat, _, ply = busy
        if error is not None:
            self.failed += 1
            w.known.pop(asker.id, None)  # its mirror may be wrong: sent afresh next time
            log.warning("table %s: the bot at seat %d failed (%s)", asker.id, seat, error)
        else:
            self.answered += 1
        asker.bot_answer(seat, ply, action, delay, error)

    def _idle(self, w: _Worker) -> None:
        w.busy = None
        if w.timer is not None:
            w.timer.cancel()
            w.timer = None

    def _overran(self, w: _Worker, request: int) -> None:
        if w.busy is None or w.busy[0] != request:
            return
        log.warning(
            "table %s: the bot at seat %d took more than %g ms; its worker is replaced",
            w.busy[1].id,
            w.busy[2],
            self.max_ms,
        )
        self._lost(w, f"it took more than the server's limit of {self.max_ms:g} ms")

    def _lost(self, w: _Worker, why: str) -> None:
        """The worker is killed (if still alive) and replaced on its next question; the
        question it had fails."""
        busy = w.busy
        self._idle(w)
        self._stop(w)
        if busy is not None:
            self.failed += 1
            _, asker, seat, _, ply = busy
            asker.bot_answer(seat, ply, None, None, why)
        if self._loop is not None and not self._closed:
            self._loop.call_soon(self._dispatch)

    # -- processes ---------------------------------------------------------------------
    def _spawn(self, w: _Worker) -> None:
        """Start the worker's process in a thread: the first start waits for the fork
        server to load every game (seconds on a loaded machine), which must not stop the
        event loop (a process of several would miss renewing its leases: ``cluster.py``)."""
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=botworker.main, args=(child,), name=f"fliptable-bots-{w.index}", daemon=True)
        w.proc, w.conn, w.ready, w.starting = proc, parent, False, True
        w.known.clear()
        w.drops.clear()
        assert self._loop is not None
        started = self._loop.run_in_executor(None, proc.start)
        started.add_done_callback(lambda f: self._started(w, proc, child, f))

    def _started(self, w: _Worker, proc: Any, child: Any, started: asyncio.Future) -> None:
        child.close()
        failed = started.exception() if not started.cancelled() else asyncio.CancelledError()
        if w.proc is not proc:  # stopped meanwhile (``_stop``, ``close``)
            if failed is None:
                proc.kill()
                proc.join(0.5)
            return
        w.starting = False
        if failed is not None:
            log.error("a bot worker could not be started: %s", failed)
            self._lost(w, "its worker process could not be started")
            return
        assert self._loop is not None
        self._loop.add_reader(w.conn.fileno(), self._readable, w)

    def _stop(self, w: _Worker) -> None:
        conn, proc = w.conn, w.proc
        w.conn = w.proc = None
        w.ready = False
        w.known.clear()
        w.drops.clear()
        if conn is not None:
            if self._loop is not None and not w.starting:
                self._loop.remove_reader(conn.fileno())
            conn.close()
        if w.starting:  # still starting: ``_started`` stops it
            w.starting = False
            return
        if proc is not None and proc.is_alive():
            proc.kill()
        if proc is not None and proc.pid is not None:  # a process never started has no pid to join
            proc.join(0.5)

    async def close(self) -> None:
        self._closed = True
        self._queue.clear()
        for w in self._workers:
            self._idle(w)
            self._stop(w)
