"""What happens at a table without a client: computer players' turns, the turn timer, and trying
again after the database refused a write.

Each :class:`~puur.server.tables.Table` has one :class:`Turns`, which keeps at most one task:
the computer player's turn in progress, the turn timer of the person to move, or a retry.

**A computer player's turn** is planned whole and then stored and applied at once: its secret
decisions of trick 1 (Weis, Stöck with the Weis, see :mod:`puur.server.views`) and the card that
follows them (computer players play every variant from their seat's observation,
:func:`puur.bots.make_bot`). It thinks first and then waits until ``bot_delay`` seconds after
its turn began, so the table sees its card at the same moment whether or not it had a Weis to
decide, and a computer player that keeps quiet takes exactly as long as one that had nothing to
say.

**The turn timer** runs per turn, not per decision: a person's Weis or Stöck decision does not
restart it, so the time a seat's turn may take, and what the others see of it, is the same with
or without a Weis. An outside bot's seat (:mod:`puur.server.remote`) always has one, of
``Lobby.bot_timer`` seconds, and its stand-in is the computer player the host chose for it.

**When the database refuses a write** (a full disk, a locked file) nothing was applied: the
failure is logged, the table's clients get an ``error`` message with the code
``storage_error``, and the step is tried again after 1, 2, 4 … (at most 30) seconds, until the
database takes it; then the table carries on where it stopped.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from puur.bots import BOTS, Bot, make_bot
from puur.server.protocol import error_json
from puur.variants.json_actions import is_secret

if TYPE_CHECKING:
    from puur.server.tables import Seat, Table

__all__ = ["MAX_RETRY", "SEARCH_BUDGET", "Clock", "Turns", "make_player"]

log = logging.getLogger("puur.server")

#: Seconds per decision of a searching computer player at strength 1, 2, 3 (kept short: people
#: are waiting at the table).
SEARCH_BUDGET: Final[dict[int, float]] = {1: 0.1, 2: 0.25, 3: 1.0}
#: The longest wait between two tries of a write the database refused, in seconds.
MAX_RETRY: Final = 30.0
# Bots whose move takes visible time run in a worker thread so other tables keep playing.
_FAST_BOTS: Final = frozenset({"random"})


class Clock:
    """The time the scheduler goes by (tests give it one they turn by hand)."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds``."""
        await asyncio.sleep(seconds)


def make_player(name: str, strength: int | None, seed: int) -> Bot:
    """A computer player ``name`` at ``strength`` (a level, or a searching player's budget)."""
    factory = BOTS[name]
    opts: dict[str, object] = {"seed": seed}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    if strength is not None and "strength" in params:
        opts["strength"] = strength
    elif strength is not None and "budget" in params:
        opts["budget"] = SEARCH_BUDGET[strength]
    return make_bot(name, **opts)


@dataclass(frozen=True)
class _Plan:
    """A computer player's whole turn: its secret decisions and the action that ends them."""

    seat: int
    actions: list[int]
    by: str
    moves: int  # the table's stored action count it was planned on


class Turns:
    """The scheduler of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.task: asyncio.Task[None] | None = None
        #: When the running turn timer ends (``Clock.now`` seconds), or ``None``.
        self.deadline_at: float | None = None
        #: Failed tries of the step waiting for the database, in a row.
        self.failures = 0

    @property
    def clock(self) -> Clock:
        return self.table.lobby.clock

    def deadline(self) -> float | None:
        """Seconds left on the turn timer, or ``None``."""
        if self.deadline_at is None:
            return None
        return round(max(0.0, self.deadline_at - self.clock.now()), 1)

    def kick(self) -> None:
        """Schedule what happens next without a client: a computer player's turn or the turn
        timer of the person to move (called after every step the table sees)."""
        t = self.table
        game = t.game
        if game is None:
            return  # waiting for players, or for the database to take the first game
        self._cancel()
        self.deadline_at = None
        if game.is_over:
            return
        s = t.seats[game.to_move]
        loop = asyncio.get_running_loop()
        if s.kind != "bot" and not s.auto:
            # A person's turn with a turn timer, or an outside bot's (always timed).
            wait = t.turn_timer if s.kind == "human" else t.lobby.bot_timer
            if wait is None:
                return
            if s.conns == 0:
                wait = min(wait, t.lobby.disconnect_grace)
            self.deadline_at = self.clock.now() + wait
            self.task = self._start(loop.create_task(self._timeout(t.seq, s.index, wait)))
            return
        self.task = self._start(loop.create_task(self._computer_turn(t.seq)))

    def schedule(self, step: Coroutine[Any, Any, None]) -> None:
        """Make ``step`` the table's task (instead of what was scheduled)."""
        self._cancel()
        self.task = self._start(asyncio.get_running_loop().create_task(step))

    def _start(self, task: asyncio.Task[None]) -> asyncio.Task[None]:
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        # A scheduled step that fails for any other reason than the database is a bug: say so
        # in the log rather than letting the table wait without a word.
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: a scheduled step failed", self.table.code,
                      exc_info=task.exception())

    def stop(self) -> None:
        """Cancel what is scheduled (server shutdown)."""
        self._cancel()

    def _cancel(self) -> None:
        old = self.task
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self.task = None

    # -- the turn timer -----------------------------------------------------------------------

    async def _timeout(self, seq: int, seat: int, wait: float) -> None:
        await self.clock.sleep(wait)
        t = self.table
        async with t.lock:
            game = t.game
            if game is None or t.seq != seq or game.is_over or game.to_move != seat:
                return
            s = t.seats[seat]
            if s.auto:
                return
            s.auto = True
            self.kick()
            t.broadcast({"type": "seat", "seat": s.index, "what": "takeover"})

    # -- computer players ---------------------------------------------------------------------

    async def _computer_turn(self, seq: int) -> None:
        t = self.table
        ready_at = self.clock.now() + t.lobby.bot_delay
        async with t.lock:
            plan = await self._plan(seq)
        if plan is None:
            return
        wait = ready_at - self.clock.now()
        if wait > 0:
            await self.clock.sleep(wait)
        async with t.lock:
            if plan.moves != t.moves:
                # The person of a seat played by a stand-in made a secret decision meanwhile:
                # plan the rest of the turn from there (at once: the turn's time is up).
                plan = await self._plan(seq)
                if plan is None:
                    return
            elif not self._still_turn(seq, plan.seat):
                return
            await self.attempt(lambda: t.commit(plan.seat, plan.actions, plan.by),
                               "a computer player's move", self.kick)

    def _still_turn(self, seq: int, seat: int) -> bool:
        t = self.table
        game = t.game
        if game is None or t.seq != seq or game.is_over or game.to_move != seat:
            return False
        s = t.seats[seat]
        return s.kind == "bot" or s.auto

    async def _plan(self, seq: int) -> _Plan | None:
        """Ask the computer player at the seat to move for its whole turn (``None`` when it is
        no longer its turn). The game is left as it was."""
        t = self.table
        game = t.game
        if game is None or not self._still_turn(seq, game.to_move):
            return None
        seat = game.to_move
        s = t.seats[seat]
        bot = self.player_for(s)
        actions: list[int] = []
        while True:
            # Look at the game as it will be after the decisions planned so far (applied and
            # undone at once, never across an ``await``).
            for a in actions:
                game.push(a)
            obs = game.observation(seat)
            go_on = not game.is_over and game.to_move == seat
            for _ in actions:
                game.pop()
            if actions and not go_on:
                break
            try:
                if bot.name in _FAST_BOTS:
                    action = bot.act(obs)
                else:
                    action = await asyncio.to_thread(bot.act, obs)
            except Exception:
                # A computer player that fails must not stop the table: this decision is the
                # first legal action, and the fault is logged for whoever looks after the bots.
                log.exception("table %s: bot %s failed to decide at seat %d; playing the first "
                              "legal action", t.code, bot.name, seat)
                action = obs.legal_actions[0]
            if t.game is not game:
                return None
            if action not in obs.legal_actions:
                log.warning("bot %s chose illegal action %r; playing the first legal one",
                            bot.name, action)
                action = obs.legal_actions[0]
            actions.append(action)
            if not is_secret(game.round, action):
                break
        return _Plan(seat, actions, "bot" if s.kind == "bot" else "auto", t.moves)

    def player_for(self, s: Seat) -> Bot:
        """The computer player of a bot seat, or the stand-in of a person's seat."""
        if s.player is None:
            seed = self.table.lobby.rng.getrandbits(32)
            if s.kind != "human" and s.bot in BOTS:  # a bot seat, or an outside bot's stand-in
                s.player = make_player(s.bot, s.strength, seed)
            else:
                s.player = make_player(self.table.lobby.stand_in, 2, seed)
        return s.player

    # -- storage failures ---------------------------------------------------------------------

    async def attempt(
        self, step: Callable[[], Awaitable[None]], what: str, retry: Callable[[], None]
    ) -> bool:
        """Run ``step``, which writes to the database; if the database refuses, report the
        failure and call ``retry`` later, under the table lock (``retry`` makes its own new
        attempt). Returns whether ``step`` was done."""
        try:
            await step()
        except sqlite3.Error as e:
            self.failed(e, what, retry)
            return False
        self.failures = 0
        return True

    def failed(self, error: sqlite3.Error, what: str, retry: Callable[[], None]) -> None:
        """Log a refused write, tell every client at the table, and try again after a while."""
        t = self.table
        self.failures += 1
        wait = min(MAX_RETRY, t.lobby.retry_delay * 2 ** (self.failures - 1))
        log.error("table %s: cannot store %s (%s); trying again in %.1f s", t.code, what, error,
                  wait)
        t.send_all(error_json(
            "storage_error", f"the server cannot store {what} right now ({error}); it tries "
            f"again in {wait:g} s and the game carries on then"))
        self._cancel()
        self.task = self._start(asyncio.get_running_loop().create_task(self._again(wait, retry)))

    async def _again(self, wait: float, retry: Callable[[], None]) -> None:
        await self.clock.sleep(wait)
        async with self.table.lock:
            retry()
