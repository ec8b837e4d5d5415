"""The server's limits: body and message sizes, table-code lookups and open sockets per client,
and sockets that cannot be written or are not read (they are closed and freed)."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from puur.server.limits import Limits, RateLimited, RateLimiter, SocketCounter, client_key

from .util import (
    ALL_HUMANS,
    ONE_HUMAN,
    create,
    hello,
    live_receive,
    live_request,
    live_server,
    live_socket,
    receive_json,
    server,
)


def test_limits_refuse_nonsense() -> None:
    for bad in ({"max_body": 0}, {"lookups_per_minute": -1}, {"sockets_per_client": 1.5},
                {"max_message": 2048, "max_frame": 1024}, {"max_queue": True}):
        with pytest.raises(ValueError):
            Limits(**bad)  # type: ignore[arg-type]


# -- sizes ------------------------------------------------------------------------------------

def test_a_body_over_the_limit_is_413_and_creates_nothing(client: Any) -> None:
    limit = Limits().max_body
    big = json.dumps({"v": 2, "name": "Anna", "pad": "x" * limit}).encode()
    r = client.post("/api/tables", content=big)
    assert r.status_code == 413 and r.json()["code"] == "too_large", r.text
    # Without a Content-Length (chunked), the body is cut off at the limit all the same.
    r = client.post("/api/tables", content=iter([b"{" + b" " * 4096] * (limit // 4096 + 2)))
    assert r.status_code == 413 and r.json()["code"] == "too_large", r.text
    t = create(client, seats=ALL_HUMANS, seat=0)
    r = client.post(f"/api/tables/{t['code']}/join", content=b" " * (10 * 1024 * 1024))
    assert r.status_code == 413 and r.json()["code"] == "too_large", r.text
    tables = client.get("/api/tables").json()["tables"]
    assert [x["code"] for x in tables] == [t["code"]] and tables[0]["free_seats"] == [1, 2, 3]


def test_the_body_limit_is_configurable(db: Path) -> None:
    with server(db, limits=Limits(max_body=300)) as c:
        body = {"v": 2, "seats": ALL_HUMANS, "seat": 0, "name": "A"}
        assert c.post("/api/tables", json=body).status_code == 201
        body["options"] = {"name": "x" * 30, "target": 1500, "push_back": True,
                           "extra_contracts": ["misere", "slalom"], "stoeck": True} | {
                               "weis": True, "large_weis": True, "kreuzweis": False}
        body["seats"] = [{"kind": "human"}] + [{"kind": "bot", "bot": "random",
                                                 "strength": 2}] * 3
        assert c.post("/api/tables", json=body).status_code == 413


def test_a_message_over_the_limit_is_answered_and_the_socket_stays(client: Any) -> None:
    t = create(client, seats=ONE_HUMAN)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        big = json.dumps({"v": 2, "type": "ping", "ref": "x", "pad": "y" * Limits().max_message})
        ws.send_text(big)  # before hello
        assert receive_json(ws)["code"] == "too_large"
        hello(ws, t["token"])
        ws.send_text(big)
        ws.send_bytes(big.encode())
        # The computer players may move meanwhile: their states come between the answers.
        answers: list[Any] = []
        while len(answers) < 2:
            m = receive_json(ws)
            if m["type"] != "state":
                answers.append(m)
        assert [m["code"] for m in answers[:2]] == ["too_large", "too_large"], answers
        ws.send_json({"v": 2, "type": "ping", "ref": 1})
        m = receive_json(ws)
        while m["type"] != "pong":
            m = receive_json(ws)
        assert m["ref"] == 1


def test_real_socket_message_limit_answers_and_the_frame_limit_closes(db: Path) -> None:
    limits = Limits(max_message=2048, max_frame=8192)
    with live_server(db, limits=limits) as live:
        status, t = live_request(live, "POST", "/api/tables",
                                 {"v": 2, "seats": ALL_HUMANS, "seat": 0})
        assert status == 201
        with live_socket(live, t["code"]) as ws:
            # 64 KiB and more used to close the socket (1009) without a word: now the server
            # answers anything up to max_frame, and the socket stays open.
            ws.send(json.dumps({"v": 2, "type": "ping", "pad": "x" * 6000}))
            assert live_receive(ws)["code"] == "too_large"
            ws.send(json.dumps({"v": 2, "type": "hello", "spectate": True}))
            assert live_receive(ws)["type"] == "state"
            ws.send("x" * 10_000)  # above max_frame: the transport closes the socket
            with pytest.raises(ConnectionClosed) as e:
                live_receive(ws)
            assert e.value.rcvd is not None and e.value.rcvd.code == 1009
    with live_server(db) as live, live_socket(live, t["code"]) as ws:
        # The default limits: 100 KiB (over the old 64 KiB) is answered.
        ws.send(json.dumps({"v": 2, "type": "hello", "spectate": True, "pad": "x" * 100_000}))
        assert live_receive(ws)["code"] == "too_large"


# -- lookups and sockets per client -----------------------------------------------------------

def test_rate_limiter_refills_per_client() -> None:
    now = [0.0]
    limiter = RateLimiter(6, clock=lambda: now[0])
    for _ in range(6):
        limiter.take("a", "lookups")
    with pytest.raises(RateLimited) as e:
        limiter.take("a", "lookups")
    assert e.value.code == "rate_limited" and e.value.retry_after == 10
    limiter.take("b", "lookups")  # another client has its own
    now[0] = 9.0
    with pytest.raises(RateLimited):
        limiter.take("a", "lookups")
    now[0] = 10.5
    limiter.take("a", "lookups")  # one lookup every 10 s comes back
    with pytest.raises(RateLimited):
        limiter.take("a", "lookups")
    now[0] = 1000.0
    for _ in range(6):  # never more than a minute's worth at once
        limiter.take("a", "lookups")
    with pytest.raises(RateLimited):
        limiter.take("a", "lookups")


def test_clients_are_told_apart_by_address() -> None:
    assert client_key({"client": ("203.0.113.7", 5000)}) == "203.0.113.7"
    assert client_key({"client": ("::ffff:203.0.113.7", 5000)}) == "203.0.113.7"
    # One IPv6 host owns its /64: every address in it is one client.
    assert (client_key({"client": ("2001:db8:1:2::1", 1)})
            == client_key({"client": ("2001:db8:1:2:ffff::9", 2)}) == "2001:db8:1:2::/64")
    assert client_key({"client": ("2001:db8:1:3::1", 1)}) != "2001:db8:1:2::/64"
    assert client_key({"client": None}) == ""


def test_code_lookups_over_http_are_rate_limited(db: Path) -> None:
    with server(db, limits=Limits(lookups_per_minute=5)) as c:
        t = create(c, seats=ALL_HUMANS, seat=0)
        statuses = [c.get(f"/api/tables/{code}").status_code
                    for code in ("AAAAAA", "BBBBBB", t["code"], "CCCCCC")]
        assert statuses == [404, 404, 200, 404]
        assert c.post(f"/api/tables/{t['code']}/join", json={"v": 2}).status_code == 200
        for r in (c.get(f"/api/tables/{t['code']}"),
                  c.post(f"/api/tables/{t['code']}/join", json={"v": 2})):
            assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
            assert 1 <= int(r.headers["Retry-After"]) <= 12
        # Only lookups by code count: the lobby and history stay open.
        assert c.get("/api/tables").status_code == 200
        assert c.get("/api/games").status_code == 200
        assert c.post("/api/tables", json={"v": 2}).status_code == 201
        # Refused lookups changed nothing.
        assert c.get("/api/tables").json()["tables"][-1]["free_seats"] == [2, 3]


def test_code_lookups_over_websockets_are_rate_limited(db: Path) -> None:
    with server(db, limits=Limits(lookups_per_minute=3)) as c:
        t = create(c, seats=ONE_HUMAN)  # creating is no lookup
        for _ in range(2):
            with c.websocket_connect(f"/ws/{t['code']}") as ws:
                hello(ws, None)
        with c.websocket_connect("/ws/NOSUCH") as ws:
            assert receive_json(ws)["code"] == "no_table"
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            refused(ws, "rate_limited", 4429)


def refused(ws: Any, error: str, close: int) -> None:
    """The socket gets the error ``error``, then is closed with code ``close``."""
    m = receive_json(ws)
    assert (m["type"], m["code"]) == ("error", error), m
    with pytest.raises(WebSocketDisconnect) as e:
        receive_json(ws)
    assert e.value.code == close


def test_open_sockets_per_client_are_limited_and_freed(db: Path) -> None:
    with server(db, limits=Limits(sockets_per_client=3)) as c:
        t = create(c, seats=ONE_HUMAN)
        sockets = c.app.state.sockets
        with c.websocket_connect(f"/ws/{t['code']}") as a, \
                c.websocket_connect(f"/ws/{t['code']}") as b:
            hello(a, None)
            hello(b, t["token"])
            with c.websocket_connect(f"/ws/{t['code']}") as third:
                with c.websocket_connect(f"/ws/{t['code']}") as fourth:
                    refused(fourth, "too_many_sockets", 4429)
                hello(third, None)  # the third is served all the same
                assert sockets.total() == 3
        _wait_until(lambda: sockets.total() == 0, "the sockets are still counted")
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            hello(ws, None)


def test_socket_counter() -> None:
    counter = SocketCounter(2)
    counter.open("a")
    counter.open("a")
    counter.open("b")
    with pytest.raises(Exception, match="connections open"):
        counter.open("a")
    counter.close("a")
    counter.open("a")
    assert (counter.count("a"), counter.count("b"), counter.total()) == (2, 1, 3)
    for key in ("a", "a", "b"):
        counter.close(key)
    assert counter.total() == 0


def test_serve_has_the_limit_options() -> None:
    from puur.cli import main

    with pytest.raises(SystemExit) as e:
        main(["serve", "--lookups-per-minute", "0"])
    assert "--lookups-per-minute must be at least 1" in str(e.value)
    with pytest.raises(SystemExit) as e:
        main(["serve", "--max-sockets", "-3"])
    assert "--max-sockets must be at least 1" in str(e.value)


# -- sockets that fail or fall behind ---------------------------------------------------------

def _wait_until(check: Any, what: str) -> None:
    deadline = time.monotonic() + 10
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_a_writer_that_fails_closes_its_socket_and_frees_it(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with live_server(db) as live:
        status, t = live_request(live, "POST", "/api/tables",
                                 {"v": 2, "seats": ALL_HUMANS, "seat": 0})
        assert status == 201
        table = live.app.state.lobby.tables[t["code"]]
        sockets = live.app.state.sockets
        with live_socket(live, t["code"]) as ws:
            ws.send(json.dumps({"v": 2, "type": "hello", "token": t["token"]}))
            assert live_receive(ws)["type"] == "state"
            conn = live.call(lambda: next(iter(table.conns)))
            assert live.call(sockets.total) == 1
            # Text that cannot be written (a lone surrogate is no UTF-8), then more behind it.
            live.call(lambda: (conn.send('{"x":"\ud800"}'), conn.send('{"y":1}')))
            with pytest.raises(ConnectionClosed) as e:
                live_receive(ws)
            assert e.value.rcvd is not None and e.value.rcvd.code == 1011
        _wait_until(lambda: live.call(sockets.total) == 0, "the socket is still counted")
        assert live.call(lambda: (len(table.conns), conn.queue.qsize(), table.seats[0].conns)) \
            == (0, 0, 0)
        # The seat reconnects as usual.
        with live_socket(live, t["code"]) as ws:
            ws.send(json.dumps({"v": 2, "type": "hello", "token": t["token"]}))
            assert live_receive(ws)["table"]["seats"][0]["connected"] is True
    warnings = [r for r in caplog.records if r.name == "puur.server"]
    assert [r.levelname for r in warnings] == ["WARNING"] and warnings[0].exc_info is None
    assert "could not be written" in warnings[0].getMessage()


def test_a_client_that_does_not_read_is_closed_and_freed(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server(db, limits=Limits(max_queue=2000)) as c:
        t = create(c, seats=ONE_HUMAN)
        table = c.app.state.lobby.tables[t["code"]]
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            hello(ws, t["token"])
            stuck: list[str] = []

            async def never_written(self: WebSocket, data: str) -> None:
                import asyncio

                stuck.append(data)
                await asyncio.Event().wait()  # as a client whose TCP window stays shut

            monkeypatch.setattr(WebSocket, "send_text", never_written)
            for i in range(100):
                ws.send_json({"v": 2, "type": "ping", "ref": i})
            with pytest.raises(WebSocketDisconnect) as e:
                receive_json(ws)
            assert e.value.code == 1008
        _wait_until(lambda: c.app.state.sockets.total() == 0, "the socket is still counted")
        assert not table.conns and table.seats[0].conns == 0
        assert len(stuck) == 1  # one message was being written; the rest were dropped
