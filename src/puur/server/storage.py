"""SQLite storage of tables, seats, games, deals and every action (DESIGN.md principle 5).

The action list is the truth: a game is stored as its rules, its seed, the deal of each hand and
its actions in order, each written in its own transaction the moment it is accepted. A restarted
server replays them to rebuild every unfinished game exactly. The database runs in WAL mode with
``synchronous=NORMAL``: a commit is a short append to the log, and an operating-system crash can
lose at most the last few commits, never corrupt the file. Seat tokens are stored as SHA-256
hashes only.

Uses only the standard library's :mod:`sqlite3`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puur.server.dbfile import DatabaseFileError, check_foreign, lock_database

__all__ = ["DatabaseFileError", "GameRow", "SeatRow", "Storage", "TableRow", "hash_token"]

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
    game_id INTEGER
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
    record TEXT
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
CREATE INDEX IF NOT EXISTS games_code ON games(code);
"""


_INSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, hand_no, seat, action, by, at) VALUES (?,?,?,?,?,?,?)"
)


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    """A stored seat."""

    seat: int
    kind: str
    bot: str | None
    strength: int | None
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    """A stored table."""

    code: str
    created: float
    preset: str
    rules: dict[str, Any]
    deck: str
    lang: str
    turn_timer: float | None
    public: bool
    game_id: int | None
    seats: list[SeatRow]


@dataclass(frozen=True)
class GameRow:
    """A stored game: its header, deals and actions."""

    id: int
    code: str
    number: int
    seed: str
    started: float
    ended: float | None
    winner: int | None
    reason: str | None
    scores: tuple[int, int] | None
    record: str | None
    deals: list[tuple[int, int, str]]  # (hand_no, forehand, deal text)
    actions: list[tuple[int, int, int, int, str]]  # (seq, hand_no, seat, action, by)


class Storage:
    """One SQLite database file (or ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database; :class:`DatabaseFileError` when it cannot be used:
        a folder, an unwritable place, not an SQLite file, another program's database, or in
        use by another server (the lock of :mod:`puur.server.dbfile`, held until
        :meth:`close`)."""
        self.path = str(path)
        self._lock = lock_database(path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                check_foreign(self.db, self.path, "tables")  # before anything is written
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.execute("PRAGMA foreign_keys=ON")
                self.db.executescript(_SCHEMA)
            except BaseException:
                self.db.close()
                raise
        except sqlite3.Error as e:
            self._unlock(failed=True)
            raise DatabaseFileError(f"cannot use {self.path} as a Puur database: {e}") from None
        except BaseException:
            self._unlock(failed=True)
            raise

    def close(self) -> None:
        """Close the database and give its lock up."""
        try:
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
                " public, game_id) VALUES (?,?,?,?,?,?,?,?,?)",
                (row.code, row.created, row.preset, json.dumps(row.rules), row.deck, row.lang,
                 row.turn_timer, int(row.public), row.game_id),
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

    def take_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        """Give a free human seat to a player."""
        with self._tx() as db:
            db.execute("UPDATE seats SET name=?, token_hash=? WHERE code=? AND seat=?",
                       (name, token_hash, code, seat))

    def start_game(
        self, code: str, number: int, seed: str, forehand: int, deal: str
    ) -> int:
        """Store a new game with its first deal and make it the table's game; returns its id."""
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO games (code, number, seed, started) VALUES (?,?,?,?)",
                (code, number, seed, time.time()),
            )
            gid = cur.lastrowid
            assert gid is not None
            db.execute("INSERT INTO deals (game_id, hand_no, forehand, deal) VALUES (?,?,?,?)",
                       (gid, 1, forehand, deal))
            db.execute("UPDATE tables SET game_id=? WHERE code=?", (gid, code))
        return gid

    def add_action(
        self,
        game_id: int,
        seq: int,
        hand_no: int,
        seat: int,
        action: int,
        by: str,
        new_deal: tuple[int, int, str] | None = None,
        finish: tuple[int, str, int, int, str] | None = None,
    ) -> None:
        """Store one action, with the next hand's deal it led to (``(hand_no, forehand, deal)``)
        or the game's end (``(winner, reason, score0, score1, record)``), in one transaction."""
        now = time.time()
        row = (game_id, seq, hand_no, seat, action, by, now)
        if new_deal is None and finish is None:
            # One statement is its own transaction: one execute instead of three.
            self.db.execute(_INSERT_ACTION, row)
            return
        with self._tx() as db:
            db.execute(_INSERT_ACTION, row)
            if new_deal is not None:
                db.execute(
                    "INSERT INTO deals (game_id, hand_no, forehand, deal) VALUES (?,?,?,?)",
                    (game_id, *new_deal),
                )
            if finish is not None:
                winner, reason, s0, s1, record = finish
                db.execute(
                    "UPDATE games SET ended=?, winner=?, reason=?, score0=?, score1=?, record=?"
                    " WHERE id=?",
                    (now, winner, reason, s0, s1, record, game_id),
                )

    # -- reads --------------------------------------------------------------------------------

    def load_tables(self) -> list[TableRow]:
        """Every stored table with its seats."""
        seats: dict[str, list[SeatRow]] = {}
        for code, seat, kind, bot, strength, name, th in self.db.execute(
            "SELECT code, seat, kind, bot, strength, name, token_hash FROM seats"
            " ORDER BY code, seat"
        ):
            seats.setdefault(code, []).append(SeatRow(seat, kind, bot, strength, name, th))
        out = []
        for code, created, preset, rules, deck, lang, timer, public, gid in self.db.execute(
            "SELECT code, created, preset, rules, deck, lang, turn_timer, public, game_id"
            " FROM tables ORDER BY created"
        ):
            out.append(TableRow(code, created, preset, json.loads(rules), deck, lang, timer,
                                bool(public), gid, seats.get(code, [])))
        return out

    def load_game(self, game_id: int) -> GameRow | None:
        """A game with its deals and actions, or ``None``."""
        row = self.db.execute(
            "SELECT id, code, number, seed, started, ended, winner, reason, score0, score1, record"
            " FROM games WHERE id=?", (game_id,),
        ).fetchone()
        if row is None:
            return None
        deals = [tuple(r) for r in self.db.execute(
            "SELECT hand_no, forehand, deal FROM deals WHERE game_id=? ORDER BY hand_no",
            (game_id,))]
        actions = [tuple(r) for r in self.db.execute(
            "SELECT seq, hand_no, seat, action, by FROM actions WHERE game_id=? ORDER BY seq",
            (game_id,))]
        gid, code, number, seed, started, ended, winner, reason, s0, s1, record = row
        return GameRow(
            gid, code, number, seed, started, ended, winner, reason,
            (s0, s1) if s0 is not None else None, record,
            deals, actions,
        )

    def games_of(self, code: str) -> list[dict[str, Any]]:
        """Short facts about every game of a table, oldest first."""
        return [
            self._game_info(r)
            for r in self.db.execute(
                "SELECT id, code, number, ended, winner, reason, score0, score1 FROM games"
                " WHERE code=? ORDER BY id", (code,))
        ]

    def finished_games(self, limit: int = 50) -> list[dict[str, Any]]:
        """The latest finished games, newest first."""
        return [
            self._game_info(r)
            for r in self.db.execute(
                "SELECT id, code, number, ended, winner, reason, score0, score1 FROM games"
                " WHERE ended IS NOT NULL ORDER BY ended DESC LIMIT ?", (limit,))
        ]

    @staticmethod
    def _game_info(r: tuple[Any, ...]) -> dict[str, Any]:
        gid, code, number, ended, winner, reason, s0, s1 = r
        return {
            "id": gid, "code": code, "number": number, "finished": ended is not None,
            "winner": winner, "reason": reason,
            "scores": [s0, s1] if s0 is not None else None, "ended": ended,
        }

    # -- helpers ------------------------------------------------------------------------------

    def _tx(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (or ``ROLLBACK`` on error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.db.execute("ROLLBACK" if exc_type is not None else "COMMIT")
