"""The server's limits on what one client may send and open (docs/server.md, "Limits").

:class:`Limits` holds every limit; ``create_app(limits=...)`` and the options of ``puur serve``
set them. Clients are told apart by their address (:func:`client_key`): an IPv4 address, or the
/64 network of an IPv6 address, since one IPv6 host usually owns a whole /64. The limits on
table-code lookups (:class:`RateLimiter`) and on open WebSockets (:class:`SocketCounter`) are
kept per client in memory and forgotten when the server stops.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from puur.server.messages import ProtocolError

__all__ = [
    "OPEN_TABLE_WINDOW", "Limits", "RateLimited", "RateLimiter", "SocketCounter", "client_key",
]

KIB: Final = 1024
#: Seconds for which a new table counts against its creator's ``open_tables_per_client`` (a
#: table left unfinished stops counting after a day, so abandoned ones never lock anyone out).
OPEN_TABLE_WINDOW: Final = 24 * 3600.0


@dataclass(frozen=True)
class Limits:
    """Every limit of the server; the defaults are far above what a real table needs."""

    #: Bytes of an HTTP request body; a larger one is refused (413, ``too_large``) unread.
    max_body: int = 64 * KIB
    #: Bytes of one WebSocket message; a larger one is answered with ``too_large`` and the
    #: socket stays open.
    max_message: int = 16 * KIB
    #: Bytes of one WebSocket message the transport accepts at all (``puur serve`` only: the
    #: socket is closed with code 1009 above it, with no answer).
    max_frame: int = 1024 * KIB
    #: Table-code lookups (``GET /api/tables/{code}``, ``POST …/join``, opening ``/ws/{code}``)
    #: per client and minute; up to this many may come at once (429, ``rate_limited``).
    lookups_per_minute: int = 60
    #: WebSockets one client may hold open at a time (``too_many_sockets``).
    sockets_per_client: int = 32
    #: New tables (``POST /api/tables``) per client and hour; up to this many may come at once
    #: (429, ``rate_limited``).
    tables_per_hour: int = 30
    #: Unfinished tables (waiting for players or playing) that one client created within the
    #: last :data:`OPEN_TABLE_WINDOW` seconds; a new one over it is refused (429,
    #: ``too_many_tables``).
    open_tables_per_client: int = 20
    #: Characters of messages waiting for a client that does not read them; above it the
    #: socket is closed (code 1008) instead of letting its queue grow.
    max_queue: int = 1024 * KIB
    #: Seconds a new WebSocket has to say ``hello``; then it gets ``hello_timeout`` and is
    #: closed (code 4408). Messages before ``hello`` do not extend it.
    hello_timeout: float = 10.0
    #: Seconds between the transport's pings to every WebSocket, and seconds a client has to
    #: answer one before its socket is closed (code 1011: the client has gone silent). Only
    #: ``puur serve`` (uvicorn) sends them.
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    #: Seconds the server waits to get an answer or a close out to a client that does not
    #: read; then it gives the socket up (and frees its place) without waiting further.
    close_timeout: float = 5.0

    def __post_init__(self) -> None:
        for name in ("max_body", "max_message", "max_frame", "lookups_per_minute",
                     "sockets_per_client", "tables_per_hour", "open_tables_per_client",
                     "max_queue"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"limit {name!r} must be a positive integer, not {value!r}")
        for name in ("hello_timeout", "ping_interval", "ping_timeout", "close_timeout"):
            value = getattr(self, name)
            if (isinstance(value, bool) or not isinstance(value, int | float)
                    or not 0 < value < math.inf):
                raise ValueError(f"limit {name!r} must be a positive number of seconds, not "
                                 f"{value!r}")
        if self.max_message > self.max_frame:
            raise ValueError("limit 'max_message' cannot be above 'max_frame'")


class RateLimited(ProtocolError):
    """``rate_limited``: too many requests; ``retry_after`` is the wait in whole seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__("rate_limited", message)
        self.retry_after = retry_after


def client_key(scope: Mapping[str, Any]) -> str:
    """The client an ASGI connection comes from: its IPv4 address or its IPv6 /64 network."""
    client = scope.get("client")
    host = str(client[0]) if client else ""
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket or a test client: no address to group
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


class RateLimiter:
    """A token bucket per client: ``count`` tokens, refilled evenly over ``period`` seconds (a
    minute unless told)."""

    def __init__(self, count: int, clock: Callable[[], float] = time.monotonic,
                 period: float = 60.0) -> None:
        self.capacity = float(count)
        self.rate = count / period
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)
        self._prune_at = 10_000

    def take(self, key: str, what: str) -> None:
        """Spend one token of ``key``; :class:`RateLimited` when none is left."""
        now = self.clock()
        tokens, at = self._buckets.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - at) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            wait = math.ceil((1.0 - tokens) / self.rate)
            raise RateLimited(f"too many {what} from your address; try again in {wait} s", wait)
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self._prune_at:
            self._forget_full(now)
            self._prune_at = max(10_000, 2 * len(self._buckets))

    def _forget_full(self, now: float) -> None:
        # A bucket that has filled up again is the same as no bucket.
        full = [k for k, (tokens, at) in self._buckets.items()
                if tokens + (now - at) * self.rate >= self.capacity]
        for k in full:
            del self._buckets[k]


class SocketCounter:
    """Open WebSockets per client, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, key: str) -> None:
        """Count one more socket of ``key``; ``too_many_sockets`` when it has ``limit``."""
        n = self._open.get(key, 0)
        if n >= self.limit:
            raise ProtocolError("too_many_sockets", f"your address has {n} connections open, "
                                f"the most this server allows; close one first")
        self._open[key] = n + 1

    def close(self, key: str) -> None:
        """One socket of ``key`` has closed."""
        n = self._open.get(key, 0) - 1
        if n > 0:
            self._open[key] = n
        else:
            self._open.pop(key, None)

    def count(self, key: str) -> int:
        """How many sockets ``key`` has open."""
        return self._open.get(key, 0)

    def total(self) -> int:
        """Open sockets of every client."""
        return sum(self._open.values())
