"""The database file of a server: checks before it is opened (and of its tables' columns once
it is), and the lock that keeps it to one server.

Two servers on one database would each hold their own copy of every table in memory and split
its games between them. :class:`DatabaseLock` prevents that: an exclusive lock on the file
``<database>.lock`` next to the database, taken before the database is opened and held until
:meth:`DatabaseLock.release` (the operating system drops it when the process ends, even after
``kill -9``, so a crashed server never blocks the next one). The lock file holds the process id
of the server that holds it, for the message a second server prints; it stays in place.

Every failure is a :class:`DatabaseFileError` whose message is one line for the person starting
the server.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from pathlib import Path

__all__ = [
    "DatabaseFileError", "DatabaseLock", "check_columns", "check_foreign", "lock_database",
]


class DatabaseFileError(Exception):
    """The database file cannot be used; the message says why, in one line."""


def _why(e: OSError) -> str:
    return e.strerror or str(e)


if sys.platform == "win32":  # pragma: no cover - the lock of Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class DatabaseLock:
    """The exclusive lock of one database file, held from creation to :meth:`release`."""

    def __init__(self, db: Path) -> None:
        self.path = db.with_name(db.name + ".lock")
        #: Whether this lock made the lock file (it then removes it again if the database
        #: cannot be opened, see :meth:`release`).
        self.created = not self.path.exists()
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise DatabaseFileError(f"cannot write in {db.parent}: {_why(e)}") from None
        if not _try_lock(fd):
            holder = ""
            with contextlib.suppress(OSError):
                holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise DatabaseFileError(
                f"the database {db} is in use by another Puur server{who}; stop that one "
                "first or choose another --db"
            )
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode("ascii"))
        self._fd: int | None = fd

    def release(self, failed: bool = False) -> None:
        """Give the lock up (once; later calls do nothing). ``failed``: the database could not
        be opened, so a lock file this lock made is removed rather than left behind."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                if failed and self.created:
                    self.path.unlink()
                _unlock(fd)
            os.close(fd)


def lock_database(path: str | Path) -> DatabaseLock | None:
    """Check that ``path`` can be a database file, create its folder and lock it (``None`` for
    ``":memory:"``, which needs no lock)."""
    if str(path) == ":memory:":
        return None
    db = Path(path)
    if db.is_dir():
        raise DatabaseFileError(f"the database {db} is a folder, not a file")
    for folder in db.parents:
        if folder.exists():
            if not folder.is_dir():
                raise DatabaseFileError(f"cannot put the database in {db.parent}: {folder} is "
                                        "a file, not a folder")
            break
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise DatabaseFileError(f"cannot create the folder {db.parent}: {_why(e)}") from None
    return DatabaseLock(db)


def check_foreign(db: sqlite3.Connection, path: str, marker: str) -> None:
    """Refuse an SQLite database of another program: one with tables but not ``marker``."""
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if names and marker not in names:
        raise DatabaseFileError(f"{path} is an SQLite database of another program (no "
                                f"{marker!r} table); choose another --db")


def check_columns(db: sqlite3.Connection, path: str, schema: str) -> None:
    """Refuse a database whose tables lack a column of ``schema`` (one written by another
    version of Puur): one clear line instead of a failing query later."""
    fresh = sqlite3.connect(":memory:")
    try:
        fresh.executescript(schema)
        tables = [n for (n,) in fresh.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
        for table in tables:
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            for (column,) in fresh.execute("SELECT name FROM pragma_table_info(?)", (table,)):
                if column not in have:
                    raise DatabaseFileError(
                        f"{path} has no column {column!r} in its table {table!r}: it is not a "
                        "database of this version of Puur; choose another --db")
    finally:
        fresh.close()
