"""A write that waits for the database (another program holds its lock) waits in the storage
thread: the event loop serves every other table, socket and request meanwhile, and the write is
stored once the lock is given back."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from puur.server.worker import StorageWorker

from .util import (
    RECEIVE_TIMEOUT,
    live_four_humans,
    live_receive,
    live_request,
    live_server,
    live_socket,
)


def say_hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"v": 2, "type": "hello", **(
        {"token": token} if token else {"spectate": True})}))
    while True:
        m = live_receive(ws)
        if m["type"] == "state":
            return dict(m)


def test_a_locked_write_of_one_table_does_not_stall_another_table(db: Path) -> None:
    with live_server(db) as live:
        a, a_tokens = live_four_humans(live)
        b, b_tokens = live_four_humans(live)
        with live_socket(live, a) as look:
            first = say_hello(look, None)["game"]["to_move"]
        with live_socket(live, a) as mover, live_socket(live, b) as other:
            state = say_hello(mover, a_tokens[first])
            say_hello(other, b_tokens[0])
            # Another program takes the database's write lock, and the server would wait for it
            # much longer than this test lasts.
            storage = live.app.state.lobby.storage
            live.call(lambda: storage.db.execute("PRAGMA busy_timeout=60000"))
            holder = sqlite3.connect(db, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")
            try:
                mover.send(json.dumps({"v": 2, **state["game"]["legal"][0], "ref": "a"}))
                # Table B is served while table A's action waits for the lock: its socket
                # answers, its refusals come, a spectator gets its state, the lobby answers.
                other.send(json.dumps({"v": 2, "type": "ping", "ref": "b"}))
                assert live_receive(other) == {"v": 2, "type": "pong", "ref": "b"}
                other.send(json.dumps({"v": 2, "type": "play", "card": "D6", "ref": "c"}))
                refusal = live_receive(other)  # a card before the contract, or not its turn
                assert refusal["code"] in ("illegal", "not_your_turn"), refusal
                with live_socket(live, b) as watcher:
                    assert say_hello(watcher, None)["table"]["code"] == b
                status, listed = live_request(live, "GET", "/api/tables")
                assert status == 200 and {t["code"] for t in listed["tables"]} == {a, b}
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            # Once the lock is given back the action is stored and the table carries on.
            after = live_receive(mover)
            assert after["type"] == "state", after
            assert after["seq"] == state["seq"] + 1
            assert after["event"]["seat"] == first and after["event"]["by"] == "player"
        with sqlite3.connect(db) as con:
            gid = state["game"]["game_id"]
            stored = con.execute("SELECT COUNT(*) FROM actions WHERE game_id=?",
                                 (gid,)).fetchone()[0]
        con.close()
        assert stored == after["seq"]



def test_a_call_under_way_is_waited_for_when_its_caller_is_cancelled() -> None:
    # A table's write must never end unknown to the table: the caller is cancelled (a client
    # leaves, the scheduler moves on) only once the database has answered.
    worker = StorageWorker()
    release = threading.Event()
    stored: list[int] = []
    seen: list[str] = []

    def write() -> int:
        release.wait(RECEIVE_TIMEOUT)
        stored.append(1)
        return 7

    async def caller() -> None:
        result = await worker.run(write)
        seen.append(f"result {result}")  # the caller still learns what the call did
        await asyncio.sleep(0)  # and is cancelled at its next await
        seen.append("not reached")

    async def main() -> None:
        task = asyncio.create_task(caller())
        await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.sleep(0.05)
        assert not task.done() and not stored  # still waiting for the call
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()

    try:
        asyncio.run(main())
    finally:
        release.set()
        worker.close()
    assert stored == [1] and seen == ["result 7"]


def test_calls_run_one_at_a_time_in_their_order() -> None:
    worker = StorageWorker()
    order: list[int] = []
    threads: set[int] = set()

    def call(k: int) -> int:
        threads.add(threading.get_ident())
        order.append(k)
        return k

    async def main() -> list[int]:
        return list(await asyncio.gather(*(worker.run(partial(call, k)) for k in range(20))))

    try:
        assert asyncio.run(main()) == list(range(20))
    finally:
        worker.close()
    assert order == list(range(20))
    assert len(threads) == 1 and threading.get_ident() not in threads


def test_a_call_after_close_is_cancelled_not_an_error() -> None:
    # The server stopping closes the worker while tables may still be about to store a step:
    # their tasks end as cancelled, not with a fault in the log.
    worker = StorageWorker()
    worker.close()

    async def main() -> None:
        with pytest.raises(asyncio.CancelledError):
            await worker.run(lambda: 1)

    asyncio.run(main())
