"""A write that waits for the database (another program holds its lock) waits in the storage
thread: the event loop serves every other table, socket and request meanwhile, and the write is
stored once the lock is given back."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from puur.server.rows import ActionRow, SeatRow, TableRow
from puur.server.storage import BUSY_TIMEOUT, CHECKPOINT_EVERY, Storage
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


def test_a_call_that_cannot_wait_runs_at_once_while_the_thread_is_idle() -> None:
    # An action's write is tried in the loop's own thread first: handing it over and back
    # costs more than the write. While the thread has a call of its own, it is not run.
    worker = StorageWorker()
    release = threading.Event()
    started = threading.Event()
    here: list[int] = []

    def long_call() -> None:
        started.set()
        release.wait(RECEIVE_TIMEOUT)

    async def main() -> None:
        assert worker.try_now(lambda: here.append(threading.get_ident()) or 5) == (True, 5)
        busy = asyncio.ensure_future(worker.run(long_call))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, RECEIVE_TIMEOUT)
        assert worker.try_now(lambda: here.append(-1)) == (False, None)  # not run
        release.set()
        await busy
        with pytest.raises(ZeroDivisionError):  # its error reaches the caller as it is
            worker.try_now(lambda: 1 // 0)

    try:
        asyncio.run(main())
    finally:
        release.set()
        worker.close()
    assert here == [threading.get_ident()]


def stored_game(db: Path) -> tuple[Storage, int]:
    storage = Storage(db)
    seats = [SeatRow(i, "human", None, None, f"P{i}", None) for i in range(4)]
    storage.create_table(TableRow("ABCDEF", 1.0, "family", {}, "swiss", "de", None, True, None,
                                  seats, "schieber"))
    return storage, storage.start_game("ABCDEF", 1, "seed", 0, "deal")


def test_a_write_made_at_once_never_waits_for_a_lock(db: Path) -> None:
    db.parent.mkdir(parents=True)
    storage, gid = stored_game(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        t0 = time.monotonic()
        assert storage.add_actions(gid, [ActionRow(1, 1, 0, 5, "player")], wait=False) is False
        assert time.monotonic() - t0 < BUSY_TIMEOUT / 2  # refused at once, not after waiting
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert storage.add_actions(gid, [ActionRow(1, 1, 0, 5, "player")], wait=False) is True
    assert storage.db.execute("SELECT seq, action FROM actions").fetchall() == [(1, 5)]
    storage.close()


def test_writes_never_checkpoint_the_log_themselves(db: Path) -> None:
    # A checkpoint waits for the disk: it is made in the storage thread every so many writes,
    # never by a write that may have been made in the event loop's thread.
    db.parent.mkdir(parents=True)
    storage, gid = stored_game(db)
    assert storage.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    due = 0
    for k in range(2 * CHECKPOINT_EVERY + 1):
        storage.add_actions(gid, [ActionRow(k + 1, 1, k % 4, 5, "player")], wait=False)
        due += storage.checkpoint_due()
    assert due == 2
    wal = Path(f"{db}-wal")
    reader = sqlite3.connect(db)
    assert reader.execute("SELECT COUNT(*) FROM actions").fetchone() == (2 * CHECKPOINT_EVERY + 1,)
    reader.close()
    grown = wal.stat().st_size
    storage.checkpoint()
    busy, log, done = storage.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert busy == 0 and log > 0 and done == log  # every page of the log is written back
    assert wal.stat().st_size == grown  # the log is reused from its start, not grown
    storage.close()


def test_a_checkpoint_under_way_holds_up_no_write(db: Path) -> None:
    # A checkpoint waits for the disk (tens of milliseconds on a busy machine): it runs in the
    # upkeep thread on a connection of its own, and writes made at once and calls in the
    # storage thread go on meanwhile, each on its own connection.
    db.parent.mkdir(parents=True)
    storage, gid = stored_game(db)
    worker = StorageWorker()
    in_checkpoint = threading.Event()
    release = threading.Event()
    real = storage.checkpoint

    def slow_checkpoint() -> None:
        in_checkpoint.set()
        release.wait(RECEIVE_TIMEOUT)
        real()

    async def main() -> None:
        worker.later(slow_checkpoint)
        await asyncio.get_running_loop().run_in_executor(
            None, in_checkpoint.wait, RECEIVE_TIMEOUT)
        ran, stored = worker.try_now(
            lambda: storage.add_actions(gid, [ActionRow(1, 1, 0, 5, "player")], wait=False))
        assert (ran, stored) == (True, True)  # at once, while the checkpoint waits
        await asyncio.wait_for(worker.run(
            lambda: storage.add_actions(gid, [ActionRow(2, 1, 1, 6, "player")])),
            RECEIVE_TIMEOUT / 2)
        release.set()

    try:
        asyncio.run(main())
    finally:
        release.set()
        worker.close()  # waits for the checkpoint to finish
    assert storage.db.execute("SELECT seq, action FROM actions").fetchall() == [(1, 5), (2, 6)]
    busy, log, done = storage.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert busy == 0 and done == log
    storage.close()


def test_a_failed_checkpoint_is_logged_and_the_next_one_runs(
        db: Path, caplog: pytest.LogCaptureFixture) -> None:
    worker = StorageWorker()
    done = threading.Event()

    def refused() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    try:
        worker.later(refused)
        worker.later(done.set)
        assert done.wait(RECEIVE_TIMEOUT)
    finally:
        worker.close()
    assert "storage upkeep failed: disk I/O error" in caplog.text
