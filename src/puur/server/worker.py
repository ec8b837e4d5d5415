"""The storage thread: every database call of a running server, one at a time, off the event loop.

One event loop serves every table, so a storage call that waits (SQLite waits up to its busy
timeout while another program holds the database's lock, a slow disk takes its time) must not
wait in it: every table, every socket and every HTTP answer would wait with it. The running
server therefore makes all its storage calls through :meth:`StorageWorker.run`, which runs them
in one thread of their own, in the order they come (one SQLite connection, never used by two
threads at once), while the event loop serves everyone else. A table waits for its own write
under its lock, so its steps stay in order; other tables play on.

A call that has started is always waited for, even when the coroutine waiting for it is
cancelled meanwhile (a client leaving, the scheduler moving on): the caller learns its result
and the cancellation reaches it at its next ``await``, so a write the database took is never
left unknown to the table that made it.

The thread is lean on purpose, since every action of every table passes through it: a call is
handed over by one put on a :class:`queue.SimpleQueue` and its result comes back by one
``call_soon_threadsafe`` onto the loop (a thread pool's executor, with its locks, semaphore and
a second future per call, cost several times as much CPU per write).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["StorageWorker"]

T = TypeVar("T")

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]


def _settle(future: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is None:
        future.set_result(value)
    else:
        future.set_exception(error)


class StorageWorker:
    """Runs storage calls in one thread of their own (``threaded=False``: in the calling thread
    at once, for tests that drive tables on a clock of their own)."""

    def __init__(self, threaded: bool = True) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._serve, name="puur-storage", daemon=True)
            self._thread.start()
        self._closed = False

    def _serve(self) -> None:
        jobs = self._jobs
        while True:
            job = jobs.get()
            if job is None:
                return
            call, future, loop = job
            value: Any = None
            error: BaseException | None = None
            try:
                value = call()
            except BaseException as exc:  # handed to the caller, as it is
                error = exc
            # A closed loop (RuntimeError) has nobody waiting for the answer any more.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, future, value, error)

    async def run(self, call: Callable[[], T]) -> T:
        """The result of ``call()`` (or its exception), run in the storage thread."""
        if self._thread is None:
            return call()
        if self._closed:
            raise asyncio.CancelledError  # the server is stopping: nothing more is stored
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((call, future, loop))
        cancelled = False
        try:
            while True:
                try:
                    return await asyncio.shield(future)
                except asyncio.CancelledError:
                    if future.cancelled():
                        raise  # the call never ran (the worker was closed)
                    cancelled = True
                    task = asyncio.current_task()
                    if task is not None:
                        task.uncancel()
        finally:
            if cancelled:
                task = asyncio.current_task()
                if task is not None:
                    task.cancel()  # delivered at the caller's next await

    def close(self) -> None:
        """Finish the calls already started or queued, then stop the thread; a call asked
        for after this is cancelled (the server is stopping)."""
        self._closed = True
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
