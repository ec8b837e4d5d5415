"""``puur serve`` start-up: every failure is one clear line and a non-zero exit, the address
is printed only once the server is listening, and one database serves one server at a time."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from puur.server.dbfile import DatabaseFileError
from puur.server.storage import Storage

SRC = Path(__file__).resolve().parents[2] / "src"
#: Seconds a ``puur serve`` subprocess may take to fail or to start.
TIMEOUT = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve_args(db: Path | str, port: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", str(db),
            *extra]


ENV = {**os.environ, "PYTHONPATH": str(SRC)}


def fails(db: Path | str, port: int | None = None) -> str:
    """Run ``puur serve`` that must fail: its one line of error output."""
    proc = subprocess.run(serve_args(db, port or free_port()), capture_output=True, text=True,
                          env=ENV, timeout=TIMEOUT)
    assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
    assert "serves" not in proc.stdout and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("puur: "), proc.stderr
    return lines[0]


@contextmanager
def serving(db: Path, port: int, *extra: str) -> Iterator[subprocess.Popen[str]]:
    """A ``puur serve`` subprocess that has printed its address (stopped at the end)."""
    proc = subprocess.Popen(serve_args(db, port, *extra), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()),  # type: ignore[union-attr]
                                  daemon=True)
        reader.start()
        reader.join(TIMEOUT)
        assert first and f"http://127.0.0.1:{port}/" in first[0], (first, proc.poll())
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def answers(port: int) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=5) as r:
        return bool(json.loads(r.read())["type"] == "meta")


def test_a_database_path_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    assert "is a folder, not a file" in fails(tmp_path / "db")


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "notes.txt"
    db.write_text("shopping list: bread, cheese\n" * 100)
    assert "file is not a database" in fails(db)
    assert db.read_text().startswith("shopping list")  # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_database_of_another_program(tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite3"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE invoices (id INTEGER)")
    con.close()
    assert "database of another program" in fails(db)
    with sqlite3.connect(db) as con:
        names = [n for (n,) in con.execute("SELECT name FROM sqlite_master")]
        mode = con.execute("PRAGMA journal_mode").fetchone()[0]
    con.close()
    assert (names, mode) == (["invoices"], "delete")  # nothing was changed in it


def test_a_location_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    assert "is a file, not a folder" in fails(tmp_path / "plain" / "sub" / "puur.sqlite3")


def test_an_unwritable_location(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o500)
        try:
            assert "Permission denied" in fails(folder / "puur.sqlite3")
        finally:
            folder.chmod(0o700)
    elif Path("/sys/kernel").is_dir():
        # Root may write anywhere but in the kernel's own file systems.
        line = fails("/sys/kernel/puur-test/puur.sqlite3")
        assert "cannot create the folder /sys/kernel/puur-test" in line
    else:
        pytest.skip("no place this user cannot write to")


def test_a_busy_port(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = fails(tmp_path / "puur.sqlite3", port)
    assert f"cannot listen on 127.0.0.1:{port}" in line
    # The database was opened and its lock given back: the next start works.
    with serving(tmp_path / "puur.sqlite3", free_port()):
        pass


def test_bad_options_are_one_line(tmp_path: Path) -> None:
    assert "--port must be 1..65535" in fails(tmp_path / "d.sqlite3", 70000)


def test_a_second_server_on_one_database_refuses_and_a_killed_one_frees_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "data" / "puur.sqlite3"
    first_port = free_port()
    with serving(db, first_port) as first:
        line = fails(db)
        assert f"the database {db} is in use by another Puur server (process {first.pid})" \
            in line
        assert answers(first_port)  # the first one serves on
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        port = free_port()
        with serving(db, port):  # a crash never blocks the next start
            assert answers(port)


def test_the_lock_is_held_while_open_and_given_back_on_close(tmp_path: Path) -> None:
    db = tmp_path / "puur.sqlite3"
    first = Storage(db)
    with pytest.raises(DatabaseFileError, match="in use by another Puur server"):
        Storage(db)
    first.close()
    Storage(db).close()
    Storage(":memory:").close()  # a database in memory needs no lock


def loaded_uvloop(pid: int) -> bool:
    """Whether the process has uvloop's compiled loop loaded (Linux ``/proc``)."""
    return "uvloop" in Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("loop", ["asyncio", "uvloop", "auto"])
def test_the_event_loop_is_the_one_asked_for(tmp_path: Path, loop: str) -> None:
    import importlib.util

    have = importlib.util.find_spec("uvloop") is not None
    if loop == "uvloop" and not have:
        pytest.skip("uvloop is not installed")
    port = free_port()
    with serving(tmp_path / "puur.sqlite3", port, "--loop", loop) as proc:
        assert answers(port)
        assert loaded_uvloop(proc.pid) == (loop == "uvloop" or (loop == "auto" and have))


def test_uvloop_asked_for_but_missing_is_one_line(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['uvloop'] = None; from puur.cli import main; "
            f"sys.exit(main(['serve', '--port', '{free_port()}', '--db', "
            f"{str(tmp_path / 'd.sqlite3')!r}, '--loop', 'uvloop']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=ENV, timeout=TIMEOUT)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip() == (
        "puur: --loop uvloop needs the uvloop package (pip install uvloop)")
