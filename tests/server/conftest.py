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
