"""Fixtures of the web server tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .util import server


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh database path."""
    return tmp_path / "data" / "puur.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[Any]:
    """A running app with computer players acting at once."""
    with server(db) as c:
        yield c


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """Fail a test that waits more than a minute for a message instead of hanging the suite."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("server test took over 60 s (a message that never came?)")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
