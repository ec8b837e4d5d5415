"""The WebSocket ``/ws/{code}``: one client, ``hello`` first, then actions (docs/protocol.md).

Each socket has a reader (client messages, answered through the table) and a writer (the
connection's outgoing queue). Whatever ends first ends the socket: the client leaving, the
writer failing for any reason, or the queue growing past ``Limits.max_queue`` because the client
does not read. Then the connection leaves its table, its queue is emptied and the socket is
closed, so nothing stays counted or keeps growing. Opening a socket counts against the client's
limits (:mod:`puur.server.limits`): open sockets per client and table-code lookups. A socket
has ``Limits.hello_timeout`` seconds to say ``hello``; after it, a quiet client stays (only the
transport's pings, sent by uvicorn, close a client that has gone silent).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from typing import Any, Final

from starlette.websockets import WebSocket, WebSocketDisconnect

from puur.server.limits import Limits, RateLimiter, SocketCounter, client_key
from puur.server.lobby import Lobby
from puur.server.messages import (
    PROTOCOL_VERSION,
    ActionMessage,
    Back,
    BotHello,
    ClientMessage,
    Hello,
    Ping,
    ProtocolError,
    Rematch,
    parse_client_message,
)
from puur.server.remote import hello_seat, welcome
from puur.server.tables import Connection, Table

__all__ = ["CLOSE_LIMIT", "SocketConnection", "play_socket"]

log = logging.getLogger("puur.server")

#: Close codes: the table does not exist, the token opens no seat, a limit of the client's (and
#: :data:`puur.server.remote.CLOSE_REPLACED`: a bot connection that a newer one replaced).
CLOSE_NO_TABLE: Final = 4404
CLOSE_AUTH: Final = 4401
CLOSE_LIMIT: Final = 4429
#: No ``hello`` within ``Limits.hello_timeout`` seconds.
CLOSE_HELLO_TIMEOUT: Final = 4408
#: The client did not read its messages (policy violation), the server could not write.
CLOSE_SLOW: Final = 1008
CLOSE_FAILED: Final = 1011


class SocketConnection(Connection):
    """A table connection whose queue holds at most ``max_queue`` characters of text (one
    message more, whatever its size, when it is empty)."""

    def __init__(self, seat: int | None, max_queue: int, bot: bool = False) -> None:
        super().__init__(seat, bot)
        self.max_queue = max_queue
        self.queued = 0
        #: Set when the queue overflowed: the socket is then closed.
        self.overflow = asyncio.Event()
        #: The close code once the writer has sent what is queued (the server stopping, or
        #: :meth:`end`).
        self.close_code = 1001

    def end(self, error: Mapping[str, Any], code: int) -> None:
        """Send ``error``, then close the socket with ``code``."""
        self.close_code = code
        super().end(error, code)

    def send(self, text: str) -> None:
        """Queue a message, unless the client has fallen too far behind."""
        if self.overflow.is_set():
            return
        if self.queued and self.queued + len(text) > self.max_queue:
            self.overflow.set()
            return
        self.queued += len(text)
        super().send(text)

    def drain(self) -> None:
        """Drop everything still queued."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued = 0


async def _receive(ws: WebSocket) -> str | bytes | None:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    if text is not None:
        return str(text)
    data = msg.get("bytes")
    return bytes(data) if data is not None else b""


def _parse(raw: str | bytes, limit: int) -> ClientMessage:
    size = len(raw)
    if isinstance(raw, str) and 4 * size > limit:
        size = len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError("too_large", f"a message may have at most {limit} bytes, this one "
                            f"has {size}")
    return parse_client_message(raw)


async def _send_now(ws: WebSocket, data: Mapping[str, Any]) -> None:
    await ws.send_text(json.dumps(data, separators=(",", ":")))


async def _refuse(ws: WebSocket, error: ProtocolError, close: int) -> None:
    """Send ``error`` and close with code ``close``, giving up after ``Limits.close_timeout``
    seconds on a client that does not read (the socket is then left to the transport)."""
    limits: Limits = ws.app.state.limits
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError, TimeoutError):
        async with asyncio.timeout(limits.close_timeout):
            await _send_now(ws, error.as_json())
            await ws.close(code=close)


async def _close(ws: WebSocket, code: int, limits: Limits) -> None:
    """Close with ``code``, giving up after ``Limits.close_timeout`` seconds."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError, TimeoutError):
        async with asyncio.timeout(limits.close_timeout):
            await ws.close(code=code)


async def play_socket(ws: WebSocket) -> None:
    """One client: counted against its limits for as long as the socket is open."""
    await ws.accept()
    sockets: SocketCounter = ws.app.state.sockets
    key = client_key(ws.scope)
    try:
        sockets.open(key)
    except ProtocolError as e:
        await _refuse(ws, e, CLOSE_LIMIT)
        return
    try:
        await _session(ws, key)
    except (WebSocketDisconnect, OSError):
        pass  # the client left while the server was answering it
    finally:
        sockets.close(key)


async def _session(ws: WebSocket, key: str) -> None:
    lobby: Lobby = ws.app.state.lobby
    limits: Limits = ws.app.state.limits
    lookups: RateLimiter = ws.app.state.lookups
    try:
        lookups.take(key, "table-code lookups")
    except ProtocolError as e:
        await _refuse(ws, e, CLOSE_LIMIT)
        return
    code = ws.path_params["code"]
    try:
        table: Table = lobby.get(code[:32])
    except ProtocolError as e:
        await _refuse(ws, e, CLOSE_NO_TABLE)
        return
    # Hello first, within the hello timeout, whatever else comes meanwhile (and however slowly
    # the client takes the answers to it).
    try:
        async with asyncio.timeout(limits.hello_timeout):
            seat, hello = await _hello(ws, table, limits)
    except TimeoutError:
        await _refuse(ws, ProtocolError(
            "hello_timeout", f"no 'hello' within {limits.hello_timeout:g} s of opening the "
            "socket; it is closed"), CLOSE_HELLO_TIMEOUT)
        return
    except _Refused:
        return
    conn = SocketConnection(seat, limits.max_queue, bot=isinstance(hello, BotHello))
    if seat is not None and isinstance(hello, BotHello):
        conn.send_json(welcome(table, seat, hello.ref))
    await _play(ws, table, conn, limits)


class _Refused(Exception):
    """The socket was refused and closed before ``hello`` (or the client left)."""


async def _hello(ws: WebSocket, table: Table,
                 limits: Limits) -> tuple[int | None, Hello | BotHello]:
    """Wait for the client's ``hello`` (or an outside bot's ``bot_hello``): the seat its token
    opens, or ``None`` (a spectator), and the hello."""
    while True:
        raw = await _receive(ws)
        if raw is None:
            raise _Refused
        try:
            msg = _parse(raw, limits.max_message)
            if not isinstance(msg, Hello | BotHello):
                raise ProtocolError("hello_first", "send 'hello' (an outside bot: "
                                    "'bot_hello') first", msg.ref)
            return hello_seat(table, msg), msg
        except ProtocolError as e:
            if e.code == "auth":
                await _refuse(ws, e, CLOSE_AUTH)
                raise _Refused from None
            await _send_now(ws, e.as_json())


async def _play(ws: WebSocket, table: Table, conn: SocketConnection, limits: Limits) -> None:
    async with table.lock:
        table.connect(conn)
    loop = asyncio.get_running_loop()
    reader = loop.create_task(_read(ws, table, conn, limits.max_message))
    writer = loop.create_task(_write(ws, conn))
    overflow = loop.create_task(conn.overflow.wait())
    tasks = (reader, writer, overflow)
    close = 1000
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        if writer.done() and not writer.cancelled() and writer.exception() is None:
            close = conn.close_code  # the server is stopping, or the seat went to another
        elif overflow.done():
            close = CLOSE_SLOW
            log.warning("table %s: a client fell more than %d characters behind; its socket "
                        "is closed", table.code, conn.max_queue)
        elif writer.done() and not writer.cancelled() and writer.exception() is not None:
            exc = writer.exception()
            if not isinstance(exc, WebSocketDisconnect | OSError):
                close = CLOSE_FAILED
                log.warning("table %s: a socket could not be written (%s: %s); it is closed",
                            table.code, type(exc).__name__, exc)
    finally:
        # Leave the table first: the awaits below may be cancelled (the server stopping).
        for t in tasks:
            t.cancel()
        table.disconnect(conn)
        conn.drain()
        await _close(ws, close, limits)
        await asyncio.wait(tasks)
    if reader.done() and not reader.cancelled():
        fault = reader.exception()
        if fault is not None and not isinstance(fault, WebSocketDisconnect | OSError):
            raise fault  # a fault of the server's own: let it be seen


async def _write(ws: WebSocket, conn: SocketConnection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            return
        conn.queued -= len(text)
        await ws.send_text(text)


async def _read(ws: WebSocket, table: Table, conn: Connection, limit: int) -> None:
    while True:
        raw = await _receive(ws)
        if raw is None:
            return
        try:
            msg = _parse(raw, limit)
            if isinstance(msg, ActionMessage):
                async with table.lock:
                    await table.handle_action(conn, msg)
            elif isinstance(msg, Ping):
                conn.send_json({"v": PROTOCOL_VERSION, "type": "pong", "ref": msg.ref})
            elif isinstance(msg, Rematch):
                async with table.lock:
                    await table.rematch(conn, msg.ref)
            elif isinstance(msg, Back):
                async with table.lock:
                    table.back(conn, msg.ref)
            else:
                raise ProtocolError("bad_message", "already said hello", msg.ref)
        except ProtocolError as e:
            conn.send_json(e.as_json())
