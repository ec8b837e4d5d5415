"""SQLite storage of tables, seats, games, deals and every action.

The action list is the truth: a game is stored as its rules, its seed, the deal of each hand and
its actions in order, each written in its own transaction the moment it is accepted. A restarted
server replays them to rebuild every unfinished game exactly. The database runs in WAL mode with
``synchronous=NORMAL``: a commit is a short append to the log, and an operating-system crash can
lose at most the last few commits, never corrupt the file. Seat tokens and share keys are stored
as SHA-256 hashes only.

Every method raises :class:`sqlite3.Error` when the database refuses (a full disk, a database
locked by another process for more than :data:`BUSY_TIMEOUT` seconds) and then has changed
nothing: each write is one transaction, rolled back whole when any part of it fails. The methods
are plain blocking calls; the running server makes them in its storage thread
(:mod:`puur.server.worker`), one at a time, but for an action's write, which it first tries at
once with ``wait=False`` (:meth:`Storage.add_actions`: it never waits for a lock).

The log is written back into the database file (a checkpoint, which waits for the disk) only by
:meth:`Storage.checkpoint`, on a connection of its own, which the server calls in a thread of its
own every :data:`CHECKPOINT_EVERY` writes, never by a write itself: no write waits for the disk,
and no write waits for a checkpoint (SQLite lets a passive checkpoint and writers run at once).

Uses only the standard library's :mod:`sqlite3`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from puur.server.dbfile import DatabaseFileError, check_columns, check_foreign, lock_database
from puur.server.messages import ProtocolError
from puur.server.rows import ActionRow, Finish, GameRow, SeatRow, TableRow

__all__ = [
    "ActionRow", "DatabaseFileError", "Finish", "GameRow", "SeatRow", "Storage",
    "StorageUnavailable", "TableRow", "hash_token",
]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    preset TEXT NOT NULL,
    rules TEXT NOT NULL,
    deck TEXT NOT NULL,
    lang TEXT NOT NULL,
    turn_timer REAL,
    public INTEGER NOT NULL,
    game_id INTEGER,
    variant TEXT NOT NULL DEFAULT 'schieber'
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    strength INTEGER,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES tables(code),
    number INTEGER NOT NULL,
    seed TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    winner INTEGER,
    reason TEXT,
    score0 INTEGER,
    score1 INTEGER,
    record TEXT,
    scores TEXT,
    commitment TEXT
);
CREATE TABLE IF NOT EXISTS deals (
    game_id INTEGER NOT NULL REFERENCES games(id),
    hand_no INTEGER NOT NULL,
    forehand INTEGER NOT NULL,
    deal TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_no)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    hand_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action INTEGER NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS shares (
    key_hash TEXT PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_code ON games(code);
CREATE INDEX IF NOT EXISTS seats_token ON seats(token_hash);
"""


#: Columns added to the first schema, ``(table, column, declaration)``: a database of an
#: earlier version gets them when it is opened (its tables are Schieber tables, its games'
#: scores are in ``score0`` and ``score1``).
_ADDED_COLUMNS: Final = (
    ("tables", "variant", "TEXT NOT NULL DEFAULT 'schieber'"),
    ("games", "scores", "TEXT"),
    ("games", "commitment", "TEXT"),  # NULL: a game stored before seeds were committed
)

#: Seconds a statement waits for a lock another program holds on the database before it fails
#: (``database is locked``). The running server makes its storage calls in a thread of its own
#: (:mod:`puur.server.worker`), so the wait holds up only the storage calls behind it, never the
#: event loop; kept short so that those calls are answered (or refused and tried again) soon.
BUSY_TIMEOUT: Final = 1.0

# What SQLite says of a lock it would have waited for.
_WOULD_WAIT: Final = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

#: Writes between two checkpoints (:meth:`Storage.checkpoint`): about two pages of log each,
#: so the log stays near SQLite's own default of 1000 pages.
CHECKPOINT_EVERY: Final = 500

_INSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, hand_no, seat, action, by, at) VALUES (?,?,?,?,?,?,?)"
)


class StorageUnavailable(ProtocolError):
    """The database refused (a full disk, a locked file) and nothing was changed: the error a
    client gets (code ``storage_error``; over HTTP a 503, the request may be sent again)."""

    def __init__(self, message: str, ref: str | int | None = None) -> None:
        super().__init__("storage_error", message, ref)

    @classmethod
    def refused(
        cls, what: str, error: sqlite3.Error, ref: str | int | None = None
    ) -> StorageUnavailable:
        """The error for a write of ``what`` that the database refused with ``error``."""
        return cls(f"the server cannot store {what} right now ({error}); nothing was changed,"
                   " try again later", ref)

    @property
    def http_status(self) -> int:
        """Service unavailable."""
        return 503


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Storage:
    """One SQLite database file (or ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database; :class:`DatabaseFileError` when it cannot be used:
        a folder, an unwritable place, not an SQLite file, another program's database, or in
        use by another server (the lock of :mod:`puur.server.dbfile`, held until
        :meth:`close`)."""
        self.path = str(path)
        self._writes = 0  # since the last checkpoint
        self._lock = lock_database(path)
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                      check_same_thread=False)
            try:
                check_foreign(self.db, self.path, "tables")  # before anything is written
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.execute("PRAGMA wal_autocheckpoint=0")  # see checkpoint()
                self.db.execute("PRAGMA foreign_keys=ON")
                self.db.executescript(_SCHEMA)
                self._add_columns()
                check_columns(self.db, self.path, _SCHEMA)
                #: The connection of the writes made at once (``add_actions(wait=False)``):
                #: SQLite's busy timeout at zero, so it fails where it would wait. Used only
                #: under the storage worker's lock, like ``db``. ``None`` in memory (nothing
                #: else can hold the lock there, and a second connection would be another
                #: database): those writes then use ``db``.
                self.now: sqlite3.Connection | None = None
                if self.path != ":memory:":
                    self.now = sqlite3.connect(self.path, timeout=0, isolation_level=None,
                                               check_same_thread=False)
                    for pragma in ("synchronous=NORMAL", "wal_autocheckpoint=0",
                                   "foreign_keys=ON"):
                        self.now.execute(f"PRAGMA {pragma}")
                #: The connection of the checkpoints (:meth:`checkpoint`), used by one
                #: thread at a time beside the other two; ``None`` in memory (no log).
                self.ckpt: sqlite3.Connection | None = None
                if self.path != ":memory:":
                    self.ckpt = sqlite3.connect(self.path, timeout=0, isolation_level=None,
                                                check_same_thread=False)
            except BaseException:
                for extra in (getattr(self, "now", None), getattr(self, "ckpt", None)):
                    if extra is not None:
                        extra.close()
                self.db.close()
                raise
        except sqlite3.Error as e:
            self._unlock(failed=True)
            raise DatabaseFileError(f"cannot use {self.path} as a Puur database: {e}") from None
        except BaseException:
            self._unlock(failed=True)
            raise

    def _add_columns(self) -> None:
        """Give a database of an earlier version the columns added since (its rows keep what
        they hold; the new columns take their defaults)."""
        for table, column, decl in _ADDED_COLUMNS:
            have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
            if have and column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")

    def close(self) -> None:
        """Close the database and give its lock up."""
        try:
            for extra in (self.now, self.ckpt):
                if extra is not None:
                    extra.close()
            self.db.close()
        finally:
            self._unlock()

    def _unlock(self, failed: bool = False) -> None:
        if self._lock is not None:
            self._lock.release(failed)

    # -- writes -------------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats in one transaction."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO tables (code, created, preset, rules, deck, lang, turn_timer,"
                " public, game_id, variant) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (row.code, row.created, row.preset, json.dumps(row.rules), row.deck, row.lang,
                 row.turn_timer, int(row.public), row.game_id, row.variant),
            )
            db.executemany(
                "INSERT INTO seats (code, seat, kind, bot, strength, name, token_hash)"
                " VALUES (?,?,?,?,?,?,?)",
                [(row.code, s.seat, s.kind, s.bot, s.strength, s.name, s.token_hash)
                 for s in row.seats],
            )

    def table_exists(self, code: str) -> bool:
        """Whether a table code is in use."""
        return self.db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone() is not None

    def take_seat(
        self, code: str, seat: int, name: str, token_hash: str,
        renames: list[tuple[int, str]] | None = None,
    ) -> None:
        """Give a free human seat to a player, renaming other seats (``(seat, name)``: computer
        players whose name the player took) in the same transaction."""
        with self._tx() as db:
            db.execute("UPDATE seats SET name=?, token_hash=? WHERE code=? AND seat=?",
                       (name, token_hash, code, seat))
            db.executemany("UPDATE seats SET name=? WHERE code=? AND seat=?",
                           [(n, code, s) for s, n in renames or ()])

    def rename_seats(self, code: str, renames: list[tuple[int, str]]) -> None:
        """Give seats new names (``(seat, name)``) in one transaction."""
        with self._tx() as db:
            db.executemany("UPDATE seats SET name=? WHERE code=? AND seat=?",
                           [(n, code, s) for s, n in renames])

    def start_game(
        self, code: str, number: int, seed: str, forehand: int, deal: str,
        commitment: str | None = None, seating: Sequence[int] = (),
    ) -> int:
        """Store a new game with its secret seed, the commitment to it
        (:func:`puur.fairness.commitment`) and its first deal (the seat that acts first, and
        the record's ``hand`` line) and make it the table's game; returns its id.
        ``seating[j]``: the seat whose player moves to seat ``j`` for this game (a seating
        draw), in the same transaction."""
        with self._tx() as db:
            if seating and list(seating) != list(range(len(seating))):
                db.execute("UPDATE seats SET seat = seat + 100 WHERE code=?", (code,))
                db.executemany("UPDATE seats SET seat=? WHERE code=? AND seat=?",
                               [(j, code, old + 100) for j, old in enumerate(seating)])
            cur = db.execute(
                "INSERT INTO games (code, number, seed, started, commitment) VALUES (?,?,?,?,?)",
                (code, number, seed, time.time(), commitment),
            )
            gid = cur.lastrowid
            assert gid is not None
            db.execute("INSERT INTO deals (game_id, hand_no, forehand, deal) VALUES (?,?,?,?)",
                       (gid, 1, forehand, deal))
            db.execute("UPDATE tables SET game_id=? WHERE code=?", (gid, code))
        return gid

    def add_actions(self, game_id: int, rows: list[ActionRow], wait: bool = True) -> bool:
        """Store actions of a game in order, with the deals and the game end they led to, in
        one transaction (all or nothing). ``wait=False``: fail at once, instead of waiting up
        to :data:`BUSY_TIMEOUT`, when another program holds the database's lock, and then
        return ``False`` having changed nothing (the call can be made again, waiting); any
        other refusal raises as always. ``True`` once stored."""
        if wait:
            self._add_actions(self.db, game_id, rows)
        else:
            try:
                self._add_actions(self.now or self.db, game_id, rows)
            except sqlite3.OperationalError as e:
                if getattr(e, "sqlite_errorcode", None) in _WOULD_WAIT:
                    return False
                raise
        self._writes += 1
        return True

    @staticmethod
    def _add_actions(db: sqlite3.Connection, game_id: int, rows: list[ActionRow]) -> None:
        now = time.time()
        if len(rows) == 1 and rows[0].new_deal is None and rows[0].finish is None:
            # The common case: one statement is its own transaction.
            r = rows[0]
            db.execute(_INSERT_ACTION, (game_id, r.seq, r.hand_no, r.seat, r.action, r.by, now))
            return
        with _Transaction(db):
            for r in rows:
                db.execute(_INSERT_ACTION, (game_id, r.seq, r.hand_no, r.seat, r.action, r.by,
                                            now))
                if r.new_deal is not None:
                    db.execute(
                        "INSERT INTO deals (game_id, hand_no, forehand, deal) VALUES (?,?,?,?)",
                        (game_id, *r.new_deal),
                    )
                if r.finish is not None:
                    f = r.finish
                    s0, s1 = [*f.scores, None, None][:2]
                    db.execute(
                        "UPDATE games SET ended=?, winner=?, reason=?, score0=?, score1=?,"
                        " scores=?, record=? WHERE id=?",
                        (now, f.winner, f.reason, s0, s1, json.dumps(f.scores), f.record,
                         game_id),
                    )

    def checkpoint_due(self) -> bool:
        """``True`` once every :data:`CHECKPOINT_EVERY` writes of actions: the caller then
        has :meth:`checkpoint` made."""
        if self._writes < CHECKPOINT_EVERY:
            return False
        self._writes = 0
        return True

    def checkpoint(self) -> None:
        """Write the log back into the database file as far as no reader holds it (SQLite's
        passive checkpoint, on a connection of its own: it waits for the disk, but writers on
        the other connections go on meanwhile, so the server makes it in a thread of its own,
        :meth:`puur.server.worker.StorageWorker.later`). A refused checkpoint is tried again
        with the next one. Nothing to do in memory."""
        if self.ckpt is not None:
            self.ckpt.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def add_share(self, game_id: int, key_hash: str) -> None:
        """Store a share key (its hash) that opens one finished game to whoever holds it."""
        with self._tx() as db:
            db.execute("INSERT INTO shares (key_hash, game_id, created) VALUES (?,?,?)",
                       (key_hash, game_id, time.time()))

    # -- reads --------------------------------------------------------------------------------

    def load_tables(self) -> tuple[list[TableRow], list[tuple[object, str]]]:
        """Every stored table with its seats, oldest first, and the ``(code, reason)`` of each
        row that cannot even be read as a table (rules that are not JSON). The rows hold what
        the database holds, whatever its type: :mod:`puur.server.restore` checks them."""
        seats: dict[object, list[SeatRow]] = {}
        for code, seat, kind, bot, strength, name, th in self.db.execute(
            "SELECT code, seat, kind, bot, strength, name, token_hash FROM seats"
            " ORDER BY code, seat"
        ):
            seats.setdefault(code, []).append(SeatRow(seat, kind, bot, strength, name, th))
        out = []
        unreadable: list[tuple[object, str]] = []
        for code, created, preset, rules, deck, lang, timer, public, gid, variant in (
            self.db.execute(
                "SELECT code, created, preset, rules, deck, lang, turn_timer, public, game_id,"
                " variant FROM tables ORDER BY created")
        ):
            try:
                parsed = json.loads(rules)
            except (TypeError, ValueError) as e:
                unreadable.append((code, f"its rules are not JSON ({e})"))
                continue
            out.append(TableRow(code, created, preset, parsed, deck, lang, timer,
                                bool(public), gid, seats.get(code, []), variant))
        return out, unreadable

    def load_game(self, game_id: int) -> GameRow | None:
        """A game with its deals and actions, or ``None``."""
        row = self.db.execute(
            "SELECT id, code, number, seed, started, ended, winner, reason, score0, score1,"
            " scores, record FROM games WHERE id=?", (game_id,),
        ).fetchone()
        if row is None:
            return None
        deals = [tuple(r) for r in self.db.execute(
            "SELECT hand_no, forehand, deal FROM deals WHERE game_id=? ORDER BY hand_no",
            (game_id,))]
        actions = [tuple(r) for r in self.db.execute(
            "SELECT seq, hand_no, seat, action, by FROM actions WHERE game_id=? ORDER BY seq",
            (game_id,))]
        gid, code, number, seed, started, ended, winner, reason, s0, s1, scores, record = row
        return GameRow(
            gid, code, number, seed, started, ended, winner, reason,
            _scores(scores, s0, s1), record, deals, actions,
        )

    def games_of(self, code: str) -> list[dict[str, Any]]:
        """Short facts about every game of a table, oldest first."""
        return [
            self._game_info(r)
            for r in self.db.execute(
                "SELECT id, code, number, ended, winner, reason, score0, score1, scores,"
                " commitment, seed FROM games WHERE code=? ORDER BY id", (code,))
        ]

    def finished_games(self, codes: Iterable[str] = (), limit: int = 50) -> list[dict[str, Any]]:
        """The latest finished games of public tables and of the private tables ``codes``,
        newest first, each with its four seats as stored (``seats``: kind, bot, name) and
        ``public``."""
        codes = sorted(set(codes))
        marks = ",".join("?" * len(codes))
        private = f" OR g.code IN ({marks})" if codes else ""
        rows = self.db.execute(
            "SELECT g.id, g.code, g.number, g.ended, g.winner, g.reason, g.score0, g.score1,"
            " g.scores, g.commitment, g.seed, t.public, t.variant FROM games g"
            " JOIN tables t ON t.code = g.code"
            f" WHERE g.ended IS NOT NULL AND (t.public = 1{private})"
            " ORDER BY g.ended DESC, g.id DESC LIMIT ?", (*codes, limit)).fetchall()
        seats = self.seats_of({r[1] for r in rows})
        out = []
        for r in rows:
            info = self._game_info(r[:11])
            info["public"] = bool(r[11])
            info["variant"] = r[12]
            info["seats"] = seats.get(r[1], [])
            out.append(info)
        return out

    def seats_of(self, codes: Iterable[str]) -> dict[str, list[tuple[str, str | None, str]]]:
        """The seats of each table in ``codes`` as stored (kind, bot, name), in seat order."""
        codes = sorted(set(codes))
        if not codes:
            return {}
        out: dict[str, list[tuple[str, str | None, str]]] = {}
        for code, kind, bot, name in self.db.execute(
            "SELECT code, kind, bot, name FROM seats WHERE code IN"
            f" ({','.join('?' * len(codes))}) ORDER BY code, seat", codes,
        ):
            out.setdefault(code, []).append((kind, bot, name))
        return out

    def table_public(self, code: str) -> bool:
        """Whether a stored table is public (``False`` when there is no such table)."""
        row = self.db.execute("SELECT public FROM tables WHERE code=?", (code,)).fetchone()
        return bool(row[0]) if row else False

    def table_game_id(self, code: str) -> int | None:
        """The id of a table's current game, or ``None``."""
        row = self.db.execute("SELECT game_id FROM tables WHERE code=?", (code,)).fetchone()
        return row[0] if row else None

    def codes_of_tokens(self, token_hashes: Iterable[str]) -> set[str]:
        """The tables at which these token hashes open a seat."""
        hashes = sorted(set(token_hashes))
        if not hashes:
            return set()
        return {r[0] for r in self.db.execute(
            f"SELECT code FROM seats WHERE token_hash IN ({','.join('?' * len(hashes))})",
            hashes)}

    def share_count(self, game_id: int) -> int:
        """How many share keys a game has."""
        return int(self.db.execute("SELECT COUNT(*) FROM shares WHERE game_id=?",
                                   (game_id,)).fetchone()[0])

    def share_opens(self, game_id: int, key_hash: str) -> bool:
        """Whether a share key (its hash) opens this game."""
        return self.db.execute("SELECT 1 FROM shares WHERE key_hash=? AND game_id=?",
                               (key_hash, game_id)).fetchone() is not None

    @staticmethod
    def _game_info(r: tuple[Any, ...]) -> dict[str, Any]:
        """A game's facts; its seed only once it is over (until then it is the secret that
        its commitment hides, :mod:`puur.fairness`)."""
        gid, code, number, ended, winner, reason, s0, s1, scores, commitment, seed = r
        return {
            "id": gid, "code": code, "number": number, "finished": ended is not None,
            "winner": winner, "reason": reason, "scores": _scores(scores, s0, s1),
            "ended": ended, "commitment": commitment if isinstance(commitment, str) else None,
            "seed": str(seed) if ended is not None and seed is not None else None,
        }

    # -- helpers ------------------------------------------------------------------------------

    def _tx(self) -> _Transaction:
        return _Transaction(self.db)


def _scores(text: object, s0: object, s1: object) -> list[int] | None:
    """A finished game's scores per side: the ``scores`` column, or (games stored by earlier
    versions, all of them Schieber's) ``score0`` and ``score1``."""
    if isinstance(text, str):
        try:
            scores = json.loads(text)
        except ValueError:
            scores = None
        if isinstance(scores, list) and all(type(v) is int for v in scores):
            return scores
    if s0 is None:
        return None
    return [s0, s1]  # type: ignore[list-item]


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` when the body or the commit fails.

    A failed ``COMMIT`` (a full disk, a lock) leaves the transaction open in SQLite, or SQLite
    has already rolled it back; either way it is rolled back here and the error raised, so the
    connection is ready for the next transaction and nothing of this one was kept.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        if self.db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
