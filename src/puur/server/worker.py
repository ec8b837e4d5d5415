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

The thread is lean on purpose: a call is handed over by one put on a
:class:`queue.SimpleQueue` and its result comes back by one ``call_soon_threadsafe`` onto the
loop (a thread pool's executor, with its locks, semaphore and a second future per call, cost
several times as much CPU per write).

**Calls that cannot wait run at once.** Even so, handing a call to another thread and back
costs the event loop more than a short write itself, on a machine with few cores most of all
(the woken thread competes with the loop for the interpreter and the core). A call that never
waits (an action's write with SQLite's busy timeout at zero, which fails at once where it would
wait) is therefore tried in the loop's own thread first (:meth:`StorageWorker.try_now`), while
the thread is idle; one that would wait goes to the thread as before. Every call holds the
worker's lock while it runs, so the connection is never used by two threads at once.

**Upkeep runs beside them.** A checkpoint (writing SQLite's log back into the database file)
waits for the disk, tens of milliseconds on a busy machine. It runs in a second thread of its
own, on a connection of its own and without the worker's lock (:meth:`StorageWorker.later`), so
the writes made at once and the calls in the storage thread go on while it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["StorageWorker"]

T = TypeVar("T")

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]
log = logging.getLogger("puur.server")


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
        #: Held by every call while it runs, in the thread or at once.
        self._busy = threading.Lock()
        self._upkeep: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self._upkeep_thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._serve, name="puur-storage", daemon=True)
            self._thread.start()
            self._upkeep_thread = threading.Thread(target=self._keep, name="puur-upkeep",
                                                   daemon=True)
            self._upkeep_thread.start()
        self._closed = False

    def try_now(self, call: Callable[[], T]) -> tuple[bool, T | None]:
        """``(True, call())`` when the thread is idle, run at once in the calling thread (its
        exception, if any, raised as it is); ``(False, None)`` when a call is running (or
        queued) in the thread, so that this one would have to wait: hand it to :meth:`run`.
        Only for calls that never wait themselves."""
        if self._closed:
            raise asyncio.CancelledError  # the server is stopping: nothing more is stored
        if self._thread is not None and not self._jobs.empty():
            return False, None  # calls wait in the queue: this one comes after them
        if not self._busy.acquire(blocking=False):
            return False, None
        try:
            return True, call()
        finally:
            self._busy.release()

    def later(self, call: Callable[[], object]) -> None:
        """Run ``call`` in the upkeep thread, with nobody waiting for it and without the
        worker's lock, beside the other calls (upkeep on a connection of its own, such as a
        checkpoint); a failure is logged. Unthreaded: at once, under the lock."""
        if self._closed:
            return
        if self._upkeep_thread is None:
            with self._busy:
                self._quietly(call)
        else:
            self._upkeep.put(call)

    @staticmethod
    def _quietly(call: Callable[[], object]) -> None:
        try:
            call()
        except Exception as e:  # upkeep: the next time will do
            log.warning("storage upkeep failed: %s", e)

    def _keep(self) -> None:
        while (call := self._upkeep.get()) is not None:
            self._quietly(call)

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
                with self._busy:
                    value = call()
            except BaseException as exc:  # handed to the caller, as it is
                error = exc
            # A closed loop (RuntimeError) has nobody waiting for the answer any more.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, future, value, error)

    async def run(self, call: Callable[[], T]) -> T:
        """The result of ``call()`` (or its exception), run in the storage thread."""
        if self._thread is None:
            with self._busy:
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
        if self._upkeep_thread is not None:
            self._upkeep.put(None)
            self._upkeep_thread.join()
