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
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["StorageWorker"]

T = TypeVar("T")


class StorageWorker:
    """Runs storage calls in one thread of their own (``threaded=False``: in the calling thread
    at once, for tests that drive tables on a clock of their own)."""

    def __init__(self, threaded: bool = True) -> None:
        self._pool = (ThreadPoolExecutor(max_workers=1, thread_name_prefix="puur-storage")
                      if threaded else None)
        self._closed = False

    async def run(self, call: Callable[[], T]) -> T:
        """The result of ``call()`` (or its exception), run in the storage thread."""
        if self._pool is None:
            return call()
        if self._closed:
            raise asyncio.CancelledError  # the server is stopping: nothing more is stored
        future = asyncio.get_running_loop().run_in_executor(self._pool, call)
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
        if self._pool is not None:
            self._pool.shutdown(wait=True)
