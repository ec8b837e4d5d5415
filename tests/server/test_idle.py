"""Idle sockets: one that never says hello is closed after a while; one whose client has gone
silent (it no longer answers the transport's pings) is closed and its seat freed for its player
to come back to; a client that is only quiet (a player thinking, a spectator watching) stays."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from puur.server.limits import Limits

from .test_limits import refused
from .util import (
    ALL_HUMANS,
    RECEIVE_TIMEOUT,
    create,
    hello,
    live_four_humans,
    live_receive,
    live_request,
    live_server,
    live_socket,
    receive_json,
    server,
)


def test_a_socket_that_never_says_hello_is_closed(db: Path) -> None:
    with server(db, limits=Limits(hello_timeout=0.3)) as c:
        t = create(c, seats=ALL_HUMANS, seat=0)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            refused(ws, "hello_timeout", 4408)
        assert c.app.state.sockets.total() == 0


def test_messages_other_than_hello_do_not_keep_it_open(db: Path) -> None:
    with server(db, limits=Limits(hello_timeout=0.5)) as c:
        t = create(c, seats=ALL_HUMANS, seat=0)
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            answers = []
            while True:
                ws.send_json({"v": 2, "type": "ping"})
                m = receive_json(ws)
                if m["code"] != "hello_first":
                    break
                answers.append(m)
                time.sleep(0.05)
            assert answers and m["code"] == "hello_timeout"
            with pytest.raises(WebSocketDisconnect) as e:
                receive_json(ws)
            assert e.value.code == 4408


def test_after_hello_a_quiet_client_stays(db: Path) -> None:
    with server(db, limits=Limits(hello_timeout=0.2)) as c:
        t = create(c, seats=ALL_HUMANS, seat=0)
        with c.websocket_connect(f"/ws/{t['code']}") as seat, \
                c.websocket_connect(f"/ws/{t['code']}") as watcher:
            hello(seat, t["token"])
            hello(watcher, None)
            time.sleep(0.6)  # three times the hello timeout without a word
            for ws in (seat, watcher):
                ws.send_json({"v": 2, "type": "ping", "ref": 1})
                assert receive_json(ws) == {"v": 2, "type": "pong", "ref": 1}


# -- a client that stops answering the transport's pings ----------------------------------------

def masked(payload: bytes) -> bytes:
    """One client text frame (clients mask what they send)."""
    mask = os.urandom(4)
    n = len(payload)
    size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return bytes([0x81]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@contextmanager
def silent_client(http: str, code: str, first: dict[str, Any],
                  rcvbuf: int | None = None) -> Iterator[socket.socket]:
    """A WebSocket client written by hand that sends ``first`` and then never answers a ping
    (as a phone that went to sleep or a cut connection); ``rcvbuf``: with a receive window
    kept that small (for a client that stops reading)."""
    host, port = http.removeprefix("http://").split(":")
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(RECEIVE_TIMEOUT)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws/{code} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        assert chunk, "the server closed the connection during the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    sock.sendall(masked(json.dumps(first).encode()))
    try:
        yield sock
    finally:
        sock.close()


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def eventually(check: Callable[[], bool]) -> None:
    """Wait until ``check()`` holds (the server finishes a closed socket after the close)."""
    deadline = time.monotonic() + RECEIVE_TIMEOUT
    while not check():
        assert time.monotonic() < deadline, "the closed socket is still counted"
        time.sleep(0.01)


def seat_conns(live: Any, code: str) -> list[int]:
    return list(live.call(lambda: [s.conns for s in live.app.state.lobby.tables[code].seats]))


def test_a_seat_whose_client_stops_answering_is_freed_and_can_come_back(db: Path) -> None:
    limits = Limits(ping_interval=0.2, ping_timeout=0.3)
    with live_server(db, limits=limits) as live:
        code, tokens = live_four_humans(live)
        with live_socket(live, code) as other:
            other.send(json.dumps({"v": 2, "type": "hello", "token": tokens[1]}))
            before = live_receive(other)
            with silent_client(live.http, code, {"v": 2, "type": "hello",
                                                 "token": tokens[0]}) as sock:
                assert live_receive(other)["event"] == {"type": "seat", "seat": 0,
                                                        "what": "connected"}
                data = read_until_closed(sock)  # the server gives up on it
            assert b'"type":"state"' in data
            assert live_receive(other)["event"] == {"type": "seat", "seat": 0,
                                                    "what": "disconnected"}
            assert seat_conns(live, code)[0] == 0
            eventually(lambda: live.call(lambda: live.app.state.sockets.total()) == 1)
            # The player comes back with the same token to the same place.
            with live_socket(live, code) as again:
                again.send(json.dumps({"v": 2, "type": "hello", "token": tokens[0]}))
                state = live_receive(again)
                assert state["you"] == {"role": "player", "seat": 0}
                assert state["seq"] == before["seq"] and state["game"]["hand"]


def test_a_silent_spectator_is_closed_too(db: Path) -> None:
    limits = Limits(ping_interval=0.2, ping_timeout=0.3)
    with live_server(db, limits=limits) as live:
        code, _tokens = live_four_humans(live)
        with silent_client(live.http, code, {"v": 2, "type": "hello", "spectate": True}) as s:
            read_until_closed(s)
        eventually(lambda: live.call(lambda: live.app.state.sockets.total()) == 0)
        assert live.call(lambda: len(live.app.state.lobby.tables[code].conns)) == 0


def test_idle_limits_refuse_nonsense() -> None:
    for bad in ({"hello_timeout": 0}, {"ping_interval": -1.0}, {"ping_timeout": float("nan")},
                {"hello_timeout": "10"}):
        with pytest.raises(ValueError):
            Limits(**bad)  # type: ignore[arg-type]


def test_serve_has_the_hello_timeout_option() -> None:
    from puur.cli import main

    with pytest.raises(SystemExit) as e:
        main(["serve", "--hello-timeout", "0"])
    assert "--hello-timeout must be above 0" in str(e.value)



# -- a client that stops reading ----------------------------------------------------------------

def test_a_client_that_stops_reading_is_given_up_and_freed(db: Path) -> None:
    limits = Limits(max_queue=20_000, close_timeout=0.5, ping_interval=600, ping_timeout=600)
    with live_server(db, limits=limits) as live:
        # Four computer players play a long game as fast as they can, sending a spectator a
        # state after every card.
        status, t = live_request(live, "POST", "/api/tables", {
            "v": 2, "seats": [{"kind": "bot", "bot": "random"}] * 4, "seat": None,
            "options": {"target": 100_000}})
        assert status == 201, t
        with silent_client(live.http, t["code"], {"v": 2, "type": "hello", "spectate": True},
                           rcvbuf=4096):
            eventually(lambda: live.call(lambda: live.app.state.sockets.total()) == 0)
            assert live.call(lambda: len(live.app.state.lobby.tables[t["code"]].conns)) == 0


def test_a_client_that_floods_before_hello_and_does_not_read_is_closed(db: Path) -> None:
    limits = Limits(hello_timeout=2.0, close_timeout=0.5, ping_interval=600, ping_timeout=600)
    with live_server(db, limits=limits, sndbuf=4096) as live:
        status, t = live_request(live, "POST", "/api/tables",
                                 {"v": 2, "seats": ALL_HUMANS, "seat": 0})
        assert status == 201, t
        with silent_client(live.http, t["code"], {}, rcvbuf=4096) as sock:
            # Each of these is refused with an error 15 times its size, which this client
            # never reads: the server's writes to it soon cannot go on.
            sock.setblocking(False)
            batch = masked(b"{}") * 2000
            deadline = time.monotonic() + RECEIVE_TIMEOUT
            while live.call(lambda: live.app.state.sockets.total()) and \
                    time.monotonic() < deadline:
                try:
                    sock.send(batch)
                except (BlockingIOError, OSError):
                    time.sleep(0.05)
            assert live.call(lambda: live.app.state.sockets.total()) == 0
