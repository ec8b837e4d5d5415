"""The lobby: every table of a server, creating tables, and rebuilding them after a restart."""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
import sqlite3
import time
from typing import Final

from puur.bots import BOTS
from puur.server.bodies import CreateTable
from puur.server.limits import OPEN_TABLE_WINDOW
from puur.server.names import bot_name
from puur.server.protocol import ProtocolError, TableSummary
from puur.server.remote import REMOTE
from puur.server.restore import DamagedTable, check_row, restore_game
from puur.server.storage import SeatRow, Storage, StorageUnavailable, TableRow, hash_token
from puur.server.tables import Table, new_token
from puur.server.turns import Clock
from puur.server.worker import StorageWorker
from puur.variants import get

__all__ = ["BOT_TIMER", "CODE_ALPHABET", "CODE_LENGTH", "Lobby"]

log = logging.getLogger("puur.server")

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: The default seconds per turn the table waits for an outside bot.
BOT_TIMER: Final = 10.0


def _left_out(code: object, why: str) -> None:
    label = code if isinstance(code, str) and code.isascii() and code.isalnum() else ascii(code)
    log.error("table %s is left out of play (kept in the database): %s", label,
              " ".join(why.split()))


class Lobby:
    """Every table of the server, its storage and its settings."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float = 0.8,
        min_timer: float = 5.0,
        seed: int | None = None,
        disconnect_grace: float = 5.0,
        open_tables_per_client: int | None = None,
        storage_thread: bool = True,
        bot_timer: float = BOT_TIMER,
    ) -> None:
        self.storage = storage
        #: Seconds an outside bot's turn waits for it before its stand-in moves
        #: (:mod:`puur.server.remote`).
        self.bot_timer = bot_timer
        #: Runs every storage call of the running server (:mod:`puur.server.worker`): in a
        #: thread of its own, or (``storage_thread=False``, tests on a clock of their own) at
        #: once in the event loop.
        self.worker = StorageWorker(threaded=storage_thread)
        #: Unfinished tables one client may have created in the last day (``None``: any).
        self.open_tables_per_client = open_tables_per_client
        #: The tables each client created in this run, ``(clock time, code)``, oldest first.
        self._created: dict[str, list[tuple[float, str]]] = {}
        self._prune_at = 10_000
        #: With a turn timer, seconds a disconnected person's turn waits before the stand-in.
        self.disconnect_grace = disconnect_grace
        #: Seeds of deals and computer players (``seed`` makes them repeatable, for tests).
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.bot_delay = bot_delay
        self.min_timer = min_timer
        #: Seconds before the first new try of a write the database refused (doubling after
        #: each further refusal, up to :data:`~puur.server.turns.MAX_RETRY`).
        self.retry_delay = 1.0
        #: The time computer players and turn timers go by.
        self.clock = Clock()
        self.tables: dict[str, Table] = {}
        #: The computer player that stands in for a timed-out or disconnected person.
        self.stand_in = "rules" if "rules" in BOTS else "random"

    @staticmethod
    def bots() -> list[str]:
        """The computer players this server offers."""
        return sorted(BOTS)

    def load(self) -> None:
        """Load every stored table and rebuild its game. A damaged one (see
        :mod:`puur.server.restore`) is logged in one line and left out of play; its rows stay
        in the database as they are."""
        rows, unreadable = self.storage.load_tables()
        for code, why in unreadable:
            _left_out(code, why)
        for row in rows:
            try:
                check_row(row)
                table = Table(self, row)
                restore_game(table)
            except DamagedTable as e:
                _left_out(row.code, str(e))
                continue
            except Exception as e:  # whatever else a damaged row breaks: still one line
                _left_out(row.code, f"{type(e).__name__}: {e}")
                continue
            table.name_legacy_bots()
            self.tables[row.code] = table

    def resume(self) -> None:
        """Start computer players and timers of every loaded table (needs the event loop)."""
        for table in self.tables.values():
            table.kick()
            table.begin_soon()  # a table whose first game the database did not take yet

    def get(self, code: str) -> Table:
        """The table with this code (case-insensitive); ``no_table`` error when none."""
        table = self.tables.get(code.strip().upper())
        if table is None:
            raise ProtocolError("no_table", f"no table with code {code!r}")
        return table

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and not self.storage.table_exists(code):
                return code

    def _recent(self, client: str) -> list[tuple[float, str]]:
        """The tables ``client`` created within the last :data:`OPEN_TABLE_WINDOW` seconds."""
        since = self.clock.now() - OPEN_TABLE_WINDOW
        recent = [(t, c) for t, c in self._created.get(client, ()) if t > since]
        if recent:
            self._created[client] = recent
        else:
            self._created.pop(client, None)
        return recent

    def check_room(self, client: str) -> None:
        """``too_many_tables`` when ``client`` has as many unfinished tables from the last day
        as it may have (checked before a new table is made)."""
        limit = self.open_tables_per_client
        if limit is None:
            return
        unfinished = sum(1 for _t, code in self._recent(client)
                         if self.tables[code].status != "over")
        if unfinished >= limit:
            raise ProtocolError("too_many_tables", f"your address has {unfinished} unfinished "
                                "tables opened in the last 24 hours, the most this server "
                                "allows; finish a game there, or join a table instead")

    def _count(self, client: str, code: str) -> None:
        self._created.setdefault(client, []).append((self.clock.now(), code))
        if len(self._created) > self._prune_at:
            for key in list(self._created):
                self._recent(key)
            self._prune_at = max(10_000, 2 * len(self._created))

    async def create(
        self, spec: CreateTable, client: str | None = None
    ) -> tuple[Table, int | None, str | None, dict[int, str]]:
        """Create a table from a validated request of ``client`` (an address, counted for
        :meth:`check_room`); returns ``(table, seat, token, bot tokens)``, the last the token
        of each outside bot's seat, by seat (for the host, once: only hashes are kept). Raises
        :class:`~puur.server.storage.StorageUnavailable` (503) and creates nothing when the
        database refuses it."""
        variant = get(spec.variant)
        rules = variant.check_rules(spec.rules)
        token = new_token() if spec.seat is not None else None
        bot_tokens = {i: new_token() for i, sp in enumerate(spec.seats) if sp.kind == REMOTE}

        def store() -> TableRow:
            code = self._new_code()
            row = TableRow(code, time.time(), spec.preset, variant.rules_to_dict(rules),
                           spec.deck, spec.lang, spec.turn_timer, spec.public, None,
                           self._seats(code, spec, token, bot_tokens), variant.key)
            self.storage.create_table(row)
            return row

        try:
            row = await self.worker.run(store)
        except sqlite3.Error as e:
            log.error("cannot store a new table: %s", e)
            raise StorageUnavailable.refused("a new table", e) from None
        table = Table(self, row)
        self.tables[row.code] = table
        if client is not None:
            self._count(client, row.code)
        async with table.lock:
            await table.begin()
        return table, spec.seat, token, bot_tokens

    @staticmethod
    def _seats(code: str, spec: CreateTable, token: str | None,
               bot_tokens: dict[int, str] | None = None) -> list[SeatRow]:
        """The seats of a new table: the creator's, free human seats, computer players and
        outside bots (with the hash of their bot token) named after their seat
        (:mod:`puur.server.names`)."""
        seats: list[SeatRow] = []
        for i, sp in enumerate(spec.seats):
            if sp.kind == "bot":
                seats.append(SeatRow(i, "bot", sp.bot, sp.strength, "", None))
            elif sp.kind == REMOTE:
                assert bot_tokens is not None
                seats.append(SeatRow(i, REMOTE, sp.bot, sp.strength, "",
                                     hash_token(bot_tokens[i])))
            elif i == spec.seat and token is not None:
                # A person without a name is stored without one (puur.server.names).
                seats.append(SeatRow(i, "human", None, None, spec.name or "",
                                     hash_token(token)))
            else:
                seats.append(SeatRow(i, "human", None, None, "", None))
        taken = [s.name for s in seats if s.kind == "human" and s.name]
        named: list[SeatRow] = []
        for s in seats:
            if s.kind != "human":
                s = SeatRow(s.seat, s.kind, s.bot, s.strength, bot_name(code, s.seat, taken),
                            s.token_hash)
                taken.append(s.name)
            named.append(s)
        return named

    def open_tables(self) -> list[TableSummary]:
        """Public tables whose game is not over, newest first (at most 100)."""
        out = [t for t in self.tables.values() if t.public and t.status != "over"]
        out.sort(key=lambda t: t.created, reverse=True)
        return [t.summary() for t in out[:100]]

    def close(self) -> None:
        """Stop every table's tasks, finish the storage calls under way and close the
        database."""
        for t in self.tables.values():
            t.stop()
        self.worker.close()
        with contextlib.suppress(Exception):
            self.storage.close()
