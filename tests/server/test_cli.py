"""``puur serve``: registered with the CLI, starts, prints its address and serves."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from puur.cli import COMMANDS, main


def test_serve_is_registered_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "serve" in COMMANDS
    for option in ("--host", "--port", "--db", "--bot-delay", "--lookups-per-minute",
                   "--max-sockets", "--bot-timer"):
        assert option in out


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "3601"])
def test_a_bad_bot_timer_is_refused_before_anything_starts(tmp_path: Path, seconds: str) -> None:
    db = tmp_path / "never" / "x.sqlite3"
    with pytest.raises(SystemExit) as e:
        main(["serve", "--bot-timer", seconds, "--db", str(db)])
    assert "--bot-timer must be above 0 and at most 3600 seconds" in str(e.value)
    assert not db.parent.exists()


def test_serve_prints_its_address_and_answers(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "d" / "x.sqlite3"
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2) as r:
                    meta = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer")
        assert meta["type"] == "meta"
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
