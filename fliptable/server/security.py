"""Tokens (random secrets, stored hashed), the origin check and rate limits."""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import logging
import secrets
import time
from collections import deque
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("fliptable.server")


def new_token() -> str:
    """A seat's secret: 256 random bits, URL-safe text."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A table's public id: 96 random bits (unguessable, short enough for a link)."""
    return secrets.token_urlsafe(12)


def rematch_id(table_id: str) -> str:
    """The id of ``table_id``'s rematch (``rematch.py``): 96 bits of a hash of it, as long
    as a table id — known to whoever knows the finished table's id, as its players do."""
    digest = hashlib.sha256(f"fliptable rematch of {table_id}".encode("utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256 (a token is a 256-bit random
    secret, so no salt or slow hash is needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(hash_token(token), stored_hash)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A request carrying ``Origin`` must come from the server's own origin (the Host it
    was reached at) or one of ``allowed``; no ``Origin`` (not a browser) is accepted."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/")
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    if not parts.netloc or host is None:
        return False
    if parts.scheme not in ("http", "https"):
        return False
    return parts.netloc.lower() == host.strip().lower()


def address_key(host: str) -> str:
    """The address the per-address limits count ``host`` (a TCP peer) as: an IPv4
    address itself (also when spelt as IPv4-mapped IPv6), an IPv6 address its /64 (one
    subscriber's network, whose 2**64 addresses it may pick from at will)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return f"{ipaddress.IPv6Address(int(ip) >> 64 << 64)}/64"


class TokenBucket:
    """``rate`` messages a second with bursts of ``burst``."""

    __slots__ = ("burst", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, clock=time.monotonic):
        self.rate, self.burst, self.tokens, self.clock = rate, burst, burst, clock
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class WindowLimiter:
    """At most ``limit`` events per key in any ``window`` seconds (table creation per address)."""

    def __init__(self, limit: int, window: float = 60.0, clock=time.monotonic):
        self.limit, self.window, self.clock = limit, window, clock
        self.seen: dict[str, deque] = {}

    async def allowed(self, key: str) -> bool:
        """``allow`` as the server asks it (several processes count in Redis instead:
        ``cluster.SharedLimiter``)."""
        return self.allow(key)

    def allow(self, key: str) -> bool:
        now = self.clock()
        q = self.seen.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.limit:
            return False
        q.append(now)
        if len(self.seen) > 10000:  # forget idle addresses
            for k in [k for k, v in self.seen.items() if not v or v[-1] <= now - self.window]:
                del self.seen[k]
        return True


#: (several processes, ``cluster.py``) a sliding window on Redis's clock: at most ARGV[2] events in ARGV[1] ms per key
LIMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
"""


class SharedLimiter:
    """``WindowLimiter`` counted in Redis, for every process at once; while Redis cannot
    be reached, each process counts alone."""

    def __init__(self, redis: Any, name: str, limit: int, window: float = 60.0):
        self.redis, self.name, self.limit, self.window = redis, name, limit, window
        self.local = WindowLimiter(limit, window)
        self._script = redis.register_script(LIMIT)

    def allow(self, key: str) -> bool:
        return self.local.allow(key)

    async def allowed(self, key: str) -> bool:
        try:
            return bool(
                await self._script(
                    keys=[f"ft:limit:{self.name}:{key}"],
                    args=[int(self.window * 1000), self.limit, secrets.token_hex(8)],
                )
            )
        except Exception as exc:
            log.warning("the shared limit %s could not be counted in Redis (%s); counting here", self.name, exc)
            return self.local.allow(key)
