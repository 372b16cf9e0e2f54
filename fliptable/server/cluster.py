"""Several ``fliptable serve`` processes sharing one PostgreSQL database and one Redis
(``--redis URL``; docs/server.md "Several processes").

- **Ownership.** Each live table is owned by one process at a time, by a lease in Redis
  (``ft:lease:{table}`` holding the owner's node id, taken with ``SET NX PX``, renewed by
  a script that extends only a lease still held by its node). Only the owner runs the
  table's driver, bots and clocks. Claiming a table also moves its fencing token on in
  the database (``Store.claim``), and the database stores a table's actions only under
  the latest fence (``store.PG_GROUP_COMMIT``): a process that lost its lease (paused,
  cut off) can never store an action, so it never drives the table a second time, even
  while it still believes it owns it. It stops driving once it knows (a renewal refused,
  or none accepted for a lease's length, or the database refusing its actions).
- **Failover.** Every process looks for running tables nobody holds a lease on and
  claims them (``SCAN_S``): a table of a process that died is resumed from the database
  within about ``lease_ms`` + ``SCAN_S``.
- **Relay.** Each process listens on its own Redis channel ``ft:n:{node}``. A socket on
  a process that does not own its table is attached to the owner there (``attach``): its
  messages go to the owner, which handles them as its own sockets' (``ws.handle``), and
  the messages queued for that one connection come back on the socket's process channel.
  When the table changes hands, the socket stays open and is attached to the new owner
  (``_move``), from the seat's events it has been sent already. Lobby calls on one table
  (its facts, a join, freeing a seat) go to the owner the same way.
- **Limits.** The per-address limits count in Redis (``SharedLimiter``), over every process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from typing import Any

from starlette.websockets import WebSocketDisconnect

from ..core.errors import FliptableError
from .leases import RELEASE, RENEW, lease_key
from .live import Client
from .lobby import Elsewhere, Expired, Forbidden, Full, NotFound, Unavailable
from .security import SharedLimiter
from .setup import BadRequest
from .tasks import cancel_and_wait
from .ws import Refusal, _refuse, _sender, admit, finish_socket, handle, read_messages

log = logging.getLogger("fliptable.server")

#: how often a process renews its leases, and looks for tables without an owner, s
RENEW_S = 1.0
SCAN_S = 1.0
#: how many tables without an owner one process loads at once when it claims them
CLAIMS_AT_ONCE = 16
#: Redis connections one process uses for its requests at most (more wait their turn, up
#: to ``CALL_TIMEOUT_S``); its leases are renewed on a connection of their own
REDIS_CONNECTIONS = 64
#: how long a process waits for another's answer before the client is told to retry, s
CALL_TIMEOUT_S = 5.0
#: a process that has not said it is alive for this long is taken for dead by the owners
#: of the tables its sockets watch (they detach those sockets), ms
ALIVE_MS = 5000
#: how long a relayed socket whose table changed hands looks for its new owner before it
#: is closed (the client then reconnects), s
MOVE_S = 20.0
#: the close code an owner gives another process's connection when the table leaves it:
#: that process attaches the socket to the new owner (``Cluster._move``)
MOVED = 1012

#: the errors a call to another process brings back as they were raised there
ERRORS = {cls.__name__: cls for cls in (NotFound, Full, Forbidden, Expired, BadRequest, Unavailable)}
#: the lobby calls another process may ask for (``Lobby._routed``)
CALLS = ("show_here", "join_here", "free_here")


def _text(reply: bytes | str | None) -> str | None:
    """A Redis reply as text: the clients decode replies (``decode_responses``), which
    redis-py's types do not follow (they say ``bytes | str``)."""
    return reply.decode() if isinstance(reply, bytes) else reply


class Cluster:
    """This process's part in a group sharing a database and a Redis."""

    def __init__(self, settings: Any, app: Any):
        import redis.asyncio as aioredis

        self.settings, self.app = settings, app
        self.lobby, self.store = app.state.lobby, app.state.store
        self.node = secrets.token_hex(6)
        self.lease_ms = int(settings.lease_ms)
        options = {
            "decode_responses": True,
            "socket_timeout": 5,
            "socket_connect_timeout": 5,
            "health_check_interval": 10,
        }
        # a bounded pool that makes a burst wait (redis-py's own refuses the 101st command at
        # once: "Too many connections", which 600 tables' sockets setting up reached, and
        # leases were lost), and the leases' own client, never queued behind the requests
        self.redis = aioredis.Redis.from_pool(
            aioredis.BlockingConnectionPool.from_url(
                settings.redis, max_connections=REDIS_CONNECTIONS, timeout=CALL_TIMEOUT_S, **options
            )
        )
        self.leases = aioredis.from_url(settings.redis, max_connections=4, **options)
        self._renew = self.leases.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        #: the tables whose lease this process holds -> when it took it (time.monotonic)
        self.owned: dict[str, float] = {}  # (a table being created or loaded is not in the lobby yet)
        #: until when (time.monotonic) every lease renewed last is surely still held
        self.held_until = 0.0
        self._calls: dict[str, asyncio.Future] = {}
        #: sockets here served by a table's owner (another process, or this one after the
        #: table moved here): their attachment's id -> the relay
        self.relays: dict[str, Relay] = {}
        #: connections of other processes' sockets to tables owned here: id -> (live, client, node)
        self.proxies: dict[str, tuple[Any, Client, str]] = {}
        self._outbox: asyncio.Queue = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []
        self._background: set[asyncio.Task] = set()
        self.pubsub: Any = None

    # -- start and stop ------------------------------------------------------------------
    async def start(self) -> None:
        await self.redis.ping()
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(f"ft:n:{self.node}")
        await self.redis.set(f"ft:alive:{self.node}", "1", px=ALIVE_MS)
        state = self.app.state
        settings = self.settings
        state.create_limiter = SharedLimiter(self.redis, "create", settings.creates_per_minute)
        state.join_limiter = SharedLimiter(self.redis, "join", settings.joins_per_minute)
        state.replay_limiter = SharedLimiter(self.redis, "replay", settings.replays_per_minute)
        loop = asyncio.get_running_loop()
        self.held_until = time.monotonic() + self.lease_ms / 1000.0
        for name, fn in (
            ("listen", self._listen),
            ("send", self._send_loop),
            ("renew", self._renew_loop),
            ("watch", self._watch_loop),
        ):
            self._tasks.append(loop.create_task(fn(), name=f"fliptable cluster {name}"))
        if settings.resume:
            self._tasks.append(loop.create_task(self._scan_loop(), name="fliptable cluster scan"))
        # any process may have to take over tables with bots: its workers start now, not
        # during a failover
        self.lobby.pool.warm()
        log.info(
            "server process %s: one of several (Redis %s, leases of %d ms)",
            self.node,
            self.redis.connection_pool.connection_kwargs.get("host"),
            self.lease_ms,
        )

    async def close(self) -> None:
        """Stop (after the lobby stopped its tables): every lease this process held is
        given back, so the others resume its tables at once."""
        await cancel_and_wait(*self._tasks)
        try:
            for table_id in list(self.owned):
                await self._release(keys=[lease_key(table_id)], args=[self.node])
            await self.redis.delete(f"ft:alive:{self.node}")
            await self.pubsub.aclose()
        except Exception as exc:
            log.warning("giving the leases back failed (%s): they lapse in %d ms", exc, self.lease_ms)
        self.owned.clear()
        await self.redis.aclose()
        await self.leases.aclose()

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- leases ----------------------------------------------------------------------------
    async def owner(self, table_id: str) -> str | None:
        """The node id of the process holding the table's lease (None: nobody)."""
        return _text(await self.redis.get(lease_key(table_id)))

    async def take_new(self, table_id: str) -> None:
        """The lease of a table this process is creating (its fence is 1)."""
        if not await self.redis.set(lease_key(table_id), self.node, nx=True, px=self.lease_ms):
            raise Unavailable("a new table's id was taken; try again")
        self.owned[table_id] = time.monotonic()

    async def claim(self, table_id: str) -> int | None:
        """Take the table's lease, then its next fence in the database (None: no such
        table); ``Elsewhere`` when another process holds the lease."""
        key = lease_key(table_id)
        if not await self.redis.set(key, self.node, nx=True, px=self.lease_ms):
            holder = _text(await self.redis.get(key))
            if holder != self.node:
                raise Elsewhere(holder) if holder else Unavailable("the table is changing hands; try again")
        self.owned[table_id] = time.monotonic()
        try:
            fence = await self.store.claim(table_id)
        except BaseException:
            await self.release(table_id)
            raise
        if fence is None:
            await self.release(table_id)
        else:
            log.info("table %s: claimed (fence %d)", table_id, fence)
        return fence

    async def release(self, table_id: str) -> None:
        self.owned.pop(table_id, None)
        try:
            await self._release(keys=[lease_key(table_id)], args=[self.node])
        except Exception as exc:  # it lapses by itself
            log.warning("table %s: giving its lease back failed (%s)", table_id, exc)

    def dropped(self, table_id: str) -> None:
        """The lobby dropped a table the database refused: its lease is given back."""
        if table_id in self.owned:
            self._spawn(self.release(table_id))

    async def may_expire(self, table_id: str) -> bool:
        """Whether this process may close the idle table (nobody else owns it)."""
        return (await self.owner(table_id)) in (None, self.node)

    def _lost(self, table_id: str, why: str) -> None:
        """This process no longer holds the table's lease: its driver stops at once (a
        process still driving it could not store anything anyway: the fence), and its
        connections are closed so that they reconnect to the new owner."""
        self.owned.pop(table_id, None)
        live = self.lobby.live.pop(table_id, None)
        if live is None:
            return
        if live.task is not None:
            live.task.cancel()  # now: it runs no further step, whatever is scheduled before the stop
        log.warning("table %s: lease lost (%s); its driver stopped here", table_id, why)
        self._spawn(live.stop())
        self.hand_over(live)
        for c in list(live.clients):
            c.close(MOVED, "this table is now served by another server process; reconnect")

    def hand_over(self, live: Any) -> None:
        """The table left this process: other processes' connections to it are closed
        with ``MOVED`` and nothing else, and those processes attach their sockets to the
        new owner (``_move``)."""
        for _cid, (there, client, _node) in list(self.proxies.items()):
            if there is live:
                live.detach(client)
                client.close(MOVED)

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(RENEW_S)
            lobby = self.lobby
            sent = time.monotonic()
            for table_id in list(self.owned):  # finished and forgotten, or never loaded
                if table_id not in lobby.live and table_id not in lobby._loading and table_id not in lobby.creating:
                    await self.release(table_id)
            for table_id in [t for t in lobby.live if t not in self.owned]:  # its lease lost while it loaded
                self._lost(table_id, "lost while the table was loaded")
            keys = sorted(self.owned)
            exc: str | Exception
            try:  # given up before the leases could lapse: then this process stops driving first
                async with asyncio.timeout(max(0.05, self.held_until - sent - RENEW_S / 2)):
                    await self.leases.set(f"ft:alive:{self.node}", "1", px=ALIVE_MS)
                    kept = (
                        await self._renew(keys=[lease_key(t) for t in keys], args=[self.node, self.lease_ms])
                        if keys
                        else []
                    )
            except asyncio.CancelledError:
                raise
            except TimeoutError:
                kept, exc = None, "no answer in time"
            except Exception as e:
                kept, exc = None, e
            if kept is None:
                if time.monotonic() >= self.held_until - RENEW_S:  # stop before anyone else may start
                    for table_id in keys:
                        self._lost(table_id, f"Redis did not renew it: {exc}")
                else:
                    log.warning("renewing %d lease(s) failed (%s); retrying", len(keys), exc)
                continue
            self.held_until = sent + self.lease_ms / 1000.0
            for table_id, ok in zip(keys, kept, strict=True):
                if not ok and table_id in self.owned:
                    self._lost(table_id, "another process holds it")

    async def _scan_loop(self) -> None:
        """Claim every running table that nobody holds a lease on (at the start, and
        whenever a process dies)."""
        while True:
            try:
                await self.scan()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for tables without an owner failed")
            await asyncio.sleep(SCAN_S * (0.5 + random.random()))

    async def scan(self) -> int:
        lobby = self.lobby
        ids = [t for t in await self.store.resumable() if t not in lobby.live and t not in lobby._loading]
        if not ids:
            return 0
        owners = await self.redis.mget([lease_key(t) for t in ids])
        free = [t for t, holder in zip(ids, owners, strict=True) if holder is None]
        if not free:
            return 0
        gate = asyncio.Semaphore(CLAIMS_AT_ONCE)  # a dead process's tables at once, not one by one

        async def claim(table_id: str) -> bool:
            async with gate:
                try:
                    await lobby.get(table_id)
                    return True
                except (Elsewhere, Unavailable):  # another process was quicker
                    return False
                except Exception:
                    log.exception("table %s could not be resumed", table_id)
                    return False

        n = sum(await asyncio.gather(*(claim(t) for t in free)))
        if n:
            log.info("claimed %d table(s) nobody owned", n)
        return n

    # -- messages between processes ------------------------------------------------------------
    def send(self, node: str, message: dict) -> None:
        """Publish ``message`` on ``node``'s channel, in order with every other sent here."""
        self._outbox.put_nowait((f"ft:n:{node}", json.dumps(message, separators=(",", ":"))))

    async def _send_loop(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the sockets concerned are closed by the watch
                log.warning("%d message(s) to other processes were lost: %s", len(batch), exc)

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") == "message":
                        self._received(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("the Redis channel failed (%s); listening again", exc)
                await asyncio.sleep(0.5)

    def _received(self, m: dict) -> None:
        kind = m.get("k")
        if kind == "out":
            relay = self.relays.get(m["cid"])
            if relay is not None:
                client = relay.client
                for one in m["m"]:
                    client.put(one)
                    if one.get("type") == "frame":  # the seat's events this socket was sent
                        client.sent += len(one["events"])
                if m.get("close") == MOVED:
                    self._spawn(self._move(relay))
                elif m.get("close"):
                    client.close(m["close"])
        elif kind == "act":
            proxy = self.proxies.get(m["cid"])
            if proxy is not None:
                handle(proxy[0], proxy[1], m["t"])
        elif kind == "bye":
            proxy = self.proxies.pop(m["cid"], None)
            if proxy is not None:
                self._detach(*proxy)
        elif kind == "ret":
            fut = self._calls.get(m["rid"])
            if fut is not None and not fut.done():
                fut.set_result(m)
        elif kind == "call":
            self._spawn(self._answer(m))

    async def call(self, node: str, method: str, *args: Any) -> Any:
        """``method`` run by the process ``node``; its errors raised here."""
        rid = secrets.token_hex(8)
        fut = asyncio.get_running_loop().create_future()
        self._calls[rid] = fut
        self.send(node, {"k": "call", "rid": rid, "from": self.node, "m": method, "a": list(args)})
        try:
            reply = await asyncio.wait_for(fut, CALL_TIMEOUT_S)
        except TimeoutError:
            raise Unavailable(
                "the server process holding this table did not answer; try again in a few seconds"
            ) from None
        finally:
            self._calls.pop(rid, None)
        if "err" in reply:
            name, *details = reply["err"]
            if name == "Refusal":
                raise Refusal(*details)
            raise ERRORS.get(name, Unavailable)(details[0])
        return reply["ok"]

    async def _answer(self, m: dict) -> None:
        reply: dict[str, Any] = {"k": "ret", "rid": m["rid"]}
        try:
            if m["m"] == "attach":
                reply["ok"] = await self._attach(m["from"], *m["a"])
            elif m["m"] in CALLS:
                reply["ok"] = await getattr(self.lobby, m["m"])(*m["a"])
            else:
                raise BadRequest(f"unknown call {m['m']!r}")
        except Refusal as no:
            reply["err"] = ["Refusal", no.code, no.message]
        except Elsewhere:
            reply["err"] = ["Unavailable", "the table is moving to another server process; try again"]
        except FliptableError as exc:
            reply["err"] = [type(exc).__name__, " ".join(str(exc).split())]
        except Exception:
            log.exception("a call from server process %s failed", m.get("from"))
            reply["err"] = ["Unavailable", "internal error"]
        self.send(m["from"], reply)

    # -- sockets whose table another process owns -------------------------------------------
    async def _attach(self, node: str, table_id: str, token: str | None, host: str, cid: str, sent: int = 0) -> dict:
        """(The owner.) Another process's socket joins the table here as a connection
        whose messages go back to that process; ``sent``: how many of its seat's events
        the socket was sent already (by a previous owner)."""
        live = self.lobby.live.get(table_id) or await self.lobby.get(table_id)
        seat = await admit(self.app, live, token, host)
        client = Client(seat)
        client.sent = sent
        self.proxies[cid] = (live, client, node)
        self._spawn(self._pump(cid, node, client))
        live.attach(client)
        self._spawn(self.lobby.connected(live))
        return {"seat": seat}

    async def _pump(self, cid: str, node: str, client: Client) -> None:
        """Send a remote connection's queued messages to its process, in order."""
        while True:
            batch = [await client.queue.get()]
            while batch[-1] is not None and not client.queue.empty():
                batch.append(client.queue.get_nowait())
            close = None
            if batch[-1] is None:
                batch.pop()
                close = client.closed or 1000
            self.send(node, {"k": "out", "cid": cid, "m": batch, "close": close})
            if close:
                proxy = self.proxies.pop(cid, None)
                if proxy is not None:
                    self._detach(*proxy)
                return

    def _detach(self, live: Any, client: Client, node: str) -> None:
        live.detach(client)
        client.close(1001)
        self.lobby.forget(live)
        self.lobby.disconnected(live)

    async def relay(self, websocket: Any, node: str, table_id: str, token: str | None, host: str) -> None:
        """(A process that does not own the table.) Serve the socket through the owner."""
        r = Relay(Client(None), table_id, node, token, host)
        self.relays[r.cid] = r
        try:
            try:
                got = await self.call(node, "attach", table_id, token, host, r.cid)
            except Refusal as no:
                await _refuse(websocket, no.code, no.message)
                return
            except FliptableError as exc:
                await _refuse(websocket, 1013, " ".join(str(exc).split()))
                return
            r.client.seat = got["seat"]
            await websocket.accept()
            sender = asyncio.get_running_loop().create_task(_sender(websocket, r.client))
            try:
                await read_messages(
                    websocket,
                    self.settings,
                    r.client,
                    lambda text: self.send(r.node, {"k": "act", "cid": r.cid, "t": text}),
                )
            except WebSocketDisconnect:
                pass
            except Exception:
                log.exception("table %s: relayed connection failed", table_id)
                r.client.close(1011, "internal error")
            finally:
                self.send(r.node, {"k": "bye", "cid": r.cid})
                await finish_socket(websocket, r.client, sender)
                r.client.close(1000)  # gone: a move under way lets the new owner go too
        finally:
            self.relays.pop(r.cid, None)

    async def _move(self, r: Relay) -> None:
        """The relayed socket's table changed hands: attach it to the new owner (claiming
        the table here if nobody holds it), under a new id, from the events it has; if
        none is found in ``MOVE_S``, close it (the client reconnects)."""
        if r.moving or r.client.closed is not None or self.relays.get(r.cid) is not r:
            return
        r.moving = True
        self.relays.pop(r.cid, None)
        self.send(r.node, {"k": "bye", "cid": r.cid})
        r.cid = secrets.token_hex(8)
        self.relays[r.cid] = r
        end = time.monotonic() + MOVE_S
        try:
            while r.client.closed is None and time.monotonic() < end:
                try:
                    await self.lobby.get(r.table)
                    node = self.node  # claimed here: attached through this process's own channel
                    got = await self.call(node, "attach", r.table, r.token, r.host, r.cid, r.client.sent)
                except Elsewhere as there:
                    try:
                        got = await self.call(there.node, "attach", r.table, r.token, r.host, r.cid, r.client.sent)
                    except Unavailable:
                        await asyncio.sleep(0.2)
                        continue
                    node = there.node
                except Refusal as no:
                    r.client.close(no.code, no.message)
                    return
                except Unavailable:
                    await asyncio.sleep(0.2)
                    continue
                r.node, r.client.seat = node, got["seat"]
                if r.client.closed is not None:  # the socket closed meanwhile
                    self.send(node, {"k": "bye", "cid": r.cid})
                    return
                log.info("table %s: a relayed connection moved to server process %s", r.table, node)
                return
            r.client.close(MOVED, "this table is now served by another server process; reconnect")
        except Exception as exc:
            log.warning("table %s: a relayed connection could not follow the table (%s)", r.table, exc)
            r.client.close(MOVED, "this table is now served by another server process; reconnect")
        finally:
            r.moving = False

    async def _watch_loop(self) -> None:
        """Move this process's relayed sockets whose table changed hands to the new owner
        (``_move``), and detach other processes' sockets once that process died."""
        while True:
            await asyncio.sleep(RENEW_S)
            try:
                await self.watch()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("watching the relayed connections failed: %s", exc)

    async def watch(self) -> None:
        relays = [r for r in self.relays.values() if not r.moving]
        tables = sorted({r.table for r in relays})
        if tables:
            owners = dict(zip(tables, await self.redis.mget([lease_key(t) for t in tables]), strict=True))
            for r in relays:
                if owners[r.table] != r.node:  # the owner died, or lost the table
                    self._spawn(self._move(r))
        nodes = sorted({n for _, _, n in self.proxies.values()})
        if nodes:
            alive = dict(zip(nodes, await self.redis.mget([f"ft:alive:{n}" for n in nodes]), strict=True))
            for cid, (live, client, node) in list(self.proxies.items()):
                if alive[node] is None and self.proxies.pop(cid, None) is not None:
                    self._detach(live, client, node)


class Relay:
    """A socket on this process served by its table's owner through Redis: the messages
    for it, its table, the owner now and the attachment's id there, and what it connected
    with (to attach again when the table moves)."""

    __slots__ = ("cid", "client", "host", "moving", "node", "table", "token")

    def __init__(self, client: Client, table: str, node: str, token: str | None, host: str):
        self.client, self.table, self.node, self.token, self.host = client, table, node, token, host
        self.cid = secrets.token_hex(8)
        self.moving = False
