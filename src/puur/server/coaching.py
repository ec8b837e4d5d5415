"""The coach for the web app's replay viewer: ``GET /api/games/{id}/analysis?hand=N``.

The analysis of a hand (``docs/coach.md``) costs seconds of CPU, so it never runs in the
server's own process, where it would hold the interpreter from every table: it runs in one
worker process beside it, one hand at a time. Finished hands do not change, so each answer is
kept (the last :data:`KEEP` hands asked for); while :data:`MAX_WAITING` analyses wait, another
request is refused with ``busy`` (HTTP 503) rather than queued behind them.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

from puur.coach import analyse_record
from puur.record import read_record
from puur.server.protocol import ProtocolError

__all__ = ["BUDGET", "KEEP", "MAX_WAITING", "Coach", "analyse_hand"]

#: The search's seconds a decision (a Schieber hand of four seats in about four seconds).
BUDGET: Final = 0.1
#: Answers kept, and analyses that may wait for the worker before a request is refused.
KEEP: Final = 64
MAX_WAITING: Final = 4


def analyse_hand(record_text: str, hand: int, budget: float = BUDGET) -> dict[str, Any]:
    """Every seat's decisions of hand ``hand`` of a record as plain data (in the worker)."""
    record = read_record(io.StringIO(record_text))
    seats = list(range(len(record.seats) or 4))
    [report] = analyse_record(record, hands=[hand], budget=budget)
    return report.to_dict(seats)


class Coach:
    """The worker process, the answers kept and the waiting count."""

    def __init__(self, budget: float = BUDGET) -> None:
        self.budget = budget
        self._pool: ProcessPoolExecutor | None = None
        self._kept: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._waiting = 0

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # A fresh interpreter ("spawn"): the server's threads and sockets stay behind.
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def hand(self, game_id: int, record_text: str, hand: int,
                   hands: int) -> dict[str, Any]:
        """The analysis of hand ``hand`` (1-based) of finished game ``game_id``."""
        if not 1 <= hand <= hands:
            raise ProtocolError("bad_message", f"hand must be 1..{hands}, not {hand}")
        key = (game_id, hand)
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        if self._waiting >= MAX_WAITING:
            raise ProtocolError("busy", "the coach is busy with other hands; try again shortly")
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            data = await loop.run_in_executor(self._executor(), analyse_hand, record_text, hand,
                                              self.budget)
        finally:
            self._waiting -= 1
        out = {"v": 2, "type": "analysis", "game_id": game_id, **data}
        self._kept[key] = out
        while len(self._kept) > KEEP:
            self._kept.popitem(last=False)
        return out

    def close(self) -> None:
        """Stop the worker process (at the server's shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
